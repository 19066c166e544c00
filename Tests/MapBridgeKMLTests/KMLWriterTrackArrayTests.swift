import MapBridgeKML
import MapBridgeModel
import Testing

/// Tracks' per-point values (GPX heart rate, cadence …) as gx:SimpleArrayData.
@Suite("KMLWriter track per-point values")
struct KMLWriterTrackArrayTests {
    static let times = ["2024-05-01T10:00:00Z", "2024-05-01T10:00:05Z", "2024-05-01T10:00:10Z"]

    static func track(_ perPoint: Properties, lines: Int = 1) -> Feature {
        let line = Polyline([Coordinate(longitude: 2, latitude: 1), Coordinate(longitude: 2.001, latitude: 1.001),
                             Coordinate(longitude: 2.002, latitude: 1.002)], times: times)
        let shape: Shape = lines == 1 ? .polyline(line) : .multiPolyline(Array(repeating: line, count: lines))
        return Feature(title: "Run", shape: shape, properties: ["coordinateProperties": .object(perPoint)])
    }

    @Test("numbers, booleans and text per point go into the gx:Track, typed, and read back as they were")
    func oneTrack() throws {
        let perPoint: Properties = [
            "times": .array(Self.times.map { .string($0) }),
            "heart": .array([120, 125, 130]), "cads": .array([80, nil, 82]), "atemps": .array([21.5, 21, nil]),
            "moving": .array([true, false, true]), "names": .array(["start", nil, nil]),
        ]
        let output = try writeKMLDocument([Self.track(perPoint)])
        expectSchemaValid(output)
        #expect(output.codes.isEmpty)
        #expect(output.text.contains(#"<gx:SimpleArrayField type="int" name="heart"/><gx:SimpleArrayField type="int" name="cads"/><gx:SimpleArrayField type="double" name="atemps"/><gx:SimpleArrayField type="bool" name="moving"/>"#))
        #expect(output.text.contains(#"<gx:SimpleArrayData name="cads"><gx:value>80</gx:value><gx:value/><gx:value>82</gx:value></gx:SimpleArrayData>"#))
        #expect(output.text.contains(#"<gx:value>1</gx:value><gx:value>0</gx:value>"#))
        // Text with nulls would come back as empty text: it stays data, as JSON.
        #expect(output.text.contains(#"<SimpleData name="coordinateProperties">{"names":["start",null,null]}</SimpleData>"#))
        let read = try readKML(output.text)
        let back = try #require(read.features.first?.properties["coordinateProperties"])
        guard case .object(let members) = back else {
            Issue.record("no coordinateProperties object")
            return
        }
        #expect(members["heart"] == .array([120, 125, 130]))
        #expect(members["cads"] == .array([80, nil, 82]))
        #expect(members["atemps"] == .array([21.5, 21, nil]))
        #expect(members["moving"] == .array([true, false, true]))
        #expect(members["names"] == .array(["start", nil, nil]))
        #expect(members["times"] == nil)
        // KML → KML writes the same again.
        #expect(try writeKMLDocument(read.features).text == output.text)
    }

    @Test("several tracks: each gx:Track carries its own line's values; a line without one has none")
    func multiTrack() throws {
        let perPoint: Properties = ["heart": .array([.array([1, 2, 3]), nil, .array([7, 8, 9])])]
        let output = try writeKMLDocument([Self.track(perPoint, lines: 3)])
        expectSchemaValid(output)
        #expect(output.text.split(separator: "<gx:SimpleArrayData").count == 3)
        #expect(!output.text.contains(#"name="coordinateProperties""#))
        let read = try readKML(output.text)
        #expect(read.features.first?.properties["coordinateProperties"] == .object(["heart": .array([.array([1, 2, 3]), nil, .array([7, 8, 9])])]))
    }

    @Test("values that do not fit the vertices stay data, as JSON, not dropped", arguments: [
        PropertyValue.array([1, 2]), PropertyValue.array([1, "x", 3]), PropertyValue.array([.array([1]), 2, 3]), PropertyValue.string("x"),
    ])
    func misfits(value: PropertyValue) throws {
        let output = try writeKMLDocument([Self.track(["odd": value])])
        expectSchemaValid(output)
        #expect(!output.text.contains("gx:SimpleArrayData"))
        let read = try readKML(output.text)
        #expect(read.features.first?.properties["coordinateProperties"] == .object(["odd": value]))
    }
}
