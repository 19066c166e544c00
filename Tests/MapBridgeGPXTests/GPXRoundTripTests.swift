import MapBridgeGPX
import MapBridgeModel
import Testing

@Suite("GPX round trip: GPX → model → GPX → model")
struct GPXRoundTripTests {
    /// Reads `text`, writes what it read, reads that again; both readings without locations.
    static func roundTrip(_ text: String) throws -> (first: GPXReadResult, second: GPXReadResult, written: GPXWriterOutput) {
        var first = try readGPX(text)
        let written = try writeGPX(first.features, document: first.document)
        var second = try readGPX(written.text, name: "again.gpx")
        for i in first.features.indices { first.features[i].location = nil }
        for i in second.features.indices { second.features[i].location = nil }
        return (first, second, written)
    }

    static let rich = gpx("""
        <metadata><name>Weekend</name><desc>Two days &amp; a night</desc><author><name>Ann</name></author>
        <copyright author="Ann"><year>2024</year></copyright>
        <link href="https://example.org/trip"><text>Trip</text></link><time>2024-06-01T06:00:00Z</time><keywords>hike</keywords>
        <extensions><ogr:region>Valais</ogr:region></extensions></metadata>
        <wpt lat="46.1" lon="7.1"><ele>1500.5</ele><time>2024-06-01T07:00:00Z</time><magvar>1.5</magvar><name>Hut</name>
        <cmt>book ahead</cmt><desc>Cabane &lt;du&gt; Mont</desc><src>map</src><link href="https://example.org/hut"/>
        <sym>Lodge</sym><type>hut</type><fix>3d</fix><sat>8</sat><hdop>0.8</hdop>
        <extensions><ogr:beds>40</ogr:beds><gpxx:WaypointExtension><gpxx:Proximity>15</gpxx:Proximity></gpxx:WaypointExtension></extensions></wpt>
        <wpt lat="-33.9" lon="151.2"/>
        <rte><name>Approach</name><desc>by the valley</desc><number>1</number>
        <rtept lat="46.0" lon="7.0"><ele>1200</ele><name>Bus stop</name><sym>Bus</sym></rtept>
        <rtept lat="46.05" lon="7.05"><time>2024-06-01T06:30:00Z</time></rtept>
        <rtept lat="46.1" lon="7.1"><name>Hut</name></rtept></rte>
        <trk><name>Summit day</name><type>hiking</type>
        <extensions><line xmlns="http://www.topografix.com/GPX/gpx_style/0/2"><color>ff0000</color><width>0.5</width></line><ogr:grade>T4</ogr:grade></extensions>
        <trkseg>
        <trkpt lat="46.1" lon="7.1"><ele>1500</ele><time>2024-06-02T05:00:00Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:atemp>4.5</gpxtpx:atemp><gpxtpx:hr>90</gpxtpx:hr><gpxtpx:cad>40</gpxtpx:cad></gpxtpx:TrackPointExtension><speed>0.8</speed></extensions></trkpt>
        <trkpt lat="46.12" lon="7.12"><ele>1650</ele><time>2024-06-02T05:30:00Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
        </trkseg>
        <trkseg>
        <trkpt lat="46.13" lon="7.13"><ele>1700</ele><time>2024-06-02T06:00:00Z</time><name>Col</name></trkpt>
        <trkpt lat="46.14" lon="7.14"><ele>1900</ele><time>2024-06-02T07:00:00Z</time></trkpt>
        <trkpt lat="46.15" lon="7.15"><ele>2100</ele><time>2024-06-02T08:00:00Z</time></trkpt>
        </trkseg></trk>
        """, extraNamespaces: garminNamespace + #" xmlns:ogr="http://osgeo.org/gdal" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3""#)

    @Test("waypoints, a route and a two-segment track with times, elevations and extensions survive")
    func rich() throws {
        let (first, second, written) = try Self.roundTrip(Self.rich)
        #expect(first.features.count == 4)
        #expect(first.features.map { $0.shape?.kind } == [.multiPolyline, .polyline, .annotation, .annotation])
        #expect(second.features == first.features)
        #expect(second.document == first.document)
        #expect(second.warnings.isEmpty)
        expectSchemaValid(written)
    }

    @Test("the track's values survive one by one")
    func trackDetails() throws {
        let (_, second, _) = try Self.roundTrip(Self.rich)
        let track = try #require(second.features.first)
        guard case .multiPolyline(let lines)? = track.shape else { Issue.record("not a multi-line"); return }
        #expect(lines[0].times == ["2024-06-02T05:00:00Z", "2024-06-02T05:30:00Z"])
        #expect(lines[1].coordinates.map(\.altitude) == [1700, 1900, 2100])
        #expect(track.style?.strokeColor == Color(hex: "ff0000"))
        #expect(track.properties["ogr_grade"] == "T4")
        #expect(track.properties["time"] == "2024-06-02T05:00:00Z")
        #expect(track.properties["coordinateProperties"] == .object([
            "atemps": .array([.array([.number(NumberValue(text: "4.5", value: 4.5)), .null]), .array([.null, .null, .null])]),
            "heart": .array([.array([90, 120]), .array([.null, .null, .null])]),
            "cads": .array([.array([40, .null]), .array([.null, .null, .null])]),
            "speeds": .array([.array([0.8, .null]), .array([.null, .null, .null])]),
            "names": .array([.array([.null, .null]), .array(["Col", .null, .null])]),
        ]))
    }

    @Test("a route keeps being a route, with its partial times and point names")
    func routeDetails() throws {
        let (_, second, written) = try Self.roundTrip(Self.rich)
        let route = try #require(second.features.dropFirst().first)
        #expect(route.properties["_gpxType"] == "rte")
        #expect(route.properties["coordinateProperties"] == .object([
            "times": .array([.null, "2024-06-01T06:30:00Z", .null]),
            "names": .array(["Bus stop", .null, "Hut"]),
            "syms": .array(["Bus", .null, .null]),
        ]))
        #expect(written.text.contains("<rtept lat=\"46.05\" lon=\"7.05\"><time>2024-06-01T06:30:00Z</time></rtept>"))
    }

    @Test("properties of every JSON type and keys that are not XML names survive as MapBridge extensions")
    func typedProperties() throws {
        var f = waypoint(1, 2, title: "P", properties: [
            "count": 3, "ratio": .number(NumberValue(text: "0.50", value: 0.5)), "open": true, "gone": .null,
            "tags": .array(["a", 1]), "nested": .object(["k": "v"]), "two words": "x", "zip": "02134",
        ])
        f.id = .string("p-1")
        let written = try writeGPX([f])
        let back = try readGPX(written.text)
        let p = try #require(back.features.first?.properties)
        #expect(p == [
            "count": 3, "ratio": .number(NumberValue(text: "0.50", value: 0.5)), "open": true, "gone": .null,
            "tags": .array(["a", 1]), "nested": .object(["k": "v"]), "two words": "x", "zip": "02134", "id": "p-1",
        ])
        expectSchemaValid(written)
    }
}
