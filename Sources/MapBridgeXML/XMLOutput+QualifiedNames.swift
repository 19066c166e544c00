import MapBridgeIO

/// Elements whose names are known only at run time, such as a GPX writer's extension elements
/// named after property keys. The caller checks each part with `XMLName.isNCName` first: a
/// name is written as given.
extension XMLOutput {
    /// Writes a start tag `<prefix:localName attributes…>`.
    public mutating func open(prefix: StaticString, localName: String,
                              attributes: [(name: StaticString, value: String)] = []) throws
    {
        try startLine(false)
        try sink.write(byte: UInt8(ascii: "<"))
        try writeName(prefix, localName)
        for attribute in attributes { try write(attribute) }
        try sink.write(byte: UInt8(ascii: ">"))
        depth += 1
        elementIsBare = true
    }

    /// Writes the end tag `</prefix:localName>`.
    public mutating func close(prefix: StaticString, localName: String) throws {
        depth -= 1
        if pretty && !elementIsBare { try newline() }
        elementIsBare = false
        try sink.write("</")
        try writeName(prefix, localName)
        try sink.write(byte: UInt8(ascii: ">"))
    }

    /// Writes `<prefix:localName>text</prefix:localName>` with `text` escaped.
    public mutating func leaf(prefix: StaticString, localName: String, _ text: String,
                              attributes: [(name: StaticString, value: String)] = []) throws
    {
        try open(prefix: prefix, localName: localName, attributes: attributes)
        try escaped(text, inAttribute: false)
        try close(prefix: prefix, localName: localName)
    }

    private func writeName(_ prefix: StaticString, _ localName: String) throws {
        if prefix.utf8CodeUnitCount > 0 {
            try sink.write(prefix)
            try sink.write(byte: UInt8(ascii: ":"))
        }
        try sink.write(localName)
    }
}
