import MapBridgeIO

/// The text of the element being read, as libxml2 hands it over in pieces: bytes in one
/// buffer kept from element to element (cleared, not freed), appended to without an array's
/// uniqueness checks and generic paths (an array's `removeAll(keepingCapacity:)` and
/// `append(contentsOf:)` cost a reader more per element than the text they move).
/// Noncopyable: it owns its buffer and frees it.
///
///     var text = XMLTextBuffer()
///     text.append(" 12.5 ")
///     text.bytes.count   // 6
///     text.removeAll()
///
/// Public and frozen, its everyday parts inlinable: the readers that use it (KML, GPX) are
/// other modules, and a call per element for an append or a clear costs more than the append
/// (at `package` access the compiler made them calls all the same: 1.5% more instructions to
/// read a KML file of placemarks).
@frozen public struct XMLTextBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// How many bytes the text has (`count`), changed by the buffer's own methods only.
    @usableFromInline var storedCount = 0
    @usableFromInline var capacity: Int

    /// An empty text with room for `capacity` bytes before it first grows.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// How many bytes the text has.
    @inlinable public var count: Int { storedCount }

    @inlinable public var isEmpty: Bool { storedCount == 0 }

    /// The bytes, valid until the text next changes.
    @inlinable public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: storedCount) }

    /// The bytes, followed in memory by `padding` spaces that are not part of the text (the
    /// buffer keeps room for them), valid until the text next changes: for a reader that looks
    /// a fixed distance ahead without checking for the text's end.
    @inlinable public mutating func paddedBytes(padding: Int) -> UnsafeBufferPointer<UInt8> {
        reserve(padding)
        (base + storedCount).initialize(repeating: 0x20, count: padding)
        return bytes
    }

    /// The bytes as a string (invalid UTF-8 repaired, as `String(decoding:as:)` does).
    public var string: String { String(xmlText: bytes) }

    /// Empties the text, keeping its buffer.
    @inlinable public mutating func removeAll() { storedCount = 0 }

    /// Drops the first `n` bytes (at most `count`), moving the rest to the front.
    public mutating func removeFirst(_ n: Int) {
        let n = min(max(n, 0), storedCount)
        guard n > 0 else { return }
        base.update(from: base + n, count: storedCount - n)
        storedCount -= n
    }

    /// Drops the last byte, if any.
    @inlinable public mutating func removeLast() {
        if storedCount > 0 { storedCount -= 1 }
    }

    @inlinable public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[storedCount] = byte
        storedCount += 1
    }

    /// Inlined into a reader's `characters`, the copy and all: most texts arrive in one piece.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let n = bytes.count
        reserve(n)
        ByteCopy.copy(source, to: base + storedCount, count: n)
        storedCount += n
    }

    /// Appends the UTF-8 bytes of `string`.
    public mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Makes room for `n` more bytes: the buffer at least doubles when it grows.
    @inlinable @inline(__always)
    mutating func reserve(_ n: Int) {
        if n > capacity - storedCount { grow(n) }
    }

    /// Moves the text into a buffer with room for `n` more bytes (a text longer than any so far).
    @usableFromInline @inline(never)
    mutating func grow(_ n: Int) {
        let grown = max(capacity * 2, storedCount + n)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: base, count: storedCount)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
