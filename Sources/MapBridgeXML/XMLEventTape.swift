#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO

/// A piece of an event tape: the SAX events of one or more parse steps (each a chunk of the
/// source handed to libxml2), recorded by `XMLEventRecorder` on the parsing thread and
/// replayed by `XMLThreadedParser` on the handler's. A few pieces go round between the two
/// threads and are written over again, so that recording allocates nothing per event.
///
/// A record is a tag byte (`XMLTapeTag`) and its fields, packed with no padding (read and
/// written unaligned), in native byte order:
///
/// | tag | fields |
/// |---|---|
/// | `declare` | local name, prefix, namespace (each `Int32` length, −1 for none, then its UTF-8) |
/// | `start` | name index, line, column, attribute count (`Int32` each); per attribute its local name (`Int32` length with the NUL, bytes, NUL) and value (`Int32` length, bytes as libxml2 gave them) |
/// | `end` | name index, line, column |
/// | `text`, `cdata` | line, column, length (`Int32` each), the bytes |
/// | `namespaceWarning` | line, column (the event's), then the warning's line and column (`Int` each), message (`Int32` length, UTF-8) |
/// | `stepEnd` | the source's bytes read (`Int64`), whether the document is complete (a byte) |
/// | `failure` | none: the error is the piece's `failure`, and nothing follows it |
@usableFromInline
final class XMLTapePiece: @unchecked Sendable {
    // @unchecked: a piece belongs to one thread at a time, handed over through a queue.
    /// The records; while the recorder writes them it holds a copy of this buffer, put back
    /// before the piece is handed over.
    @usableFromInline var buffer: XMLTapeBuffer
    /// The error the parse stopped at (the piece's last record is then `failure`).
    @usableFromInline var failure: (any Error)?

    /// Bytes a piece holds to begin with, and is brought back to when a long text made it
    /// grow: a step of 3 KiB of KML records about as much, so a piece carries a dozen steps.
    static let standardCapacity = 64 << 10

    init() {
        buffer = XMLTapeBuffer(capacity: Self.standardCapacity)
    }

    deinit { buffer.bytes.deallocate() }

    /// Empties the piece for another round, bringing a piece that grew for a long text back
    /// to its standard size (memory stays flat after the text).
    func reset() {
        buffer.count = 0
        failure = nil
        if buffer.capacity > Self.standardCapacity {
            buffer.bytes.deallocate()
            buffer = XMLTapeBuffer(capacity: Self.standardCapacity)
        }
    }
}

/// A tape piece's bytes: where they are, how many there is room for, how many are recorded.
/// A plain value over memory the piece owns, so that the recorder keeps it inline (each
/// event's writes go through no reference).
@usableFromInline
struct XMLTapeBuffer {
    @usableFromInline var bytes: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes recorded.
    @usableFromInline var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
    }

    /// Makes room for `n` more bytes (doubling, so that a long text costs few copies).
    @inline(__always)
    mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(to: count + n) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        larger.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = larger
        capacity = size
    }

    // Appending a value (room reserved before): one function per type, not a generic one,
    // which the optimizer left as a call per byte stored.
    @inline(__always)
    mutating func put(_ value: UInt8) {
        bytes[count] = value
        count += 1
    }

    @inline(__always)
    mutating func put(_ value: Int32) {
        UnsafeMutableRawPointer(bytes + count).storeBytes(of: value, as: Int32.self)
        count += 4
    }

    @inline(__always)
    mutating func put(_ value: Int64) {
        UnsafeMutableRawPointer(bytes + count).storeBytes(of: value, as: Int64.self)
        count += 8
    }

    /// Appends `n` bytes from `source` (room reserved before).
    @inline(__always)
    mutating func put(_ source: UnsafePointer<UInt8>, count n: Int) {
        ByteCopy.copy(source, to: bytes + count, count: n)
        count += n
    }

    /// Appends a string as its `Int32` length and UTF-8 bytes, or −1 for `nil`.
    mutating func put(_ string: String?) {
        guard var string else {
            reserve(4)
            put(Int32(-1))
            return
        }
        string.withUTF8 { utf8 in
            reserve(4 + utf8.count)
            put(Int32(utf8.count))
            if let base = utf8.baseAddress { put(base, count: utf8.count) }
        }
    }
}

/// What a record on the tape is (its first byte).
@usableFromInline
enum XMLTapeTag: UInt8 {
    case declare = 1, start, end, text, cdata, namespaceWarning, stepEnd, failure
}

/// Reads a piece's records in order, in place.
@usableFromInline
struct XMLTapeCursor {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var offset = 0
    @usableFromInline var end: Int

    @inlinable
    init(_ piece: XMLTapePiece) {
        base = piece.buffer.bytes
        end = piece.buffer.count
    }

    @inlinable var atEnd: Bool { offset >= end }

    @inlinable @inline(__always)
    mutating func take(_: UInt8.Type) -> UInt8 {
        let value = base[offset]
        offset += 1
        return value
    }

    @inlinable @inline(__always)
    mutating func take(_: Int32.Type) -> Int32 {
        let value = UnsafeRawPointer(base + offset).loadUnaligned(as: Int32.self)
        offset += 4
        return value
    }

    @inlinable @inline(__always)
    mutating func take(_: Int64.Type) -> Int64 {
        let value = UnsafeRawPointer(base + offset).loadUnaligned(as: Int64.self)
        offset += 8
        return value
    }

    /// The next `n` bytes, in place.
    @inlinable @inline(__always)
    mutating func take(bytes n: Int) -> UnsafePointer<UInt8> {
        let start = UnsafePointer(base + offset)
        offset += n
        return start
    }

    /// A string `XMLTapePiece.put(_:)` wrote.
    @usableFromInline
    mutating func takeString() -> String? {
        let n = Int(take(Int32.self))
        guard n >= 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: take(bytes: n), count: n), as: UTF8.self)
    }
}
