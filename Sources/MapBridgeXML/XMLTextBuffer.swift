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
package struct XMLTextBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes the text has.
    package private(set) var count = 0
    private var capacity: Int

    /// An empty text with room for `capacity` bytes before it first grows.
    package init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    package var isEmpty: Bool { count == 0 }

    /// The bytes, valid until the text next changes.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes, followed in memory by `padding` spaces that are not part of the text (the
    /// buffer keeps room for them), valid until the text next changes: for a reader that looks
    /// a fixed distance ahead without checking for the text's end.
    package mutating func paddedBytes(padding: Int) -> UnsafeBufferPointer<UInt8> {
        reserve(padding)
        (base + count).initialize(repeating: 0x20, count: padding)
        return bytes
    }

    /// The bytes as a string (invalid UTF-8 repaired, as `String(decoding:as:)` does).
    package var string: String { String(xmlText: bytes) }

    /// Empties the text, keeping its buffer.
    package mutating func removeAll() { count = 0 }

    /// Drops the first `n` bytes (at most `count`), moving the rest to the front.
    package mutating func removeFirst(_ n: Int) {
        let n = min(max(n, 0), count)
        guard n > 0 else { return }
        base.update(from: base + n, count: count - n)
        count -= n
    }

    /// Drops the last byte, if any.
    package mutating func removeLast() {
        if count > 0 { count -= 1 }
    }

    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the UTF-8 bytes of `string`.
    package mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Makes room for `n` more bytes: the buffer at least doubles when it grows.
    private mutating func reserve(_ n: Int) {
        guard n > capacity - count else { return }
        let grown = max(capacity * 2, count + n)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
