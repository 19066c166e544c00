import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML reader: geometry")
struct KMLReaderGeometryTests {
    @Test("a polygon keeps its outer ring and holes; open rings are kept as given, with a warning")
    func polygon() throws {
        let r = try readKML(kml("""
            <Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 10,0 10,10 0,10 0,0</coordinates></LinearRing></outerBoundaryIs>
            <innerBoundaryIs><LinearRing><coordinates>2,2 2,4 4,4 4,2</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
            """))
        guard case .polygon(let p)? = r.features.first?.shape else { Issue.record("not a polygon"); return }
        #expect(p.outer.count == 5)
        #expect(p.holes.count == 1)
        #expect(p.holes[0].count == 4 && p.holes[0].first != p.holes[0].last)
        #expect(r.warnings.contains { $0.code == "ring-not-closed" })
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
