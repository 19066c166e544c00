import CProj
import MapBridgeModel

extension Geodesic {
    /// The answer to the direct problem: where a geodesic leaving a point in a given direction
    /// arrives after a given distance, and in which direction it is then travelling.
    public struct DirectResult: Hashable, Sendable {
        /// The point reached; longitude normalised to [-180, 180], the start's altitude kept.
        public var coordinate: Coordinate
        /// The direction of travel on arrival, degrees clockwise from north, [-180, 180].
        public var finalAzimuth: Double

        /// Makes a result from its parts: the point reached, and degrees clockwise from north.
        public init(coordinate: Coordinate, finalAzimuth: Double) {
            self.coordinate = coordinate
            self.finalAzimuth = finalAzimuth
        }
    }

    /// Solves the direct problem: travels `distance` metres from `start` along the geodesic
    /// that leaves it at `azimuth` (PROJ's `geod_direct`).
    ///
    ///     let d = Geodesic.wgs84.direct(from: jfk, azimuth: 45, distance: 10_000_000)
    ///     d.coordinate  // 32.62 N, 49.05 E
    ///
    /// The path may cross the antimeridian or a pole; at a pole, the azimuth is measured from
    /// the meridian of `start.longitude`. The altitude is carried over unchanged (the geodesic
    /// lies on the ellipsoid).
    ///
    /// - Parameters:
    ///   - start: latitude in degrees, [-90, 90]; longitude in degrees, any value.
    ///   - azimuth: degrees clockwise from north, any value (370 is 10).
    ///   - distance: metres, any value; negative travels backwards. Past half the meridian
    ///     (about 20,003 km) the path is no longer the shortest one.
    /// - Returns: the destination and the azimuth there; NaN for a latitude outside [-90, 90].
    /// - Complexity: O(1), well under a microsecond.
    public func direct(from start: Coordinate, azimuth: Double, distance: Double) -> DirectResult {
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
        withEllipsoid {
            geod_direct($0, start.latitude, start.longitude, azimuth, distance, &lat2, &lon2, &azi2)
        }
        return DirectResult(coordinate: Coordinate(longitude: lon2, latitude: lat2, altitude: start.altitude),
                            finalAzimuth: azi2)
    }

    /// The point `distance` metres from `start` along the geodesic leaving it at `azimuth`
    /// (the direct problem's destination alone); see `direct(from:azimuth:distance:)`.
    public func destination(from start: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
        direct(from: start, azimuth: azimuth, distance: distance).coordinate
    }
}
