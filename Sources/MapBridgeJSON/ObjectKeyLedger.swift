/// The member names of every open JSON object, to notice a name repeated within one object.
///
/// Names live in one byte arena and their hashes in one table; opening an object marks the
/// table, closing it drops everything after the mark, so memory stays at the size of the
/// names currently open. A small object's names are scanned; once an object holds more than
/// `scanLimit` names it gets an open-addressing index of its own (seeded hashes of the whole
/// name, so crafted names cannot make it slow), dropped when it closes. Owns raw memory,
/// hence a class.
///
/// Opening and closing an object touch only a stack of marks in raw memory: an object that
/// stays small (nearly all of them) costs no allocation or reference count. Each open object
/// also has a 64-bit summary of its names' hashes (one bit per name): a name whose bit is
/// clear is new, with no scan.
///
/// - Complexity: `insert` is O(1) amortised (O(`scanLimit`) at most for a small object).
final class ObjectKeyLedger {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
    }

    /// An open object that outgrew a scan: where its names start, and its index (a
    /// power-of-two table of entry positions plus one, 0 marking a free slot, at most half
    /// full).
    private struct Indexed {
        var base: Int
        var table: [Int]
    }

    /// Objects with up to this many names are scanned; larger ones are indexed.
    static let scanLimit = 32

    // Used by one tokenizer on one thread and never re-entered: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var arenaCapacity = 4096
    @exclusivity(unchecked) private var arenaCount = 0
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var entryCapacity = 256
    @exclusivity(unchecked) private var entryCount = 0
    /// Per open object, outermost first: the entry its names start at.
    @exclusivity(unchecked) private var marks: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var markCapacity = 64
    @exclusivity(unchecked) private var markCount = 0
    /// The innermost open object's mark (0 with none open).
    @exclusivity(unchecked) private var base = 0
    /// The innermost open object's summary: the bit `summaryBit(hash)` of each of its names.
    @exclusivity(unchecked) private var summary: UInt64 = 0
    /// Per open object, outermost first: the summary of the object it was opened in, given
    /// back when it closes (beside `marks`, of the same capacity).
    @exclusivity(unchecked) private var outerSummaries: UnsafeMutablePointer<UInt64>
    /// The open objects that have an index, outermost first. Their bases differ: an object
    /// opened inside another comes after at least one of the other's names.
    @exclusivity(unchecked) private var indexed: [Indexed] = []

    init() {
        arena = .allocate(capacity: arenaCapacity)
        entries = .allocate(capacity: entryCapacity)
        marks = .allocate(capacity: markCapacity)
        outerSummaries = .allocate(capacity: markCapacity)
    }

    deinit {
        arena.deallocate()
        entries.deallocate()
        marks.deallocate()
        outerSummaries.deallocate()
    }

    /// Starts a new object.
    @inline(__always)
    func openObject() {
        if markCount == markCapacity { growMarks() }
        marks[markCount] = entryCount
        outerSummaries[markCount] = summary
        markCount += 1
        base = entryCount
        summary = 0
    }

    /// Ends the innermost object, forgetting its names.
    @inline(__always)
    func closeObject() {
        guard markCount > 0 else { return }
        markCount -= 1
        let mark = marks[markCount]
        if mark < entryCount {
            if entryCount - mark > Self.scanLimit, indexed.last?.base == mark { indexed.removeLast() }
            arenaCount = entries[mark].start
        }
        entryCount = mark
        base = markCount > 0 ? marks[markCount - 1] : 0
        summary = outerSummaries[markCount]
    }

    /// The bit of a name's summary: six bits of its quick hash (the top ones, which the
    /// hash mixes best).
    @inline(__always)
    private static func summaryBit(_ hash: UInt64) -> UInt64 { 1 << (hash >> 58) }

    /// Records a name (whose `KeyHash.quick` is `hash`) in the innermost object; returns
    /// whether it was already there. Inlined into the tokenizer's one caller.
    @inline(__always)
    func insert(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
        let n = name.count
        var duplicate = false
        let bit = Self.summaryBit(hash)
        if entryCount - base >= Self.scanLimit, markCount > 0 {
            duplicate = insertIndexed(name, hash: hash)
        } else if summary & bit != 0 {
            // A name of the object may be the same: scanned (else it is new).
            var k = base
            while k < entryCount {
                if matches(entries[k], hash, name) {
                    duplicate = true
                    break
                }
                k += 1
            }
        }
        summary |= bit
        if entryCount == entryCapacity { growEntries() }
        if arenaCount + n > arenaCapacity { growArena(to: arenaCount + n) }
        entries[entryCount] = Entry(hash: hash, start: arenaCount, count: n)
        entryCount += 1
        if let source = name.baseAddress {
            let target = arena + arenaCount
            if n >= 8 && n <= 16 {
                // Two words, overlapping for fewer than 16 bytes: no call for a short name.
                let raw = UnsafeRawPointer(source)
                UnsafeMutableRawPointer(target).storeBytes(of: raw.loadUnaligned(as: UInt64.self), as: UInt64.self)
                UnsafeMutableRawPointer(target + (n - 8))
                    .storeBytes(of: raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), as: UInt64.self)
            } else if n >= 4 && n < 8 {
                // Two four-byte words, overlapping for fewer than eight bytes.
                let raw = UnsafeRawPointer(source)
                UnsafeMutableRawPointer(target).storeBytes(of: raw.loadUnaligned(as: UInt32.self), as: UInt32.self)
                UnsafeMutableRawPointer(target + (n - 4))
                    .storeBytes(of: raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), as: UInt32.self)
            } else if n < 4 {
                for i in 0..<n { target[i] = source[i] }
            } else {
                target.update(from: source, count: n)
            }
        }
        arenaCount += n
        return duplicate
    }

    /// Looks `name` up in the innermost object's index (made or grown first as needed) and,
    /// when it is new, gives it the slot the entry about to be added takes; whether it was
    /// there already.
    private func insertIndexed(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
        if indexed.last?.base != base { indexed.append(Indexed(base: base, table: [])) }
        let object = indexed.count - 1
        if (entryCount - base + 1) * 2 > indexed[object].table.count { rebuildIndex(object) }
        let mask = indexed[object].table.count - 1
        var slot = Self.strongHash(name) & mask
        while true {
            let stored = indexed[object].table[slot]
            if stored == 0 {
                indexed[object].table[slot] = entryCount + 1
                return false
            }
            if matches(entries[stored - 1], hash, name) { return true }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `entry` holds the bytes of `name` (whose quick hash is `hash`).
    @inline(__always)
    private func matches(_ entry: Entry, _ hash: UInt64, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry.hash == hash && entry.count == name.count else { return false }
        guard let bytes = name.baseAddress else { return true }
        return ByteScanning.equal(arena + entry.start, bytes, count: name.count)
    }

    /// Rebuilds the index of open object `object` with room for twice its names and one
    /// more, so it stays at most half full.
    private func rebuildIndex(_ object: Int) {
        let from = indexed[object].base
        var capacity = 64
        while capacity < 4 * (entryCount - from + 1) { capacity *= 2 }
        var table = [Int](repeating: 0, count: capacity)
        let mask = capacity - 1
        for k in from..<entryCount {
            let e = entries[k]
            var slot = Self.strongHash(UnsafeBufferPointer(start: arena + e.start, count: e.count)) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = k + 1
        }
        indexed[object].table = table
    }

    /// A hash of every byte of `name`, seeded per process (Swift's `Hasher`).
    private static func strongHash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(name))
        return hasher.finalize()
    }

    private func growMarks() {
        var capacity = markCapacity
        Self.double(&outerSummaries, capacity: &capacity, count: markCount)
        Self.double(&marks, capacity: &markCapacity, count: markCount)
    }

    private func growEntries() { Self.double(&entries, capacity: &entryCapacity, count: entryCount) }

    /// Moves the first `count` elements of `storage` into storage of twice the capacity.
    private static func double<T>(_ storage: inout UnsafeMutablePointer<T>, capacity: inout Int, count: Int) {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = bigger
        capacity *= 2
    }

    private func growArena(to needed: Int) {
        var capacity = arenaCapacity * 2
        while capacity < needed { capacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.update(from: arena, count: arenaCount)
        arena.deallocate()
        arena = bigger
        arenaCapacity = capacity
    }
}
