import Foundation
import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Densifying shapes, by length and by error")
struct GeodesicDensifyShapeTests {
    static let errorCases: [(Coordinate, Coordinate, Double)] = [
        (point(35.7647, 140.3864), point(33.9425, -118.4081), 1_000),
        (point(-37.0082, 174.785), point(-33.393, -70.7858), 500),
        (point(80, -170), point(75, 20), 2_000),
        (point(40.6398, -73.7789), point(1.35019, 103.994), 100),
        (point(0, 0), point(0.5, 0.5), 10),
    ]
    static let tokyo = point(35.7647, 140.3864)
    static let losAngeles = point(33.9425, -118.4081)

    /// How far a straight lon/lat piece strays from its geodesic, sampled at 63 points: the
    /// distance from each straight-line point to the nearest point on the geodesic (Newton
    /// steps along the line from the matching fraction).
    static func trueDeviation(_ a: Coordinate, _ b: Coordinate) -> Double {
        let line = wgs84.line(from: a, to: b)
        let dLon = remainder(b.longitude - a.longitude, 360), dLat = b.latitude - a.latitude
        var worst = 0.0
        for k in 1..<64 {
            let t = Double(k) / 64
            let q = Coordinate(longitude: a.longitude + t * dLon, latitude: a.latitude + t * dLat)
            var s = t * line.distance
            var d = 0.0
            for _ in 0..<6 {
                let g = line.coordinate(atDistance: s)
                let inverse = wgs84.inverse(from: g, to: q)
                d = inverse.distance
                let along = d * cos((inverse.initialAzimuth - line.azimuth(atDistance: s)) * .pi / 180)
                s += along
                if abs(along) < 1e-6 { break }
            }
            worst = max(worst, d)
        }
        return worst
    }

    @Test("with a maximum error, every piece strays less than the bound, on long, polar and antimeridian segments",
          arguments: errorCases)
    func errorBound(a: Coordinate, b: Coordinate, bound: Double) throws {
        let dense = try wgs84.densify([a, b], maximumError: bound)
        #expect(dense.first == a && dense.last == b)
        for (p, q) in zip(dense, dense.dropFirst()) {
            #expect(Self.trueDeviation(p, q) < bound)
        }
        // Every added point lies on the geodesic within a millimetre.
        let whole = wgs84.distance(from: a, to: b)
        for p in dense.dropFirst().dropLast() {
            #expect(abs(wgs84.distance(from: a, to: p) + wgs84.distance(from: p, to: b) - whole) < 1e-3)
        }
    }

    // Segments where the largest deviation of a piece lies between the ¼, ½, ¾ samples: pieces
    // leaving a pole peak near t = 0.6, pieces crossing the equator are S-shaped. Measured at
    // those three samples only, their pieces strayed up to 0.973 of the bound (GeographicLib
    // check, Tests/GeodesyCheck); the samples must find their peaks, so that the pieces keep
    // the 10 % margin the densification aims for.
    static let lopsided: [(Coordinate, Coordinate)] = [
        (point(-90, -138.3345832), point(59.1315253, 32.2807126)),
        (point(-90, 23.7857192), point(1.19, -142.4540633)),
        (point(90, 159.3074649), point(-27.8747184, -1.5097691)),
        (point(4.7659096, -153.5451501), point(-32.1937083, -29.5271422)),
        (point(-6.0280135, 175.3839555), point(50.175547, 54.8882713)),
    ]

    @Test("pieces whose deviation peaks between the samples still keep the margin", arguments: lopsided)
    func lopsidedPieces(a: Coordinate, b: Coordinate) throws {
        let dense = try wgs84.densify([a, b], maximumError: 1_000)
        let worst = zip(dense, dense.dropFirst()).map { Self.trueDeviation($0, $1) }.max() ?? 0
        #expect(worst > 850 && worst < 920)
    }

    @Test("adaptive spacing needs fewer points than a fixed spacing that meets the same bound")
    func fewerThanFixed() throws {
        let a = point(60, -150), b = point(70, 100)
        let adaptive = try wgs84.densify([a, b], maximumError: 1_000)
        // The longest fixed spacing that keeps every piece within the bound.
        var spacing = wgs84.distance(from: a, to: b)
        var fixed: CoordinateList = [a, b]
        while zip(fixed, fixed.dropFirst()).contains(where: { Self.trueDeviation($0, $1) >= 1_000 }) {
            spacing /= 1.25
            fixed = try wgs84.densify([a, b], maximumSegment: spacing)
        }
        #expect(adaptive.count < fixed.count)
    }

    @Test("a short segment is left alone")
    func shortUntouched() throws {
        let line = [point(10, 10), point(10.01, 10.01)]
        #expect(Array(try wgs84.densify(line, maximumError: 1)) == line)
    }

    @Test("shapes: lines, rings and tracks of every kind are densified; points and circles are not")
    func shapes() throws {
        let line = Polyline([Self.tokyo, Self.losAngeles])
        let ring = [point(0, 0), point(0, 10), point(10, 10), point(10, 0), point(0, 0)]
        let track = Polyline([Self.tokyo, Self.losAngeles], times: ["2026-01-01T00:00:00Z", "2026-01-01T10:00:00Z"])
        let shape = Shape.collection([.polyline(line), .polygon(Polygon(outer: ring)), .annotation(Self.tokyo),
                                      .circle(Circle(center: Self.tokyo, radius: 10)), .polyline(track)])
        let dense = try wgs84.densify(shape, Densification(limit: .maximumSegment(100_000)))
        guard case .collection(let parts) = dense, case .polyline(let l) = parts[0], case .polygon(let p) = parts[1] else {
            Issue.record("expected the collection back")
            return
        }
        #expect(l.coordinates.count > 80)
        #expect(p.outer.count > ring.count && p.outer.first == p.outer.last)
        #expect(Array(parts[2...3]) == Array([Shape.annotation(Self.tokyo), .circle(Circle(center: Self.tokyo, radius: 10))]))
        guard case .polyline(let t) = parts[4] else {
            Issue.record("expected the track back")
            return
        }
        #expect(t.coordinates.count == l.coordinates.count && t.times?.count == t.coordinates.count)
    }

    @Test("only geodesic lines, when asked")
    func onlyGeodesic() throws {
        let straight = Shape.polyline(Polyline([Self.tokyo, Self.losAngeles]))
        let geodesic = Shape.polyline(Polyline([Self.tokyo, Self.losAngeles], interpolation: .geodesic))
        let options = Densification(limit: .maximumSegment(500_000), onlyGeodesic: true)
        #expect(try wgs84.densify(straight, options) == straight)
        #expect(try wgs84.densify(geodesic, options).coordinateCount > 2)
    }
}
