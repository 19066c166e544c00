import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Geodesic direct problem")
struct GeodesicDirectTests {
    /// One direct problem and GeographicLib's answer.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let start: Coordinate
        let azimuth: Double
        let distance: Double
        let end: Coordinate
        let finalAzimuth: Double
        var testDescription: String { name }

        init(_ name: String, _ lat1: Double, _ lon1: Double, _ azimuth: Double, _ distance: Double,
             _ lat2: Double, _ lon2: Double, _ azi2: Double) {
            self.name = name
            start = point(lat1, lon1)
            self.azimuth = azimuth
            self.distance = distance
            end = point(lat2, lon2)
            finalAzimuth = azi2
        }
    }

    static let cases: [Case] = [
        Case("no distance at all", 12.5, 34.5, 77, 0, 12.5, 34.5, 77),
        Case("the geodesic.h example", 40.64, -73.78, 45.0, 10e6, 32.6211004637258, 49.052487092959836, 140.40598587680074),
        Case("JFK towards SIN arrives at SIN", 40.6398, -73.7789, 3.3021248269855534, 15348632.9495853,
             1.3501900000000089, 103.994, 177.49061424006746),
        Case("from the North Pole", 90, 0, 135, 1e6, 81.04623281595062, 44.99999999999999, 180.0),
        Case("across the antimeridian eastwards", 0, 179, 90, 300_000, 0.0, -178.30505414764144, 90.0),
        Case("across the South Pole", -89, 45, 180, 500_000, -86.52343885863648, -135.0, 0.0),
        Case("backwards", 35, 139, 60, -2e6, 24.747076849774167, 121.9040506891842, 51.40233664815218),
        Case("most of the way round", 0, 0, 30, 19e6, 7.788618967632474, 175.19931489101427, 149.69356861502257),
    ]

    @Test("destination and final azimuth match GeographicLib", arguments: cases)
    func reference(_ c: Case) {
        let result = wgs84.direct(from: c.start, azimuth: c.azimuth, distance: c.distance)
        #expect(abs(result.coordinate.latitude - c.end.latitude) < angleTolerance)
        #expect(angleDifference(result.coordinate.longitude, c.end.longitude) < angleTolerance)
        #expect(angleDifference(result.finalAzimuth, c.finalAzimuth) < angleTolerance)
        #expect((-180...180).contains(result.coordinate.longitude))
        #expect(wgs84.destination(from: c.start, azimuth: c.azimuth, distance: c.distance) == result.coordinate)
    }

    @Test("the inverse of the destination gives back distance and azimuth", arguments: cases.filter { $0.distance > 0 })
    func roundTrip(_ c: Case) {
        let end = wgs84.direct(from: c.start, azimuth: c.azimuth, distance: c.distance).coordinate
        let back = wgs84.inverse(from: c.start, to: end)
        #expect(abs(back.distance - c.distance) < distanceTolerance)
    }

    @Test("the start's altitude is carried over")
    func altitude() {
        let end = wgs84.direct(from: point(10, 10, altitude: 123), azimuth: 10, distance: 1000).coordinate
        #expect(end.altitude == 123)
        #expect(wgs84.direct(from: Place.jfk, azimuth: 10, distance: 1000).coordinate.altitude == nil)
    }

    @Test("a line gives the same points as the direct problem")
    func line() {
        let line = wgs84.line(from: Place.jfk, to: Place.sin)
        #expect(abs(line.distance - 15_348_632.9495853) < distanceTolerance)
        #expect(abs(line.initialAzimuth - 3.3021248269855534) < angleTolerance)
        #expect(line.start == Place.jfk && line.end == Place.sin)
        let halfway = line.coordinate(atDistance: line.distance / 2)
        #expect(abs(halfway.latitude - 70.33764964414625) < angleTolerance)
        #expect(abs(halfway.longitude - 97.04357627218076) < angleTolerance)
        let end = line.coordinate(atDistance: line.distance)
        #expect(abs(end.latitude - Place.sin.latitude) < angleTolerance)
        #expect(abs(end.longitude - Place.sin.longitude) < angleTolerance)
        #expect(abs(line.azimuth(atDistance: line.distance) - 177.49061424006746) < angleTolerance)
        for s in stride(from: 0.0, through: line.distance, by: 1_000_000) {
            let direct = wgs84.direct(from: Place.jfk, azimuth: line.initialAzimuth, distance: s).coordinate
            let along = line.coordinate(atDistance: s)
            #expect(abs(direct.latitude - along.latitude) < angleTolerance)
            #expect(angleDifference(direct.longitude, along.longitude) < angleTolerance)
        }
    }
}
