import MapBridgeIO
import MapBridgeModel
import MapBridgeValidation
import Testing

private func kmlFindings(bytes: [UInt8]) throws -> [Finding] {
    var out: [Finding] = []
    try KMLValidator.validate(source: ByteSource(bytes: bytes, name: "t.kml"), options: KMLValidator.Options()) { out.append($0) }
    return out
}

@Suite("KML validator: what it says of slips other writers make")
struct KMLValidatorSlipTests {
    @Test("an undeclared prefix is named as such, with the fix, not as malformed XML")
    func undeclaredPrefix() throws {
        let text = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document xsi:schemaLocation="a b">
            <Placemark><name>p</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>
            """
        let syntax = try kmlFindings(bytes: Array(text.utf8)).filter { $0.rule == "xml-syntax" }
        try #require(syntax.count == 1)
        #expect(syntax[0].message.contains("xsi"))
        #expect(syntax[0].message.contains("xmlns:"))
        #expect(!syntax[0].message.contains("malformed"))
    }

    @Test("Latin-1 bytes without an encoding declaration: says the text is not UTF-8 and how to fix it")
    func latin1WithoutDeclaration() throws {
        let bytes = Array(#"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>La Dr"#.utf8) + [0xF4]
            + Array("me</name></Placemark></kml>".utf8)
        let syntax = try kmlFindings(bytes: bytes).filter { $0.rule == "xml-syntax" }
        try #require(syntax.count == 1)
        #expect(syntax[0].message.contains("not UTF-8"))
        #expect(syntax[0].message.contains("0xF4"))
        #expect(syntax[0].message.contains("encoding="))
    }
}
