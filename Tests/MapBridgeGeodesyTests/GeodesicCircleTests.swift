import Foundation
import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Geodesic circles")
struct GeodesicCircleTests {
    /// A circle to draw, with whether its ring looks like a loop in longitude/latitude.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let center: Coordinate
        let radius: Double
        /// Neither crosses the antimeridian nor contains a pole.
        let plain: Bool
        var testDescription: String { "\(name), \(radius) m" }
    }

    static let cases: [Case] = [
        Case(name: "JFK", center: Place.jfk, radius: 1, plain: true),
        Case(name: "JFK", center: Place.jfk, radius: 5_000, plain: true),
        Case(name: "on the equator", center: point(0, 0), radius: 1_000_000, plain: true),
        Case(name: "southern high latitude", center: point(-70, 120), radius: 300_000, plain: true),
        Case(name: "across the antimeridian", center: point(-16.5, 179.9), radius: 50_000, plain: false),
        Case(name: "around the North Pole", center: point(89.5, 30), radius: 100_000, plain: false),
        Case(name: "around the South Pole", center: point(-88, -60), radius: 400_000, plain: false),
        Case(name: "centred on the North Pole", center: point(90, 0), radius: 1_000_000, plain: false),
        Case(name: "a continent", center: point(45, 10), radius: 3_000_000, plain: true),
        Case(name: "nearly a hemisphere", center: point(20, -40), radius: 9_900_000, plain: false),
        Case(name: "most of the Earth", center: point(-35, 150), radius: 19_000_000, plain: false),
    ]

    @Test("every vertex lies at the radius, within 1 mm", arguments: cases)
    func atRadius(_ c: Case) throws {
        let ring = try wgs84.circleRing(center: c.center, radius: c.radius, segments: 72)
        for vertex in ring {
            #expect(abs(wgs84.distance(from: c.center, to: vertex) - c.radius) < 0.001)
        }
    }

    @Test("the ring is closed, has segments + 1 coordinates and normalised longitudes", arguments: cases)
    func closed(_ c: Case) throws {
        let ring = try wgs84.circleRing(center: c.center, radius: c.radius, segments: 72)
        #expect(ring.count == 73)
        #expect(ring.first == ring.last)
        let inRange = ring.allSatisfy { (-180...180).contains($0.longitude) && (-90...90).contains($0.latitude) }
        #expect(inRange)
    }

    @Test("vertices run counter-clockwise, north first, at equal angles from the centre", arguments: cases)
    func counterClockwise(_ c: Case) throws {
        let n = 72
        let ring = try wgs84.circleRing(center: c.center, radius: c.radius, segments: n)
        for (k, vertex) in ring.dropLast().enumerated() {
            let azimuth = wgs84.inverse(from: c.center, to: vertex).initialAzimuth
            #expect(angleDifference(azimuth, -360 * Double(k) / Double(n)) < 1e-7)
        }
    }

    @Test("in longitude/latitude the ring winds counter-clockwise (RFC 7946)",
          arguments: cases.filter(\.plain))
    func rfc7946Winding(_ c: Case) throws {
        let ring = try wgs84.circleRing(center: c.center, radius: c.radius, segments: 72)
        // Judged apart from #expect, so that a failure does not print the whole ring.
        let counterClockwise = Winding.isCounterClockwise(ring)
        let area = wgs84.signedArea(of: ring)
        #expect(counterClockwise)
        #expect(area > 0)
    }

    @Test("a ring around a pole runs through every longitude, east round the North Pole and west round the South",
          arguments: [(point(89.5, 30), 100_000.0, 1.0), (point(90, 0), 1_000_000, 1), (point(-88, -60), 400_000, -1)])
    func aroundAPole(center: Coordinate, radius: Double, direction: Double) throws {
        let ring = try wgs84.circleRing(center: center, radius: radius, segments: 90)
        var turned = 0.0
        for i in 1..<ring.count {
            let step = remainder(ring[i].longitude - ring[i - 1].longitude, 360)
            #expect(step * direction > 0)
            turned += step
        }
        #expect(abs(turned - 360 * direction) < 1e-9)
        // geod_polygonarea understands the pole: the cap counts as counter-clockwise.
        #expect(wgs84.signedArea(of: ring) > 0)
    }

    @Test("centred on the North Pole, the first vertex lies on the opposite meridian")
    func centredOnPole() throws {
        let ring = try wgs84.circleRing(center: point(90, 30), radius: 100_000, segments: 8)
        #expect(abs(ring[0].longitude - -150) < 1e-9)
        let sameLatitude = ring.allSatisfy { abs($0.latitude - 89.10469586032752) < angleTolerance }
        #expect(sameLatitude)
    }

    @Test("vertices keep the centre's altitude")
    func altitude() throws {
        let ring = try wgs84.circleRing(center: point(10, 10, altitude: 42), radius: 500, segments: 8)
        #expect(ring.map(\.altitude) == Array(repeating: 42, count: 9))
    }

    /// The largest distance from the true circle of the geodesic chords between neighbours,
    /// sampled at tenths of each chord.
    static func chordError(_ ring: CoordinateList, center: Coordinate, radius: Double) -> Double {
        var worst = 0.0
        for i in 1..<ring.count {
            let chord = wgs84.line(from: ring[i - 1], to: ring[i])
            for tenth in 1...9 {
                let p = chord.coordinate(atDistance: chord.distance * Double(tenth) / 10)
                worst = max(worst, abs(wgs84.distance(from: center, to: p) - radius))
            }
        }
        return worst
    }

    @Test("chords stray less than the maximum error",
          arguments: [(1.0, 0.01), (100, 0.1), (5_000, 1), (50_000, 10), (1_000_000, 100), (1_000_000, 1_000),
                      (5_000_000, 5_000), (10_001_966, 100), (10_100_000, 100), (15_000_000, 1_000)])
    func chordBound(radius: Double, maximumError: Double) throws {
        for center in [Place.jfk, point(0, 0), point(-75, 100), point(89.9, 0)] {
            let ring = try wgs84.circleRing(center: center, radius: radius, maximumError: maximumError)
            let segments = ring.count - 1
            #expect(Geodesic.circleSegmentRange.contains(segments))
            #expect(Self.chordError(ring, center: center, radius: radius) < maximumError)
            #expect(wgs84.circleChordError(radius: radius, segments: segments) <= maximumError)
            if segments > Geodesic.circleSegmentRange.lowerBound {
                #expect(wgs84.circleChordError(radius: radius, segments: segments - 1) > maximumError)
            }
        }
    }

    @Test("the bound holds for a fixed number of segments", arguments: [8, 13, 64, 360])
    func boundDominates(segments: Int) throws {
        for radius in [10.0, 10_000, 2_000_000, 9_000_000, 10_050_000, 12_000_000, 19_500_000] {
            let center = point(35, -20)
            let ring = try wgs84.circleRing(center: center, radius: radius, segments: segments)
            #expect(Self.chordError(ring, center: center, radius: radius)
                    <= wgs84.circleChordError(radius: radius, segments: segments))
        }
    }

    @Test("segment counts: small errors need more, and the range caps them")
    func segmentCounts() {
        #expect(wgs84.circleSegmentCount(radius: 1_000, maximumError: 0.5) == 101)
        #expect(wgs84.circleSegmentCount(radius: 10_000, maximumError: 1) == 224)
        #expect(wgs84.circleSegmentCount(radius: 1, maximumError: 10) == 8)
        #expect(wgs84.circleSegmentCount(radius: 1_000_000, maximumError: 0.001) == 4096)
        #expect(abs(wgs84.circleChordError(radius: 1_000, segments: 64) - 1.2207014485428287) < 1e-9)
        #expect(wgs84.circleChordError(radius: 0, segments: 64).isNaN)
        #expect(wgs84.circleChordError(radius: 1_000, segments: 2).isNaN)
    }

    @Test("a Circle from the model turns into the same ring")
    func modelCircle() throws {
        let circle = Circle(center: Place.jfk, radius: 2_500)
        #expect(try wgs84.ring(of: circle, maximumError: 1)
                == wgs84.circleRing(center: Place.jfk, radius: 2_500, maximumError: 1))
    }

    @Test("a radius out of range is a data error",
          arguments: [0, -5, .nan, .infinity, 19_970_327])
    func badRadius(radius: Double) {
        #expect { try wgs84.circleRing(center: Place.jfk, radius: radius, segments: 8) } throws: { error in
            (error as? MapBridgeError)?.kind == .data && "\(error)".contains("radius")
        }
    }

    @Test("a centre beyond the poles is a data error")
    func badCenter() {
        #expect { try wgs84.circleRing(center: point(90.5, 0), radius: 10, segments: 8) } throws: { error in
            (error as? MapBridgeError)?.kind == .data && "\(error)".contains("centre")
        }
    }

    @Test("too few segments or a non-positive error is a usage error")
    func badParameters() {
        for segments in [-1, 0, 2, 1 << 21] {
            #expect { try wgs84.circleRing(center: Place.jfk, radius: 10, segments: segments) } throws: { error in
                (error as? MapBridgeError)?.kind == .usage
            }
        }
        for maximumError in [0, -1, Double.nan, .infinity] {
            #expect { try wgs84.circleRing(center: Place.jfk, radius: 10, maximumError: maximumError) } throws: { error in
                (error as? MapBridgeError)?.kind == .usage
            }
        }
    }
}
