import MapBridgeJSON
import MapBridgeXML

/// The text of the element being read, as libxml2 hands it over in pieces: bytes in one
/// buffer kept from element to element (cleared, not freed), appended to without an array's
/// uniqueness checks and generic paths. Noncopyable: it owns its buffer and frees it.
///
///     var text = KMLText()
///     text.append(" 12.5 ")
///     text.string                                   // " 12.5 "
///     KMLFeatureBuilder.trimmed(text.bytes).count   // 4
///     text.removeAll()
struct KMLText: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes the text has.
    private(set) var count = 0
    private var capacity: Int
    /// `SmallASCII.layoutHolds`, read once: each read of the static checks its lazy
    /// initialiser, and nearly every string the builder makes asks it.
    private let smallStrings = SmallASCII.layoutHolds

    /// An empty text with room for `capacity` bytes before it first grows.
    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes, valid until the text next changes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes, followed in memory by `padding` spaces that are not part of the text (the
    /// buffer keeps room for them), valid until the text next changes: for a reader that looks
    /// a fixed distance ahead without checking for the text's end (`KMLCoordinates`, whose
    /// numbers and tuples the spaces end as the text's end does).
    mutating func paddedBytes() -> UnsafeBufferPointer<UInt8> {
        reserve(Self.padding)
        (base + count).initialize(repeating: 0x20, count: Self.padding)
        return bytes
    }

    /// The spaces `paddedBytes` puts after the text: as far as the coordinate scanner reads
    /// from a tuple's start (`KMLCoordinates.tupleReach`).
    static var padding: Int { KMLCoordinates.tupleReach }

    /// The bytes as a string (invalid UTF-8 repaired, as `String(decoding:as:)` does).
    var string: String { string(bytes) }

    /// `bytes` (these or any others) as a string, as `String(xmlText:)` makes it: a short
    /// ASCII text (most data values, ids and names) straight from its bytes in the
    /// small-string form (`SmallASCII`), with no check beyond one mask; anything else by
    /// `String(xmlText:)`.
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        SmallASCII.string(ifASCII: bytes, layoutHolds: smallStrings) ?? String(xmlText: bytes)
    }

    /// Empties the text, keeping its buffer.
    mutating func removeAll() { count = 0 }

    /// Drops the first `n` bytes (at most `count`), moving the rest to the front.
    mutating func removeFirst(_ n: Int) {
        let n = min(max(n, 0), count)
        guard n > 0 else { return }
        base.update(from: base + n, count: count - n)
        count -= n
    }

    /// Drops the last byte, if any.
    mutating func removeLast() {
        if count > 0 { count -= 1 }
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Inlined into the builder's `characters`, the copy and all: most texts arrive in one piece.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let n = bytes.count
        reserve(n)
        if n <= 16 {
            Self.copyShort(source, to: base + count, n)
        } else {
            (base + count).initialize(from: source, count: n)
        }
        count += n
    }

    /// Copies `n` bytes (1...16) with two loads and two stores at most, the second pair
    /// overlapping the first: the short texts most elements hold (a value, a colour, a number)
    /// cost less so than through a call to `memcpy`.
    @inline(__always)
    private static func copyShort(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, _ n: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if n >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else {
            for k in 0..<n { target[k] = source[k] }
        }
    }

    /// Appends the UTF-8 bytes of `string`.
    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Makes room for `n` more bytes: the buffer at least doubles when it grows.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if n > capacity - count { grow(n) }
    }

    /// Moves the text into a buffer with room for `n` more bytes (a text longer than any so far).
    @inline(never)
    private mutating func grow(_ n: Int) {
        let grown = max(capacity * 2, count + n)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
