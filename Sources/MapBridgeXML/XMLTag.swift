import MapBridgeIO

/// An element's start tag and end tag rendered to bytes once, for an element written many
/// times with the same attribute (a KML `SimpleData` of one field, the `SchemaData` of one
/// schema): writing it then copies two byte runs instead of checking and escaping its name
/// and attribute again each time.
///
///     let tag = XMLTag("SimpleData", ("name", "a & b"))   // <SimpleData name="a &amp; b">
///     try xml.open(tag)
///     try xml.escaped("text", inAttribute: false)
///     try xml.close(tag)                                  // </SimpleData>
///
/// The bytes are those `XMLOutput.open(_:_:break:)` and `close(_:break:)` write for the
/// same name and attribute, in either layout.
public struct XMLTag: Sendable {
    /// `<name attribute="value">`, the value escaped.
    @usableFromInline let start: [UInt8]
    /// `</name>`.
    @usableFromInline let end: [UInt8]
    /// Whether the attribute's value held characters XML 1.0 forbids, left out of `start`.
    public let strippedCharacters: Bool

    /// Renders the tags of element `name` (an XML name, written as given), with one attribute
    /// when `attribute` is given.
    public init(_ name: StaticString, _ attribute: (name: StaticString, value: String)? = nil) {
        var start: [UInt8] = []
        func append(_ s: StaticString) {
            start.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        }
        start.append(UInt8(ascii: "<"))
        append(name)
        var stripped = false
        if let attribute {
            start.append(UInt8(ascii: " "))
            append(attribute.name)
            append("=\"")
            var value = attribute.value
            value.withUTF8 { bytes in
                stripped = XMLOutput.forEachEscapedRun(bytes, inAttribute: true) { start.append(contentsOf: $0) }
            }
            start.append(UInt8(ascii: "\""))
        }
        start.append(UInt8(ascii: ">"))
        self.start = start
        var end: [UInt8] = [UInt8(ascii: "<"), UInt8(ascii: "/")]
        end.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        end.append(UInt8(ascii: ">"))
        self.end = end
        strippedCharacters = stripped
    }
}

extension XMLOutput {
    /// Writes a start tag rendered before (the same bytes as `open(_:_:break:)`). Inlined
    /// into the writers: a copy of bytes, with no call, for each of their many data elements.
    @inlinable
    public mutating func open(_ tag: XMLTag, break lineBreak: LineBreak = .none) throws {
        try startLine(lineBreak != .none)
        try tag.start.withUnsafeBytes { try sink.write($0) }
        if tag.strippedCharacters { strippedCharacters = true }
        depth += 1
        elementIsBare = true
    }

    /// Writes an end tag rendered before (the same bytes as `close(_:break:)`).
    @inlinable
    public mutating func close(_ tag: XMLTag, break lineBreak: LineBreak = .none) throws {
        depth -= 1
        if pretty ? !elementIsBare : lineBreak == .around { try newline() }
        elementIsBare = false
        try tag.end.withUnsafeBytes { try sink.write($0) }
    }
}

/// Start tags rendered once, one after another in one buffer: for many elements that are each
/// written many times with their own attribute (a KML `SimpleData` per schema field). Writing
/// one copies its bytes out of the buffer, which the writer holds once for a whole run of
/// elements, instead of a pair of arrays per tag.
///
///     var tags = XMLStartTags()
///     let a = tags.append("SimpleData", ("name", "a & b"))   // <SimpleData name="a &amp; b">
///     try tags.withBytes { bytes in
///         try xml.open(a, of: bytes)
///         try xml.raw("1")
///         try xml.close("SimpleData")
///     }
public struct XMLStartTags: Sendable {
    /// Where a tag ends in `bytes` (it starts where the one before ends), and whether its
    /// attribute's value held characters XML 1.0 forbids (left out).
    @usableFromInline struct Span: Sendable {
        @usableFromInline var end: Int
        @usableFromInline var strippedCharacters: Bool
    }

    @usableFromInline private(set) var bytes: [UInt8] = []
    @usableFromInline private(set) var spans: [Span] = []

    public init() {}

    /// How many tags there are.
    public var count: Int { spans.count }

    /// Renders the start tag of element `name` with `attribute` (the bytes `XMLTag` renders)
    /// after the others, and returns its index.
    public mutating func append(_ name: StaticString, _ attribute: (name: StaticString, value: String)) -> Int {
        let tag = XMLTag(name, attribute)
        bytes.append(contentsOf: tag.start)
        spans.append(Span(end: bytes.count, strippedCharacters: tag.strippedCharacters))
        return spans.count - 1
    }

    /// Calls `body` with the tags' bytes, for `XMLOutput.open(_:of:)`. Inlined, so that the
    /// writer's loop runs in place rather than behind a generic call.
    @inlinable
    public func withBytes<R>(_ body: (Bytes) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { bytes in
            try spans.withUnsafeBufferPointer { spans in try body(Bytes(bytes: bytes, spans: spans)) }
        }
    }

    /// The tags' bytes, valid inside `withBytes`.
    public struct Bytes {
        @usableFromInline let bytes: UnsafeRawBufferPointer
        @usableFromInline let spans: UnsafeBufferPointer<Span>

        @usableFromInline
        init(bytes: UnsafeRawBufferPointer, spans: UnsafeBufferPointer<Span>) {
            self.bytes = bytes
            self.spans = spans
        }

        /// The bytes of tag `index`, and whether characters were left out of them.
        @inlinable
        func tag(_ index: Int) -> (bytes: UnsafeRawBufferPointer, strippedCharacters: Bool) {
            let start = index == 0 ? 0 : spans[index - 1].end
            return (UnsafeRawBufferPointer(rebasing: bytes[start..<spans[index].end]), spans[index].strippedCharacters)
        }
    }
}

extension XMLOutput {
    /// Writes start tag `index` of `tags` (the same bytes as `open(_:_:break:)`), on the
    /// current line. Inlined: a copy of bytes for each of a writer's many data elements.
    @inlinable @inline(__always)
    public mutating func open(_ index: Int, of tags: XMLStartTags.Bytes) throws {
        try startLine(false)
        let tag = tags.tag(index)
        try sink.write(tag.bytes)
        if tag.strippedCharacters { strippedCharacters = true }
        depth += 1
        elementIsBare = true
    }
}
