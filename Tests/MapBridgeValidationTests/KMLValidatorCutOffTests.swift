import MapBridgeIO
import MapBridgeModel
import MapBridgeValidation
import Testing

/// A file cut short in a copy or a download: libxml2 says "Extra content at the end of the
/// document", a symptom; the validator says what happened, as the converter does.
@Suite("KML validator: a file cut off")
struct KMLValidatorCutOffTests {
    private func findings(_ text: String, chunkSize: Int = 1 << 16) throws -> [Finding] {
        var out: [Finding] = []
        let options = KMLValidator.Options(schema: nil, checksIDs: true, chunkSize: chunkSize)
        try KMLValidator.validate(source: ByteSource(bytes: Array(text.utf8), name: "t.kml"), options: options) { out.append($0) }
        return out
    }

    @Test("a file that ends inside <coordinates> names it, where it opened and how many are open", arguments: [7, 1 << 16])
    func cutInsideCoordinates(chunkSize: Int) throws {
        let text = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><name>Building 40</name><Polygon><outerBoundaryIs><LinearRing>
                <coordinates> -122.08,37.42,17
                  -122.09,37.43,17

            """
        let found = try findings(text, chunkSize: chunkSize).filter { $0.rule == "xml-syntax" }
        #expect(found.count == 1)
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("the file ends before <coordinates> (opened at line 3, column 17) is closed, with 7 elements open"))
        #expect(message.contains("check that the whole file was copied"))
    }

    @Test("content after the root element keeps libxml2's words, with what to do: nothing is open")
    func contentAfterRoot() throws {
        let found = try findings("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml><kml>")
        #expect(found.map(\.rule) == ["xml-syntax"])
        #expect(found.first?.message == "malformed XML: Extra content at the end of the document: remove what follows the document's last end tag (such as </kml> or </gpx>)")
    }
}
