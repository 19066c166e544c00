import MapBridgeKML
import MapBridgeModel
import Testing

/// One feature as one Placemark: the order of its elements, its id, its time.
@Suite("KMLWriter placemarks")
struct KMLWriterPlacemarkTests {
    @Test("a feature with only a name is a Placemark with only a name; a bare feature is left out")
    func bare() throws {
        let output = try writeKMLDocument([Feature(title: "X"), Feature()])
        #expect(output.text == expectedKML("<Placemark><name>X</name></Placemark>"))
        #expect(output.codes == ["empty-feature"])
        expectSchemaValid(output)
    }

    @Test("every field in the order KML 2.2 requires")
    func elementOrder() throws {
        let feature = Feature(
            id: .string("jfk"), title: "JFK", subtitle: "New York", shape: .annotation(wpt(-73.7781, 40.6413)),
            properties: ["iata": "JFK"], style: Style(strokeColor: Color(red: 255, green: 0, blue: 0)),
            time: .instant("2026-11-30T12:00:00Z"), address: "Queens, NY 11430", visibility: false)
        let output = try writeKMLDocument([feature])
        #expect(output.text == expectedKML(
            #"<Style id="style-1"><LineStyle><color>ff0000ff</color></LineStyle></Style>"#,
            #"<Schema id="schema-1"><SimpleField type="string" name="iata"/></Schema>"#,
            #"<Placemark id="jfk"><name>JFK</name><visibility>0</visibility><address>Queens, NY 11430</address>"#
                + "<description>New York</description><TimeStamp><when>2026-11-30T12:00:00Z</when></TimeStamp>"
                + "<styleUrl>#style-1</styleUrl>"
                + simpleDataXML(("iata", "JFK"))
                + "<Point><coordinates>-73.7781,40.6413</coordinates></Point></Placemark>"))
        #expect(output.codes.isEmpty)
        expectSchemaValid(output)
    }

    @Test("an inline style sits after the time and before the data")
    func inlineStyleOrder() throws {
        let feature = Feature(title: "A", properties: ["k": 1], style: Style(strokeWidth: 3), time: .instant("2026"))
        let output = try writeKMLDocument([feature], options: inlineStyleOptions())
        #expect(placemarkLines(output.text) == [
            "<Placemark><name>A</name><TimeStamp><when>2026</when></TimeStamp>"
                + "<Style><LineStyle><width>3</width></LineStyle></Style>"
                + simpleDataXML(("k", "1")) + "</Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("visibility true is 1")
    func visible() throws {
        let output = try writeKMLDocument([Feature(visibility: true)])
        #expect(placemarkLines(output.text) == ["<Placemark><visibility>1</visibility></Placemark>"])
    }

    // MARK: Ids

    @Test("an id that is an XML name is the id attribute",
          arguments: ["a", "_x", "A-1.b_2", "place.7"])
    func validID(id: String) throws {
        let output = try writeKMLDocument([Feature(id: .string(id))])
        #expect(placemarkLines(output.text) == [#"<Placemark id="\#(id)"></Placemark>"#])
        #expect(output.codes.isEmpty)
        expectSchemaValid(output)
    }

    @Test("an id that is no XML name becomes data named @id, reported once, and the id again when read",
          arguments: [FeatureID.number(NumberValue(7)), .string("7a"), .string("a b"), .string("a:b"), .string(""),
                      .string("Zürich"), .string("-a")])
    func invalidID(id: FeatureID) throws {
        let output = try writeKMLDocument([Feature(id: id), Feature(id: id)])
        #expect(placemarkLines(output.text) == Array(repeating:
            "<Placemark>" + simpleDataXML(("@id", id.description)) + "</Placemark>", count: 2))
        let type = if case .number = id { "int" } else { "string" }
        #expect(output.text.contains(#"<Schema id="schema-1"><SimpleField type="\#(type)" name="@id"/></Schema>"#))
        #expect(output.codes == ["id-not-xml-name"])
        expectSchemaValid(output)
        let read = try readKML(output.text)
        #expect(read.features.map(\.id) == [id, id])
        #expect(read.features.allSatisfy { $0.properties.isEmpty })
    }

    @Test("data named id is a property, with or without an id attribute")
    func idDataIsAProperty() throws {
        let read = try readKML(#"<kml><Document><Placemark><ExtendedData><Data name="id"><value>x</value></Data></ExtendedData></Placemark>"#
            + #"<Placemark id="p"><ExtendedData><Data name="id"><value>y</value></Data></ExtendedData></Placemark></Document></kml>"#)
        #expect(read.features.map(\.id) == [nil, .string("p")])
        #expect(read.features.map(\.properties) == [["id": "x"], ["id": "y"]])
    }

    @Test("a repeated id becomes Data on the second placemark")
    func duplicateID() throws {
        let output = try writeKMLDocument([Feature(id: .string("a")), Feature(id: .string("a"))])
        #expect(placemarkLines(output.text) == [
            #"<Placemark id="a"></Placemark>"#,
            "<Placemark>" + simpleDataXML(("@id", "a")) + "</Placemark>",
        ])
        #expect(output.codes == ["id-duplicate"])
        expectSchemaValid(output)
    }

    @Test("an id property and an id that cannot be an attribute are both kept")
    func idPropertyWins() throws {
        let output = try writeKMLDocument([Feature(id: .number(NumberValue(7)), properties: ["id": "own"])])
        #expect(placemarkLines(output.text) == [
            "<Placemark>" + simpleDataXML(("@id", "7"), ("id", "own")) + "</Placemark>",
        ])
    }

    @Test("an @id property keeps its key, whatever other keys of its length say: the id that needs data is left out")
    func idKeyTakenByProperty() throws {
        // `abc` and `@ix` have the length of `@id` (compared first), `@id` is the property.
        let feature = Feature(id: .string("1bad"), properties: ["abc": "x", "@ix": "y", "@id": "mine"])
        let output = try writeKMLDocument([feature])
        #expect(placemarkLines(output.text) == [
            "<Placemark>" + simpleDataXML(("abc", "x"), ("@ix", "y"), ("@id", "mine")) + "</Placemark>",
        ])
        let other = try writeKMLDocument([Feature(id: .string("1bad"), properties: ["abc": "x", "@ix": "y"])])
        #expect(placemarkLines(other.text) == [
            "<Placemark>" + simpleDataXML(("@id", "1bad"), ("abc", "x"), ("@ix", "y")) + "</Placemark>",
        ])
    }

    @Test("a placemark id that a shared style took is written as data")
    func idTakenByStyle() throws {
        let styled = Feature(style: Style(id: "red", strokeWidth: 1))
        let output = try writeKMLDocument([styled, Feature(id: .string("red"))])
        #expect(placemarkLines(output.text) == [
            "<Placemark><styleUrl>#red</styleUrl></Placemark>",
            "<Placemark>" + simpleDataXML(("@id", "red")) + "</Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("many distinct ids are all kept")
    func manyIDs() throws {
        let features = (0..<5_000).map { Feature(id: .string("p\($0)")) }
        let output = try writeKMLDocument(features)
        #expect(output.codes.isEmpty)
        #expect(placemarkLines(output.text).count == 5_000)
        #expect(!output.text.contains("<ExtendedData>"))
    }

    // MARK: Time

    @Test("a time span writes the ends it has")
    func timeSpan() throws {
        let features = [Feature(time: .span(begin: "1997-07", end: "1998")), Feature(time: .span(begin: nil, end: "2000-01-02")),
                        Feature(time: .span(begin: nil, end: nil))]
        let output = try writeKMLDocument(features)
        #expect(placemarkLines(output.text) == [
            "<Placemark><TimeSpan><begin>1997-07</begin><end>1998</end></TimeSpan></Placemark>",
            "<Placemark><TimeSpan><end>2000-01-02</end></TimeSpan></Placemark>",
            "<Placemark></Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("times KML accepts go into TimeStamp",
          arguments: ["2026", "2026-11", "2026-11-30", "2026-11-30T12:00:00Z", "2026-11-30T12:00:00.250+05:30",
                      "2024-02-29T00:00:00", "-0044-03-15", "2026-11-30T24:00:00Z", "12026-01-01", "2026-11-30-08:00"])
    func validTimes(text: String) throws {
        let output = try writeKMLDocument([Feature(time: .instant(text))])
        #expect(placemarkLines(output.text) == ["<Placemark><TimeStamp><when>\(text)</when></TimeStamp></Placemark>"])
        #expect(output.codes.isEmpty)
        expectSchemaValid(output)
    }

    @Test("times KML cannot read go into data as timestamp, reported once",
          arguments: ["2026-11-30T12:00Z", "2026-11-30 12:00:00", "yesterday", "2025-02-29", "2026-13", "0000",
                      "2026-11-30T12:00:60Z", "2026-11-30T24:00:01Z", "02026", "2026-11-30T12:00:00+15:00", ""])
    func invalidTimes(text: String) throws {
        let output = try writeKMLDocument([Feature(time: .instant(text)), Feature(time: .instant(text))])
        let line = "<Placemark>" + simpleDataXML(("timestamp", text)) + "</Placemark>"
        #expect(placemarkLines(output.text) == [line, line])
        #expect(output.codes == ["time-text"])
        expectSchemaValid(output)
    }

    @Test("a span with an end KML cannot read goes into data as a JSON object")
    func invalidSpan() throws {
        let output = try writeKMLDocument([Feature(time: .span(begin: "2026-01-01", end: "soon"))])
        #expect(placemarkLines(output.text) == [
            "<Placemark>" + simpleDataXML(("timespan", #"{"begin":"2026-01-01","end":"soon"}"#)) + "</Placemark>",
        ])
        #expect(output.codes == ["time-text"])
    }

    // MARK: What KML cannot hold

    @Test("foreign members are reported once, with their names, at the first feature's location")
    func foreignMembers() throws {
        let location = SourceLocation(file: "in.geojson", line: 3, column: 5)
        let features = [Feature(title: "a", foreignMembers: ["folder": .array(["a"]), "bbox": .array([1, 2])], location: location),
                        Feature(title: "b", foreignMembers: ["other": true])]
        let output = try writeKMLDocument(features)
        #expect(output.codes == ["dropped-member"])
        #expect(output.diagnostics.first?.message.contains("'folder', 'bbox'") == true)
        #expect(output.diagnostics.first?.location == location)
        #expect(placemarkLines(output.text) == ["<Placemark><name>a</name></Placemark>", "<Placemark><name>b</name></Placemark>"])
    }
}

@Suite("KMLWriter and features that carry nothing")
struct KMLWriterEmptyFeatureTests {
    @Test("a feature without positions or anything else is left out and reported, once with a count")
    func leftOut() throws {
        let empty = [Feature(shape: .multiPoint([])), Feature(shape: .polygon(Polygon(outer: []))), Feature()]
        var named = Feature(shape: .multiPolyline([]))
        named.title = "Planned"
        var withData = Feature(shape: .multiPolygon([]))
        withData.properties["status"] = .string("draft")
        let output = try writeKMLDocument(empty + [named, withData])
        #expect(output.text.split(separator: "<Placemark", omittingEmptySubsequences: false).count - 1 == 2)
        #expect(output.text.contains("<name>Planned</name>"))
        #expect(output.text.contains("draft"))
        #expect(output.codes.filter { $0 == "empty-feature" }.count == 1)
        let count = try #require(output.diagnostics.first { $0.code == "empty-feature-count" })
        #expect(count.message.hasPrefix("3 features"))
    }

    @Test("a circle or a single point is never empty")
    func notEmpty() throws {
        let output = try writeKMLDocument([
            Feature(shape: .annotation(Coordinate(longitude: 1, latitude: 2))),
            Feature(shape: .circle(Circle(center: Coordinate(longitude: 1, latitude: 2), radius: 100))),
        ])
        #expect(output.text.split(separator: "<Placemark", omittingEmptySubsequences: false).count - 1 == 2)
        #expect(!output.codes.contains("empty-feature"))
    }
}
