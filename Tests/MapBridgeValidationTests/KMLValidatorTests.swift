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

    @Test("a styleUrl ending in a CR LF (a character reference and a line break) still names its style")
    func styleURLEndingInCRLF() throws {
        // "\r\n" is one Swift Character, equal neither to "\r" nor to "\n": trimming over
        // Characters left it on the id (found by the validate-kml fuzz target's build).
        let text = kml(placemark("<Point><coordinates>1,2</coordinates></Point>", extra: "<styleUrl>#s&#13;\n</styleUrl>")
            + "<Style id=\"s\"/>")
        #expect(try kmlFindings(text).map(\.rule) == [])
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

@Suite("KML reader schema: what real files hold passes, real mistakes fail at their line")
struct KMLReaderSchemaTests {
    /// A document as Google Earth saves it: ids everywhere, <open>, LookAt, a ScreenOverlay at the
    /// root's Document, gx:Track, CDATA, indented coordinates, 'true' booleans, upper-case
    /// colours, atom and xal elements, children out of OGC's order.
    static let earth = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"
             xmlns:kml="http://www.opengis.net/kml/2.2" xmlns:atom="http://www.w3.org/2005/Atom"
             xmlns:xal="urn:oasis:names:tc:ciq:xsdschema:xAL:2.0" xmlns:ext="urn:example:ext">
        <Document id="doc">
          <name>Trip.kmz</name>
          <atom:author><atom:name>Someone</atom:name></atom:author>
          <atom:link href="https://example.org/trip"/>
          <open>1</open>
          <Style id="line">
            <LineStyle id="line-ls"><color>FF0000FF</color><width>4</width></LineStyle>
            <PolyStyle><color>7f00ff00</color><fill>true</fill><outline>false</outline></PolyStyle>
          </Style>
          <StyleMap id="pin">
            <Pair><key>normal</key><styleUrl>#pin-normal</styleUrl></Pair>
            <Pair><key>highlight</key><styleUrl>#pin-normal</styleUrl></Pair>
          </StyleMap>
          <Style id="pin-normal">
            <IconStyle id="pin-icon">
              <scale>1.1</scale>
              <Icon><href>http://maps.google.com/mapfiles/kml/pushpin/ylw-pushpin.png</href></Icon>
              <hotSpot x="20" y="2" xunits="pixels" yunits="pixels"/>
            </IconStyle>
            <BalloonStyle><text><![CDATA[<b>$[name]</b><br/>$[description]]]></text></BalloonStyle>
          </Style>
          <ScreenOverlay id="logo">
            <name>Logo</name>
            <Icon><href>logo.png</href></Icon>
            <overlayXY x="0" y="1" xunits="fraction" yunits="fraction"/>
            <screenXY x="0.02" y="0.98" xunits="fraction" yunits="fraction"/>
            <size x="0" y="0" xunits="pixels" yunits="pixels"/>
          </ScreenOverlay>
          <Folder id="places">
            <name>Places</name>
            <open>1</open>
            <Placemark id="office">
              <name>Office</name>
              <visibility>1</visibility>
              <description><![CDATA[<p>Where we <i>work</i></p>]]></description>
              <xal:AddressDetails><xal:Country><xal:CountryName>USA</xal:CountryName></xal:Country></xal:AddressDetails>
              <styleUrl>#pin</styleUrl>
              <LookAt>
                <longitude>-122.0839597145766</longitude>
                <latitude>37.42222904525232</latitude>
                <altitude>0</altitude>
                <heading>-148.4122922628044</heading>
                <tilt>40.5575073395506</tilt>
                <range>500.6566641072245</range>
                <gx:altitudeMode>relativeToSeaFloor</gx:altitudeMode>
              </LookAt>
              <TimeSpan id="built"><begin>1876-08-01</begin><end>1999</end></TimeSpan>
              <Point id="office-point">
                <altitudeMode>relativeToGround</altitudeMode>
                <coordinates>-122.0822035425683,37.42228990140251,0</coordinates>
              </Point>
              <ext:rating>5</ext:rating>
            </Placemark>
            <Placemark id="route">
              <name>Route</name>
              <styleUrl>#line</styleUrl>
              <LineString id="route-line">
                <extrude>0</extrude>
                <tessellate>true</tessellate>
                <coordinates>
                  -112.2550785337791,36.07954952145647,2357
                  -112.2549277039738,36.08117083492122,2357
                  -112.2552505069063,36.08260761307279,2357
                </coordinates>
              </LineString>
            </Placemark>
            <Placemark id="track">
              <name>Track</name>
              <gx:Track id="tr">
                <altitudeMode>absolute</altitudeMode>
                <when>2010-05-28T02:02:09Z</when>
                <when>2010-05-28T02:02:35Z</when>
                <gx:coord>-122.207881 37.371915 156.0</gx:coord>
                <gx:coord>-122.205712 37.373288 152.0</gx:coord>
                <gx:angles>45.54 66.2 77.0</gx:angles>
                <gx:angles>45.54 66.2 77.0</gx:angles>
                <ExtendedData>
                  <SchemaData schemaUrl="#tracks">
                    <gx:SimpleArrayData name="speed"><gx:value>1.5</gx:value><gx:value>2</gx:value></gx:SimpleArrayData>
                  </SchemaData>
                </ExtendedData>
              </gx:Track>
              <gx:TimeStamp><when>2010-05</when></gx:TimeStamp>
            </Placemark>
          </Folder>
          <GroundOverlay id="map">
            <name>Old map</name>
            <color>7FFFFFFF</color>
            <Icon><href>map.jpg</href><viewBoundScale>0.75</viewBoundScale></Icon>
            <LatLonBox id="box">
              <north>37.91904192681665</north>
              <south>37.46543388598137</south>
              <east>15.35832653742206</east>
              <west>14.60128369746704</west>
              <rotation>-0.1556640799496235</rotation>
            </LatLonBox>
          </GroundOverlay>
          <Schema name="tracks" id="tracks">
            <gx:SimpleArrayField name="speed" type="float"><displayName>Speed</displayName></gx:SimpleArrayField>
          </Schema>
        </Document>
        </kml>
        """

    private static func schemaFindings(_ text: String) throws -> [Finding] {
        try kmlFindings(text, schema: try KMLSchema.reader()).filter { $0.rule == "kml-schema" }
    }

    /// The line (from 1) of the first occurrence of `needle` in `text`.
    private static func line(of needle: String, in text: String) -> Int? {
        guard let range = text.range(of: needle) else { return nil }
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }

    @Test("a Google-Earth-style document passes the reader schema and every KML rule, not the writer's profile")
    func earthDocument() throws {
        #expect(try kmlFindings(Self.earth, schema: try KMLSchema.reader()).isEmpty)
        #expect(try kmlFindings(Self.earth, schema: try KMLSchema.reader(), chunkSize: 7).isEmpty)
        #expect(try kmlFindings(Self.earth, schema: try KMLSchema.profile()).contains { $0.rule == "kml-schema" })
    }

    @Test("each real mistake is one kml-schema error at its line", arguments: [
        ("<color>FF0000FF</color>", "<color>red</color>", "colour"),
        ("<color>FF0000FF</color>", "<color>ff00ff0</color>", "colour"),
        ("<color>7FFFFFFF</color>", "<color>#7FFFFFFF</color>", "colour"),
        ("<tessellate>true</tessellate>", "<tessellate>yes</tessellate>", "boolean"),
        ("<visibility>1</visibility>", "<visibility>on</visibility>", "boolean"),
        ("<north>37.91904192681665</north>", "<north>north</north>", "number"),
        ("<south>37.46543388598137</south>", "<south>37,4</south>", "number"),
        ("<east>15.35832653742206</east>", "<east>200</east>", "180"),
        ("<west>14.60128369746704</west>", "<west>14°36'</west>", "number"),
        ("<rotation>-0.1556640799496235</rotation>", "<rotation>tilted</rotation>", "number"),
        ("<width>4</width>", "<width>thick</width>", "double"),
        ("<scale>1.1</scale>", "<scale>big</scale>", "double"),
        ("<heading>-148.4122922628044</heading>", "<heading>north</heading>", "number"),
        ("<altitudeMode>relativeToGround</altitudeMode>", "<altitudeMode>onGround</altitudeMode>", "onGround"),
        ("<altitudeMode>absolute</altitudeMode>", "<altitudeMode>clampToSeaFloor</altitudeMode>", "clampToSeaFloor"),
        ("<gx:altitudeMode>relativeToSeaFloor</gx:altitudeMode>", "<gx:altitudeMode>absolute</gx:altitudeMode>", "absolute"),
        ("<coordinates>-122.0822035425683,37.42228990140251,0</coordinates>",
         "<coordinates>-122.0822035425683 37.42228990140251</coordinates>", "longitude,latitude"),
        ("<coordinates>-122.0822035425683,37.42228990140251,0</coordinates>",
         "<coordinates>-122.0822035425683,37.42228990140251,0,1</coordinates>", "longitude,latitude"),
        ("<coordinates>-122.0822035425683,37.42228990140251,0</coordinates>",
         "<coordinates>-122.08;37.42</coordinates>", "longitude,latitude"),
        ("<gx:coord>-122.207881 37.371915 156.0</gx:coord>", "<gx:coord>-122.207881,37.371915,156.0</gx:coord>", "longitude latitude"),
        ("<when>2010-05-28T02:02:09Z</when>", "<when>28/05/2010</when>", "2024-05-01T12:00:00Z"),
        ("<begin>1876-08-01</begin>", "<begin>August 1876</begin>", "dateTime"),
        ("<end>1999</end>", "<end>1999-13</end>", "dateTime"),
        ("<open>1</open>\n    <Placemark id=\"office\">", "<open>1</open><Placemarks/>\n    <Placemark id=\"office\">", "Placemarks"),
        ("<Icon><href>map.jpg</href>", "<Icon><href>map.jpg</href><scale>2</scale>", "another namespace"),
        ("<hotSpot x=\"20\"", "<hotSpot x=\"left\"", "left"),
        ("<description><![CDATA[<p>Where we <i>work</i></p>]]></description>",
         "<description><p>Where we <i>work</i></p></description>", "CDATA"),
    ])
    func mistake(_ good: String, _ bad: String, _ mentioned: String) throws {
        #expect(Self.earth.contains(good))
        let text = Self.earth.replacing(good, with: bad)
        let found = try Self.schemaFindings(text)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.severity == .error)
        #expect(found.first?.location.line == Self.line(of: good, in: Self.earth), "\(found)")
        #expect(found.first?.message.contains(mentioned) == true, "\(found)")
    }

    @Test("children in any order, and any number of them")
    func order() throws {
        let text = kml("""
            <Placemark><Point><coordinates>1,2</coordinates></Point><styleUrl>#s</styleUrl><name>a</name>
            <description>d</description><name>again</name></Placemark>
            <Style id="s"><LineStyle><width>2</width><color>ff0000ff</color></LineStyle></Style>
            """)
        #expect(try Self.schemaFindings(text).isEmpty)
    }

    @Test("other namespaces are accepted anywhere; unknown KML elements are not")
    func namespaces() throws {
        let text = kml("""
            <Placemark xmlns:ext="urn:example"><ext:a ext:b="c"><ext:d/></ext:a>
            <LineString><ext:quality>good</ext:quality><coordinates>1,2 3,4</coordinates></LineString></Placemark>
            """)
        #expect(try Self.schemaFindings(text).isEmpty)
        let typo = kml("<Folder><Placemarks><name>x</name></Placemarks></Folder>")
        let found = try Self.schemaFindings(typo)
        #expect(found.count == 1)
        #expect(found.first?.location.pointer == "/kml/Document/Folder/Placemarks")
        let unprefixed = kml("<Placemark><Point><coordinates xmlns=\"\">1,2</coordinates></Point></Placemark>")
        #expect(try Self.schemaFindings(unprefixed).count == 1)
    }

    @Test("empty values take KML's defaults; coordinates take any whitespace and space around commas")
    func lenientValues() throws {
        let text = kml("""
            <Style><ListStyle><bgColor/><maxSnippetLines/></ListStyle><LineStyle><width> 2 </width></LineStyle></Style>
            <Placemark><LineString><coordinates>\n\t1,2,3\t4, 5\r\n  6 ,7  </coordinates></LineString></Placemark>
            <Placemark><Point><coordinates>   </coordinates></Point></Placemark>
            """)
        #expect(try Self.schemaFindings(text).isEmpty)
    }

    @Test("Google's pre-2.2 namespaces skip the built-in schemas with one info finding; a given XSD still applies")
    func olderNamespaces() throws {
        for version in ["2.0", "2.1", "2.2"] {
            let text = """
                <kml xmlns="http://earth.google.com/kml/\(version)"><Document><Placemark><name>a</name>
                <Point><coordinates>1,2</coordinates></Point><bogus/></Placemark></Document></kml>
                """
            for schema in [try KMLSchema.reader(), try KMLSchema.profile()] {
                let found = try kmlFindings(text, schema: schema)
                #expect(found.count == 1, "\(found)")
                #expect(found.first?.rule == "kml-schema")
                #expect(found.first?.severity == .info)
                #expect(found.first?.message.contains("http://earth.google.com/kml/\(version)") == true)
                #expect(found.first?.location.line == 1)
            }
        }
        let noNamespace = try Self.schemaFindings("<kml><Document/></kml>")
        #expect(noNamespace.count == 1)
        #expect(noNamespace.first?.severity == .error)
        #expect(noNamespace.first?.message.contains("xmlns=\"http://www.opengis.net/kml/2.2\"") == true)
    }

    @Test("a long list of expected elements says it goes on")
    func expectedList() throws {
        let found = try Self.schemaFindings(kml("<Placemark><Placemarks/></Placemark>"))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("Placemarks") == true, "\(found)")
        #expect(found.first?.message.contains(", … )") == true, "\(found)")
    }

    @Test("the built-in reader schema is schemas/ byte for byte")
    func readerMatchesFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let main = try String(contentsOf: root.appendingPathComponent("schemas/mapbridge-kml22-read.xsd"), encoding: .utf8)
        let gx = try String(contentsOf: root.appendingPathComponent("schemas/mapbridge-kml22-read-gx.xsd"), encoding: .utf8)
        #expect(KMLSchema.readerText + "\n" == main)
        #expect(KMLSchema.readerExtensionText + "\n" == gx)
    }
}
