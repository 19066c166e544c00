import MapBridgeKML
import MapBridgeModel
import Testing

/// Whole documents with every kind of content, in every layout, validated against the
/// repository's KML schema (`schemas/mapbridge-kml22.xsd`), and the schema checked for
/// catching what it must.
@Suite("KMLWriter schema validity")
struct KMLWriterSchemaTests {
    /// A bit of everything the writer can emit.
    static let features: [Feature] = {
        let red = Color(red: 255, green: 0, blue: 0)
        let ring = [wpt(0, 0), wpt(1, 0), wpt(1, 1), wpt(0, 0)]
        return [
            Feature(id: .string("a1"), title: "Point & co", subtitle: "<b>bold</b> ]]> done", shape: .annotation(wpt(1, 2, 3)),
                    properties: ["n": 1, "s": "x", "b": false, "z": nil, "arr": .array([1, .array([2])]), "obj": .object(["k": "v"])],
                    style: Style(id: "pin", marker: MarkerStyle(href: "a.png", color: red, opacity: 0.5, scale: 2, heading: 400),
                                 label: LabelStyle(color: red, scale: 1.2)),
                    time: .instant("2026-11-30T12:00:00Z"), folderPath: ["A", "B"], address: "Somewhere",
                    visibility: true, altitudeMode: .absolute, highlightStyle: Style(marker: MarkerStyle(scale: 3))),
            Feature(id: .number(NumberValue(42)), shape: .polyline(Polyline([wpt(0, 0), wpt(1, 1)], interpolation: .geodesic)),
                    style: Style(strokeColor: red, strokeOpacity: 0.3, strokeWidth: 4), time: .span(begin: "2020", end: nil),
                    folderPath: ["A", "B"], altitudeMode: .clampToSeaFloor),
            Feature(id: .string("a1"), shape: .polygon(Polygon(outer: ring, holes: [ring])),
                    style: Style(fillColor: red, fillOpacity: 0.1, fill: true, outline: false), time: .instant("bad time"),
                    folderPath: ["A"]),
            Feature(shape: .multiPolygon([Polygon(outer: ring), Polygon(outer: [])]), folderPath: ["C"]),
            Feature(shape: .collection([.multiPoint([wpt(5, 5)]), .multiPolyline([Polyline([wpt(1, 1), wpt(2, 2)])]),
                                        .polyline(Polyline([wpt(3, 3), wpt(4, 4)], times: ["2026-01-01", "2026-01-02"]))]),
                    altitudeMode: .relativeToSeaFloor),
            Feature(shape: .circle(Circle(center: wpt(10, 60, 5), radius: 2500)), style: Style(strokeWidth: 1),
                    altitudeMode: .relativeToGround),
            Feature(shape: .circle(Circle(center: wpt(10, 60), radius: 0))),
            Feature(title: "tabs\tand\u{1}controls\r\n", properties: ["a\"b": "c\u{FFFF}"]),
            Feature(highlightStyle: Style(strokeWidth: 9)),
        ]
    }()

    @Test("every layout of a bit of everything validates",
          arguments: [false, true], KMLWriter.StyleLayout.allCases)
    func everything(pretty: Bool, styles: KMLWriter.StyleLayout) throws {
        var options = KMLWriter.Options()
        options.pretty = pretty
        options.styles = styles
        options.circleRing = .segments(16)
        let document = DocumentInfo(name: "All", description: "a < b", foreignMembers: ["x": 1])
        let output = try writeKMLDocument(Self.features, document: document, options: options)
        expectSchemaValid(output)
    }

    @Test("with simplestyle defaults, a cap of one shared style, and precision it still validates")
    func otherOptions() throws {
        var options = KMLWriter.Options()
        options.appliesSimplestyleDefaults = true
        options.maximumSharedStyles = 1
        options.precision = 2
        let output = try writeKMLDocument(Self.features, options: options)
        expectSchemaValid(output)
    }

    @Test("the schema rejects what KML 2.2 rejects: elements out of order, repeated ids, bad colours")
    func schemaCatches() {
        let head = #"<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>"#
        let tail = "</Document></kml>"
        let bad = [
            "<Placemark><Point><coordinates>1,2</coordinates></Point><name>late</name></Placemark>",
            #"<Placemark id="a"/><Placemark id="a"/>"#,
            #"<Placemark id="1a"/>"#,
            "<Style><LineStyle><color>#ff0000</color></LineStyle></Style>",
            "<Placemark><Point><coordinates>1, 2</coordinates></Point></Placemark>",
            "<Placemark><TimeStamp><when>2026-11-30T12:00Z</when></TimeStamp></Placemark>",
            "<Placemark><ExtendedData><Data><value/></Data></ExtendedData></Placemark>",
        ]
        for body in bad {
            #expect(!kmlSchemaErrors(head + body + tail).isEmpty, "\(body)")
        }
        #expect(kmlSchemaErrors(head + "<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>" + tail).isEmpty)
    }
}
