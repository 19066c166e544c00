import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// Model fields GeoJSON has no member for: title, subtitle, style and time become properties;
/// circles, folders and geodesic lines are written as well as GeoJSON allows, with warnings.
@Suite("GeoJSONWriter model fields")
struct GeoJSONWriterModelFieldTests {
    private func linesOptions(shapes: GeoJSONWriter.ShapeRules = GeoJSONWriter.ShapeRules()) -> GeoJSONWriter.Options {
        var o = GeoJSONWriter.Options()
        o.layout = .lines
        o.shapes = shapes
        return o
    }

    /// The single feature's object as written.
    private func writtenObject(_ feature: Feature, shapes: GeoJSONWriter.ShapeRules = GeoJSONWriter.ShapeRules())
        throws -> (object: PropertyValue, codes: [String])
    {
        let written = try writeAll([feature], options: linesOptions(shapes: shapes))
        return (try parseJSON(written.text), written.codes)
    }

    private static let style = Style(
        strokeColor: Color(red: 255, green: 0, blue: 0), strokeOpacity: 0.5, strokeWidth: 3,
        fillColor: Color(red: 0, green: 255, blue: 0), fillOpacity: 0.25,
        marker: MarkerStyle(color: Color(red: 0, green: 0, blue: 255), symbol: "airport", size: .large),
        label: LabelStyle(color: Color(red: 17, green: 34, blue: 51), scale: 1.5))

    @Test("a feature without model fields writes only its own properties")
    func noModelFields() throws {
        let (object, codes) = try writtenObject(Feature(shape: .annotation(c(1, 2)), properties: ["a": 1]))
        #expect(object["properties"] == .object(["a": 1]))
        #expect(codes.isEmpty)
    }

    @Test("title, subtitle, style and time become name, description, simplestyle keys and timestamp")
    func modelFieldsAsProperties() throws {
        let feature = Feature(title: "Home", subtitle: "Where the heart is", shape: .annotation(c(1, 2)),
                              properties: ["own": true], style: Self.style, time: .instant("2026-11-30T12:00:00Z"))
        let (object, _) = try writtenObject(feature)
        let properties: Properties = [
            "own": true, "name": "Home", "description": "Where the heart is", "timestamp": "2026-11-30T12:00:00Z",
            "stroke": "#ff0000", "stroke-opacity": 0.5, "stroke-width": 3, "fill": "#00ff00", "fill-opacity": 0.25,
            "marker-color": "#0000ff", "marker-symbol": "airport", "marker-size": "large",
            "label-color": "#112233", "label-scale": 1.5,
        ]
        #expect(object["properties"] == .object(properties))
    }

    @Test("a timespan becomes a timespan object with the ends it has")
    func timespan() throws {
        let both = try writtenObject(Feature(time: .span(begin: "1997-07", end: "1998"))).object
        #expect(both["properties"]?["timespan"] == .object(["begin": "1997-07", "end": "1998"]))
        let open = try writtenObject(Feature(time: .span(begin: nil, end: "1998"))).object
        #expect(open["properties"]?["timespan"] == .object(["end": "1998"]))
    }

    @Test("model fields read back as they were written")
    func readBack() throws {
        let feature = Feature(title: "Home", subtitle: "Where", shape: .annotation(c(1, 2)), style: Self.style,
                              time: .span(begin: "2001", end: nil))
        let read = try readOne(try writeAll([feature]).text)
        #expect(read.title == "Home")
        #expect(read.subtitle == "Where")
        #expect(read.style == Self.style)
        #expect(read.time == .span(begin: "2001", end: nil))
    }

    @Test("properties the feature holds are not overwritten by model fields: a title takes its next key, other fields are reported")
    func existingPropertiesWin() throws {
        let feature = Feature(title: "Model title", subtitle: "Model text",
                              properties: ["description": "Own text", "name": "Own name", "stroke": "#000000"],
                              style: Style(strokeColor: Color(red: 255, green: 255, blue: 255),
                                           fillColor: Color(red: 1, green: 2, blue: 3)))
        let (object, codes) = try writtenObject(feature)
        #expect(object["properties"] == .object(["description": "Own text", "name": "Own name", "stroke": "#000000",
                                                 "title": "Model title", "fill": "#010203"]))
        #expect(codes == ["field-key-taken"])
    }

    @Test("marker icon, opacity, scale and heading are written and read back")
    func markerIcon() throws {
        let style = Style(marker: MarkerStyle(href: "pin.png", opacity: 0.5, scale: 2, heading: 45))
        let (object, _) = try writtenObject(Feature(shape: .annotation(c(0, 0)), style: style))
        #expect(object["properties"] == .object(["icon": "pin.png", "icon-opacity": 0.5, "icon-scale": 2, "icon-heading": 45]))
        let read = try readOne(try writeAll([Feature(shape: .annotation(c(0, 0)), style: style)]).text)
        #expect(read.style == style)
    }

    @Test("a title read from a title property is written back under it, in its place; set in code, it is written too")
    func titleProperty() throws {
        let read = try readOne(#"{"type":"Feature","geometry":null,"properties":{"a":1,"title":"T","b":2}}"#)
        #expect(read.title == "T" && read.properties == ["a": 1, "b": 2])
        #expect(try writtenObject(read).object["properties"] == .object(["a": 1, "title": "T", "b": 2]))
        var renamed = read
        renamed.title = "U"
        #expect(try writtenObject(renamed).object["properties"] == .object(["a": 1, "title": "U", "b": 2]))
        #expect(try writtenObject(Feature(title: "T", properties: ["title": "T"])).object["properties"] == .object(["title": "T", "name": "T"]))
    }

    @Test("with circles as given, a circle is written as its centre Point with a radius property, and a warning")
    func circle() throws {
        let feature = Feature(shape: .circle(Circle(center: c(2.5, 48.8), radius: 1500)), properties: ["a": 1])
        let written = try writeAll([feature, feature], options: linesOptions(shapes: .asGiven))
        let object = try parseJSON(String(written.text.split(separator: "\n")[0]))
        #expect(object["geometry"] == .object(["type": "Point", "coordinates": .array([2.5, 48.8])]))
        #expect(object["properties"] == .object(["a": 1, "radius": 1500]))
        // One warning however many circles.
        #expect(written.codes == ["circle"])
        #expect(written.diagnostics.first?.severity == .warning)
        #expect(written.diagnostics.first?.message.contains("radius") == true)
    }

    @Test("a circle keeps a radius property the feature already has")
    func circleWithRadiusProperty() throws {
        let feature = Feature(shape: .circle(Circle(center: c(0, 0), radius: 10.5)), properties: ["radius": "own"])
        let (object, _) = try writtenObject(feature, shapes: .asGiven)
        #expect(object["properties"] == .object(["radius": "own"]))
    }

    @Test("a circle inside a collection is a Point too")
    func circleInCollection() throws {
        let feature = Feature(shape: .collection([.circle(Circle(center: c(1, 1), radius: 5)), .annotation(c(2, 2))]))
        let (object, codes) = try writtenObject(feature)
        #expect(object["geometry"]?["geometries"]?.items?.map { $0["type"] } == [.string("Point"), .string("Point")])
        #expect(codes == ["circle"])
    }

    @Test("folders become a folder member, with a warning")
    func folders() throws {
        let feature = Feature(shape: .annotation(c(1, 2)), folderPath: ["Trips", "2026"])
        let (object, codes) = try writtenObject(feature)
        #expect(object["folder"] == .array(["Trips", "2026"]))
        #expect(codes == ["folders"])
    }

    @Test("with geodesic lines as given, they are written with their vertices, with a warning")
    func geodesic() throws {
        let line = Polyline([c(0, 0), c(90, 0)], interpolation: .geodesic)
        let (object, codes) = try writtenObject(Feature(shape: .polyline(line)), shapes: .asGiven)
        #expect(object["geometry"] == .object(["type": "LineString", "coordinates": .array([.array([0, 0]), .array([90, 0])])]))
        #expect(codes == ["geodesic-line"])
        let straight = try writtenObject(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)]))))
        #expect(straight.codes.isEmpty)
    }
}
