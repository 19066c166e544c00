import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// What the GPX reader keeps beside the model's fields: `desc`, `time` and `sym` repeating the
/// subtitle, an instant and the symbol, and per-point values in `coordinateProperties` that the
/// model's `Polyline.times` join.
@Suite("GeoJSONWriter and GPX's property names")
struct GeoJSONWriterGPXFieldTests {
    private func writtenProperties(_ feature: Feature) throws -> PropertyValue? {
        var o = GeoJSONWriter.Options()
        o.layout = .lines
        let written = try writeAll([feature], options: o)
        return try parseJSON(written.text)["properties"]
    }

    @Test("a GPX feature's description, time and symbol are written as desc, time and sym, where they stood")
    func restatedFields() throws {
        // As the GPX reader makes it: the fields, placed under GPX's names.
        var feature = Feature(title: "Hut", subtitle: "Cabane", shape: .annotation(c(7, 46)),
                              style: Style(marker: MarkerStyle(symbol: "Lodge")), time: .instant("2024-06-01T07:00:00Z"))
        feature.placeField(.time, key: "time", sourceValue: "2024-06-01T07:00:00Z")
        feature.placeField(.subtitle, key: "desc", sourceValue: "Cabane")
        feature.placeField(.markerSymbol, key: "sym", sourceValue: "Lodge")
        #expect(try writtenProperties(feature) == .object([
            "time": "2024-06-01T07:00:00Z", "desc": "Cabane", "sym": "Lodge", "name": "Hut",
        ]))
        // Set in code, the new description is written in desc's place.
        feature.subtitle = "Hütte"
        #expect(try writtenProperties(feature)?["desc"] == "Hütte")
    }

    @Test("desc, time and sym with other values are only data: the model's fields are written too")
    func differentValues() throws {
        let feature = Feature(subtitle: "B", shape: .annotation(c(7, 46)), properties: ["desc": "A", "time": 5],
                              time: .instant("2024-06-01T07:00:00Z"))
        #expect(try writtenProperties(feature) == .object([
            "desc": "A", "time": 5, "description": "B", "timestamp": "2024-06-01T07:00:00Z",
        ]))
    }

    @Test("a line's times join an existing coordinateProperties object as its first member")
    func timesJoinCoordinateProperties() throws {
        let line = Polyline([c(0, 0), c(1, 1)], times: ["2024-01-01T00:00:00Z", "2024-01-01T00:00:01Z"])
        let feature = Feature(shape: .polyline(line), properties: ["coordinateProperties": .object(["heart": .array([90, 91])])])
        #expect(try writtenProperties(feature) == .object(["coordinateProperties": .object([
            "times": .array(["2024-01-01T00:00:00Z", "2024-01-01T00:00:01Z"]), "heart": .array([90, 91]),
        ])]))
    }

    @Test("times already in coordinateProperties are left as they are")
    func timesAlreadyThere() throws {
        let line = Polyline([c(0, 0), c(1, 1)], times: ["2024-01-01T00:00:00Z", "2024-01-01T00:00:01Z"])
        let given: PropertyValue = .object(["times": .array(["a", "b"])])
        let feature = Feature(shape: .polyline(line), properties: ["coordinateProperties": given])
        #expect(try writtenProperties(feature) == .object(["coordinateProperties": given]))
    }
}
