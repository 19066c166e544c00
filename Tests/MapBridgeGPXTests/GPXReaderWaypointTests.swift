import MapBridgeGPX
import MapBridgeModel
import Testing

@Suite("GPX reader: waypoints")
struct GPXReaderWaypointTests {
    @Test("a document without waypoints, routes or tracks has no features")
    func empty() throws {
        let r = try readGPX(gpx(""))
        #expect(r.features.isEmpty)
        #expect(r.warnings.isEmpty)
    }

    @Test("a bare waypoint is an annotation with no properties; the numbers keep their text")
    func bare() throws {
        let r = try readGPX(gpx(#"<wpt lat="51.50" lon="-0.120"/>"#))
        let f = try #require(r.features.first)
        #expect(f.shape == .annotation(Coordinate(longitude: -0.12, latitude: 51.5)))
        guard case .annotation(let c)? = f.shape else { return }
        #expect(c.sourceText == CoordinateText(longitude: "-0.120", latitude: "51.50"))
        #expect(f.properties.isEmpty)
        #expect(f.title == nil && f.time == nil && f.style == nil)
    }

    @Test("name, desc, ele, time and sym fill the model; desc, time and sym are placed where they stood, under their GPX names")
    func modelFields() throws {
        let r = try readGPX(gpx("""
            <wpt lat="46.5" lon="7.9"><ele>4158.0</ele><time>2024-07-01T09:30:00Z</time><name>Jungfrau</name>
            <cmt>from the Mönch hut</cmt><desc>Summit &amp; glacier</desc><src>survey</src><sym>Summit</sym><type>peak</type></wpt>
            """))
        let f = try #require(r.features.first)
        #expect(f.title == "Jungfrau")
        #expect(f.subtitle == "Summit & glacier")
        #expect(f.time == .instant("2024-07-01T09:30:00Z"))
        #expect(f.style?.marker?.symbol == "Summit")
        guard case .annotation(let c)? = f.shape else { Issue.record("not a point"); return }
        #expect(c.altitude == 4158)
        #expect(c.sourceText?.altitude == "4158.0")
        #expect(f.properties.keys == ["cmt", "src", "type"])
        #expect(f.properties["cmt"] == "from the Mönch hut")
        #expect(f.fieldPlacements.map { "\($0.key)@\($0.index)" } == ["time@0", "desc@2", "sym@4"])
    }

    @Test("links become a links array; GPX 1.0 url and urlname join it")
    func links() throws {
        let r = try readGPX(gpx("""
            <wpt lat="1" lon="2"><link href="https://example.org/a"><text>A</text><type>text/html</type></link>
            <link href="https://example.org/b"/></wpt>
            """))
        #expect(r.features.first?.properties["links"] == .array([
            .object(["href": "https://example.org/a", "text": "A", "type": "text/html"]),
            .object(["href": "https://example.org/b"]),
        ]))
        let old = try readGPX("""
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><wpt lat="1" lon="2">
            <url>https://example.org/c</url><urlname>C</urlname></wpt></gpx>
            """)
        #expect(old.features.first?.properties["links"] == .array([.object(["href": "https://example.org/c", "text": "C"])]))
    }

    @Test("the numeric fields are numbers with their text; one that is not a number stays text, reported")
    func numericFields() throws {
        let r = try readGPX(gpx("""
            <wpt lat="1" lon="2"><magvar>3.50</magvar><geoidheight>47</geoidheight><fix>3d</fix><sat>7</sat>
            <hdop>1.2</hdop><dgpsid>many</dgpsid></wpt>
            """))
        let p = try #require(r.features.first?.properties)
        #expect(p["magvar"] == .number(NumberValue(text: "3.50", value: 3.5)))
        #expect(p["sat"] == 7)
        #expect(p["fix"] == "3d")
        #expect(p["hdop"] == 1.2)
        #expect(p["dgpsid"] == "many")
        #expect(r.codes == ["gpx-number"])
    }

    @Test("an empty ele gives no altitude")
    func emptyElevation() throws {
        let r = try readGPX(gpx(#"<wpt lat="1" lon="2"><ele></ele></wpt>"#))
        #expect(r.features.first?.shape == .annotation(Coordinate(longitude: 2, latitude: 1)))
        #expect(r.warnings.isEmpty)
    }

    @Test("extension leaves become prefix_name properties, as text; deeper structures are reported")
    func extensions() throws {
        let r = try readGPX(gpx("""
            <wpt lat="1" lon="2"><extensions>
            <gpxx:WaypointExtension><gpxx:Proximity>10</gpxx:Proximity><gpxx:Address><gpxx:City>Bern</gpxx:City></gpxx:Address></gpxx:WaypointExtension>
            <ogr:code>0042</ogr:code><plain>yes</plain><flag visible="false"/>
            </extensions></wpt>
            """, extraNamespaces: #" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3" xmlns:ogr="http://osgeo.org/gdal""#))
        let p = try #require(r.features.first?.properties)
        #expect(p["gpxx_Proximity"] == "10")
        #expect(p["ogr_code"] == "0042")
        #expect(p["plain"] == "yes")
        #expect(p["flag"] == .object(["visible": "false"]))
        #expect(p["gpxx_City"] == nil)
        #expect(r.codes == ["gpx-nested-extension"])
    }

    @Test("a waypoint without a usable position is left out and reported with its place; the count comes at the end")
    func badPositions() throws {
        let r = try readGPX(gpx("""
            <wpt lat="undefined" lon="undefined"/>
            <wpt lon="x" lat="1"/>
            <wpt lat="1"/>
            <wpt lat="3" lon="4"/>
            """))
        #expect(r.features.count == 1)
        let first = try #require(r.warnings.first)
        #expect(first.code == "gpx-position")
        #expect(first.location?.line == 3)
        #expect(first.message.contains("'undefined'"))
        #expect(r.warnings.last?.message.contains("3 points") == true)
    }

    @Test("an extension element repeated in one waypoint keeps every value (x_k, x_k_2, x_k_3), with a located warning")
    func repeatedExtension() throws {
        let r = try readGPX(gpx("""
            <wpt lat="1" lon="2"><extensions><x:k>one</x:k><x:k>two</x:k>
            <x:k>three</x:k></extensions></wpt>
            <wpt lat="1" lon="2"><extensions><x:k>alone</x:k></extensions></wpt>
            """, extraNamespaces: #" xmlns:x="urn:x""#))
        let p = try #require(r.features.first?.properties)
        #expect(p["x_k"] == "one" && p["x_k_2"] == "two" && p["x_k_3"] == "three", "\(p)")
        #expect(r.features.last?.properties["x_k_2"] == nil)
        let repeated = r.warnings.filter { $0.code == "gpx-repeated-extension" }
        #expect(repeated.count == 1, "\(r.warnings)")
        #expect(repeated.first?.location?.line == 3)  // gpx() adds two lines before the body
    }
}
