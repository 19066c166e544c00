import MapBridgeIO
import MapBridgeXML
import Testing

/// A tag rendered once (`XMLTag`) writes the bytes `XMLOutput.open(_:_:break:)` and `close`
/// write for the same name and attribute, in both layouts, and reports what its escaping left out.
@Suite("XMLTag")
struct XMLTagTests {
    /// `parent` with two children written by `child`, then the bytes and the stripped flag.
    private func written(pretty: Bool, _ child: (inout XMLOutput) throws -> Void) throws -> (String, Bool) {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        var xml = XMLOutput(sink: sink, pretty: pretty)
        try xml.open("parent", break: .before)
        try child(&xml)
        try child(&xml)
        try xml.close("parent", break: .around)
        try sink.flush()
        return (String(decoding: sink.collectedBytes, as: UTF8.self), xml.strippedCharacters)
    }

    @Test("no attribute, a plain one and one that needs escaping, in the compact and the pretty layout",
          arguments: [false, true], [nil, "plain", "a & \"b\" <c>\t\n\r", "with \u{1} control \u{FFFF}"])
    func sameBytes(pretty: Bool, value: String?) throws {
        let attribute: (name: StaticString, value: String)? = value.map { ("name", $0) }
        let tag = XMLTag("SimpleData", attribute)
        let byTag = try written(pretty: pretty) { xml in
            try xml.open(tag)
            try xml.escaped("text", inAttribute: false)
            try xml.close(tag)
        }
        let byName = try written(pretty: pretty) { xml in
            try xml.open("SimpleData", attribute)
            try xml.escaped("text", inAttribute: false)
            try xml.close("SimpleData")
        }
        #expect(byTag.0 == byName.0)
        #expect(byTag.1 == byName.1)
        #expect(tag.strippedCharacters == byName.1)
    }

    @Test("an element with children, and line breaks around it")
    func withChildren() throws {
        let tag = XMLTag("SchemaData", ("schemaUrl", "#schema-1"))
        for pretty in [false, true] {
            let byTag = try written(pretty: pretty) { xml in
                try xml.open(tag, break: .before)
                try xml.leaf("value", "1")
                try xml.close(tag, break: .around)
            }
            let byName = try written(pretty: pretty) { xml in
                try xml.open("SchemaData", ("schemaUrl", "#schema-1"), break: .before)
                try xml.leaf("value", "1")
                try xml.close("SchemaData", break: .around)
            }
            #expect(byTag.0 == byName.0)
        }
        #expect(try written(pretty: false) { xml in
            try xml.open(tag)
            try xml.close(tag)
        }.0 == "\n<parent><SchemaData schemaUrl=\"#schema-1\"></SchemaData><SchemaData schemaUrl=\"#schema-1\"></SchemaData>\n</parent>")
    }
}
