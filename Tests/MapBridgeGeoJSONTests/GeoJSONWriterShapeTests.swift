import MapBridgeGeoJSON
import MapBridgeGeodesy
import MapBridgeIO
import MapBridgeModel
import Testing

/// A GeoJSONWriter used directly writes what a conversion writes: circles, geodesic lines
/// and lines across the antimeridian read back as what they meant.
@Suite("GeoJSONWriter shapes GeoJSON cannot hold")
struct GeoJSONWriterShapeTests {
    static let jfk = Coordinate(longitude: -73.7789, latitude: 40.6398)
    static let sin = Coordinate(longitude: 103.9894, latitude: 1.3592)

    /// Writes `features` with a default writer and reads the output back.
    static func readBack(_ features: [Feature], options: GeoJSONWriter.Options = GeoJSONWriter.Options())
        throws -> (features: [Feature], codes: [String])
    {
        let written = try writeAll(features, options: options)
        let reader = makeReader(written.text)
        _ = try reader.open()
        var out: [Feature] = []
        while let f = try reader.next() { out.append(f) }
        return (out, written.codes)
    }

    @Test("a circle reads back as the circle, with no warning")
    func circle() throws {
        let circle = Circle(center: Self.jfk, radius: 5_000)
        let (features, codes) = try Self.readBack([Feature(shape: .circle(circle), properties: ["a": 1])])
        #expect(features.first?.shape == .circle(circle))
        #expect(features.first?.properties.keys == ["a"])
        #expect(codes.isEmpty)
    }

    @Test("a geodesic line is densified along its geodesic, without the geodesic-line warning")
    func geodesicLine() throws {
        let line = Polyline([Self.jfk, Self.sin], interpolation: .geodesic)
        let (features, codes) = try Self.readBack([Feature(shape: .polyline(line))])
        guard case .polyline(let read)? = features.first?.shape else {
            Issue.record("expected a line, got \(String(describing: features.first?.shape))")
            return
        }
        #expect(read.coordinates.count > 2)
        #expect(read.coordinates.first == Self.jfk && read.coordinates.last == Self.sin)
        // Every added point lies on the geodesic: the pieces add up to its length.
        let geodesic = Geodesic.wgs84
        let whole = geodesic.inverse(from: Self.jfk, to: Self.sin).distance
        var sum = 0.0
        for i in 1..<read.coordinates.count {
            sum += geodesic.inverse(from: read.coordinates[i - 1], to: read.coordinates[i]).distance
        }
        #expect(abs(sum - whole) < 1)
        #expect(!codes.contains("geodesic-line"))
        // A straight line is left as it is.
        let straight = try Self.readBack([Feature(shape: .polyline(Polyline([Self.jfk, Self.sin])))])
        #expect(straight.features.first?.shape == .polyline(Polyline([Self.jfk, Self.sin])))
    }

    @Test("a line across the antimeridian is cut there")
    func antimeridian() throws {
        let line = Polyline([Coordinate(longitude: 170, latitude: 10), Coordinate(longitude: -170, latitude: 12)])
        let (features, _) = try Self.readBack([Feature(shape: .polyline(line))])
        guard case .multiPolyline(let parts)? = features.first?.shape else {
            Issue.record("expected two parts, got \(String(describing: features.first?.shape))")
            return
        }
        #expect(parts.count == 2)
        #expect(parts[0].coordinates.last?.longitude == 180 && parts[1].coordinates.first?.longitude == -180)
    }

    @Test("ShapeRules.asGiven writes every shape as it is")
    func asGiven() throws {
        var options = GeoJSONWriter.Options()
        options.shapes = .asGiven
        let circle = Circle(center: Self.jfk, radius: 5_000)
        let line = Polyline([Self.jfk, Self.sin], interpolation: .geodesic)
        let (features, codes) = try Self.readBack([Feature(shape: .circle(circle)), Feature(shape: .polyline(line))],
                                                 options: options)
        #expect(features.first?.shape == .annotation(Self.jfk))
        #expect(features.last?.shape == .polyline(Polyline([Self.jfk, Self.sin])))
        #expect(codes == ["circle", "geodesic-line"])
    }

    @Test("a circle whose outline cannot be drawn fails with the feature's location")
    func badCircle() throws {
        let at = SourceLocation(file: "in.kml", line: 7, column: 3)
        let feature = Feature(shape: .circle(Circle(center: Self.jfk, radius: 1e9)), location: at)
        let error = try #require(throws: MapBridgeError.self) { _ = try writeAll([feature]) }
        #expect(error.location == at)
    }
}
