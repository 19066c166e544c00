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
    let start: [UInt8]
    /// `</name>`.
    let end: [UInt8]
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
    /// Writes a start tag rendered before (the same bytes as `open(_:_:break:)`).
    public mutating func open(_ tag: XMLTag, break lineBreak: LineBreak = .none) throws {
        try startLine(lineBreak != .none)
        try tag.start.withUnsafeBytes { try sink.write($0) }
        if tag.strippedCharacters { strippedCharacters = true }
        depth += 1
        elementIsBare = true
    }

    /// Writes an end tag rendered before (the same bytes as `close(_:break:)`).
    public mutating func close(_ tag: XMLTag, break lineBreak: LineBreak = .none) throws {
        depth -= 1
        if pretty ? !elementIsBare : lineBreak == .around { try newline() }
        elementIsBare = false
        try tag.end.withUnsafeBytes { try sink.write($0) }
    }
}
