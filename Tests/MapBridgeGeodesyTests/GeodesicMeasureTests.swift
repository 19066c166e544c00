import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Geodesic length and area")
struct GeodesicMeasureTests {
    // The Antarctica example of geodesic.h, as latitude/longitude pairs.
    static let antarctica = CoordinateList(zip(
        [-72.9, -71.9, -74.9, -74.3, -77.5, -77.4, -71.7, -65.9, -65.7, -66.6, -66.9, -69.8, -70.0, -71.0, -77.3, -77.9, -74.7],
        [-74.0, -102, -102, -131, -163, 163, 172, 140, 113, 88, 59, 25, -4, -14, -33, -46, -61]
    ).map { point($0, $1) })

    static let unitSquare: CoordinateList = [point(0, 0), point(0, 1), point(1, 1), point(1, 0), point(0, 0)]

    @Test("fewer than two vertices have no length", arguments: [0, 1])
    func emptyLength(count: Int) {
        #expect(wgs84.length(of: CoordinateList([Place.jfk].prefix(count))) == 0)
    }

    @Test("a polyline's length is the sum of its geodesics: JFK, LHR, SIN")
    func length() {
        #expect(abs(wgs84.length(of: [Place.jfk, Place.lhr, Place.sin]) - 16442483.770508852) < distanceTolerance)
        #expect(abs(wgs84.length(of: [Place.jfk, Place.sin]) - 15348632.9495853) < distanceTolerance)
        #expect(wgs84.length(of: [Place.jfk, Place.jfk, Place.jfk]) == 0)
    }

    @Test("fewer than three distinct vertices have no area", arguments: [0, 1, 2, 3])
    func degenerateArea(count: Int) {
        let ring = CoordinateList([point(0, 0), point(1, 1), point(0, 0)].prefix(count))
        #expect(wgs84.signedArea(of: ring) == 0)
    }

    @Test("areas match GeographicLib (m²), positive counter-clockwise")
    func reference() {
        // GeographicLib's Polygon.Compute(reverse: false, sign: true).
        #expect(abs(wgs84.signedArea(of: Self.antarctica) - 13376856682207.375) < 1)
        // Counter-clockwise: (0 N, 0 E) → (0 N, 1 E) → (1 N, 1 E) → (1 N, 0 E).
        #expect(abs(wgs84.signedArea(of: Self.unitSquare) - 12308778361.469452) < 0.01)
        // Eastwards around the North Pole is counter-clockwise seen from above it.
        let cap = [point(89, 0), point(89, 90), point(89, 180), point(89, -90)]
        #expect(abs(wgs84.signedArea(of: cap) - 24952305678.0) < 1)
    }

    @Test("a clockwise ring has negative signed area; area(of:) is its absolute value")
    func clockwise() {
        let clockwise = CoordinateList(Self.unitSquare.reversed())
        #expect(abs(wgs84.signedArea(of: clockwise) + 12308778361.469452) < 0.01)
        #expect(abs(wgs84.area(of: clockwise) - 12308778361.469452) < 0.01)
        #expect(wgs84.area(of: CoordinateList(Self.antarctica.reversed())) == wgs84.area(of: Self.antarctica))
    }

    @Test("the closing vertex is optional")
    func closing() {
        let open = CoordinateList(Self.unitSquare.dropLast())
        #expect(wgs84.signedArea(of: open) == wgs84.signedArea(of: Self.unitSquare))
    }

    @Test("a ring across the antimeridian measures as one shifted by 180°")
    func antimeridian() {
        let across = [point(0, 179.5), point(0, -179.5), point(1, -179.5), point(1, 179.5)]
        let shifted = [point(0, -0.5), point(0, 0.5), point(1, 0.5), point(1, -0.5)]
        #expect(abs(wgs84.signedArea(of: across) - wgs84.signedArea(of: shifted)) < 0.01)
        #expect(abs(wgs84.signedArea(of: across) - 12308778361.469452) < 0.01)
    }
}
