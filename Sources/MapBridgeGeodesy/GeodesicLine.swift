import CProj
import MapBridgeModel

/// The geodesic (shortest path on the ellipsoid) between two points, solved once so that any
/// number of points along it cost little each (PROJ's `geod_inverseline` and `geod_position`).
///
///     let line = Geodesic.wgs84.line(from: jfk, to: sin)
///     let halfway = line.coordinate(atDistance: line.distance / 2)
///
/// An immutable value; share it freely between threads.
public struct GeodesicLine: Sendable {
    /// PROJ's solved line, filled in by `geod_inverseline` and only read afterwards (a plain
    /// C struct of numbers, so the value is `Sendable` as it is).
    private let line: geod_geodesicline

    /// The start, as given.
    public let start: Coordinate
    /// The end, as given.
    public let end: Coordinate

    /// The length of the line, metres.
    public var distance: Double { line.s13 }
    /// The direction of travel at the start, degrees clockwise from north, [-180, 180].
    public var initialAzimuth: Double { line.azi1 }

    init(_ geodesic: Geodesic, from start: Coordinate, to end: Coordinate) {
        var solved = geod_geodesicline()
        let caps = GEOD_LATITUDE.rawValue | GEOD_LONGITUDE.rawValue | GEOD_AZIMUTH.rawValue
            | GEOD_DISTANCE_IN.rawValue
        geodesic.withEllipsoid {
            geod_inverseline(&solved, $0, start.latitude, start.longitude, end.latitude, end.longitude, caps)
        }
        line = solved
        self.start = start
        self.end = end
    }

    /// The point `distance` metres from the start along the line.
    ///
    /// - Parameter distance: metres; values in [0, `self.distance`] lie between the ends,
    ///   others on the geodesic's continuation.
    /// - Returns: the point with its longitude normalised to [-180, 180] and no altitude.
    public func coordinate(atDistance distance: Double) -> Coordinate {
        var lat = 0.0, lon = 0.0
        withUnsafePointer(to: line) { geod_position($0, distance, &lat, &lon, nil) }
        return Coordinate(longitude: lon, latitude: lat)
    }

    /// The latitude, longitude and direction of travel `distance` metres from the start, in
    /// degrees (longitude in [-180, 180], azimuth clockwise from north), from one `geod_position`.
    func position(atDistance distance: Double) -> (latitude: Double, longitude: Double, azimuth: Double) {
        var lat = 0.0, lon = 0.0, azimuth = 0.0
        withUnsafePointer(to: line) { geod_position($0, distance, &lat, &lon, &azimuth) }
        return (lat, lon, azimuth)
    }

    /// The longitude `distance` metres from the start, degrees, unrolled: the start's
    /// longitude plus how far east (positive) or west the line has turned, without wrapping
    /// to [-180, 180] (`geod_genposition` with `GEOD_LONG_UNROLL`). Monotonic along the line.
    public func unrolledLongitude(atDistance distance: Double) -> Double {
        var lon = 0.0
        withUnsafePointer(to: line) {
            _ = geod_genposition($0, UInt32(GEOD_LONG_UNROLL.rawValue), distance, nil, &lon, nil, nil, nil, nil, nil, nil)
        }
        return lon
    }

    /// The direction of travel `distance` metres from the start, degrees clockwise from
    /// north, [-180, 180]; at `self.distance` it is the final azimuth.
    public func azimuth(atDistance distance: Double) -> Double {
        var azimuth = 0.0
        withUnsafePointer(to: line) { geod_position($0, distance, nil, nil, &azimuth) }
        return azimuth
    }
}

extension Geodesic {
    /// The shortest path from `start` to `end`, ready for points along it.
    ///
    ///     let line = Geodesic.wgs84.line(from: jfk, to: sin)
    ///     line.coordinate(atDistance: 1_000_000)
    ///
    /// - Parameters:
    ///   - start: latitude in degrees, [-90, 90]; longitude in degrees, any value.
    ///   - end: latitude in degrees, [-90, 90]; longitude in degrees, any value.
    /// - Returns: the line; its numbers are NaN for a latitude outside [-90, 90].
    public func line(from start: Coordinate, to end: Coordinate) -> GeodesicLine {
        GeodesicLine(self, from: start, to: end)
    }
}
