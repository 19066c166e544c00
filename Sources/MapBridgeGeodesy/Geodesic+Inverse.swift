import CProj
import MapBridgeModel

extension Geodesic {
    /// The answer to the inverse problem: how far apart two points are and in which
    /// directions the shortest path between them leaves the first and arrives at the second.
    public struct InverseResult: Hashable, Sendable {
        /// The length of the shortest path, metres, in [0, about 20,003,931] on WGS 84.
        public var distance: Double
        /// The direction of travel at the start, degrees clockwise from north, [-180, 180].
        public var initialAzimuth: Double
        /// The direction of travel on arrival, degrees clockwise from north, [-180, 180]
        /// (not the azimuth back to the start, which is this ± 180).
        public var finalAzimuth: Double

        /// Makes a result from its parts: metres, then degrees clockwise from north.
        public init(distance: Double, initialAzimuth: Double, finalAzimuth: Double) {
            self.distance = distance
            self.initialAzimuth = initialAzimuth
            self.finalAzimuth = finalAzimuth
        }
    }

    /// Solves the inverse problem: the shortest path from `start` to `end` (PROJ's `geod_inverse`).
    ///
    ///     let trip = Geodesic.wgs84.inverse(from: jfk, to: sin)
    ///     trip.distance        // 15,348,632.9 m
    ///     trip.initialAzimuth  // 3.30°: almost due north, over the Arctic
    ///
    /// Antipodal and nearly antipodal points, poles and paths across the antimeridian are all
    /// handled; altitudes are ignored (the path lies on the ellipsoid).
    ///
    /// - Parameters:
    ///   - start: latitude in degrees, [-90, 90]; longitude in degrees, any value.
    ///   - end: latitude in degrees, [-90, 90]; longitude in degrees, any value.
    /// - Returns: the distance in metres and both azimuths in degrees; NaN for a latitude
    ///   outside [-90, 90] (check with `Geodesic.isValidPosition`).
    /// - Complexity: O(1), about a microsecond.
    public func inverse(from start: Coordinate, to end: Coordinate) -> InverseResult {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        withEllipsoid {
            geod_inverse($0, start.latitude, start.longitude, end.latitude, end.longitude, &s12, &azi1, &azi2)
        }
        return InverseResult(distance: s12, initialAzimuth: azi1, finalAzimuth: azi2)
    }

    /// The length of the shortest path from `start` to `end`, metres (the inverse problem's
    /// distance alone).
    ///
    ///     Geodesic.wgs84.distance(from: jfk, to: sin)  // 15,348,632.9 m
    public func distance(from start: Coordinate, to end: Coordinate) -> Double {
        var s12 = 0.0
        withEllipsoid {
            geod_inverse($0, start.latitude, start.longitude, end.latitude, end.longitude, &s12, nil, nil)
        }
        return s12
    }
}
