import MapBridgeGPX
import MapBridgeModel
import Testing

@Suite("GPX reader: routes and tracks")
struct GPXReaderLineTests {
    @Test("a route is a polyline with its points' elevations, marked _gpxType rte")
    func route() throws {
        let r = try readGPX(gpx("""
            <rte><name>To the hut</name><number>2</number>
            <rtept lat="46.0" lon="7.0"><ele>1200</ele><name>Start</name></rtept>
            <rtept lat="46.1" lon="7.1"><ele>1350.5</ele></rtept></rte>
            """))
        let f = try #require(r.features.first)
        #expect(f.title == "To the hut")
        #expect(f.shape == .polyline(Polyline([Coordinate(longitude: 7, latitude: 46, altitude: 1200),
                                               Coordinate(longitude: 7.1, latitude: 46.1, altitude: 1350.5)])))
        #expect(f.properties["_gpxType"] == "rte")
        #expect(f.properties["number"] == 2)
        // A route's points keep their names per point.
        #expect(f.properties["coordinateProperties"] == .object(["names": .array(["Start", .null])]))
    }

    @Test("a track of one segment is a polyline; times on every point go to Polyline.times, the first is the track's time")
    func trackWithTimes() throws {
        let r = try readGPX(gpx("""
            <trk><name>Run</name><trkseg>
            <trkpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="1.1" lon="2.1"><time>2024-05-01T10:00:05Z</time></trkpt>
            </trkseg></trk>
            """))
        let f = try #require(r.features.first)
        guard case .polyline(let l)? = f.shape else { Issue.record("not a line"); return }
        #expect(l.times == ["2024-05-01T10:00:00Z", "2024-05-01T10:00:05Z"])
        #expect(f.properties["_gpxType"] == "trk")
        #expect(f.properties["time"] == "2024-05-01T10:00:00Z")
        // Tracks always carry coordinateProperties (as togeojson writes them); the times are not repeated there.
        #expect(f.properties["coordinateProperties"] == .object([:]))
        #expect(f.time == nil)
    }

    @Test("several segments make a multi-polyline, each with its own times")
    func segments() throws {
        let r = try readGPX(gpx("""
            <trk><trkseg><trkpt lat="0" lon="0"><time>2024-05-01T10:00:00Z</time></trkpt><trkpt lat="0" lon="1"><time>2024-05-01T10:01:00Z</time></trkpt></trkseg>
            <trkseg><trkpt lat="1" lon="1"/><trkpt lat="1" lon="2"/><trkpt lat="1" lon="3"/></trkseg></trk>
            """))
        guard case .multiPolyline(let lines)? = r.features.first?.shape else { Issue.record("not a multi-line"); return }
        #expect(lines.map(\.coordinates.count) == [2, 3])
        #expect(lines[0].times == ["2024-05-01T10:00:00Z", "2024-05-01T10:01:00Z"])
        #expect(lines[1].times == nil)
    }

    @Test("times on some points only are kept in coordinateProperties.times, null where missing")
    func partialTimes() throws {
        let r = try readGPX(gpx("""
            <trk><trkseg><trkpt lat="0" lon="0"><time>2024-05-01T10:00:00Z</time></trkpt><trkpt lat="0" lon="1"/></trkseg></trk>
            """))
        let f = try #require(r.features.first)
        guard case .polyline(let l)? = f.shape else { Issue.record("not a line"); return }
        #expect(l.times == nil)
        #expect(f.properties["coordinateProperties"] == .object(["times": .array(["2024-05-01T10:00:00Z", .null])]))
    }

    @Test("times kept exactly as written, packed or not; a missing time is null, an empty one empty; the first time found is the track's")
    func mixedTimes() throws {
        let r = try readGPX(gpx("""
            <trk><trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="1"/><trkpt lat="0" lon="2"><time> 2024-05-01T10:00:00.5+05:45 </time></trkpt>
            <trkpt lat="0" lon="3"><time></time></trkpt><trkpt lat="0" lon="4"><time>2024-05-01T10:00:00.1234Z</time></trkpt>
            <trkpt lat="0" lon="5"/></trkseg>
            <trkseg><trkpt lat="1" lon="1"><time>2024-05-01</time></trkpt><trkpt lat="1" lon="2"><time>at noon</time></trkpt></trkseg></trk>
            """))
        let f = try #require(r.features.first)
        guard case .multiPolyline(let lines)? = f.shape else { Issue.record("not a multi-line"); return }
        #expect(lines[0].times == nil && lines[1].times == ["2024-05-01", "at noon"])
        #expect(f.properties["time"] == "2024-05-01T10:00:00.5+05:45")
        let first: PropertyValue = .array([.null, .null, "2024-05-01T10:00:00.5+05:45", "", "2024-05-01T10:00:00.1234Z", .null])
        #expect(f.properties["coordinateProperties"] == .object(["times": .array([first, .array(["2024-05-01", "at noon"])])]))
    }

    @Test("a point's first <ele> that is a number and its first <time> are its own; its lat and lon read with spaces, entities and odd spellings")
    func pointFieldsInPlace() throws {
        let r = try readGPX(gpx("""
            <trk><trkseg>
            <trkpt lat=" 45.5 " lon="10.25"><ele>169.7</ele><ele>170</ele><time>2024-01-01T00:00:00Z</time><time>2024-01-01T00:00:09Z</time></trkpt>
            <trkpt lat="45.1" lon="10.1"><ele>abc</ele><ele>12.50</ele><time> 2024-01-01T00:00:01Z </time></trkpt>
            <trkpt lat="&#52;5.6" lon="1.2e1"><time></time></trkpt>
            <trkpt lat="4&amp;5" lon="10.5"><ele>1</ele><time>2024-01-01T00:00:05Z</time></trkpt>
            <trkpt lat="+45.8" lon="10.8"/>
            </trkseg></trk>
            """))
        let f = try #require(r.features.first)
        guard case .polyline(let l)? = f.shape else { Issue.record("not a line"); return }
        #expect(l.coordinates.map(\.latitude) == [45.5, 45.1, 45.6, 45.8])
        #expect(l.coordinates.map(\.longitude) == [10.25, 10.1, 12, 10.8])
        // The first <ele> that is a number, spelt as written.
        #expect(l.coordinates.map(\.altitude) == [169.7, 12.5, nil, nil])
        #expect(l.coordinates[1].sourceText(of: .altitude) == "12.50")
        #expect(l.coordinates[0].sourceText(of: .longitude) == "10.25" && l.coordinates[0].sourceText(of: .latitude) == "45.5")
        #expect(l.coordinates[2].sourceText(of: .longitude) == "1.2e1")
        // "+45.8" is not a JSON number: the point keeps values, not texts.
        #expect(!l.coordinates[3].hasSourceText)
        // The first <time> of each point, trimmed; an empty one empty, a point without one null.
        let times = f.properties["coordinateProperties"]?.objectValue?["times"]?.arrayValue
        #expect(times == [.string("2024-01-01T00:00:00Z"), .string("2024-01-01T00:00:01Z"), .string(""), .null])
        // The point whose lat is not a number is left out, with its <ele> and <time>.
        #expect(r.codes.contains("gpx-position"))
        let ele = try #require(r.warnings.first { $0.code == "gpx-number" })
        #expect(ele.message.contains("<ele>abc</ele>") && ele.message.contains("no altitude"), "\(ele.message)")
    }

    @Test("Garmin heart rate and cadence become coordinateProperties heart and cads, numbers, null where a point has none")
    func garminExtensions() throws {
        let r = try readGPX(gpx("""
            <trk><trkseg>
            <trkpt lat="0" lon="0"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>121</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension><power>250</power></extensions></trkpt>
            <trkpt lat="0" lon="1"/>
            <trkpt lat="0" lon="2"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>125</gpxtpx:hr></gpxtpx:TrackPointExtension><note>x1</note></extensions></trkpt>
            </trkseg></trk>
            """, extraNamespaces: garminNamespace))
        let cp = try #require(r.features.first?.properties["coordinateProperties"])
        #expect(cp == .object([
            "heart": .array([121, .null, 125]),
            "cads": .array([80, .null, .null]),
            "powers": .array([250, .null, .null]),
            "notes": .array([.null, .null, "x1"]),
        ]))
    }

    @Test("a value on every point, on every point but the last, from the second point, and with a gap: each column as the points give it")
    func perPointColumnsDenseAndSparse() throws {
        func hr(_ v: Int) -> String { "<gpxtpx:TrackPointExtension><gpxtpx:hr>\(v)</gpxtpx:hr></gpxtpx:TrackPointExtension>" }
        let r = try readGPX(gpx("""
            <trk><trkseg>
            <trkpt lat="0" lon="0"><extensions>\(hr(100))<a>1</a><b>1</b><c>1</c></extensions></trkpt>
            <trkpt lat="0" lon="1"><extensions>\(hr(101))<a>2</a><b>2</b><d>2</d><d>3</d></extensions></trkpt>
            <trkpt lat="0" lon="2"><extensions>\(hr(102))<a>3</a><d>4</d></extensions></trkpt>
            <trkpt lat="0" lon="3"><extensions>\(hr(103))<b>4</b></extensions></trkpt>
            </trkseg></trk>
            """, extraNamespaces: garminNamespace))
        let cp = try #require(r.features.first?.properties["coordinateProperties"])
        #expect(cp == .object([
            "heart": .array([100, 101, 102, 103]),
            "as": .array([1, 2, 3, .null]),
            "bs": .array([1, 2, .null, 4]),
            "cs": .array([1, .null, .null, .null]),
            "ds": .array([.null, 2, 4, .null]),
            "ds_2": .array([.null, 3, .null, .null]),
        ]))
    }

    @Test("per-point values of several segments are arrays per segment, all null for a segment without them")
    func perPointValuesBySegment() throws {
        let r = try readGPX(gpx("""
            <trk><trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="1"/></trkseg>
            <trkseg><trkpt lat="1" lon="1"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>99</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt><trkpt lat="1" lon="2"/></trkseg></trk>
            """, extraNamespaces: garminNamespace))
        #expect(r.features.first?.properties["coordinateProperties"] == .object([
            "heart": .array([.array([.null, .null]), .array([99, .null])]),
        ]))
    }

    @Test("a segment of one point is left out; a track without a line is left out; all reported, the dropped ones by name")
    func shortLines() throws {
        let r = try readGPX(gpx("""
            <trk><name>A</name><trkseg><trkpt lat="0" lon="0"/></trkseg><trkseg><trkpt lat="0" lon="0"/><trkpt lat="1" lon="1"/></trkseg></trk>
            <trk><name>B</name><trkseg/></trk>
            <rte><name>C</name></rte>
            """))
        #expect(r.features.count == 1)
        #expect(r.features.first?.title == "A")
        guard case .polyline(let l)? = r.features.first?.shape else { Issue.record("not a single line"); return }
        #expect(l.coordinates.count == 2)
        #expect(Set(r.codes) == ["gpx-short-segment", "gpx-empty-trk", "gpx-empty-rte", "gpx-empty-lines"])
    }

    @Test("every route and track left out without a line is named at the end, by its name or else its line")
    func droppedLinesNamed() throws {
        let r = try readGPX(gpx("""
            <trk><name>First</name></trk>
            <trk><name>Second</name><trkseg><trkpt lat="0" lon="0"/></trkseg><trkseg><trkpt lat="1" lon="1"/></trkseg></trk>
            <trk><trkseg/></trk>
            <rte><name>Planned</name></rte>
            """))
        #expect(r.features.isEmpty)
        let all = try #require(r.warnings.first { $0.code == "gpx-empty-lines" })
        // Tracks are read before routes.
        #expect(all.message == "4 routes and tracks without two or more points were left out: <trk> 'First', <trk> 'Second', <trk> at line 5, <rte> 'Planned'")
        #expect(r.codes.filter { $0 == "gpx-empty-lines" }.count == 1)
        // One alone is named by its own warning, and no summary follows.
        let one = try readGPX(gpx("<trk><name>Only</name></trk>"))
        #expect(one.codes == ["gpx-empty-trk"])
        #expect(one.warnings.first?.message.contains("'Only'") == true)
    }

    @Test("gpx_style line gives the stroke (width from millimetres to pixels); Garmin's DisplayColor when it does not")
    func lineStyle() throws {
        let r = try readGPX(gpx("""
            <trk><extensions><line xmlns="http://www.topografix.com/GPX/gpx_style/0/2"><color>893380</color><opacity>0.5</opacity><width>0.79375</width></line></extensions>
            <trkseg><trkpt lat="0" lon="0"/><trkpt lat="1" lon="1"/></trkseg></trk>
            <trk><extensions><gpxx:TrackExtension><gpxx:DisplayColor>Magenta</gpxx:DisplayColor></gpxx:TrackExtension></extensions>
            <trkseg><trkpt lat="0" lon="0"/><trkpt lat="1" lon="1"/></trkseg></trk>
            """, extraNamespaces: #" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3""#))
        let styled = try #require(r.features.first?.style)
        #expect(styled.strokeColor == Color(hex: "893380"))
        #expect(styled.strokeOpacity == 0.5)
        #expect(abs((styled.strokeWidth ?? 0) - 3) < 1e-9)
        #expect(r.features[1].style?.strokeColor == Color(hex: "ff00ff"))
        #expect(r.features[1].properties["gpxx_DisplayColor"] == "Magenta")
    }

    @Test("an extension's time is the track's time rather than its first point's")
    func extensionTime() throws {
        let r = try readGPX(gpx("""
            <trk><extensions><time xmlns="http://www.topografix.com/GPX/gpx_modified/0/1">2008-03-02T03:19:47Z</time></extensions>
            <trkseg><trkpt lat="0" lon="0"><time>2024-01-01T00:00:00Z</time></trkpt><trkpt lat="1" lon="1"><time>2024-01-01T00:00:01Z</time></trkpt></trkseg></trk>
            """))
        #expect(r.features.first?.properties["time"] == "2008-03-02T03:19:47Z")
    }
}

/// Per-point values are kept sparse while reading, and a line's distinct per-point names are
/// capped, since each is written with an entry for every point (issue 12, item 12).
@Suite("GPX reader: many per-point names")
struct GPXReaderPointNameTests {
    /// A track of `count` points, each with an extension of its own name.
    static func track(_ count: Int) -> String {
        gpx("<trk><trkseg>" + (0..<count).map { "<trkpt lat=\"0\" lon=\"\(Double($0) / 1000)\"><extensions><n\($0)>\($0)</n\($0)></extensions></trkpt>" }.joined()
            + "</trkseg></trk>")
    }

    @Test("past ReadLimits.maximumPointNames the first names are kept and the rest reported")
    func capped() throws {
        var limits = ReadLimits()
        limits.maximumPointNames = 10
        let result = try readGPX(Self.track(30), limits: limits)
        guard case .object(let perPoint)? = result.features.first?.properties["coordinateProperties"] else {
            Issue.record("no coordinateProperties")
            return
        }
        #expect(perPoint.keys == (0..<10).map { "n\($0)s" })
        #expect(perPoint["n3s"] == .array((0..<30).map { $0 == 3 ? .number(NumberValue(3)) : .null }))
        let warning = try #require(result.warnings.first { $0.code == "gpx-point-names" })
        #expect(warning.message.contains("30 distinct per-point value names"))
        #expect(warning.message.contains("(ReadLimits.maximumPointNames = 10)"))
        #expect(warning.location?.line == 3)
    }

    @Test("the default keeps 256 names")
    func defaultCap() throws {
        let result = try readGPX(Self.track(300))
        guard case .object(let perPoint)? = result.features.first?.properties["coordinateProperties"] else {
            Issue.record("no coordinateProperties")
            return
        }
        #expect(perPoint.count == 256)
        #expect(result.codes.contains("gpx-point-names"))
    }

    @Test("within the limit every name is kept, without a warning")
    func withinLimit() throws {
        let result = try readGPX(Self.track(30))
        guard case .object(let perPoint)? = result.features.first?.properties["coordinateProperties"] else {
            Issue.record("no coordinateProperties")
            return
        }
        #expect(perPoint.count == 30)
        #expect(!result.codes.contains("gpx-point-names"))
    }
}
