import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Geodesic inverse problem")
struct GeodesicInverseTests {
    /// One inverse problem and GeographicLib's answer.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let start: Coordinate
        let end: Coordinate
        let distance: Double
        let initialAzimuth: Double
        let finalAzimuth: Double
        var testDescription: String { name }

        init(_ name: String, _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
             _ distance: Double, _ azi1: Double, _ azi2: Double) {
            self.name = name
            start = point(lat1, lon1)
            end = point(lat2, lon2)
            self.distance = distance
            initialAzimuth = azi1
            finalAzimuth = azi2
        }
    }

    static let cases: [Case] = [
        Case("the same point", 12.5, 34.5, 12.5, 34.5, 0.0, 180.0, 180.0),
        Case("a few centimetres", 51.5, -0.12, 51.5000003, -0.12, 0.033377350064436324, 0.0, 0.0),
        Case("JFK to SIN", 40.6398, -73.7789, 1.35019, 103.994, 15348632.9495853, 3.3021248269855534, 177.49061424006746),
        Case("a quarter of the equator", 0, 0, 0, 90, 10018754.171394622, 90.0, 90.0),
        Case("antipodal on the equator", 0, 0, 0, 180, 20003931.458625447, 0.0, 180.0),
        Case("nearly antipodal", -30, 0, 29.9, 179.8, 19989832.82760953, 161.89052473632697, 18.0907372457395),
        Case("nearly antipodal off the equator", 10, 20, -10.1, -160.05, 19992673.4402533, 175.87490044131286, 4.126369639678408),
        Case("pole to pole", 90, 0, -90, 0, 20003931.458625447, 180.0, 180.0),
        Case("over the North Pole", 89.9, 10, 89.9, -170, 22338.795682520195, -0.0, -180.0),
        Case("along a meridian in the south", -60, -45, -75, -45, 1672864.767789835, 180.0, 180.0),
        Case("across the antimeridian (Fiji)", -16.5, 179.5, -17.2, -179.8, 107545.92616047962, 136.1814889314497, 135.97857583001192),
    ]

    @Test("distance and azimuths match GeographicLib", arguments: cases)
    func reference(_ c: Case) {
        let result = wgs84.inverse(from: c.start, to: c.end)
        #expect(abs(result.distance - c.distance) < distanceTolerance)
        #expect(wgs84.distance(from: c.start, to: c.end) == result.distance)
        // A zero-length path has no direction of its own: only the distance is compared.
        if c.distance > 0 {
            #expect(angleDifference(result.initialAzimuth, c.initialAzimuth) < angleTolerance)
            #expect(angleDifference(result.finalAzimuth, c.finalAzimuth) < angleTolerance)
        }
    }

    @Test("JFK to SIN: 15,348,632.950 m, leaving at 3.302° and arriving at 177.491°")
    func jfkToSingapore() {
        let trip = wgs84.inverse(from: Place.jfk, to: Place.sin)
        #expect(abs(trip.distance - 15_348_632.9495853) < distanceTolerance)
        #expect(abs(trip.initialAzimuth - 3.3021248269855534) < angleTolerance)
        #expect(abs(trip.finalAzimuth - 177.49061424006746) < angleTolerance)
    }

    @Test("the way back is as long and runs the other way", arguments: cases)
    func reversed(_ c: Case) {
        let there = wgs84.inverse(from: c.start, to: c.end)
        let back = wgs84.inverse(from: c.end, to: c.start)
        #expect(abs(there.distance - back.distance) < distanceTolerance)
        // Antipodal pairs have many shortest paths; for the others the azimuths mirror.
        if c.distance > 0, c.distance < 19_900_000 {
            #expect(angleDifference(back.initialAzimuth, there.finalAzimuth + 180) < angleTolerance)
        }
    }

    @Test("longitudes are taken modulo 360")
    func unrolledLongitude() {
        let a = wgs84.inverse(from: point(10, 370), to: point(20, -330))
        let b = wgs84.inverse(from: point(10, 10), to: point(20, 30))
        #expect(abs(a.distance - b.distance) < distanceTolerance)
        #expect(angleDifference(a.initialAzimuth, b.initialAzimuth) < angleTolerance)
    }

    @Test("a latitude beyond the poles gives NaN, not a trap")
    func outOfRange() {
        #expect(wgs84.inverse(from: point(91, 0), to: point(0, 0)).distance.isNaN)
        #expect(!Geodesic.isValidPosition(point(91, 0)))
        #expect(!Geodesic.isValidPosition(point(0, .infinity)))
        #expect(Geodesic.isValidPosition(point(-90, 540)))
    }

    @Test("other ellipsoids: a sphere measures its quarter equator as πa/2")
    func sphere() throws {
        let sphere = try #require(Geodesic(equatorialRadius: 6_371_000, flattening: 0))
        let d = sphere.distance(from: point(0, 0), to: point(0, 90))
        #expect(abs(d - 6_371_000 * Double.pi / 2) < distanceTolerance)
        #expect(Geodesic(equatorialRadius: 0, flattening: 0) == nil)
        #expect(Geodesic(equatorialRadius: 6_371_000, flattening: 1) == nil)
        #expect(Geodesic(equatorialRadius: .nan, flattening: 0) == nil)
    }

    @Test("WGS 84's constants")
    func constants() {
        #expect(wgs84.equatorialRadius == 6_378_137)
        #expect(wgs84.flattening == 1 / 298.257223563)
        #expect(abs(wgs84.polarRadius - 6_356_752.314245) < 1e-6)
        #expect(abs(wgs84.totalArea - 510_065_621_724_088.44) < 1)
        #expect(abs(wgs84.maximumCircleRadius - 19_970_326.371122573) < distanceTolerance)
    }
}
