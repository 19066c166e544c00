import MapBridgeModel

/// The distinct ids of a document with where each was first used, for the `duplicate-id` rule,
/// held compactly: each id's UTF-8 bytes once in `ChunkedTexts` (64 KiB chunks; an id longer
/// than a chunk is kept aside), a 16-byte record (where its
/// bytes end, its line and column) and 32 bits of its hash in `ChunkedArray`s (which grow
/// without copying), and a 4-byte slot in an open-addressing
/// hash table (linear probing, at most 3/4 full): about 35 bytes for an id of 8 bytes, where a
/// `[String: …]` dictionary took about 60. Ids match as Swift strings do (canonically equivalent
/// Unicode is one id, as `é` written precomposed or not), so a collision of hashes never makes
/// two different ids one: a hash only picks the records whose text is compared. Holds fewer
/// than 2³² ids (some 140 GB of them).
///
///     var table = IDTable()
///     table.firstUse(of: "a", at: (3, 5))   // nil: new, remembered
///     table.firstUse(of: "a", at: (9, 1))   // (3, 5): a duplicate
struct IDTable: Sendable {
    /// Where an id's bytes end in `texts` (as `ChunkedTexts.append` gave it), and where the id was first used.
    private struct Record {
        var end: Int
        var line: Int32
        var column: Int32
    }

    /// The ids' UTF-8 bytes, one after another (an id longer than a chunk kept aside).
    private var texts = ChunkedTexts()
    private var records = ChunkedArray<Record>()
    /// The high 32 bits of each record's hash (the low ones pick its slot), compared before its bytes.
    private var tags = ChunkedArray<UInt32>()
    /// 0 for an empty slot, else a record's index + 1; the count is a power of two.
    private var slots: [UInt32] = Array(repeating: 0, count: 16)
    /// The hash of an id: equal for ids that are equal as strings.
    private let hash: @Sendable (String) -> Int

    /// A table hashing with `hash`, which must give equal strings equal hashes (tests pass
    /// a poor one to force collisions); by default Swift's own string hash.
    init(hash: @escaping @Sendable (String) -> Int = { $0.hashValue }) {
        self.hash = hash
    }

    /// How many distinct ids are held.
    var count: Int { records.count }

    /// About how many bytes the table holds: its texts' room, its records and tags, and
    /// its slots (what `IDLedger` weighs against its budget).
    var bytesHeld: Int {
        texts.bytesHeld + records.count * (MemoryLayout<Record>.stride + MemoryLayout<UInt32>.stride)
            + slots.count * MemoryLayout<UInt32>.stride
    }

    /// Where `id` was first used if it was seen before; otherwise nil, and `id` is remembered as
    /// first used at `place` (line and column, clamped to 32 bits).
    /// - Complexity: O(length of `id`) on average; amortised O(1) table growth.
    mutating func firstUse(of id: String, at place: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        let found = probe(id)
        if let k = found.record { return (Int(records[k].line), Int(records[k].column)) }
        let end = texts.append(id, as: records.count)
        records.append(Record(end: end, line: Int32(clamping: place.line), column: Int32(clamping: place.column)))
        tags.append(found.tag)
        slots[found.slot] = UInt32(truncatingIfNeeded: records.count)
        if records.count * 4 > slots.count * 3 { grow() }
        return nil
    }

    /// Where `id` was first used if it is held, without remembering it otherwise.
    /// - Complexity: O(length of `id`) on average.
    func firstUse(of id: String) -> (line: Int, column: Int)? {
        probe(id).record.map { (Int(records[$0].line), Int(records[$0].column)) }
    }

    /// The record holding `id`, if any, else the empty slot where it would go; and its tag.
    private func probe(_ id: String) -> (record: Int?, slot: Int, tag: UInt32) {
        let mask = slots.count - 1
        let h = hash(id)
        let tag = UInt32(truncatingIfNeeded: UInt(bitPattern: h) >> 32)
        var slot = h & mask
        var utf8 = id
        let match: Int? = utf8.withUTF8 { bytes in
            while slots[slot] != 0 {
                let k = Int(slots[slot] - 1)
                if tags[k] == tag, same(bytes, k, id) { return k }
                slot = (slot + 1) & mask
            }
            return nil
        }
        return (match, slot, tag)
    }

    /// The bytes of record `k`'s id.
    private func stored(_ k: Int) -> ArraySlice<UInt8> {
        texts.bytes(of: k, from: k == 0 ? 0 : records[k - 1].end, to: records[k].end)
    }

    /// Whether record `k` holds `id` (whose UTF-8 is `bytes`): the same bytes, or, when either
    /// is not ASCII, canonically equivalent text.
    private func same(_ bytes: UnsafeBufferPointer<UInt8>, _ k: Int, _ id: String) -> Bool {
        let stored = stored(k)
        let equalBytes = stored.count == bytes.count && stored.withUnsafeBufferPointer { $0.elementsEqual(bytes) }
        if equalBytes { return true }
        let ascii = stored.allSatisfy { $0 < 0x80 } && bytes.allSatisfy { $0 < 0x80 }
        return !ascii && String(decoding: stored, as: UTF8.self) == id
    }

    /// Doubles the slots and places every record again.
    private mutating func grow() {
        var bigger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for k in 0..<records.count {
            var slot = hash(String(decoding: stored(k), as: UTF8.self)) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = UInt32(truncatingIfNeeded: k + 1)
        }
        slots = bigger
    }
}
