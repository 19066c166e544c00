import MapBridgeGPX
import MapBridgeModel
import Testing

/// Layouts real exporters write that GPX does not allow, or that are not lines.
@Suite("GPX reader: waypoints inside tracks, one-point tracks and routes")
struct GPXReaderOddLayoutTests {
    /// As OpenRouteService writes a route: its instructions as <wpt> inside the <trk>.
    static let nested = gpx("""
        <trk><name>Route 1</name>
        <wpt lat="49.41" lon="8.68"><ele>110</ele><name>Start</name></wpt>
        <wpt lat="49.42" lon="8.69"><ele>120</ele><name>Turn left</name></wpt>
        <trkseg><trkpt lat="49.41" lon="8.68"><ele>110</ele></trkpt><trkpt lat="49.42" lon="8.69"><ele>120</ele></trkpt></trkseg>
        </trk>
        """)

    @Test("<wpt> inside <trk>: waypoints in document order, the track keeps its name and no ele, one warning")
    func waypointsInsideTrack() throws {
        let read = try readGPX(Self.nested)
        #expect(read.features.map(\.title) == ["Start", "Turn left", "Route 1"])
        #expect(read.features[0].shape == .annotation(Coordinate(longitude: 8.68, latitude: 49.41, altitude: 110)))
        guard case .polyline(let line)? = read.features[2].shape else {
            Issue.record("the track is not a line")
            return
        }
        #expect(line.coordinates.count == 2)
        #expect(read.features[2].properties["ele"] == nil && read.features[2].properties["name"] == nil)
        #expect(read.codes == ["gpx-nested-wpt"])
    }

    @Test("with top-level waypoints too (several passes), each nested waypoint comes out once")
    func nestedWithTopLevel() throws {
        let text = gpx("""
            <wpt lat="1" lon="1"><name>Top</name></wpt>
            <trk><name>T</name><wpt lat="2" lon="2"><name>Inside</name></wpt>
            <trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg></trk>
            """)
        let read = try readGPX(text)
        #expect(read.features.compactMap(\.title).sorted() == ["Inside", "T", "Top"])
    }

    @Test("a <trk> or <rte> of one point is a Point with the line's name, the point's time and values, warned")
    func onePoint() throws {
        let read = try readGPX(gpx("""
            <trk><name>Solo</name><trkseg><trkpt lat="1" lon="2"><ele>5</ele><time>2024-01-01T00:00:00Z</time><hdop>2.5</hdop></trkpt></trkseg></trk>
            <rte><name>One stop</name><rtept lat="3" lon="4"><name>only</name></rtept></rte>
            """))
        #expect(read.features.count == 2)
        let solo = try #require(read.features.first { $0.title == "Solo" })
        #expect(solo.shape == .annotation(Coordinate(longitude: 2, latitude: 1, altitude: 5)))
        #expect(solo.time == .instant("2024-01-01T00:00:00Z"))
        #expect(solo.properties["hdops"] == .number(NumberValue(text: "2.5", value: 2.5)))
        #expect(solo.properties["_gpxType"] == "trk")
        let stop = try #require(read.features.first { $0.title == "One stop" })
        #expect(stop.shape == .annotation(Coordinate(longitude: 4, latitude: 3)))
        #expect(Set(read.codes) == ["gpx-one-point-trk", "gpx-one-point-rte"])
    }

    @Test("a <trk> with no point at all is still left out, warned")
    func noPoint() throws {
        let read = try readGPX(gpx("<trk><name>Empty</name><trkseg></trkseg></trk>"))
        #expect(read.features.isEmpty)
        #expect(read.codes == ["gpx-empty-trk"])
    }

    @Test("an extension name repeated within one track point keeps both values (laps, laps_2), warned")
    func repeatedPointExtension() throws {
        let read = try readGPX(gpx("""
            <trk><trkseg>
            <trkpt lat="1" lon="2"><extensions><x:lap>1</x:lap><x:lap>2</x:lap></extensions></trkpt>
            <trkpt lat="1.1" lon="2.1"><extensions><x:lap>3</x:lap></extensions></trkpt>
            </trkseg></trk>
            """, extraNamespaces: #" xmlns:x="urn:x""#))
        guard case .object(let perPoint)? = read.features.first?.properties["coordinateProperties"] else {
            Issue.record("no coordinateProperties")
            return
        }
        #expect(perPoint["laps"] == .array([1, 3]))
        #expect(perPoint["laps_2"] == .array([2, nil]))
        #expect(read.codes == ["gpx-repeated-extension"])
    }
}
