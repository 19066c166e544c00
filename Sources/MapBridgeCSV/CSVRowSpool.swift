#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel

/// One row waiting for the header: its geometry fields for every layout, and its property
/// fields by column number — each already encoded as CSV field text.
struct CSVPendingRow: Hashable, Sendable {
    /// One property field.
    struct Cell: Hashable, Sendable {
        var column: Int
        var text: String
    }

    /// Longitude, latitude and altitude text (empty unless the shape is a point) and WKT text
    /// (empty without a shape).
    var longitude = "", latitude = "", altitude = "", wkt = ""
    /// Property fields in increasing column order; columns not listed are empty.
    var cells: [Cell] = []
}

/// Rows held until the header is known: the first `memoryRows` in memory, as long as they take
/// at most `memoryBytes` encoded, the rest in an anonymous temporary file (created with
/// `makeTemporaryFile(beside:)` and unlinked at once, so it goes away with its descriptor
/// whatever happens). Memory stays flat whatever the count and size of the rows: at most
/// `memoryBytes` plus one row.
///
/// Each row is framed as length-prefixed fields (LEB128 lengths), so reading back needs no
/// CSV parsing. Owns the file descriptor, hence a class.
final class CSVRowSpool {
    private let memoryRows: Int
    private let memoryBytes: Int
    private let directory: String?
    private var memory: [UInt8] = []
    private var file: (descriptor: Int32, sink: ByteSink)?
    private var frame: [UInt8] = []
    /// Rows appended so far.
    private(set) var count = 0
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

    /// Adds a row at the end.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the temporary file cannot
    ///   be created or written.
    func append(_ row: CSVPendingRow) throws {
        frame.removeAll(keepingCapacity: true)
        for text in [row.longitude, row.latitude, row.altitude, row.wkt] { put(text) }
        putNumber(row.cells.count)
        for cell in row.cells {
            putNumber(cell.column)
            put(cell.text)
        }
        count += 1
        if file == nil && (count > memoryRows || memory.count + frame.count > memoryBytes) { try moveToDisk() }
        if let file {
            try frame.withUnsafeBytes { try file.sink.write($0) }
        } else {
            memory += frame
        }
    }

    /// Calls `body` with each row in order.
    /// - Throws: what `body` throws, or `MapBridgeError` of kind `.outputUnavailable` when the
    ///   temporary file cannot be read back.
    func forEach(_ body: (CSVPendingRow) throws -> Void) throws {
        let source: ByteSource
        if let file {
            try file.sink.flush()
            guard lseek(file.descriptor, 0, SEEK_SET) == 0 else { throw readFailure() }
            let fd = file.descriptor
            source = ByteSource(name: file.sink.name, totalBytes: nil) { buffer, capacity in
                while true {
                    let n = read(fd, buffer, capacity)
                    if n >= 0 { return n }
                    if errno != EINTR { throw MapBridgeError(.outputUnavailable, "cannot read back the temporary file of rows: \(systemErrorText(errno))") }
                }
            }
        } else {
            source = ByteSource(bytes: memory, name: "rows")
        }
        let reader = FrameReader(source: source)
        for _ in 0..<count {
            var row = CSVPendingRow()
            row.longitude = try reader.text()
            row.latitude = try reader.text()
            row.altitude = try reader.text()
            row.wkt = try reader.text()
            let cells = try reader.number()
            row.cells.reserveCapacity(cells)
            for _ in 0..<cells { row.cells.append(CSVPendingRow.Cell(column: try reader.number(), text: try reader.text())) }
            try body(row)
        }
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
                                 "cannot create a temporary file in '\(folder)' for the CSV rows (\(error.message)); set TMPDIR to a writable folder, or give the columns and the geometry layout so that rows need not wait")
        }
        let sink = ByteSink(fileDescriptor: descriptor, name: "temporary file in '\(folder)'")
        file = (descriptor, sink)
        try memory.withUnsafeBytes { try sink.write($0) }
        memory = []
    }

    private func put(_ text: String) {
        putNumber(text.utf8.count)
        frame.append(contentsOf: text.utf8)
    }

    private func putNumber(_ value: Int) {
        var v = UInt(value)
        while v >= 0x80 {
            frame.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        frame.append(UInt8(v))
    }

    private func readFailure() -> MapBridgeError {
        MapBridgeError(.outputUnavailable, "cannot read back the temporary file of rows: \(systemErrorText(errno))")
    }

    /// Reads frames back in 1 MiB chunks.
    private final class FrameReader {
        private let source: ByteSource
        private var buffer = [UInt8](repeating: 0, count: 1 << 20)
        private var position = 0
        private var end = 0

        init(source: ByteSource) { self.source = source }

        func number() throws -> Int {
            var value: UInt = 0
            var shift: UInt = 0
            while true {
                let b = try byte()
                value |= UInt(b & 0x7F) << shift
                if b < 0x80 { return Int(value) }
                shift += 7
            }
        }

        func text() throws -> String {
            let n = try number()
            if end - position >= n {
                defer { position += n }
                return String(decoding: buffer[position..<(position + n)], as: UTF8.self)
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(n)
            while bytes.count < n {
                if position == end { try refill() }
                let take = min(n - bytes.count, end - position)
                bytes += buffer[position..<(position + take)]
                position += take
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        private func byte() throws -> UInt8 {
            if position == end { try refill() }
            defer { position += 1 }
            return buffer[position]
        }

        private func refill() throws {
            let n = try buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return try source.read(into: base, count: raw.count)
            }
            guard n > 0 else { throw MapBridgeError(.outputUnavailable, "the temporary file of rows ended early") }
            position = 0
            end = n
        }
    }
}
