import Foundation
import MapBridgeIO
import MapBridgeModel
import MapBridgeValidation
import MapBridgeZip
import Testing

/// Validates KML held in memory (with MapBridge's profile unless `schema` says otherwise).
private func kmlFindings(_ text: String, schema: KMLSchema? = nil, checksIDs: Bool = true,
                         chunkSize: Int = 1 << 16) throws -> [Finding] {
    var out: [Finding] = []
    let options = KMLValidator.Options(schema: schema, checksIDs: checksIDs, chunkSize: chunkSize)
    try KMLValidator.validate(source: ByteSource(bytes: Array(text.utf8), name: "t.kml"), options: options) { out.append($0) }
    return out
}

/// A KML 2.2 document around `body` (the Document's content).
private func kml(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document>\n"
        + body + "\n</Document>\n</kml>\n"
}

private func placemark(_ geometry: String, extra: String = "") -> String {
    "<Placemark>" + extra + geometry + "</Placemark>"
}

private func ring(_ coordinates: String) -> String {
    "<Polygon><outerBoundaryIs><LinearRing><coordinates>" + coordinates
        + "</coordinates></LinearRing></outerBoundaryIs></Polygon>"
}

@Suite("KML validator: each rule, where it fires and where it must not")
struct KMLValidatorTests {
    static let clean = kml("""
        <name>x</name>
        <Style id="s"><LineStyle><width>2</width></LineStyle></Style>
        <Placemark id="p"><name>a</name><styleUrl>#s</styleUrl><Point><coordinates>1,2</coordinates></Point></Placemark>
        <Placemark><name>b</name><LineString><coordinates>1,2 3,4,5</coordinates></LineString></Placemark>
        """ + placemark(ring("0,0 1,0 1,1 0,0")))

    @Test("a clean document passes the profile and every KML rule")
    func clean() throws {
        #expect(try kmlFindings(Self.clean, schema: try KMLSchema.profile()).isEmpty)
    }

    @Test("malformed XML: one finding with its line and column, then the file ends")
    func syntax() throws {
        let found = try kmlFindings("<kml>\n<Document><name>x</nam></Document></kml>")
        #expect(found.map(\.rule) == ["xml-syntax"])
        #expect(found.first?.location.line == 2)
        #expect(found.first?.location.column == 24)
        #expect(try kmlFindings("").map(\.rule) == ["xml-syntax"])
    }

    @Test("a DOCTYPE is refused, as the reader refuses it")
    func doctype() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE kml [<!ENTITY a \"b\">]>\n<kml><Document/></kml>"
        let found = try kmlFindings(text, schema: try KMLSchema.profile())
        #expect(found.map(\.rule) == ["xml-syntax"])
        #expect(found.first?.message.contains("DOCTYPE") == true)
    }

    @Test("schema errors carry the element path, also at an end tag, and only with a schema")
    func schema() throws {
        let text = kml("<Placemark><Polygon><outerBoundaryIs>\n</outerBoundaryIs></Polygon></Placemark><Placemark><bogus/></Placemark>")
        let found = try kmlFindings(text, schema: try KMLSchema.profile())
        #expect(found.map(\.rule) == ["kml-schema", "kml-schema"], "\(found)")
        #expect(found.first?.location.pointer == "/kml/Document/Placemark/Polygon/outerBoundaryIs")
        #expect(found.first?.location.line == 5)
        #expect(found.last?.location.pointer == "/kml/Document/Placemark[2]/bogus")
        #expect(found.last?.message.contains("bogus") == true)
        #expect(try kmlFindings(text).isEmpty)
    }

    @Test("a schema file given by path validates, with its own rules")
    func schemaFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kmlxsd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let xsd = dir.appendingPathComponent("tiny.xsd")
        try """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:tiny" elementFormDefault="qualified">
              <xs:element name="kml"><xs:complexType><xs:sequence>
                <xs:element name="n" type="xs:int" maxOccurs="unbounded"/>
              </xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """.write(to: xsd, atomically: true, encoding: .utf8)
        let schema = try KMLSchema(path: xsd.path)
        #expect(try kmlFindings("<kml xmlns=\"urn:tiny\"><n>1</n><n>2</n></kml>", schema: schema).isEmpty)
        let found = try kmlFindings("<kml xmlns=\"urn:tiny\"><n>1</n>\n<n>two</n></kml>", schema: schema)
        #expect(found.map(\.rule) == ["kml-schema"])
        #expect(found.first?.location.line == 2)
        #expect(found.first?.location.pointer == "/kml/n[2]")
        #expect(throws: MapBridgeError.self) { try KMLSchema(path: dir.appendingPathComponent("none.xsd").path) }
        try "<notaschema/>".write(to: xsd, atomically: true, encoding: .utf8)
        #expect(throws: MapBridgeError.self) { try KMLSchema(path: xsd.path) }
    }

    @Test("the built-in profile is schemas/ byte for byte")
    func profileMatchesFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let main = try String(contentsOf: root.appendingPathComponent("schemas/mapbridge-kml22.xsd"), encoding: .utf8)
        let gx = try String(contentsOf: root.appendingPathComponent("schemas/mapbridge-kml22-gx.xsd"), encoding: .utf8)
        #expect(KMLSchema.profileText + "\n" == main)
        #expect(KMLSchema.profileExtensionText + "\n" == gx)
    }

    @Test("coordinate tuples that do not parse are kml-coordinates, at the tuple")
    func coordinates() throws {
        let text = kml(placemark("<LineString><coordinates>\n1,2 x,3 5 1,2,3,4 1,,2</coordinates></LineString>"))
        let found = try kmlFindings(text)
        #expect(found.map(\.rule) == ["kml-coordinates", "kml-coordinates", "kml-coordinates", "kml-coordinates"], "\(found)")
        #expect(found.map(\.location.line) == [5, 5, 5, 5])
        #expect(found.map(\.location.column) == [5, 9, 11, 19])
        #expect(found.first?.location.pointer == "/kml/Document/Placemark/LineString/coordinates")
        // Spaces after commas are tolerated, as readers do.
        #expect(try kmlFindings(kml(placemark("<Point><coordinates> 1, 2, 3 </coordinates></Point>"))).isEmpty)
    }

    @Test("longitude and latitude ranges reuse the GeoJSON rule ids; swapped axes are named")
    func ranges() throws {
        let found = try kmlFindings(kml(placemark("<LineString><coordinates>181,0 0,91</coordinates></LineString>")))
        #expect(found.map(\.rule) == ["lon-out-of-range", "lat-out-of-range"])
        let swapped = try kmlFindings(kml(placemark("<LineString><coordinates>-33.9,151.2 -34,151.3</coordinates></LineString>")))
        #expect(swapped.map(\.rule) == ["lat-out-of-range", "lat-out-of-range", "swapped-axes"])
        #expect(swapped.last?.severity == .warning)
    }

    @Test("gx:coord of a gx:Track: three numbers separated by spaces, in range")
    func trackCoordinates() throws {
        let track = { (coords: String) in
            kml(placemark("<gx:Track xmlns:gx=\"http://www.google.com/kml/ext/2.2\">" + coords + "</gx:Track>"))
        }
        #expect(try kmlFindings(track("<gx:coord>1 2 3</gx:coord><gx:coord> -1.5 2.5 </gx:coord>")).isEmpty)
        #expect(try kmlFindings(track("<gx:coord>1,2,3</gx:coord>")).map(\.rule) == ["kml-coordinates"])
        #expect(try kmlFindings(track("<gx:coord>1 2 3 4</gx:coord>")).map(\.rule) == ["kml-coordinates"])
        let found = try kmlFindings(track("<gx:coord>1 2 3</gx:coord><gx:coord>190 2 3</gx:coord>"))
        #expect(found.map(\.rule) == ["lon-out-of-range"])
        #expect(found.first?.location.pointer == "/kml/Document/Placemark/gx:Track/gx:coord[2]")
    }

    @Test("rings must close and have 4 tuples; lines need 2")
    func rings() throws {
        #expect(try kmlFindings(kml(placemark(ring("0,0 1,0 1,1 0,1")))).map(\.rule) == ["ring-not-closed"])
        #expect(try kmlFindings(kml(placemark(ring("0,0 1,0 0,0")))).map(\.rule) == ["ring-too-short"])
        #expect(try kmlFindings(kml(placemark(ring("0,0,5 1,0 1,1 0,0")))).isEmpty)
        #expect(try kmlFindings(kml(placemark("<LineString><coordinates>1,2</coordinates></LineString>"))).map(\.rule)
            == ["line-too-short"])
        // A ring broken by a bad tuple is reported once, for the tuple.
        #expect(try kmlFindings(kml(placemark(ring("0,0 1,0 x,1 0,0")))).map(\.rule) == ["kml-coordinates"])
    }

    @Test("a styleUrl must name a style of the document, which may come later")
    func styleURL() throws {
        let late = kml(placemark("<Point><coordinates>1,2</coordinates></Point>", extra: "<styleUrl>#s</styleUrl>")
            + "<StyleMap id=\"s\"/>")
        #expect(try kmlFindings(late).isEmpty)
        let missing = kml(placemark("<Point><coordinates>1,2</coordinates></Point>", extra: "<styleUrl> #gone </styleUrl>")
            + placemark("<Point><coordinates>1,2</coordinates></Point>", extra: "<styleUrl>#gone</styleUrl>")
            + placemark("<Point><coordinates>1,2</coordinates></Point>", extra: "<styleUrl>other.kml#gone</styleUrl>"))
        let found = try kmlFindings(missing)
        #expect(found.map(\.rule) == ["style-url-unresolved"])
        #expect(found.first?.location.pointer == "/kml/Document/Placemark/styleUrl")
        #expect(found.first?.message.contains("2 times") == true)
    }

    @Test("duplicate ids, kml:id included; off when not tracked")
    func duplicateIDs() throws {
        let text = kml("<Placemark id=\"a\"/>\n<Placemark xmlns:k=\"http://www.opengis.net/kml/2.2\" k:id=\"a\"/><Placemark id=\"b\"/>")
        let found = try kmlFindings(text)
        #expect(found.map(\.rule) == ["duplicate-id"])
        #expect(found.first?.location.line == 5)
        #expect(found.first?.location.pointer == "/kml/Document/Placemark[2]")
        #expect(try kmlFindings(text, checksIDs: false).isEmpty)
    }

    @Test("positions do not depend on how the input is chunked")
    func chunking() throws {
        let text = kml(placemark("<LineString><coordinates>\n1,2 x,3</coordinates></LineString>") + "<Placemark><bogus/></Placemark>")
        let whole = try kmlFindings(text, schema: try KMLSchema.profile())
        let bytewise = try kmlFindings(text, schema: try KMLSchema.profile(), chunkSize: 7)
        #expect(whole.count == 3)
        #expect(whole == bytewise)
    }

    @Test("a KMZ is checked through its doc.kml; an archive without KML is a finding")
    func kmz() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("kmz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.kmz").path
        let writer = try ZipArchiveWriter(path: path)
        try writer.add(Array(kml(placemark(ring("0,0 1,0 1,1 0,1"))).utf8), as: "doc.kml")
        try writer.commit()
        var found: [Finding] = []
        try KMLValidator.validateKMZ(path: path) { found.append($0) }
        #expect(found.map(\.rule) == ["ring-not-closed"])
        #expect(found.first?.location.file == path)

        let empty = dir.appendingPathComponent("b.kmz").path
        let other = try ZipArchiveWriter(path: empty)
        try other.add(Array("hello".utf8), as: "readme.txt")
        try other.commit()
        found = []
        try KMLValidator.validateKMZ(path: empty) { found.append($0) }
        #expect(found.map(\.rule) == ["xml-syntax"])
    }
}
