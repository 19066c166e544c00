import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// What the writer writes, the reader reads back: model → KML → model.
@Suite("KMLWriter round trip through KMLReader")
struct KMLWriterRoundTripTests {
    /// `features` written (shared or inline styles) and read back.
    private func roundTrip(_ features: [Feature], document: DocumentInfo = DocumentInfo(),
                           options: KMLWriter.Options = KMLWriter.Options()) throws -> (features: [Feature], document: DocumentInfo)
    {
        let written = try writeKMLDocument(features, document: document, options: options)
        let bytes = Array(written.text.utf8)
        let reader = KMLReader(path: "round.kml", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })
        _ = try reader.open()
        var read: [Feature] = []
        while let f = try reader.next() { read.append(f) }
        return (read, reader.document)
    }

    @Test("MultiPoint, MultiLineString and MultiPolygon come back as such, with one, two or no members",
          arguments: KMLWriter.StyleLayout.allCases)
    func multiGeometries(styles: KMLWriter.StyleLayout) throws {
        let square = Polygon(outer: [wpt(0, 0), wpt(1, 0), wpt(1, 1), wpt(0, 0)])
        let shapes: [Shape] = [
            .multiPoint([wpt(1, 2), wpt(3, 4)]), .multiPoint([wpt(1, 2)]), .multiPoint([]),
            .multiPolyline([Polyline([wpt(0, 0), wpt(1, 1)]), Polyline([wpt(2, 2), wpt(3, 3)])]),
            .multiPolygon([square, square]), .multiPolygon([square]),
        ]
        var options = KMLWriter.Options()
        options.styles = styles
        let features = shapes.map { Feature(shape: $0, properties: ["n": 1]) }
        let written = try writeKMLDocument(features, options: options)
        expectSchemaValid(written)
        let read = try roundTrip(features, options: options).features
        try #require(read.count == shapes.count)
        for (r, shape) in zip(read, shapes) {
            #expect(r.shape == shape)
            #expect(r.properties.keys == ["n"])
        }
    }

    @Test("a MultiGeometry from elsewhere stays a collection; a marker that does not fit is kept as data")
    func foreignMultiGeometry() throws {
        let plain = try readKML(kml("""
            <Placemark><MultiGeometry><Point><coordinates>1,2</coordinates></Point><Point><coordinates>3,4</coordinates></Point></MultiGeometry></Placemark>
            """))
        #expect(plain.features.first?.shape == .collection([.annotation(wpt(1, 2)), .annotation(wpt(3, 4))]))
        let mismatched = try readKML(kml("""
            <Placemark><ExtendedData><Data name="@geometry-type"><value>MultiPolygon</value></Data></ExtendedData>
            <MultiGeometry><Point><coordinates>1,2</coordinates></Point><Point><coordinates>3,4</coordinates></Point></MultiGeometry></Placemark>
            """))
        #expect(mismatched.features.first?.shape == .collection([.annotation(wpt(1, 2)), .annotation(wpt(3, 4))]))
        #expect(mismatched.features.first?.properties["@geometry-type"] == .string("MultiPolygon"))
    }

    @Test("the document's name and description come back")
    func document() throws {
        let result = try roundTrip([], document: DocumentInfo(name: "Doc & co", description: "<b>about</b>"))
        #expect(result.document.name == "Doc & co")
        #expect(result.document.description == "<b>about</b>")
    }

    @Test("text fields, id, visibility, address, time and folders come back",
          arguments: KMLWriter.StyleLayout.allCases)
    func fields(styles: KMLWriter.StyleLayout) throws {
        let features = [
            Feature(id: .string("a"), title: "A & B", subtitle: "<p>]]> x</p>", shape: .annotation(wpt(1, 2)),
                    time: .instant("2026-11-30T12:00:00Z"), folderPath: ["F", "G"], address: "Main St", visibility: false),
            Feature(title: "second", shape: .annotation(wpt(3, 4)), time: .span(begin: "1997-07", end: nil), folderPath: ["F"]),
        ]
        var options = KMLWriter.Options()
        options.styles = styles
        let read = try roundTrip(features, options: options).features
        try #require(read.count == 2)
        for (r, f) in zip(read, features) {
            #expect(r.id == f.id)
            #expect(r.title == f.title)
            #expect(r.subtitle == f.subtitle)
            #expect(r.time == f.time)
            #expect(r.folderPath == f.folderPath)
            #expect(r.address == f.address)
            #expect(r.visibility == f.visibility || (r.visibility == nil && f.visibility == nil))
            #expect(r.shape == f.shape)
        }
    }

    @Test("typed property values come back with their types and number text")
    func properties() throws {
        let properties: Properties = ["s": "text", "n": .number(NumberValue(text: "0.10", value: 0.1)), "i": 42,
                                      "big": .number(NumberValue(text: "12345678901234567890", value: 1.2345678901234567e19)),
                                      "t": true, "f": false, "e": ""]
        let read = try roundTrip([Feature(properties: properties), Feature(properties: ["i": "forty-two", "t": 1])]).features
        try #require(read.count == 2)
        #expect(read[0].properties == properties)
        #expect(read[1].properties == ["i": "forty-two", "t": 1])
    }

    @Test("text property values come back as text")
    func textProperties() throws {
        let read = try roundTrip([Feature(properties: ["i": 42, "t": true])], options: streamingOptions()).features
        #expect(read.first?.properties == ["i": "42", "t": "true"])
    }

    @Test("shapes come back: lines, polygons with holes, multi-geometries, tracks, altitude modes")
    func shapes() throws {
        let ring = [wpt(0, 0), wpt(4, 0), wpt(4, 4), wpt(0, 0)]
        let hole = [wpt(1, 1), wpt(2, 1), wpt(2, 2), wpt(1, 1)]
        let features = [
            Feature(shape: .polyline(Polyline([wpt(0, 0, 1), wpt(1, 1, 2)], interpolation: .geodesic))),
            Feature(shape: .polygon(Polygon(outer: ring, holes: [hole])), altitudeMode: .absolute),
            Feature(shape: .polyline(Polyline([wpt(0, 0, 5), wpt(1, 1, 6)], times: ["2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z"])),
                    altitudeMode: .relativeToSeaFloor),
            Feature(shape: .collection([.annotation(wpt(1, 2)), .polyline(Polyline([wpt(3, 4), wpt(5, 6)]))])),
        ]
        let read = try roundTrip(features).features
        try #require(read.count == features.count)
        for (r, f) in zip(read, features) {
            #expect(r.shape == f.shape)
            #expect(r.altitudeMode == f.altitudeMode)
        }
    }

    @Test("styles come back through shared styles, style maps and inline styles",
          arguments: KMLWriter.StyleLayout.allCases)
    func styles(styles: KMLWriter.StyleLayout) throws {
        let red = Color(red: 255, green: 0, blue: 0)
        let style = Style(strokeColor: red, strokeOpacity: 0.4, strokeWidth: 3, fillColor: Color(red: 0, green: 0, blue: 255),
                          fillOpacity: 0.2, fill: true, outline: false,
                          marker: MarkerStyle(href: "pin.png", color: red, scale: 1.5, heading: 45),
                          label: LabelStyle(color: red, scale: 0.8))
        let highlight = Style(strokeWidth: 6)
        var options = KMLWriter.Options()
        options.styles = styles
        // KMLReader does not read a StyleMap inside a placemark yet: the style map is shared only.
        let first = styles == .shared ? Feature(style: style, highlightStyle: highlight) : Feature(style: style)
        let read = try roundTrip([first, Feature(style: style)], options: options).features
        try #require(read.count == 2)
        for r in read {
            let s = try #require(r.style)
            #expect(s.strokeColor == red)
            #expect(abs((s.strokeOpacity ?? 0) - 0.4) < 1.0 / 255)
            #expect(s.strokeWidth == 3)
            #expect(s.fillColor == style.fillColor)
            #expect(abs((s.fillOpacity ?? 0) - 0.2) < 1.0 / 255)
            #expect(s.fill == true && s.outline == false)
            #expect(s.marker?.href == "pin.png" && s.marker?.color == red && s.marker?.scale == 1.5 && s.marker?.heading == 45)
            #expect(s.label?.color == red && s.label?.scale == 0.8)
        }
        if styles == .shared { #expect(read[0].highlightStyle?.strokeWidth == 6) }
    }

    @Test("an id the writer made up for a style does not come back; the author's id does")
    func styleIDs() throws {
        var authored = Style(strokeWidth: 2)
        authored.id = "route-line"
        let read = try roundTrip([Feature(style: Style(strokeWidth: 1)), Feature(style: authored),
                                  Feature(style: Style(strokeWidth: 4), highlightStyle: Style(strokeWidth: 8))]).features
        try #require(read.count == 3)
        #expect(read[0].style?.strokeWidth == 1 && read[0].style?.id == nil)
        #expect(read[1].style?.id == "route-line")
        #expect(read[2].style?.strokeWidth == 4 && read[2].style?.id == nil)
        #expect(read[2].highlightStyle?.strokeWidth == 8)
    }
}
