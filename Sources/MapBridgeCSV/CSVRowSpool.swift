#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel

/// Rows held until the header is known: the first `memoryRows` in memory, as long as they take
/// at most `memoryBytes` encoded, the rest in an anonymous temporary file (created with
/// `makeTemporaryFile(beside:)` and unlinked at once, so it goes away with its descriptor
/// whatever happens). Memory stays flat whatever the count and size of the rows: at most
/// `memoryBytes` plus one row.
///
/// Each row is one frame of bytes (`CSVRowFrame`), kept behind its LEB128 length, and handed
/// back as it was given: reading back parses nothing and makes no strings. A row may also have
/// a field of any size written into the file before its frame (`append(_:after:writtenBy:)`),
/// handed back in pieces. Owns the file
/// descriptor, hence a class.
final class CSVRowSpool {
    private let memoryRows: Int
    private let memoryBytes: Int
    private let directory: String?
    private var memory: [UInt8] = []
    private var file: (descriptor: Int32, sink: ByteSink)?
    /// Bytes counted for the rows in memory beyond their frames (`append(_:countedAs:)`).
    private var heldElsewhere = 0
    /// Rows appended so far.
    private(set) var count = 0
    /// What the temporary file holds, and what to do when it cannot be made, for messages.
    static let holding = "the CSV rows"
    static let remedy = "set TMPDIR to a writable folder, or give the columns and the geometry layout so that rows need not wait"
    /// What starts a field before a frame in the temporary file (then its length and its
    /// bytes), where a frame's length starts otherwise: a zero in two bytes of LEB128, which
    /// `CSVRowFrame.writeNumber` never writes.
    private static let fieldMark: [UInt8] = [0x80, 0x00]
    /// Whether the rows have moved to the temporary file.
    var isOnDisk: Bool { file != nil }

    /// Holds up to `memoryRows` rows (≥ 1) and `memoryBytes` bytes of encoded rows (≥ 0) in
    /// memory, the rest in a temporary file in `directory` (`nil`: `TMPDIR`).
    init(memoryRows: Int, memoryBytes: Int, directory: String?) {
        self.memoryRows = max(memoryRows, 1)
        self.memoryBytes = max(memoryBytes, 0)
        self.directory = directory
    }

    deinit {
        if let file { close(file.descriptor) }
    }

    /// Adds a row's frame at the end.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the temporary file cannot
    ///   be created or written.
    func append(_ row: [UInt8]) throws {
        try row.withUnsafeBytes { try append($0) }
    }

    /// Adds a row's frame, given as its bytes, at the end.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the temporary file cannot
    ///   be created or written.
    func append(_ row: UnsafeRawBufferPointer) throws {
        try append(row, countedAs: row.count)
    }

    /// Adds a row's frame, counted against `memoryBytes` as a frame of `counted` bytes (≥ its
    /// own length): a frame whose WKT field is streamed from a shape held elsewhere
    /// (`CSVRowFrame.streamedGeometry`) counts as the frame with the text in place, so that
    /// the rows move to the temporary file when they would with the text.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the temporary file cannot
    ///   be created or written.
    func append(_ row: UnsafeRawBufferPointer, countedAs counted: Int) throws {
        // The length in LEB128, at most 10 bytes.
        var length: (UInt64, UInt64) = (0, 0)
        let lengthBytes = withUnsafeMutableBytes(of: &length) { raw in
            CSVRowFrame.writeNumber(row.count, to: raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self))
        }
        if overflows(adding: counted) { try moveToDisk() }
        if file == nil && counted > row.count {
            heldElsewhere += CSVRowFrame.numberLength(counted) + counted - lengthBytes - row.count
        }
        count += 1
        try withUnsafeBytes(of: &length) { raw in
            let header = UnsafeRawBufferPointer(rebasing: raw[0..<lengthBytes])
            if let file {
                try file.sink.write(header)
                try file.sink.write(row)
            } else {
                memory.append(contentsOf: header)
                memory.append(contentsOf: row)
            }
        }
    }

    /// Whether adding a frame of `length` bytes would move the rows to the temporary file: one
    /// row more than `memoryRows`, or more than `memoryBytes` with its length (false once they
    /// are there).
    func overflows(adding length: Int) -> Bool {
        guard file == nil else { return false }
        let lengthBytes = length < 0x80 ? 1 : (Int.bitWidth - length.leadingZeroBitCount + 6) / 7
        return count + 1 > memoryRows || memory.count + heldElsewhere + lengthBytes + length > memoryBytes
    }

    /// Whether a frame of `length` bytes added now would be kept in memory (not in the
    /// temporary file).
    func keepsInMemory(adding length: Int) -> Bool {
        file == nil && !overflows(adding: length)
    }

    /// Adds a row as a field of `length` bytes (> 0) that `body` writes into the temporary file
    /// (the rows move there first if they are in memory), then its frame: a field too large to
    /// hold is never held whole, neither now nor when read back (`forEach` hands it over in
    /// pieces before the frame).
    /// - Throws: what `body` throws, or `MapBridgeError` of kind `.outputUnavailable` when the
    ///   temporary file cannot be created or written, or `body` does not write `length` bytes.
    func append(_ frame: UnsafeRawBufferPointer, after length: Int, writtenBy body: (ByteSink) throws -> Void) throws {
        if file == nil { try moveToDisk() }
        guard let sink = file?.sink else { return }
        var header = CSVRowBytes()
        for b in Self.fieldMark { header.append(b) }
        CSVRowFrame.appendNumber(length, to: &header)
        try header.withUnsafeBytes { try sink.write($0) }
        let start = sink.bytesWritten
        try body(sink)
        guard sink.bytesWritten - start == Int64(length) else {
            throw MapBridgeError(.outputUnavailable,
                                 "a CSV field of \(sink.bytesWritten - start) bytes was written to the temporary file, not \(length)")
        }
        header.removeAll()
        CSVRowFrame.appendNumber(frame.count, to: &header)
        try header.withUnsafeBytes { try sink.write($0) }
        try sink.write(frame)
        count += 1
    }

    /// Calls `body` with each row's frame in order (the bytes are valid during the call only),
    /// and `field` with the pieces of the field added before a frame with
    /// `append(_:after:writtenBy:)`, in order, just before `body` gets that frame.
    /// - Throws: what `body` or `field` throws, or `MapBridgeError` of kind
    ///   `.outputUnavailable` when the temporary file cannot be read back.
    func forEach(_ body: (UnsafeRawBufferPointer) throws -> Void,
                 field: (UnsafeRawBufferPointer) throws -> Void = { _ in }) throws
    {
        guard let file else {
            try memory.withUnsafeBytes { all in
                var position = 0
                for _ in 0..<count {
                    let n = CSVRowFrame.number(in: all, at: &position)
                    try body(UnsafeRawBufferPointer(rebasing: all[position..<(position + n)]))
                    position += n
                }
            }
            return
        }
        try file.sink.flush()
        guard lseek(file.descriptor, 0, SEEK_SET) == 0 else { throw readFailure() }
        let fd = file.descriptor
        let source = ByteSource(name: file.sink.name, totalBytes: nil) { buffer, capacity in
            while true {
                let n = read(fd, buffer, capacity)
                if n >= 0 { return n }
                if errno != EINTR { throw MapBridgeError(.outputUnavailable, "cannot read back the temporary file of rows: \(systemErrorText(errno))") }
            }
        }
        let reader = FrameReader(source: source)
        for _ in 0..<count { try reader.frame(body, field: field) }
    }

    private func moveToDisk() throws {
        let folder = directory ?? ProcessEnvironment.temporaryDirectory
        let descriptor: Int32
        do {
            let (path, fd) = try makeTemporaryFile(beside: folder + "/rows.csv")
            removeTemporaryFile(path)
            descriptor = fd
        } catch let error as MapBridgeError {
            throw MapBridgeError(.outputUnavailable,
                                 "cannot create a temporary file in '\(folder)' for \(Self.holding) (\(error.message)); \(Self.remedy)")
        }
        let sink = ByteSink(fileDescriptor: descriptor, name: "temporary file in '\(folder)'")
        file = (descriptor, sink)
        try memory.withUnsafeBytes { try sink.write($0) }
        memory = []
        heldElsewhere = 0
    }

    private func readFailure() -> MapBridgeError {
        MapBridgeError(.outputUnavailable, "cannot read back the temporary file of rows: \(systemErrorText(errno))")
    }

    /// Reads frames back in chunks of 1 MiB (or of the largest frame, if larger).
    private final class FrameReader {
        private let source: ByteSource
        private var buffer = [UInt8](repeating: 0, count: 1 << 20)
        private var position = 0
        private var end = 0

        init(source: ByteSource) { self.source = source }

        /// Calls `field` with the pieces of the field before the next frame, if any, then
        /// `body` with the frame, whole in the buffer.
        func frame(_ body: (UnsafeRawBufferPointer) throws -> Void, field: (UnsafeRawBufferPointer) throws -> Void) throws {
            // The length: at most 10 bytes of LEB128.
            if end - position < 10 { try fill(atLeast: 10, orToEnd: true) }
            if end - position >= 2 && buffer[position] == CSVRowSpool.fieldMark[0]
                && buffer[position + 1] == CSVRowSpool.fieldMark[1]
            {
                // A field before the frame: its length, then its bytes, a buffer at a time.
                position += 2
                if end - position < 10 { try fill(atLeast: 10, orToEnd: true) }
                var left = buffer.withUnsafeBytes { CSVRowFrame.number(in: $0, at: &position) }
                while left > 0 {
                    if position == end { try fill(atLeast: 1, orToEnd: false) }
                    let k = min(left, end - position)
                    try buffer.withUnsafeBytes { try field(UnsafeRawBufferPointer(rebasing: $0[position..<(position + k)])) }
                    position += k
                    left -= k
                }
                if end - position < 10 { try fill(atLeast: 10, orToEnd: true) }
            }
            let n = buffer.withUnsafeBytes { CSVRowFrame.number(in: $0, at: &position) }
            if end - position < n { try fill(atLeast: n, orToEnd: false) }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[position..<(position + n)])) }
            position += n
        }

        /// Moves what is left to the front and reads until `atLeast` bytes are there (growing
        /// the buffer for a frame larger than it); with `orToEnd`, the end of the file is enough.
        private func fill(atLeast wanted: Int, orToEnd: Bool) throws {
            let left = end - position
            if position > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    base.copyMemory(from: base + position, byteCount: left)
                }
                position = 0
                end = left
            }
            if buffer.count < wanted { buffer += [UInt8](repeating: 0, count: wanted - buffer.count) }
            while end < wanted {
                let n = try buffer.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return try source.read(into: base + end, count: raw.count - end)
                }
                if n == 0 {
                    if orToEnd && end > 0 { return }
                    throw MapBridgeError(.outputUnavailable, "the temporary file of rows ended early")
                }
                end += n
            }
        }
    }
}
