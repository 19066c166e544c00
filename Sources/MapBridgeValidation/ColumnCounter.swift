#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO

/// The unit a validator counts columns in.
public enum ColumnUnit: Hashable, Sendable {
    /// UTF-8 bytes from the start of the line (the GeoJSON validator).
    case utf8Bytes
    /// Unicode scalars from the start of the line (the KML validator: libxml2 counts characters).
    case characters
}

/// A column in the three units reports use, all 1-based from the start of the line.
public struct ColumnPosition: Hashable, Sendable {
    /// UTF-8 bytes.
    public var bytes: Int
    /// Unicode scalars: what editors and GitHub annotations count.
    public var characters: Int
    /// UTF-16 code units: what SARIF 2.1.0 counts by default (`run.columnKind` `utf16CodeUnits`).
    public var utf16: Int

    public init(bytes: Int, characters: Int, utf16: Int) {
        self.bytes = bytes
        self.characters = characters
        self.utf16 = utf16
    }

    /// The same number in every unit: for a column that cannot be converted (standard input, a
    /// file inside a KMZ archive).
    public init(unconverted column: Int) { self.init(bytes: column, characters: column, utf16: column) }
}

/// Converts a file's (line, column) positions from the unit its validator counts in to bytes,
/// characters and UTF-16 code units, by reading the file once, forwards, in chunks.
///
/// Only running counts since the start of the current line are kept, never the line itself, so
/// memory stays flat however long a line is (a 300 MB GeoJSON may be one line). A position
/// before the last one asked for starts the reading again from the beginning of the file.
/// Lines end at LF. Bytes that are not UTF-8 count as one character each; a column past the end
/// of its line counts one unit per byte there.
///
///     let counter = try ColumnCounter(path: "a.geojson", unit: .utf8Bytes)
///     let column = try counter.position(line: 3, column: 12)   // bytes, characters, utf16
///
/// - Complexity: O(n) in the bytes up to the furthest position asked for, per restart.
public final class ColumnCounter {
    public let path: String
    public let unit: ColumnUnit
    private var source: ByteSource
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var bufferCount = 0
    private var bufferIndex = 0
    private var atEnd = false
    /// The 1-based line of the next byte, and the counts since its line began.
    private var line = 1
    private var bytes = 0
    private var characters = 0
    private var utf16 = 0

    /// Opens `path` for counting.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it cannot be opened.
    public init(path: String, unit: ColumnUnit) throws {
        self.path = path
        self.unit = unit
        source = try ByteSource(path: path)
    }

    /// The column `column` (1-based, in `unit`) of line `line` (1-based) in every unit.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when the file cannot be read.
    public func position(line target: Int, column: Int) throws -> ColumnPosition {
        let wanted = max(column, 1) - 1
        if target < line || (target == line && counted > wanted) { try restart() }
        // Whole runs of bytes at a time (a line break found with memchr, a run counted eight
        // bytes a step), byte by byte only for characters on the line asked for.
        while line < target, try peekByte() != nil {
            let rest = bufferCount - bufferIndex
            let run = buffer.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress, let hit = memchr(base + bufferIndex, 0x0A, rest) else { return rest }
                return base.distance(to: UnsafeRawPointer(hit)) - bufferIndex
            }
            consumeRun(run)
            if run < rest { consume(UInt8(ascii: "\n")) }
        }
        guard line == target else { return extended(by: wanted - counted) }
        while unit == .utf8Bytes, bytes < wanted, try peekByte() != nil {
            let rest = min(bufferCount - bufferIndex, wanted - bytes)
            let run = buffer.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress, let hit = memchr(base + bufferIndex, 0x0A, rest) else { return rest }
                return base.distance(to: UnsafeRawPointer(hit)) - bufferIndex
            }
            consumeRun(run)
            if run < rest { break }  // the line ends before the column
        }
        while counted < wanted, let b = try peekByte(), b != UInt8(ascii: "\n") {
            consume(b)
            // A character's continuation bytes belong to it.
            if unit == .characters { while let c = try peekByte(), c & 0xC0 == 0x80 { consume(c) } }
        }
        return extended(by: wanted - counted)
    }

    /// The counts so far, plus `extra` units past them (one byte each), as 1-based columns.
    private func extended(by extra: Int) -> ColumnPosition {
        let more = max(extra, 0)
        return ColumnPosition(bytes: bytes + more + 1, characters: characters + more + 1, utf16: utf16 + more + 1)
    }

    /// The count in `unit` since the start of the line.
    private var counted: Int { unit == .utf8Bytes ? bytes : characters }

    private func consume(_ b: UInt8) {
        bufferIndex += 1
        if b == UInt8(ascii: "\n") {
            line += 1
            bytes = 0; characters = 0; utf16 = 0
            return
        }
        bytes += 1
        guard b & 0xC0 != 0x80 else { return }
        characters += 1
        utf16 += b >= 0xF0 && b < 0xF8 ? 2 : 1
    }

    /// Consumes the next `count` bytes of the buffer, none of them a line break: as `consume`
    /// would one by one, eight bytes a step.
    private func consumeRun(_ count: Int) {
        guard count > 0 else { return }
        let high: UInt64 = 0x8080_8080_8080_8080
        var continuations = 0, fourByteLeads = 0
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var i = bufferIndex
            let end = bufferIndex + count
            // A byte's bit k moves to bit 7 of the same byte with a shift by 7 - k.
            func tally(_ w: UInt64) {
                guard w & high != 0 else { return }
                let b7 = w & high, b6 = (w << 1) & high, b5 = (w << 2) & high, b4 = (w << 3) & high, b3 = (w << 4) & high
                continuations += (b7 & ~b6).nonzeroBitCount        // 10xxxxxx
                fourByteLeads += (b7 & b6 & b5 & b4 & ~b3).nonzeroBitCount  // 11110xxx
            }
            while i + 8 <= end {
                tally(base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            while i < end {
                tally(UInt64(base.load(fromByteOffset: i, as: UInt8.self)))
                i += 1
            }
        }
        bufferIndex += count
        bytes += count
        characters += count - continuations
        utf16 += count - continuations + fourByteLeads
    }

    /// The next byte, without consuming it; nil at the end of the file.
    private func peekByte() throws -> UInt8? {
        if bufferIndex == bufferCount {
            guard !atEnd else { return nil }
            bufferCount = try buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return try source.read(into: base, count: raw.count)
            }
            bufferIndex = 0
            if bufferCount == 0 { atEnd = true; return nil }
        }
        return buffer[bufferIndex]
    }

    private func restart() throws {
        source = try ByteSource(path: path)
        bufferCount = 0; bufferIndex = 0; atEnd = false
        line = 1; bytes = 0; characters = 0; utf16 = 0
    }
}
