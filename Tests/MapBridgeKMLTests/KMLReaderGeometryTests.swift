import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML reader: geometry")
struct KMLReaderGeometryTests {
    @Test("a polygon keeps its outer ring and holes; an open ring is closed, with a warning")
    func polygon() throws {
        let r = try readKML(kml("""
            <Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 10,0 10,10 0,10 0,0</coordinates></LinearRing></outerBoundaryIs>
            <innerBoundaryIs><LinearRing><coordinates>2,2 2,4 4,4 4,2</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
            """))
        guard case .polygon(let p)? = r.features.first?.shape else { Issue.record("not a polygon"); return }
        #expect(p.outer.count == 5)
        #expect(p.holes.count == 1)
        #expect(p.holes[0].count == 5 && p.holes[0].first == p.holes[0].last)
        #expect(p.holes[0].prefix(4).map(\.longitude) == [2, 2, 4, 4])
        #expect(r.warnings.contains { $0.code == "ring-not-closed" })
    }

    @Test("a polygon takes its rings in any order, holes after holes; a LinearRing outside a polygon is a line")
    func polygonRings() throws {
        let r = try readKML(kml("""
            <Placemark><Polygon><innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs>
            <outerBoundaryIs><LinearRing><coordinates>0,0 10,0 10,10 0,0</coordinates></LinearRing></outerBoundaryIs>
            <innerBoundaryIs><LinearRing><coordinates>3,3 4,3 4,4 3,3</coordinates></LinearRing>
            <LinearRing><coordinates>5,5 6,5 6,6 5,5</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
            <Placemark><MultiGeometry><LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing>
            <Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon>
            </MultiGeometry></Placemark>
            """))
        guard r.features.count == 2, case .polygon(let p)? = r.features[0].shape else { Issue.record("not a polygon"); return }
        #expect(p.outer.map(\.longitude) == [0, 10, 10, 0])
        #expect(p.holes.map { $0.map(\.longitude) } == [[1, 2, 2, 1], [3, 4, 4, 3], [5, 6, 6, 5]])
        guard case .collection(let shapes)? = r.features[1].shape else { Issue.record("not a collection"); return }
        #expect(shapes.map(\.kind) == [.polyline, .polygon])
    }

    @Test("a geometry whose coordinates are empty or white space is read as none, reported once per kind with its place")
    func emptyCoordinates() throws {
        let r = try readKML(kml("""
            <Placemark><name>a</name><LineString><coordinates>
               </coordinates></LineString></Placemark>
            <Placemark><name>b</name><LineString><coordinates/></LineString></Placemark>
            <Placemark><name>c</name><Point><coordinates> </coordinates></Point></Placemark>
            <Placemark><name>d</name><Polygon><outerBoundaryIs><LinearRing><coordinates> </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
            <Placemark><name>e</name><LinearRing><coordinates></coordinates></LinearRing></Placemark>
            <Placemark><name>f</name><gx:Track></gx:Track></Placemark>
            <Placemark><name>g</name><MultiGeometry><LineString><coordinates/></LineString><Point><coordinates>1,2</coordinates></Point></MultiGeometry></Placemark>
            """))
        // Every placemark is kept, with what it still has.
        #expect(r.features.map(\.title) == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(r.features.prefix(6).allSatisfy { $0.shape == nil })
        #expect(r.features[6].shape == .annotation(Coordinate(longitude: 1, latitude: 2)))
        let empty = r.warnings.filter { $0.code.hasPrefix("empty-geometry") }
        #expect(empty.map(\.code) == ["empty-geometry-LineString", "empty-geometry-Point", "empty-geometry-Polygon",
                                     "empty-geometry-LinearRing", "empty-geometry-gx:Track"])
        #expect(empty.allSatisfy { $0.severity == .warning && $0.location?.file == "t.kml" })
        #expect(empty.first?.location?.line == 5)
        #expect(empty.first?.message.contains("LineString") == true)
    }

    @Test("a closed ring is left as it is, with no warning")
    func closedRing() throws {
        let r = try readKML(kml("""
            <Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 10,0 10,10 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
            """))
        guard case .polygon(let p)? = r.features.first?.shape else { Issue.record("not a polygon"); return }
        #expect(p.outer.count == 4)
        #expect(!r.warnings.contains { $0.code == "ring-not-closed" })
    }

    @Test("a LineString or gx:Track with one position becomes a Point, with a warning")
    func onePositionLines() throws {
        let line = try readKML(kml("<Placemark><LineString><coordinates>3,4</coordinates></LineString></Placemark>"))
        #expect(line.features.first?.shape == .annotation(Coordinate(longitude: 3, latitude: 4)))
        #expect(line.warnings.contains { $0.code == "line-one-position" })
        let track = try readKML(kml("""
            <Placemark><gx:Track><when>2020-01-01T00:00:00Z</when><gx:coord>5 6 7</gx:coord></gx:Track></Placemark>
            """))
        #expect(track.features.first?.shape == .annotation(Coordinate(longitude: 5, latitude: 6, altitude: 7)))
        #expect(track.features.first?.time == .instant("2020-01-01T00:00:00Z"))
        #expect(track.warnings.contains { $0.code == "track-one-position" })
    }

    @Test("a GroundOverlay's LatLonBox is a ring from the north-west corner, turned by its rotation")
    func latLonBoxRotation() throws {
        let plain = try readKML(kml("""
            <GroundOverlay><LatLonBox><north>2</north><south>0</south><east>4</east><west>0</west></LatLonBox></GroundOverlay>
            """))
        guard case .polygon(let p)? = plain.features.first?.shape else { Issue.record("not a polygon"); return }
        #expect(p.outer.map { [$0.longitude, $0.latitude] } == [[0, 2], [4, 2], [4, 0], [0, 0], [0, 2]])
        let turned = try readKML(kml("""
            <GroundOverlay><LatLonBox><north>2</north><south>0</south><east>4</east><west>0</west><rotation>90</rotation></LatLonBox></GroundOverlay>
            """))
        guard case .polygon(let q)? = turned.features.first?.shape else { Issue.record("not a polygon"); return }
        // A quarter turn counter-clockwise about (2, 1): the north-west corner (0, 2) goes to (1, -1).
        let expected: [[Double]] = [[1, -1], [1, 3], [3, 3], [3, -1], [1, -1]]
        for (c, e) in zip(q.outer, expected) {
            #expect(abs(c.longitude - e[0]) < 1e-12 && abs(c.latitude - e[1]) < 1e-12)
        }
    }

    @Test("MultiGeometry becomes a collection; nested and sibling ones are flattened")
    func multiGeometry() throws {
        let r = try readKML(kml("""
            <Placemark><MultiGeometry><Point><coordinates>1,2</coordinates></Point>
            <MultiGeometry><LineString><coordinates>0,0 1,1</coordinates></LineString></MultiGeometry></MultiGeometry></Placemark>
            """))
        guard case .collection(let shapes)? = r.features.first?.shape else { Issue.record("not a collection"); return }
        #expect(shapes.map(\.kind) == [.annotation, .polyline])
    }

    @Test("tessellate marks a line geodesic")
    func tessellate() throws {
        let r = try readKML(kml("<Placemark><LineString><tessellate>1</tessellate><altitudeMode>absolute</altitudeMode><coordinates>0,0 90,0</coordinates></LineString></Placemark>"))
        guard case .polyline(let line)? = r.features.first?.shape else { Issue.record("not a line"); return }
        #expect(line.interpolation == .geodesic)
        #expect(r.features.first?.altitudeMode == .absolute)
    }

    @Test("tessellate is true for 1 and true, spaces around them trimmed, and for nothing else",
          arguments: [("1", true), ("true", true), (" true\n", true), ("\t1 ", true), ("0", false), ("false", false),
                      ("True", false), ("tru", false), ("truex", false), ("11", false), ("", false), ("trüe", false)])
    func tessellateSpellings(text: String, geodesic: Bool) throws {
        let r = try readKML(kml("<Placemark><LineString><tessellate>\(text)</tessellate><coordinates>0,0 90,0</coordinates></LineString></Placemark>"))
        guard case .polyline(let line)? = r.features.first?.shape else { Issue.record("not a line"); return }
        #expect(line.interpolation == (geodesic ? .geodesic : .straight))
    }

    @Test("gx:Track keeps per-vertex times")
    func track() throws {
        let r = try readKML(kml("""
            <Placemark><gx:Track><when>2010-05-28T02:02:09Z</when><when>2010-05-28T02:02:35Z</when>
            <gx:coord>-122.2 37.3 156</gx:coord><gx:coord>-122.1 37.4 152</gx:coord></gx:Track></Placemark>
            """))
        guard case .polyline(let line)? = r.features.first?.shape else { Issue.record("not a line"); return }
        #expect(line.times == ["2010-05-28T02:02:09Z", "2010-05-28T02:02:35Z"])
        #expect(line.coordinates[1] == Coordinate(longitude: -122.1, latitude: 37.4, altitude: 152))
    }

    @Test("GroundOverlay LatLonBox becomes a polygon with its image")
    func groundOverlay() throws {
        let r = try readKML(kml("""
            <GroundOverlay><name>G</name><Icon><href>etna.jpg</href></Icon>
            <LatLonBox><north>38</north><south>37</south><east>15</east><west>14</west></LatLonBox></GroundOverlay>
            """))
        let f = try #require(r.features.first)
        #expect(f.properties["icon"] == "etna.jpg")
        guard case .polygon(let p)? = f.shape else { Issue.record("not a polygon"); return }
        #expect(p.outer.count == 5)
        #expect(p.outer.contains(Coordinate(longitude: 15, latitude: 37)))
    }

    @Test("a placemark without geometry or with empty coordinates has none")
    func noGeometry() throws {
        let r = try readKML(kml("<Placemark><name>a</name></Placemark><Placemark><Point><coordinates/></Point></Placemark>"))
        #expect(r.features.count == 2)
        #expect(r.features.allSatisfy { $0.shape == nil })
    }
}
