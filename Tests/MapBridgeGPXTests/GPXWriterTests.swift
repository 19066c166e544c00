import MapBridgeGPX
import MapBridgeIO
import MapBridgeModel
import Testing

@Suite("GPX writer")
struct GPXWriterTests {
    static let header = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="MapBridge" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:gpx_style="http://www.topografix.com/GPX/gpx_style/0/2" xmlns:mb="https://mapbridge.dev/xmlns/gpx-properties/1">
        """#

    @Test("no features: the header and nothing else, valid")
    func empty() throws {
        let out = try writeGPX([])
        #expect(out.text == Self.header + "\n</gpx>\n")
        expectSchemaValid(out)
    }

    @Test("a waypoint's children come in the schema's order, whatever the properties' order")
    func waypointOrder() throws {
        var f = waypoint(7.9, 46.5, title: "Jungfrau", properties: [
            "dgpsid": 12, "type": "peak", "fix": "3d", "src": "survey", "cmt": "hut", "magvar": 2.5,
            "links": .array([.object(["href": "https://example.org", "text": "More"])]), "sat": 9,
        ])
        f.subtitle = "Summit"
        f.time = .instant("2024-07-01T09:30:00Z")
        f.style = Style(marker: MarkerStyle(symbol: "Summit"))
        f.shape = .annotation(Coordinate(longitude: 7.9, latitude: 46.5, altitude: 4158))
        let out = try writeGPX([f])
        #expect(out.text == Self.header + """

            <wpt lat="46.5" lon="7.9"><ele>4158</ele><time>2024-07-01T09:30:00Z</time><magvar>2.5</magvar><name>Jungfrau</name><cmt>hut</cmt><desc>Summit</desc><src>survey</src><link href="https://example.org"><text>More</text></link><sym>Summit</sym><type>peak</type><fix>3d</fix><sat>9</sat><dgpsid>12</dgpsid></wpt>
            </gpx>

            """)
        expectSchemaValid(out)
        #expect(out.diagnostics.isEmpty)
    }

    @Test("the antimeridian is written as lon=\"-180\" (GPX 1.1 longitudes are [−180, 180)), also when rounding reaches it")
    func antimeridian() throws {
        let out = try writeGPX([waypoint(180, -16.5, title: "Fiji"), line([(179.5, -16), (180, -16.2)], title: "Across")])
        #expect(out.text.contains(#"<wpt lat="-16.5" lon="-180">"#))
        #expect(out.text.contains(#"<trkpt lat="-16.2" lon="-180">"#) || out.text.contains(#"<rtept lat="-16.2" lon="-180">"#))
        #expect(!out.text.contains(#"lon="180""#))
        #expect(out.diagnostics.isEmpty)
        expectSchemaValid(out)
        var options = GPXWriter.Options()
        options.precision = 3
        let rounded = try writeGPX([waypoint(179.99996, 1, title: "Almost")], options: options)
        #expect(rounded.text.contains(#"lon="-180""#))
        expectSchemaValid(rounded)
    }

    @Test("wide features: past 64 property names the rest travel as one members object, read back in order")
    func wideProperties() throws {
        // Natural Earth's populated places carry over a hundred properties; GDAL's GPX driver
        // reads no waypoint of a file with more than 100 fields.
        func wide(_ n: Int, _ offset: Int) -> Feature {
            var properties = Properties()
            for k in 0..<110 { properties.append(key: "field_\(k)", value: .number(NumberValue(k + offset))) }
            properties.append(key: "note", value: "x & y")
            properties.append(key: "not a name", value: true)
            return waypoint(Double(n), 1, title: "P\(n)", properties: properties)
        }
        let features = [wide(1, 0), wide(2, 1000)]
        let out = try writeGPX(features)
        expectSchemaValid(out)
        #expect(out.codes == ["gpx-wide-properties"])
        let elementNames = Set(out.text.split(separator: "<mb:").map { $0.prefix { $0 != " " && $0 != ">" } }.dropFirst())
        #expect(elementNames.count == 65)  // 64 names and the members element
        #expect(out.text.split(separator: #"<mb:property type="members">"#).count == 3)
        let read = try readGPX(out.text)
        #expect(read.features.map(\.properties) == features.map(\.properties))
        #expect(read.features.map(\.title) == ["P1", "P2"])
    }

    @Test("text and attributes are escaped")
    func escaping() throws {
        let out = try writeGPX([waypoint(1, 2, title: "Fish & Chips <best>", properties: [
            "links": .array([.object(["href": "https://example.org/?a=1&b=\"2\""])]),
        ])])
        #expect(out.text.contains("<name>Fish &amp; Chips &lt;best&gt;</name>"))
        #expect(out.text.contains(#"<link href="https://example.org/?a=1&amp;b=&quot;2&quot;"></link>"#))
        expectSchemaValid(out)
    }

    @Test("a line with times is a track whose points carry them; the first time is not repeated")
    func trackWithTimes() throws {
        let f = line([(2, 1), (2.1, 1.1)], times: ["2024-05-01T10:00:00Z", "2024-05-01T10:00:05Z"], title: "Run",
                     properties: ["_gpxType": "trk", "time": "2024-05-01T10:00:00Z", "coordinateProperties": .object([:])])
        let out = try writeGPX([f])
        #expect(out.text == Self.header + """

            <trk><name>Run</name>
            <trkseg>
            <trkpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="1.1" lon="2.1"><time>2024-05-01T10:00:05Z</time></trkpt>
            </trkseg>
            </trk>
            </gpx>

            """)
        expectSchemaValid(out)
    }

    @Test("a multi-polyline is one track with a segment per line; _gpxType rte makes a route")
    func segmentsAndRoutes() throws {
        let multi = Feature(shape: .multiPolyline([
            Polyline([Coordinate(longitude: 0, latitude: 0), Coordinate(longitude: 1, latitude: 0)]),
            Polyline([Coordinate(longitude: 1, latitude: 1), Coordinate(longitude: 2, latitude: 1)]),
        ]))
        let route = line([(5, 5), (6, 6)], title: "R", properties: ["_gpxType": "rte"])
        let out = try writeGPX([multi, route])
        #expect(out.text.ranges(of: "<trkseg>").count == 2)
        #expect(out.text.contains(#"<rte><name>R</name><rtept lat="5" lon="5"></rtept><rtept lat="6" lon="6"></rtept>"#)
            || out.text.contains("<rte><name>R</name>\n<rtept"))
        expectSchemaValid(out)
    }

    @Test("waypoints come first, then routes, then tracks, whatever the order they arrive in")
    func schemaOrder() throws {
        let out = try writeGPX([
            line([(0, 0), (1, 1)], title: "T"), waypoint(3, 3, title: "W1"),
            line([(0, 0), (1, 1)], title: "R", properties: ["_gpxType": "rte"]), waypoint(4, 4, title: "W2"),
        ])
        let order = ["W1", "W2", "R", "T"].compactMap { name in out.text.firstRange(of: "<name>\(name)</name>")?.lowerBound }
        #expect(order.count == 4 && order == order.sorted())
        expectSchemaValid(out)
    }

    @Test("per-point values go back to GPX's point elements, Garmin's extension and MapBridge's")
    func perPointValues() throws {
        let f = line([(0, 0), (1, 1)], properties: ["coordinateProperties": .object([
            "heart": .array([120, .null]), "cads": .array([80, 81]), "names": .array(["Start", .null]),
            "speeds": .array([1.5, 2]), "hdops": .array([.null, 0.9]),
        ])])
        let out = try writeGPX([f])
        #expect(out.text.contains(#"<trkpt lat="0" lon="0"><name>Start</name><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension><mb:speed type="number">1.5</mb:speed></extensions></trkpt>"#))
        #expect(out.text.contains(#"<trkpt lat="1" lon="1"><hdop>0.9</hdop><extensions><gpxtpx:TrackPointExtension><gpxtpx:cad>81</gpxtpx:cad></gpxtpx:TrackPointExtension><mb:speed type="number">2</mb:speed></extensions></trkpt>"#))
        #expect(!out.text.contains("coordinateProperties"))
        expectSchemaValid(out)
    }

    @Test("coordinateProperties.times repeating Polyline.times (as GeoJSON gives them) are written once")
    func timesInBoth() throws {
        let times = ["2024-05-01T10:00:00Z", "2024-05-01T10:00:05Z"]
        let f = line([(0, 0), (1, 1)], times: times,
                     properties: ["coordinateProperties": .object(["times": .array(times.map(PropertyValue.string))])])
        let out = try writeGPX([f])
        #expect(out.text.ranges(of: "<time>").count == 2)
        #expect(!out.text.contains("mb:"))
        expectSchemaValid(out)
    }

    @Test("other properties go to MapBridge's extension elements, typed; keys that are not XML names ride in an attribute")
    func extensions() throws {
        let out = try writeGPX([waypoint(1, 2, properties: [
            "population": 1513179, "visited": false, "note": .null, "tags": .array(["a", "b"]), "my key": "v",
            "code": "0042",
        ])])
        #expect(out.text.contains(#"<extensions><mb:population type="number">1513179</mb:population><mb:visited type="boolean">false</mb:visited><mb:note type="null"></mb:note><mb:tags type="json">["a","b"]</mb:tags><mb:property name="my key">v</mb:property><mb:code>0042</mb:code></extensions>"#))
        expectSchemaValid(out)
    }

    @Test("a line's stroke is gpx_style's line, its width in millimetres; other style is reported")
    func lineStyle() throws {
        var f = line([(0, 0), (1, 1)])
        f.style = Style(strokeColor: Color(hex: "d1242f"), strokeOpacity: 0.9, strokeWidth: 3, fillColor: Color(hex: "ffffff"))
        let out = try writeGPX([f])
        #expect(out.text.contains("<extensions><gpx_style:line><gpx_style:color>d1242f</gpx_style:color><gpx_style:opacity>0.9</gpx_style:opacity><gpx_style:width>0.79375</gpx_style:width></gpx_style:line></extensions>"))
        #expect(out.codes == ["gpx-style"])
        expectSchemaValid(out)
    }

    @Test("a polygon's outer ring becomes a track, reported; a circle a waypoint with its radius, reported")
    func areasAndCircles() throws {
        let ring = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 0.0)].map { Coordinate(longitude: $0.0, latitude: $0.1) }
        let polygon = Feature(shape: .polygon(Polygon(outer: ring, holes: [ring])))
        let circle = Feature(shape: .circle(Circle(center: Coordinate(longitude: 5, latitude: 6), radius: 250)))
        let out = try writeGPX([polygon, circle])
        #expect(out.text.contains(#"<wpt lat="6" lon="5"><extensions><mb:radius type="number">250</mb:radius></extensions></wpt>"#))
        #expect(out.text.ranges(of: "<trkpt").count == 4)
        #expect(out.codes.sorted() == ["gpx-circle", "gpx-polygon"])
        expectSchemaValid(out)
    }

    @Test("a feature without geometry is left out, and folders are not written; both reported")
    func unwritable() throws {
        let out = try writeGPX([Feature(title: "nowhere"), Feature(shape: .annotation(Coordinate(longitude: 1, latitude: 1)), folderPath: ["A"])])
        #expect(!out.text.contains("nowhere"))
        #expect(out.codes.sorted() == ["gpx-folders", "gpx-no-geometry"])
    }

    @Test("times that are not xsd:dateTime and time spans go to extensions")
    func times() throws {
        var reduced = waypoint(1, 1)
        reduced.time = .instant("1997-07")
        var span = waypoint(2, 2)
        span.time = .span(begin: "2024-01-01T00:00:00Z", end: nil)
        let out = try writeGPX([reduced, span])
        #expect(out.text.contains("<mb:timestamp>1997-07</mb:timestamp>"))
        #expect(out.text.contains(#"<mb:timespan type="json">{"begin":"2024-01-01T00:00:00Z"}</mb:timespan>"#))
        expectSchemaValid(out)
    }

    @Test("the document's name, description and members fill metadata")
    func metadata() throws {
        let document = DocumentInfo(name: "Alps", description: "Walks", foreignMembers: [
            "author": "Ann", "email": "ann@example.org", "time": "2024-09-01T12:00:00Z", "keywords": "alps", "licence": "CC0",
        ])
        let out = try writeGPX([waypoint(1, 1)], document: document)
        #expect(out.text.contains("<metadata><name>Alps</name><desc>Walks</desc><author><name>Ann</name><email id=\"ann\" domain=\"example.org\"/></author><time>2024-09-01T12:00:00Z</time><keywords>alps</keywords><extensions><mb:licence>CC0</mb:licence></extensions></metadata>"))
        expectSchemaValid(out)
    }

    @Test("pretty output indents, and validates")
    func pretty() throws {
        var options = GPXWriter.Options()
        options.pretty = true
        let out = try writeGPX([waypoint(1, 2, title: "A"), line([(0, 0), (1, 1)])], options: options)
        #expect(out.text.contains("\n  <wpt lat=\"2\" lon=\"1\">\n    <name>A</name>\n  </wpt>"))
        #expect(out.text.contains("\n    <trkseg>\n      <trkpt"))
        expectSchemaValid(out)
    }

    @Test("precision rounds coordinates and elevations")
    func precision() throws {
        var options = GPXWriter.Options()
        options.precision = 3
        let f = Feature(shape: .annotation(Coordinate(longitude: 7.123456, latitude: 46.987654, altitude: 1234.5678)))
        let out = try writeGPX([f], options: options)
        #expect(out.text.contains(#"<wpt lat="46.988" lon="7.123"><ele>1234.568</ele></wpt>"#))
    }
}
