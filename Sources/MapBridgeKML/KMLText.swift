import MapBridgeJSON
import MapBridgeXML

/// The text of the element being read (an `XMLTextBuffer`), with what the KML reader asks of
/// it besides: its bytes padded for the coordinate scanner, and strings made the quick way
/// for short ASCII texts. Noncopyable, as the buffer is.
///
///     var text = KMLText()
///     text.append(" 12.5 ")
///     text.string                                   // " 12.5 "
///     KMLFeatureBuilder.trimmed(text.bytes).count   // 4
///     text.removeAll()
struct KMLText: ~Copyable {
    private var buffer: XMLTextBuffer
    /// `SmallASCII.layoutHolds`, read once: each read of the static checks its lazy
    /// initialiser, and nearly every string the builder makes asks it.
    private let smallStrings = SmallASCII.layoutHolds

    /// An empty text with room for `capacity` bytes before it first grows.
    init(capacity: Int = 256) {
        buffer = XMLTextBuffer(capacity: capacity)
    }

    /// How many bytes the text has.
    var count: Int { buffer.count }

    var isEmpty: Bool { buffer.isEmpty }

    /// The bytes, valid until the text next changes.
    var bytes: UnsafeBufferPointer<UInt8> { buffer.bytes }

    /// The bytes, followed in memory by `padding` spaces that are not part of the text, valid
    /// until the text next changes: for `KMLCoordinates`, whose numbers and tuples the spaces
    /// end as the text's end does, and which so looks ahead without checking for the end.
    mutating func paddedBytes() -> UnsafeBufferPointer<UInt8> {
        buffer.paddedBytes(padding: Self.padding)
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
    mutating func removeAll() { buffer.removeAll() }

    /// Drops the first `n` bytes (at most `count`), moving the rest to the front.
    mutating func removeFirst(_ n: Int) { buffer.removeFirst(n) }

    /// Drops the last byte, if any.
    mutating func removeLast() { buffer.removeLast() }

    mutating func append(_ byte: UInt8) { buffer.append(byte) }

    /// Inlined into the builder's `characters`, as the buffer's own append is.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(bytes) }

    /// Appends the UTF-8 bytes of `string`.
    mutating func append(_ string: String) { buffer.append(string) }
}
