/// Bytes the CSV writer builds a row in, kept from row to row: an array that only grows, of
/// which the first `count` bytes are the row so far (the rest is room). Appending a run is a
/// check for room and one copy, without the array's own bookkeeping per call; a value type
/// like the array it wraps.
///
///     var row = CSVRowBytes()
///     row.append(UInt8(ascii: "a"))
///     row.withUnsafeBytes { Array($0) }   // [97]
struct CSVRowBytes {
    /// The bytes, `count` of them in use.
    private var storage: [UInt8] = []
    /// How many bytes the row has.
    private(set) var count = 0

    init() {}

    /// Empties the row, keeping the room.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Drops the bytes from `position` (0...`count`) on.
    @inline(__always)
    mutating func truncate(to position: Int) { count = min(max(position, 0), count) }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(1) }
        let at = count
        storage.withUnsafeMutableBufferPointer { $0.baseAddress.unsafelyUnwrapped[at] = byte }
        count = at &+ 1
    }

    /// Puts `byte` at `position` (within `0..<count`) in place of the byte there.
    @inline(__always)
    mutating func store(_ byte: UInt8, at position: Int) {
        guard position >= 0, position < count else { return }
        storage.withUnsafeMutableBufferPointer { $0.baseAddress.unsafelyUnwrapped[position] = byte }
    }

    /// Appends a run of bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let n = bytes.count
        if n > storage.count &- count { grow(n) }
        let at = count
        storage.withUnsafeMutableBufferPointer { $0.baseAddress.unsafelyUnwrapped.advanced(by: at).update(from: source, count: n) }
        count = at &+ n
    }

    /// Appends a run of bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        append(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Appends the bytes from `range` of this row (within `0..<count`) at its end.
    mutating func appendCopy(of range: Range<Int>) {
        let n = range.count
        guard n > 0, range.lowerBound >= 0, range.upperBound <= count else { return }
        if n > storage.count &- count { grow(n) }
        let at = count
        storage.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            (base + at).update(from: base + range.lowerBound, count: n)
        }
        count = at &+ n
    }

    /// Appends a string's UTF-8 bytes.
    @inline(__always)
    mutating func append(utf8 text: String) {
        var t = text
        t.withUTF8 { append($0) }
    }

    /// Lets `body` write up to `maximum` bytes (≥ 0) at the end of the row: it gets the address
    /// of `maximum` free bytes and returns how many it wrote (0...`maximum`).
    @inline(__always)
    mutating func withUnsafeSpace(_ maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        guard maximum > 0 else { return }
        if maximum > storage.count &- count { grow(maximum) }
        let at = count
        let n = storage.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped + at) }
        count = at &+ min(max(n, 0), maximum)
    }

    /// Calls `body` with the row's bytes to change in place (valid only inside).
    @inline(__always)
    mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutablePointer<UInt8>) throws -> R) rethrows -> R {
        if storage.isEmpty { grow(1) }
        return try storage.withUnsafeMutableBufferPointer { try body($0.baseAddress.unsafelyUnwrapped) }
    }

    /// Calls `body` with the row's bytes (valid only inside).
    @inline(__always)
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Calls `body` with the bytes in `range` (within `0..<count`; valid only inside).
    @inline(__always)
    func withUnsafeBytes<R>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range.clamped(to: 0..<count)])) }
    }

    /// Makes room for at least `extra` more bytes than `count`, at least doubling.
    private mutating func grow(_ extra: Int) {
        let wanted = Swift.max(count &+ extra, storage.count &* 2, 256)
        storage.append(contentsOf: repeatElement(0, count: wanted &- storage.count))
    }
}
