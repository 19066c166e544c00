import MapBridgeGeodesy
import MapBridgeModel

/// The shortest path on the WGS 84 ellipsoid between two places, solved once.
///
///     let route = Route(from: jfk, to: sin)
///     route.distance        // 15,348,632.95 m
///     route.initialAzimuth  // 3.30°: almost due north, over the Arctic
///     route.position(atFraction: 0.4).heading
///
/// Azimuths are degrees clockwise from north, normalised to [0, 360) as a compass reads.
public struct Route: Sendable {
    public let from: RoutePlace
    public let to: RoutePlace
    /// The geodesic from `from` to `to`.
    public let line: GeodesicLine

    public init(from: RoutePlace, to: RoutePlace, geodesic: Geodesic = .wgs84) {
        self.from = from
        self.to = to
        self.line = geodesic.line(from: from.coordinate, to: to.coordinate)
    }

    /// The length, metres, in [0, about 20,003,931].
    public var distance: Double { line.distance }
    /// The direction of departure, degrees clockwise from north, [0, 360).
    public var initialAzimuth: Double { Route.compass(line.initialAzimuth) }
    /// The direction of travel on arrival, degrees clockwise from north, [0, 360).
    public var finalAzimuth: Double { Route.compass(line.azimuth(atDistance: line.distance)) }

    /// A point reached along the route.
    public struct Position: Hashable, Sendable {
        /// Where it is (no altitude); longitude in [-180, 180].
        public var coordinate: Coordinate
        /// Metres from the start along the route.
        public var distance: Double
        /// The direction of travel there, degrees clockwise from north, [0, 360).
        public var heading: Double
    }

    /// The point `fraction` of the way along the route.
    /// - Parameter fraction: in [0, 1]; 0 is the start, 1 the end (values outside run on
    ///   along the geodesic).
    public func position(atFraction fraction: Double) -> Position {
        let d = distance * fraction
        // The ends are the places as given, not their recomputation.
        let coordinate = fraction == 0 ? Route.flat(from.coordinate)
            : fraction == 1 ? Route.flat(to.coordinate) : line.coordinate(atDistance: d)
        return Position(coordinate: coordinate, distance: d, heading: Route.compass(line.azimuth(atDistance: d)))
    }

    /// `degrees` in [0, 360).
    static func compass(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        let n = r < 0 ? r + 360 : r
        return n == 360 ? 0 : n
    }

    /// The coordinate without its altitude (a route runs on the ellipsoid), keeping the text
    /// of its longitude and latitude.
    static func flat(_ c: Coordinate) -> Coordinate {
        guard c.altitude != nil else { return c }
        return Coordinate(longitude: c.longitude, latitude: c.latitude, altitude: nil,
                          sourceText: c.sourceText.map { CoordinateText(longitude: $0.longitude, latitude: $0.latitude) })
    }
}
