import MapBridgeKML
import MapBridgeModel
import Testing

/// KML as other tools write it: HTML in descriptions without CDATA, data that shadows a
/// placemark's own fields, overlays, update patches, loose gx:coord and cut-off files.
@Suite("KML reader: unusual but real input")
struct KMLReaderUnusualInputTests {
    @Test("HTML written inside a description without CDATA is kept as markup text")
    func inlineMarkup() throws {
        let r = try readKML(kml("""
            <Placemark><description>Some<br/>HTML <i class="a&amp;b">here</i> &amp; <b>bold</b>bar</description></Placemark>
            """))
        #expect(r.features.first?.subtitle == #"Some<br/>HTML <i class="a&amp;b">here</i> & <b>bold</b>bar"#)
        #expect(!r.warnings.contains { $0.code == "unread-element" })
    }

    @Test("ExtendedData named like the placemark's name, with another value, is kept as data:name; with the same value it is the field")
    func shadowingData() throws {
        let r = try readKML(kml("""
            <Placemark><name>own</name><ExtendedData><Data name="name"><value>other</value></Data>
            <Data name="address"><value>same</value></Data></ExtendedData><address>same</address></Placemark>
            """))
        let f = try #require(r.features.first)
        #expect(f.title == "own")
        #expect(f.properties["data:name"] == .string("other"))
        #expect(f.properties["name"] == nil)
        // Data that says what the element says is the field's spelling, in its place: not twice.
        #expect(f.properties["address"] == nil && f.address == "same")
        #expect(f.placement(of: .address) == FieldPlacement(field: .address, key: "address", index: 1, sourceValue: "same"))
        #expect(r.warnings.contains { $0.code == "data-name" })
    }

    @Test("a ScreenOverlay is a feature without geometry; a PhotoOverlay keeps its Point")
    func overlays() throws {
        let r = try readKML(kml("""
            <ScreenOverlay><name>logo</name><Icon><href>logo.png</href></Icon></ScreenOverlay>
            <PhotoOverlay><name>view</name><Icon><href>p.jpg</href></Icon><Point><coordinates>7.7,46.0,1600</coordinates></Point></PhotoOverlay>
            """))
        try #require(r.features.count == 2)
        #expect(r.features[0].title == "logo" && r.features[0].shape == nil)
        #expect(r.features[0].overlay == .screenOverlay && r.features[0].properties[OverlayKind.geometryTypeKey] == nil)
        #expect(r.features[0].properties["icon"] == .string("logo.png"))
        #expect(r.features[1].overlay == .photoOverlay)
        #expect(r.features[1].shape == .annotation(Coordinate(longitude: 7.7, latitude: 46.0, altitude: 1600)))
    }

    @Test("placemarks inside an Update are a patch, not features")
    func update() throws {
        let r = try readKML("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><NetworkLinkControl><Update><targetHref>a.kml</targetHref>
            <Change><Placemark targetId="p"><name>renamed</name></Placemark></Change></Update></NetworkLinkControl>
            <Placemark><name>real</name></Placemark></kml>
            """)
        #expect(r.features.map(\.title) == ["real"])
    }

    @Test("a Snippet is kept as data")
    func snippet() throws {
        let r = try readKML(kml("<Placemark><Snippet maxLines=\"1\">short</Snippet></Placemark>"))
        #expect(r.features.first?.properties["snippet"] == .string("short"))
    }

    @Test("a root other than <kml> is read with a warning when it is a feature, refused otherwise")
    func roots() throws {
        let bare = try readKML("<Placemark xmlns=\"http://www.opengis.net/kml/2.2\"><name>p</name></Placemark>")
        #expect(bare.features.map(\.title) == ["p"])
        #expect(bare.warnings.contains { $0.code == "root" })
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readKML("<LinearRing xmlns=\"http://www.opengis.net/kml/2.2\"><coordinates>0,92 1,1 0,0</coordinates></LinearRing>")
        }
        #expect(error.message.contains("not a KML document"))
        #expect(error.location?.line == 1)
    }

    @Test("gx:coord tolerates commas and keeps its numbers' text")
    func gxCoord() throws {
        let r = try readKML(kml("""
            <Placemark><gx:Track><when>2020-01-01T00:00:00Z</when><when>2020-01-01T00:01:00Z</when>
            <gx:coord>-118.410, 33.940, 10</gx:coord><gx:coord>-118.400 33.950 12.50</gx:coord></gx:Track></Placemark>
            """))
        guard case .polyline(let line)? = r.features.first?.shape else { Issue.record("not a line"); return }
        #expect(line.coordinates.map { $0.sourceText?.longitude } == ["-118.410", "-118.400"])
        #expect(line.coordinates.map { $0.sourceText?.altitude } == ["10", "12.50"])
        #expect(line.times?.count == 2)
    }

    @Test("a coordinate tuple with more than three numbers keeps three, and says what it left out")
    func longTuple() throws {
        let r = try readKML(kml("<Placemark><Point><coordinates>1,2,3,4</coordinates></Point></Placemark>"))
        #expect(r.features.first?.shape == .annotation(Coordinate(longitude: 1, latitude: 2, altitude: 3)))
        let warning = try #require(r.warnings.first { $0.code == "tuple-length" })
        #expect(warning.message.contains("has 4 numbers"))
        #expect(warning.location != nil)
    }

    @Test("a file cut off inside an element says so, naming the element and where it opened")
    func cutOff() throws {
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readKML("<kml>\n<Document>\n<Placemark><LineString><coordinates>1,2 3,")
        }
        #expect(error.message.contains("the file ends before <coordinates> (opened at line 3"), "\(error.message)")
        #expect(error.message.contains("cut off"))
    }

    @Test("text after the root element says to remove it; nothing is said to be cut off")
    func afterRoot() throws {
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readKML("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>\n<kml>")
        }
        #expect(error.message.hasSuffix("after the document's root element has ended: remove what follows the document's last end tag (such as </kml> or </gpx>)"), "\(error.message)")
        #expect(!error.message.contains("cut off"))
        #expect(error.location?.line == 2)
    }

    @Test("a StyleMap that leads back to itself is reported as a loop, not as missing")
    func styleLoop() throws {
        let r = try readKML(kml("""
            <StyleMap id="loop"><Pair><key>normal</key><styleUrl>#loop</styleUrl></Pair></StyleMap>
            <Placemark><styleUrl>#loop</styleUrl><Point><coordinates>1,2</coordinates></Point></Placemark>
            """))
        #expect(r.features.count == 1)
        #expect(r.warnings.contains { $0.code == "style-loop" })
        #expect(!r.warnings.contains { $0.code == "unknown-style" })
    }
}
