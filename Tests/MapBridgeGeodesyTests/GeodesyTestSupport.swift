import Foundation
import MapBridgeGeodesy
import MapBridgeModel

/// A coordinate from latitude then longitude, the order the reference tables use.
func point(_ latitude: Double, _ longitude: Double, altitude: Double? = nil) -> Coordinate {
    Coordinate(longitude: longitude, latitude: latitude, altitude: altitude)
}

/// How far apart two angles are, degrees in [0, 180], whatever turns they differ by.
func angleDifference(_ a: Double, _ b: Double) -> Double {
    abs(remainder(a - b, 360))
}

/// Places the tests use; the airports are those of the geodesic.h example.
enum Place {
    static let jfk = point(40.6398, -73.7789)
    static let sin = point(1.35019, 103.994)
    static let lhr = point(51.47, -0.4543)
}

let wgs84 = Geodesic.wgs84

// Reference values below come from GeographicLib 2.1 for Python (Karney's own implementation,
// `Geodesic.WGS84`); PROJ's C port agrees with it to round-off. Tolerances: 1 µm for
// distances, 1e-9° (0.1 mm) for angles and positions.
let distanceTolerance = 1e-6
let angleTolerance = 1e-9
