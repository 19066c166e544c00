import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// Whether every coordinate of the feature's shape is a finite number.
private func allFinite(_ feature: Feature) -> Bool {
    var finite = true
    feature.shape?.forEachCoordinate { c in
        if !c.longitude.isFinite || !c.latitude.isFinite || !(c.altitude?.isFinite ?? true) { finite = false }
    }
    return finite
}

/// Found by fuzzing the KML reader (`Fuzz/run SECONDS kml`): `inf` in a LatLonBox became a
/// corner at infinity, which the KML writer wrote as `inf` (unreadable) and GeoJSON as `inf`
/// (not JSON).
@Suite("KML reader: numbers outside coordinates")
struct KMLReaderNumberTests {
    @Test("inf and nan are not numbers in a LatLonBox")
    func infiniteBoxEdge() throws {
        let r = try readKML(kml("""
            <GroundOverlay><LatLonBox><north>10</north><south>inf</south><east>20</east><west>-20</west>
            <rotation>46</rotation></LatLonBox></GroundOverlay>
            <GroundOverlay><LatLonBox><north>nan</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay>
            <NetworkLink><Region><LatLonAltBox><north>1</north><south>0</south><east>infinity</east><west>0</west></LatLonAltBox></Region></NetworkLink>
            """))
        #expect(r.features.count == 3)
        for feature in r.features {
            #expect(allFinite(feature))
            #expect(feature.shape == nil)
        }
    }

    @Test("a rotated box whose edges are far beyond the globe overflows to no geometry, with a warning")
    func overflowingRotatedBox() throws {
        let r = try readKML(kml("""
            <GroundOverlay><LatLonBox><north>1.7e308</north><south>-1.7e308</south><east>1.7e308</east><west>-1.7e308</west>
            <rotation>45</rotation></LatLonBox></GroundOverlay>
            """))
        let f = try #require(r.features.first)
        #expect(allFinite(f))
        #expect(f.shape == nil)
        #expect(r.warnings.contains { $0.code == "box-overflow" })
    }

    @Test("a box with ordinary numbers, written as KML numbers may be, still has its corners")
    func ordinaryBox() throws {
        let r = try readKML(kml("""
            <GroundOverlay><LatLonBox><north> +10 </north><south>-1.e1</south><east>.5</east><west>-2E1</west></LatLonBox></GroundOverlay>
            """))
        guard case .polygon(let p)? = r.features.first?.shape else { Issue.record("no box"); return }
        #expect(p.outer.map(\.latitude) == [10, 10, -10, -10, 10])
        #expect(p.outer.map(\.longitude) == [-20, 0.5, 0.5, -20, -20])
    }

    @Test("style numbers that are inf, nan or hexadecimal are left out")
    func styleNumbers() throws {
        let r = try readKML(kml("""
            <Placemark><Style><LineStyle><color>ff0000ff</color><width>inf</width></LineStyle>
            <IconStyle><scale>nan</scale><heading>0x10</heading><hotSpot x="inf" y="0" xunits="fraction" yunits="fraction"/></IconStyle>
            <LabelStyle><scale>-infinity</scale></LabelStyle></Style>
            <Point><coordinates>1,2</coordinates></Point></Placemark>
            """))
        let style = try #require(r.features.first?.style)
        #expect(style.strokeWidth == nil)
        #expect(style.marker?.scale == nil)
        #expect(style.marker?.heading == nil)
        #expect(style.marker?.hotSpot == nil)
        #expect(style.label?.scale == nil)
    }
}
