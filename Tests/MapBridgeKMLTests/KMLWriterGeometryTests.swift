import MapBridgeKML
import MapBridgeModel
import Testing

/// Shapes as KML geometries: coordinates, lines, polygons, multi-geometries, tracks and
/// altitude modes.
@Suite("KMLWriter geometry")
struct KMLWriterGeometryTests {
    /// The placemark line of one feature with `shape`.
    private func geometry(_ shape: Shape, altitudeMode: AltitudeMode? = nil, title: String? = nil,
                          options: KMLWriter.Options = KMLWriter.Options()) throws -> (line: String, codes: [String])
    {
        let output = try writeKMLDocument([Feature(title: title, shape: shape, altitudeMode: altitudeMode)], options: options)
        expectSchemaValid(output)
        var line = placemarkLines(output.text).first ?? ""
        // A Multi* shape carries its type name as data (see `KMLMultiGeometryMarker`); the geometry is what follows.
        let typeName: String? = switch shape {
        case .multiPoint: "MultiPoint"
        case .multiPolyline: "MultiLineString"
        case .multiPolygon: "MultiPolygon"
        default: nil
        }
        if let typeName {
            let marker = options.propertyTypes == .text ? dataXML(("@geometry-type", typeName)) : simpleDataXML(("@geometry-type", typeName))
            #expect(line.contains(marker))
            if let range = line.firstRange(of: marker) { line.removeSubrange(range) }
        }
        return (line, output.codes)
    }

    private static let ring = [wpt(0, 0), wpt(4, 0), wpt(4, 4), wpt(0, 0)]
    private static let hole = [wpt(1, 1), wpt(2, 1), wpt(2, 2), wpt(1, 1)]

    // MARK: Coordinates

    @Test("a point with and without altitude")
    func point() throws {
        #expect(try geometry(.annotation(wpt(-73.7781, 40.6413))).line
            == "<Placemark><Point><coordinates>-73.7781,40.6413</coordinates></Point></Placemark>")
        #expect(try geometry(.annotation(wpt(1, 2, 3.5))).line
            == "<Placemark><Point><coordinates>1,2,3.5</coordinates></Point></Placemark>")
    }

    @Test("source text is kept as written; an altitude without text is formatted")
    func sourceText() throws {
        let c = Coordinate(longitude: 0.1, latitude: 1e-7, altitude: 12,
                           sourceText: CoordinateText(longitude: "0.10", latitude: "1E-7"))
        #expect(try geometry(.annotation(wptText("100.0", "0.0", "-0"))).line
            == "<Placemark><Point><coordinates>100.0,0.0,-0</coordinates></Point></Placemark>")
        #expect(try geometry(.annotation(c)).line
            == "<Placemark><Point><coordinates>0.10,1E-7,12</coordinates></Point></Placemark>")
    }

    @Test("precision rounds to decimal places and drops trailing zeros, ignoring source text",
          arguments: [(0, "-74,41"), (3, "-73.778,40.641"), (6, "-73.778139,40.641312")])
    func precision(places: Int, expected: String) throws {
        var options = KMLWriter.Options()
        options.precision = places
        let c = Coordinate(longitude: -73.7781391, latitude: 40.6413119, altitude: nil,
                           sourceText: CoordinateText(longitude: "-73.7781391", latitude: "40.6413119"))
        #expect(try geometry(.annotation(c), options: options).line
            == "<Placemark><Point><coordinates>\(expected)</coordinates></Point></Placemark>")
    }

    // MARK: Lines and polygons

    @Test("a line; a geodesic line is tessellated")
    func lines() throws {
        let points = [wpt(0, 0), wpt(1, 1), wpt(2, 0)]
        #expect(try geometry(.polyline(Polyline(points))).line
            == "<Placemark><LineString><coordinates>0,0 1,1 2,0</coordinates></LineString></Placemark>")
        #expect(try geometry(.polyline(Polyline(points, interpolation: .geodesic))).line
            == "<Placemark><LineString><tessellate>1</tessellate><coordinates>0,0 1,1 2,0</coordinates></LineString></Placemark>")
    }

    @Test("a polygon with its outer ring and a boundary per hole")
    func polygon() throws {
        #expect(try geometry(.polygon(Polygon(outer: Self.ring, holes: [Self.hole, Self.hole]))).line
            == "<Placemark><Polygon>"
            + "<outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,0</coordinates></LinearRing></outerBoundaryIs>"
            + "<innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs>"
            + "<innerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></innerBoundaryIs>"
            + "</Polygon></Placemark>")
    }

    @Test("empty shapes of features that carry something are empty elements")
    func empty() throws {
        #expect(try geometry(.polygon(Polygon(outer: [])), title: "e").line == "<Placemark><name>e</name><Polygon></Polygon></Placemark>")
        #expect(try geometry(.polyline(Polyline([])), title: "e").line
            == "<Placemark><name>e</name><LineString><coordinates></coordinates></LineString></Placemark>")
        #expect(try geometry(.multiPoint([]), title: "e").line == "<Placemark><name>e</name><MultiGeometry></MultiGeometry></Placemark>")
        #expect(try geometry(.collection([]), title: "e").line == "<Placemark><name>e</name><MultiGeometry></MultiGeometry></Placemark>")
    }

    // MARK: Multi-geometries

    @Test("multi-points, -lines and -polygons are MultiGeometry")
    func multi() throws {
        #expect(try geometry(.multiPoint([wpt(1, 2), wpt(3, 4)])).line
            == "<Placemark><MultiGeometry><Point><coordinates>1,2</coordinates></Point>"
            + "<Point><coordinates>3,4</coordinates></Point></MultiGeometry></Placemark>")
        #expect(try geometry(.multiPolyline([Polyline([wpt(0, 0), wpt(1, 1)]), Polyline([wpt(2, 2), wpt(3, 3)], interpolation: .geodesic)])).line
            == "<Placemark><MultiGeometry><LineString><coordinates>0,0 1,1</coordinates></LineString>"
            + "<LineString><tessellate>1</tessellate><coordinates>2,2 3,3</coordinates></LineString></MultiGeometry></Placemark>")
        #expect(try geometry(.multiPolygon([Polygon(outer: Self.ring), Polygon(outer: Self.hole)])).line
            == "<Placemark><MultiGeometry>"
            + "<Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon>"
            + "<Polygon><outerBoundaryIs><LinearRing><coordinates>1,1 2,1 2,2 1,1</coordinates></LinearRing></outerBoundaryIs></Polygon>"
            + "</MultiGeometry></Placemark>")
    }

    @Test("a collection nests MultiGeometry as deep as it goes")
    func nestedCollection() throws {
        let shape: Shape = .collection([.annotation(wpt(1, 2)), .collection([.multiPoint([wpt(3, 4)])])])
        #expect(try geometry(shape).line
            == "<Placemark><MultiGeometry><Point><coordinates>1,2</coordinates></Point>"
            + "<MultiGeometry><MultiGeometry><Point><coordinates>3,4</coordinates></Point></MultiGeometry></MultiGeometry>"
            + "</MultiGeometry></Placemark>")
    }

    // MARK: Altitude modes

    @Test("the three OGC altitude modes are altitudeMode, before the coordinates",
          arguments: [AltitudeMode.clampToGround, .relativeToGround, .absolute])
    func ogcAltitudeModes(mode: AltitudeMode) throws {
        #expect(try geometry(.annotation(wpt(1, 2, 3)), altitudeMode: mode).line
            == "<Placemark><Point><altitudeMode>\(mode.rawValue)</altitudeMode><coordinates>1,2,3</coordinates></Point></Placemark>")
    }

    @Test("the sea-floor modes are gx:altitudeMode", arguments: [AltitudeMode.clampToSeaFloor, .relativeToSeaFloor])
    func seaFloorAltitudeModes(mode: AltitudeMode) throws {
        #expect(try geometry(.polyline(Polyline([wpt(1, 2, -3), wpt(2, 3, -4)], interpolation: .geodesic)), altitudeMode: mode).line
            == "<Placemark><LineString><tessellate>1</tessellate><gx:altitudeMode>\(mode.rawValue)</gx:altitudeMode>"
            + "<coordinates>1,2,-3 2,3,-4</coordinates></LineString></Placemark>")
    }

    @Test("every geometry of a MultiGeometry carries the altitude mode")
    func altitudeModeInMulti() throws {
        let shape: Shape = .collection([.annotation(wpt(1, 2, 3)), .polygon(Polygon(outer: Self.ring))])
        #expect(try geometry(shape, altitudeMode: .absolute).line
            == "<Placemark><MultiGeometry><Point><altitudeMode>absolute</altitudeMode><coordinates>1,2,3</coordinates></Point>"
            + "<Polygon><altitudeMode>absolute</altitudeMode><outerBoundaryIs><LinearRing><coordinates>0,0 4,0 4,4 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon>"
            + "</MultiGeometry></Placemark>")
    }

    // MARK: Tracks

    @Test("a line with times is a gx:Track: the whens, then a gx:coord per vertex")
    func track() throws {
        let line = Polyline([wptText("-73.78", "40.64", "4"), wpt(2, 3)], times: ["2026-11-30T12:00:00Z", "2026-11-30T12:01:00Z"])
        #expect(try geometry(.polyline(line), altitudeMode: .absolute).line
            == "<Placemark><gx:Track><altitudeMode>absolute</altitudeMode>"
            + "<when>2026-11-30T12:00:00Z</when><when>2026-11-30T12:01:00Z</when>"
            + "<gx:coord>-73.78 40.64 4</gx:coord><gx:coord>2 3</gx:coord></gx:Track></Placemark>")
    }

    @Test("tracks inside a multi-line are gx:Tracks in a MultiGeometry")
    func multiTrack() throws {
        let a = Polyline([wpt(0, 0)], times: ["2026-01-01"]), b = Polyline([wpt(1, 1)], times: ["2026-01-02"])
        #expect(try geometry(.multiPolyline([a, b])).line
            == "<Placemark><MultiGeometry><gx:Track><when>2026-01-01</when><gx:coord>0 0</gx:coord></gx:Track>"
            + "<gx:Track><when>2026-01-02</when><gx:coord>1 1</gx:coord></gx:Track></MultiGeometry></Placemark>")
    }

    @Test("a track whose times do not match its vertices, or cannot be read, is a LineString, reported",
          arguments: [["2026-01-01T00:00:00Z"], ["2026-01-01T00:00:00Z", "later"]])
    func trackFallback(times: [String]) throws {
        let (line, codes) = try geometry(.polyline(Polyline([wpt(0, 0), wpt(1, 1)], times: times)))
        #expect(line == "<Placemark><LineString><coordinates>0,0 1,1</coordinates></LineString></Placemark>")
        #expect(codes == ["track-times"])
    }
}
