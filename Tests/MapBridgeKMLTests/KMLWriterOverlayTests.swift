import MapBridgeKML
import MapBridgeModel
import Testing

/// Ground overlays and network links read from KML go back out as GroundOverlay and NetworkLink.
@Suite("KMLWriter overlays and network links")
struct KMLWriterOverlayTests {
    /// `kml`'s features written again, and the written text read back.
    private func rewrite(_ kml: String) throws -> (text: String, features: [Feature], output: KMLWriterOutput) {
        let read = try readKML(kml).features
        let output = try writeKMLDocument(read)
        expectSchemaValid(output)
        return (output.text, try readKML(output.text).features, output)
    }

    private func document(_ body: String) -> String {
        #"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document>"# + body + "</Document></kml>"
    }

    @Test("a LatLonBox overlay comes back as one, with its image, edges and data, across the antimeridian too",
          arguments: [("10", "0", "10", "0"), ("5", "-5", "-170", "170"), ("-33.5", "-34.25", "151.5", "150.75")])
    func box(north: String, south: String, east: String, west: String) throws {
        let kml = document("""
            <GroundOverlay><name>Scan</name><ExtendedData><Data name="source"><value>survey</value></Data></ExtendedData>
            <Icon><href>files/scan.png</href></Icon>
            <LatLonBox><north>\(north)</north><south>\(south)</south><east>\(east)</east><west>\(west)</west></LatLonBox></GroundOverlay>
            """)
        let (text, features, _) = try rewrite(kml)
        #expect(text.contains("<GroundOverlay><name>Scan</name>"))
        #expect(text.contains("<Icon><href>files/scan.png</href></Icon><LatLonBox><north>\(north)</north><south>\(south)</south><east>\(east)</east><west>\(west)</west></LatLonBox></GroundOverlay>"))
        #expect(!text.contains("<Placemark"))
        #expect(!text.contains("@geometry-type") && !text.contains(#"name="icon""#))
        #expect(features.first?.properties["source"] == "survey")
        #expect(features.first?.shape == (try readKML(kml).features.first?.shape))
    }

    @Test("an overlay's tint, draw order and altitude are read as properties and written back as elements")
    func look() throws {
        let kml = document("""
            <GroundOverlay><name>Tinted</name><color>7f00ff00</color><drawOrder>2</drawOrder><Icon><href>a.png</href></Icon>
            <altitude>120.5</altitude><altitudeMode>absolute</altitudeMode>
            <LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay>
            """)
        let read = try #require(readKML(kml).features.first)
        #expect(read.properties["overlay-color"] == "#00ff00")
        #expect(read.properties["drawOrder"] == 2 && read.properties["altitude"] == 120.5)
        let (text, _, _) = try rewrite(kml)
        #expect(text.contains("<GroundOverlay><name>Tinted</name><color>7f00ff00</color><drawOrder>2</drawOrder><Icon><href>a.png</href></Icon><altitude>120.5</altitude><altitudeMode>absolute</altitudeMode><LatLonBox>"), "\(text)")
        #expect(!text.contains("ExtendedData"))
    }

    @Test("numbers that are not JSON numbers (05, +2, .5) become properties in JSON form")
    func numberText() throws {
        let kml = document("""
            <GroundOverlay><drawOrder>+2</drawOrder><Icon><href>a.png</href></Icon><altitude>05</altitude>
            <LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay>
            <ScreenOverlay><Icon><href>b.png</href></Icon><screenXY x=".5" y="05" xunits="fraction" yunits="pixels"/><rotation>+15</rotation></ScreenOverlay>
            """)
        let features = try readKML(kml).features
        #expect(features[0].properties["altitude"].map { if case .number(let n) = $0 { n.text } else { "" } } == "5")
        #expect(features[0].properties["drawOrder"].map { if case .number(let n) = $0 { n.text } else { "" } } == "2")
        #expect(features[1].properties["screenXY"] == .object(["x": 0.5, "y": 5, "xunits": "fraction", "yunits": "pixels"]))
        #expect(features[1].properties["rotation"].map { if case .number(let n) = $0 { n.text } else { "" } } == "15")
    }

    @Test("a rotated box keeps its rotation and edges (to 1e-10 degrees)")
    func rotated() throws {
        let kml = document("""
            <GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonBox><north>37.91904192681665</north><south>37.46543388598137</south>
            <east>15.35832653742206</east><west>14.60128369746704</west><rotation>-30.5</rotation></LatLonBox></GroundOverlay>
            """)
        let (text, features, _) = try rewrite(kml)
        #expect(text.contains("<north>37.9190419268</north><south>37.465433886</south><east>15.3583265374</east><west>14.6012836975</west><rotation>-30.5</rotation>"), "\(text)")
        let before = try #require(readKML(kml).features.first?.shape), after = try #require(features.first?.shape)
        guard case .polygon(let p) = before, case .polygon(let q) = after else { Issue.record("not polygons"); return }
        for (a, b) in zip(p.outer, q.outer) {
            #expect(abs(a.longitude - b.longitude) < 1e-9 && abs(a.latitude - b.latitude) < 1e-9)
        }
    }

    @Test("an overlay read from GeoJSON: a ring turned by --rewind is still its box, and the icon style GeoJSON reading gives the image is not written")
    func fromGeoJSON() throws {
        // North-west, south-west, south-east, north-east: the box ring counter-clockwise.
        let ring = [wpt(0, 10), wpt(0, 0), wpt(10, 0), wpt(10, 10), wpt(0, 10)]
        let feature = Feature(shape: .polygon(Polygon(outer: ring)), properties: ["icon": "scan.png"],
                              style: Style(marker: MarkerStyle(href: "scan.png")), overlay: .groundOverlay)
        let output = try writeKMLDocument([feature])
        expectSchemaValid(output)
        #expect(output.text.contains("<GroundOverlay><Icon><href>scan.png</href></Icon><LatLonBox><north>10</north><south>0</south><east>10</east><west>0</west></LatLonBox></GroundOverlay>"), "\(output.text)")
        #expect(!output.text.contains("<Style"))
    }

    @Test("a gx:LatLonQuad comes back as one, corners in order")
    func quad() throws {
        let kml = document("""
            <GroundOverlay><name>Q</name><Icon><href>q.png</href></Icon>
            <gx:LatLonQuad><coordinates>81.60,44.16 83.52,43.66 82.94,44.24 81.50,44.32</coordinates></gx:LatLonQuad></GroundOverlay>
            """)
        let (text, _, _) = try rewrite(kml)
        #expect(text.contains("<gx:LatLonQuad><coordinates>81.60,44.16 83.52,43.66 82.94,44.24 81.50,44.32</coordinates></gx:LatLonQuad>"))
    }

    @Test("a screen overlay keeps its image, tint, placement, size and rotation")
    func screenOverlay() throws {
        let kml = document("""
            <ScreenOverlay><name>Legend</name><color>ccffffff</color><drawOrder>3</drawOrder><Icon><href>legend.png</href></Icon>
            <overlayXY x="0" y="1" xunits="fraction" yunits="fraction"/><screenXY x="10" y="0.95" xunits="pixels" yunits="fraction"/>
            <size x="-1" y="-1" xunits="pixels" yunits="pixels"/><rotation>15</rotation></ScreenOverlay>
            """)
        let read = try #require(readKML(kml).features.first)
        #expect(read.shape == nil)
        #expect(read.properties["screenXY"] == .object(["x": 10, "y": 0.95, "xunits": "pixels", "yunits": "fraction"]))
        let (text, _, output) = try rewrite(kml)
        #expect(text.contains("""
            <ScreenOverlay><name>Legend</name><color>ccffffff</color><drawOrder>3</drawOrder><Icon><href>legend.png</href></Icon>\
            <overlayXY x="0" y="1" xunits="fraction" yunits="fraction"></overlayXY><screenXY x="10" y="0.95" xunits="pixels" yunits="fraction"></screenXY>\
            <size x="-1" y="-1" xunits="pixels" yunits="pixels"></size><rotation>15</rotation></ScreenOverlay>
            """), "\(text)")
        #expect(!output.codes.contains("unread-element"))
    }

    @Test("a network link keeps its link, refresh mode and region")
    func networkLink() throws {
        let kml = document("""
            <NetworkLink><name>Live</name><Region><LatLonAltBox><north>50</north><south>40</south><east>10</east><west>0</west></LatLonAltBox></Region>
            <Link><href>http://example.com/live.kml</href><viewRefreshMode>onStop</viewRefreshMode></Link></NetworkLink>
            <NetworkLink><name>Plain</name><Link><href>other.kml</href></Link></NetworkLink>
            """)
        let (text, features, _) = try rewrite(kml)
        #expect(text.contains("<NetworkLink><name>Live</name><Region><LatLonAltBox><north>50</north><south>40</south><east>10</east><west>0</west></LatLonAltBox></Region><Link><href>http://example.com/live.kml</href><viewRefreshMode>onStop</viewRefreshMode></Link></NetworkLink>"), "\(text)")
        #expect(text.contains("<NetworkLink><name>Plain</name><Link><href>other.kml</href></Link></NetworkLink>"))
        #expect(features.map { $0.properties["href"] } == ["http://example.com/live.kml", "other.kml"])
    }

    @Test("an overlay whose shape no longer fits, or whose image is gone, stays a Placemark with its geometry")
    func misfits() throws {
        let pentagon = Polygon(outer: [wpt(0, 0), wpt(2, 0), wpt(3, 1), wpt(1, 3), wpt(-1, 1), wpt(0, 0)])
        let noImage = Feature(shape: .polygon(Polygon(outer: [wpt(0, 1), wpt(1, 1), wpt(1, 0), wpt(0, 0), wpt(0, 1)])),
                              overlay: .groundOverlay)
        let edited = Feature(shape: .polygon(pentagon), properties: ["icon": "a.png"], overlay: .groundOverlay)
        let line = Feature(shape: .polyline(Polyline([wpt(0, 0), wpt(1, 1)])), properties: ["href": "x.kml"], overlay: .networkLink)
        let output = try writeKMLDocument([noImage, edited, line])
        expectSchemaValid(output)
        #expect(placemarkLines(output.text).count == 3)
        #expect(!output.text.contains("GroundOverlay") && !output.text.contains("NetworkLink"))
        #expect(output.text.contains("a.png"))  // kept as data
        // Read back, each is the overlay kind it was, with its data.
        let read = try readKML(output.text)
        #expect(read.features.map(\.overlay) == [.groundOverlay, .groundOverlay, .networkLink])
        #expect(read.features.allSatisfy { $0.properties[OverlayKind.geometryTypeKey] == nil })
    }
}
