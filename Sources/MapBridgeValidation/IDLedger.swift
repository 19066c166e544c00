import MapBridgeIO
import MapBridgeModel

/// The ids of a document for the `duplicate-id` rule, within a memory budget: exact, with each
/// duplicate's first use, in time linear in the uses.
///
/// Until its `IDTable` holds `budget` bytes, every use is answered at once, as by the table.
/// Past that the table is kept as it is and every later use is written to a temporary file: a
/// use of an id the table holds to a file of duplicates found, any other to one of
/// `bucketCount` files chosen by the id's hash, so that equal ids (canonically equivalent ones
/// too) meet in one file. `resolveSpilled` then reads each bucket back into a table of its own
/// (about 1/`bucketCount` of the spilled ids at a time), writes the duplicates it finds to a
/// file, and merges those files in the order of the uses. So in a document whose ids outgrow
/// the budget, the duplicates among the uses after that point are reported after its other
/// findings, in document order; in one within it, as they are met. About 50 bytes of disk per
/// spilled use of an 8-byte id with a 30-byte element path.
///
///     var ledger = IDLedger(budget: 24 << 20)
///     ledger.firstUse(of: "a", at: (3, 5), pointer: { "/kml/Document/Placemark" })   // nil: new
///     try ledger.resolveSpilled { late in … }                                        // spilled duplicates
struct IDLedger {
    /// A duplicate found among the spilled uses.
    struct LateDuplicate: Equatable {
        var id: String
        /// The duplicate use (line and column as given).
        var place: Place
        /// Its element path.
        var pointer: String
        /// The id's first use (clamped to 32 bits, as `IDTable` keeps it).
        var first: Place
    }

    /// A line and column, 1-based.
    struct Place: Equatable {
        var line: Int
        var column: Int
    }

    /// The budget `validate` gives the table by default: 24 MiB, some 700,000 short ids.
    static let defaultBudget = 24 << 20

    private var table: IDTable
    private let hash: @Sendable (String) -> Int
    private let budget: Int
    private let bucketCount: Int
    /// Where the temporary files go (nil: `TMPDIR`, else `/tmp`).
    private let directory: String?
    /// The bucket files, once the table has outgrown the budget (each nil again once resolved).
    private var buckets: [SpoolFile?] = []
    /// The duplicates of ids the table holds among the spilled uses, as `duplicates(in:)` writes them.
    private var known: SpoolFile?
    /// Set when the bucket files could not be made: the table then grows past its budget.
    private var inMemoryOnly = false
    /// The uses spilled so far (each one's sequence number is its index among them).
    private var spilledUses: UInt64 = 0
    /// The first error writing a bucket file, thrown by `resolveSpilled`.
    private var spillError: Error?

    /// A ledger keeping up to about `budget` bytes (≥ 0) of ids in memory, spilling the rest
    /// to `bucketCount` (≥ 1) files in `directory`; `hash` as for `IDTable`.
    init(budget: Int = IDLedger.defaultBudget, bucketCount: Int = 32, directory: String? = nil,
         hash: @escaping @Sendable (String) -> Int = { $0.hashValue }) {
        table = IDTable(hash: hash)
        self.hash = hash
        self.budget = max(budget, 0)
        self.bucketCount = max(bucketCount, 1)
        self.directory = directory
    }

    /// Whether uses are being spilled to files.
    var isSpilling: Bool { !buckets.isEmpty }

    /// Where `id` was first used when that is known now (before the budget is spent); otherwise
    /// nil: `id` is new, or it was spilled with its place and `pointer()` and `resolveSpilled`
    /// will say whether it is a duplicate.
    /// - Complexity: O(length of `id`) on average.
    mutating func firstUse(of id: String, at place: (line: Int, column: Int),
                           pointer: () -> String) -> (line: Int, column: Int)? {
        guard isSpilling else {
            let first = table.firstUse(of: id, at: place)
            if first == nil, !inMemoryOnly, table.bytesHeld > budget { startSpilling() }
            return first
        }
        spill(id, at: place, pointer: pointer())
        return nil
    }

    /// Calls `report` with each duplicate among the spilled uses, in the order of the uses,
    /// and forgets them; nothing when nothing was spilled.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when a temporary file could not
    ///   be written or read back.
    mutating func resolveSpilled(_ report: (LateDuplicate) -> Void) throws {
        guard isSpilling else { return }
        defer { buckets = [] }
        if let spillError { throw spillError }
        var found: [SpoolFile] = known.map { [$0] } ?? []
        known = nil
        for b in buckets.indices {
            guard let bucket = buckets[b] else { continue }
            found.append(try duplicates(in: bucket))
            buckets[b] = nil
        }
        var cursors = found.map { SpillCursor(file: $0) }
        var heads: [(seq: UInt64, duplicate: LateDuplicate)?] = try cursors.indices.map { try Self.readDuplicate(&cursors[$0]) }
        while true {
            var next: Int?
            for k in heads.indices {
                guard let head = heads[k] else { continue }
                if let n = next, let current = heads[n], current.seq < head.seq { continue }
                next = k
            }
            guard let k = next, let head = heads[k] else { break }
            report(head.duplicate)
            heads[k] = try Self.readDuplicate(&cursors[k])
        }
    }

    // MARK: Spilling

    private mutating func startSpilling() {
        do {
            known = try SpoolFile(directory: directory, holding: "the ids of the duplicate-id rule", bufferBytes: 1 << 16)
            for _ in 0..<bucketCount {
                buckets.append(try SpoolFile(directory: directory, holding: "the ids of the duplicate-id rule",
                                             bufferBytes: 1 << 16))
            }
        } catch {
            buckets = []
            known = nil
            inMemoryOnly = true
        }
    }

    /// The bucket of an id of hash `h`: bits above those that pick a slot in a bucket's table.
    private func bucket(_ h: Int) -> Int { Int((UInt(bitPattern: h) >> 27) % UInt(bucketCount)) }

    private mutating func spill(_ id: String, at place: (line: Int, column: Int), pointer: String) {
        guard spillError == nil else { return }
        let seq = Int64(bitPattern: spilledUses)
        spilledUses += 1
        do {
            if let first = table.firstUse(of: id) {
                if let known {
                    try writeDuplicate(seq: seq, place: place, first: first, id: id, pointer: pointer, to: known.sink)
                }
                return
            }
            guard let sink = buckets[bucket(hash(id))]?.sink else { return }
            try write(seq, to: sink)
            try write(Int64(place.line), to: sink)
            try write(Int64(place.column), to: sink)
            try writeText(id, to: sink)
            try writeText(pointer, to: sink)
        } catch {
            spillError = error
        }
    }

    /// The duplicates among the uses in `bucket`, in their order, written to a new file as
    /// sequence number, place, first use, id and pointer.
    private func duplicates(in bucket: SpoolFile) throws -> SpoolFile {
        let out = try SpoolFile(directory: directory, holding: "the duplicate ids of the duplicate-id rule",
                                bufferBytes: 1 << 16)
        var ids = IDTable(hash: hash)
        var cursor = SpillCursor(file: bucket)
        while let seq = try cursor.int64() {
            guard let line = try cursor.int64(), let column = try cursor.int64(),
                  let id = try cursor.text(), let pointer = try cursor.text()
            else { throw cursor.truncated() }
            guard let first = ids.firstUse(of: id, at: (Int(line), Int(column))) else { continue }
            try writeDuplicate(seq: seq, place: (Int(line), Int(column)), first: first, id: id, pointer: pointer,
                               to: out.sink)
        }
        try out.sink.flush()
        return out
    }

    /// The next record of a file `duplicates(in:)` wrote, or nil at its end.
    private static func readDuplicate(_ cursor: inout SpillCursor) throws -> (seq: UInt64, duplicate: LateDuplicate)? {
        guard let seq = try cursor.int64() else { return nil }
        guard let line = try cursor.int64(), let column = try cursor.int64(),
              let firstLine = try cursor.int64(), let firstColumn = try cursor.int64(),
              let id = try cursor.text(), let pointer = try cursor.text()
        else { throw cursor.truncated() }
        return (UInt64(bitPattern: seq), LateDuplicate(
            id: id, place: Place(line: Int(line), column: Int(column)), pointer: pointer,
            first: Place(line: Int(firstLine), column: Int(firstColumn))))
    }

    /// Writes one record of a file of duplicates: sequence number, place, first use, id and pointer.
    private func writeDuplicate(seq: Int64, place: (line: Int, column: Int), first: (line: Int, column: Int),
                                id: String, pointer: String, to sink: ByteSink) throws {
        try write(seq, to: sink)
        try write(Int64(place.line), to: sink)
        try write(Int64(place.column), to: sink)
        try write(Int64(first.line), to: sink)
        try write(Int64(first.column), to: sink)
        try writeText(id, to: sink)
        try writeText(pointer, to: sink)
    }

    private func write(_ value: Int64, to sink: ByteSink) throws {
        try withUnsafeBytes(of: value.littleEndian) { try sink.write($0) }
    }

    private func writeText(_ text: String, to sink: ByteSink) throws {
        try write(Int64(text.utf8.count), to: sink)
        try sink.write(text)
    }
}

/// Reads a spool file written by `IDLedger` from its start, through a 64 KiB buffer.
private struct SpillCursor {
    let file: SpoolFile
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The file offset of `buffer[0]`.
    private var bufferOffset: Int64 = 0
    private var filled = 0
    private var index = 0

    init(file: SpoolFile) { self.file = file }

    /// The next 8 bytes as a little-endian integer, or nil at the end of the file.
    mutating func int64() throws -> Int64? {
        if filled - index >= 8 {
            var value: Int64 = 0
            for k in 0..<8 { value |= Int64(buffer[index + k]) << (8 * k) }
            index += 8
            return value
        }
        guard let bytes = try take(8) else { return nil }
        var value: Int64 = 0
        for (k, byte) in bytes.enumerated() { value |= Int64(byte) << (8 * k) }
        return value
    }

    /// A length (8 bytes) and that many bytes of UTF-8, or nil at the end of the file.
    mutating func text() throws -> String? {
        guard let count = try int64(), count >= 0, let bytes = try take(Int(count)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The error for a record cut short.
    func truncated() -> MapBridgeError {
        MapBridgeError(.outputUnavailable, "the \(file.sink.name) for the duplicate-id rule ended inside a record")
    }

    /// The next `count` bytes, or nil when the file ends first.
    private mutating func take(_ count: Int) throws -> [UInt8]? {
        if filled - index >= count {
            defer { index += count }
            return Array(buffer[index..<(index + count)])
        }
        var out = Array(buffer[index..<filled])
        out.reserveCapacity(count)
        bufferOffset += Int64(filled)
        filled = 0
        index = 0
        while out.count < count {
            let n = try buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return try file.readBytes(at: bufferOffset, into: base, count: raw.count)
            }
            guard n > 0 else { return nil }
            let used = min(n, count - out.count)
            out += buffer[0..<used]
            if out.count == count {
                filled = n
                index = used
                return out
            }
            bufferOffset += Int64(n)
        }
        return out
    }
}
