import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// Slips that track recorders and web maps leave in the KML they write, which Google Earth and
/// GDAL read past: undeclared prefixes, empty track samples.
@Suite("KML reader: slips real writers make")
struct KMLReaderRecorderSlipTests {
    @Test("a prefix used without its xmlns declaration is read on, with one warning at its line")
    func undeclaredPrefix() throws {
        let r = try readKML("""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document xsi:schemaLocation="http://www.opengis.net/kml/2.2 ogckml22.xsd">
            <Placemark><name>a</name><Point><coordinates>7,46</coordinates></Point></Placemark>
            <Placemark><name>b</name><gx:Track><when>2024-05-01T10:00:00Z</when><when>2024-05-01T10:00:09Z</when>
            <gx:coord>7 46 500</gx:coord><gx:coord>7.001 46.001 505</gx:coord></gx:Track></Placemark>
            </Document></kml>
            """)
        #expect(r.features.map(\.title) == ["a", "b"])
        guard case .polyline(let line)? = r.features.last?.shape else { Issue.record("the gx:Track is not a line"); return }
        #expect(line.coordinates.count == 2)
        #expect(line.times == ["2024-05-01T10:00:00Z", "2024-05-01T10:00:09Z"])
        let notes = r.warnings.filter { $0.code == "xml-namespace" }
        #expect(notes.count == 1)
        #expect(notes.first?.location?.line == 3)
        #expect(notes.first?.message.contains("xsi") == true)
    }

    @Test("a duplicated attribute is still malformed XML and stops the conversion")
    func duplicateAttributeStillFails() {
        #expect(throws: MapBridgeError.self) {
            _ = try readKML("""
                <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:a="u" xmlns:a="u"><Placemark/></kml>
                """)
        }
    }

    @Test("an empty gx:coord is left out with the time at its place; the others keep theirs")
    func emptyTrackCoord() throws {
        let r = try readKML(kml("""
            <Placemark><name>walk</name><gx:MultiTrack><gx:Track>
            <when>2021-03-02T09:30:40Z</when><when>2021-03-02T09:30:41Z</when><when>2021-03-02T09:30:50Z</when><when>2021-03-02T09:30:51Z</when>
            <gx:coord/><gx:coord>8.97 48.50 405</gx:coord><gx:coord>8.98 48.51 401</gx:coord><gx:coord></gx:coord>
            </gx:Track></gx:MultiTrack></Placemark>
            """))
        guard case .polyline(let line)? = r.features.first?.shape else { Issue.record("not a line"); return }
        #expect(line.coordinates.map(\.longitude) == [8.97, 8.98])
        #expect(line.times == ["2021-03-02T09:30:41Z", "2021-03-02T09:30:50Z"])
        #expect(r.warnings.contains { $0.code == "track-empty-coord" })
    }

    @Test("a gx:Track whose positions are all empty has no geometry, and is still a feature")
    func allEmptyTrack() throws {
        let r = try readKML(kml("""
            <Placemark><name>nothing</name><gx:Track><when>2021-03-02T09:30:40Z</when><gx:coord/></gx:Track></Placemark>
            """))
        #expect(r.features.map(\.title) == ["nothing"])
        #expect(r.features.first?.shape == nil)
    }

    @Test("an empty <when/> in a gx:Track drops the times, not the positions, and says so")
    func emptyTrackWhen() throws {
        let r = try readKML(kml("""
            <Placemark><gx:Track><when/><when>1970-01-01T00:00:03Z</when><when>1970-01-01T00:00:04Z</when>
            <gx:coord>-32.06 30.47 26</gx:coord><gx:coord>-32.05 30.48</gx:coord><gx:coord>-32.04 30.49 31</gx:coord>
            </gx:Track></Placemark>
            """))
        guard case .polyline(let line)? = r.features.first?.shape else { Issue.record("not a line"); return }
        #expect(line.coordinates.count == 3)
        #expect(line.times == nil)
        #expect(r.warnings.contains { $0.code == "track-empty-when" })
    }

    @Test("the lower-case <snippet> (KML 2.2 keeps it; GPSBabel writes it) is read like <Snippet>; an empty one is nothing")
    func lowerCaseSnippet() throws {
        let r = try readKML(kml("""
            <Placemark><name>a</name><snippet>Created by hand</snippet></Placemark>
            <Placemark><name>b</name><snippet/></Placemark>
            """))
        #expect(r.features.first?.properties["snippet"] == .string("Created by hand"))
        #expect(r.features.last?.properties["snippet"] == nil)
        #expect(!r.warnings.contains { $0.code == "unread-element" })
    }

    @Test("Latin-1 bytes in a file that declares no encoding: the message says so and how to fix it")
    func latin1WithoutDeclaration() throws {
        let bytes = Array(#"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>La Dr"#.utf8) + [0xF4]
            + Array("me</name></Placemark></kml>".utf8)
        let reader = KMLReader(path: "t.kml", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })
        let error = try #require(throws: MapBridgeError.self) {
            _ = try reader.open()
            while try reader.next() != nil {}
        }
        #expect(error.message.contains("not UTF-8"))
        #expect(error.message.contains("0xF4"))
        #expect(error.message.contains("encoding="))
        #expect(error.location?.line == 1)
    }

    @Test("a blank line before the XML declaration stops with the line and says what to remove")
    func textBeforeDeclaration() throws {
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readKML("   \n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark/></kml>")
        }
        #expect(error.location?.line == 2)
        #expect(error.message.contains("remove what comes before <?xml"))
    }

    @Test("gx:SimpleArrayData in a gx:Track becomes coordinateProperties, typed by its gx:SimpleArrayField")
    func simpleArrayData() throws {
        let r = try readKML(kml("""
            <Schema id="s"><gx:SimpleArrayField name="heartrate" type="int"><displayName>HR</displayName></gx:SimpleArrayField></Schema>
            <Placemark><name>run</name><gx:Track>
            <when>2024-05-01T10:00:00Z</when><when>2024-05-01T10:00:05Z</when><when>2024-05-01T10:00:09Z</when>
            <gx:coord>7 46 500</gx:coord><gx:coord/><gx:coord>7.002 46.002 510</gx:coord>
            <ExtendedData><SchemaData schemaUrl="#s">
            <gx:SimpleArrayData name="heartrate"><gx:value>120</gx:value><gx:value>121</gx:value><gx:value>125</gx:value></gx:SimpleArrayData>
            <gx:SimpleArrayData name="note"><gx:value>a</gx:value><gx:value>b</gx:value><gx:value>c</gx:value></gx:SimpleArrayData>
            </SchemaData></ExtendedData></gx:Track></Placemark>
            """))
        let f = try #require(r.features.first)
        guard case .object(let perPoint)? = f.properties["coordinateProperties"] else {
            Issue.record("no coordinateProperties: \(f.properties)")
            return
        }
        // The empty gx:coord's values go with it.
        #expect(perPoint["heartrate"] == .array([.number(NumberValue(text: "120", value: 120)), .number(NumberValue(text: "125", value: 125))]))
        #expect(perPoint["note"] == .array([.string("a"), .string("c")]))
        #expect(!r.warnings.contains { $0.code == "unread-element" && $0.message.contains("SimpleArray") })
    }
}
