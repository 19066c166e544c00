import CProj
import MapBridgeModel

extension Geodesic {
    /// The largest circle radius that `circleRing` accepts, metres: π b, half the way round
    /// the ellipsoid along its shortest great ellipse (19,970,326 m on WGS 84). Up to it,
    /// every ring vertex is exactly `radius` from the centre along the shortest path; beyond
    /// it, some directions pass the ellipsoid's cut locus near the antipode and arrive closer.
    public var maximumCircleRadius: Double { Double.pi * min(ellipsoid.a, polarRadius) }

    /// A closed ring of `segments` vertices, each exactly `radius` metres (geodesic distance)
    /// from `center`, running counter-clockwise: an RFC 7946 outer ring.
    ///
    ///     let ring = try Geodesic.wgs84.circleRing(center: jfk, radius: 5_000, segments: 64)
    ///     ring.count          // 65
    ///     ring.first == ring.last  // true
    ///
    /// The first vertex lies due north of the centre; the next ones follow at equal angles
    /// (360° / `segments` apart as seen from the centre) through west, south and east, which is
    /// counter-clockwise seen on a map with east to the right and north up, and seen from
    /// above the centre. The last coordinate repeats the first. Longitudes are normalised to
    /// [-180, 180]; every vertex carries the centre's altitude.
    ///
    /// In longitude/latitude, two kinds of circle do not look like loops:
    /// - one that crosses the antimeridian jumps between +180 and −180 twice;
    /// - one that contains a pole goes once round it, so its longitudes run through all 360°
    ///   (eastwards around the North Pole, westwards around the South Pole) with a single jump
    ///   between +180 and −180. Cut at ±180 and closed along latitude ±90, it becomes the
    ///   counter-clockwise outline of the cap around the pole.
    /// A ring centred on a pole has every vertex at the same latitude; there the azimuth is
    /// measured from the centre's meridian, so the first vertex lies on the meridian opposite
    /// the centre's longitude at the North Pole, and on it at the South Pole.
    ///
    /// - Parameters:
    ///   - center: latitude in degrees, [-90, 90]; longitude in degrees, any finite value.
    ///   - radius: metres, in (0, `maximumCircleRadius`].
    ///   - segments: vertices around the ring, 3 to 1,048,576.
    /// - Returns: `segments + 1` coordinates, the last equal to the first.
    /// - Throws: `MapBridgeError` of kind `.data` when the centre or radius is out of range,
    ///   `.usage` when `segments` is.
    /// - Complexity: O(segments).
    public func circleRing(center: Coordinate, radius: Double, segments: Int) throws -> CoordinateList {
        try checkCircle(center: center, radius: radius)
        guard segments >= 3, segments <= 1 << 20 else {
            throw MapBridgeError(.usage, "a circle needs 3 to 1,048,576 segments, not \(segments)")
        }
        var ring: CoordinateList = []
        ring.reserveCapacity(segments + 1)
        let step = 360 / Double(segments)
        withEllipsoid { g in
            for k in 0..<segments {
                // Azimuths fall from 0° (north) through −90° (west): counter-clockwise.
                let azimuth = -step * Double(k)
                var lat = 0.0, lon = 0.0
                geod_direct(g, center.latitude, center.longitude, azimuth, radius, &lat, &lon, nil)
                ring.append(Coordinate(longitude: lon, latitude: lat, altitude: center.altitude))
            }
        }
        ring.append(ring[0])
        return ring
    }

    /// A closed counter-clockwise ring around `center` at `radius` metres, with as few
    /// vertices as keep every geodesic chord between neighbours within `maximumError` metres
    /// of the true circle (see `circleSegmentCount(radius:maximumError:)`).
    ///
    ///     // A 10 km circle good to 1 m: 224 vertices (225 coordinates).
    ///     let ring = try Geodesic.wgs84.circleRing(center: jfk, radius: 10_000, maximumError: 1)
    ///
    /// The ring is as `circleRing(center:radius:segments:)` describes; it has 8 to 4096
    /// segments, and when even 4096 stray further than `maximumError` it has 4096.
    ///
    /// A consumer that draws straight lines in longitude/latitude instead of geodesics
    /// (GeoJSON readers) strays a little differently; for circles up to a few hundred
    /// kilometres away from the poles the difference is far below the chord error.
    ///
    /// - Parameters:
    ///   - center: latitude in degrees, [-90, 90]; longitude in degrees, any finite value.
    ///   - radius: metres, in (0, `maximumCircleRadius`].
    ///   - maximumError: metres, > 0.
    /// - Throws: `MapBridgeError` of kind `.data` when the centre or radius is out of range,
    ///   `.usage` when `maximumError` is not a positive number.
    public func circleRing(center: Coordinate, radius: Double, maximumError: Double) throws -> CoordinateList {
        try checkCircle(center: center, radius: radius)
        guard maximumError > 0, maximumError.isFinite else {
            throw MapBridgeError(.usage, "the largest error of a circle's outline must be a positive number of metres, not \(maximumError)")
        }
        let segments = circleSegmentCount(radius: radius, maximumError: maximumError)
        return try circleRing(center: center, radius: radius, segments: segments)
    }

    /// A circle turned into its ring: see `circleRing(center:radius:maximumError:)`.
    public func ring(of circle: Circle, maximumError: Double) throws -> CoordinateList {
        try circleRing(center: circle.center, radius: circle.radius, maximumError: maximumError)
    }

    private func checkCircle(center: Coordinate, radius: Double) throws {
        guard Geodesic.isValidPosition(center) else {
            throw MapBridgeError(
                .data, "a circle's centre must have a latitude in [-90, 90] and a finite longitude, not \(center.latitude), \(center.longitude)")
        }
        guard radius > 0, radius <= maximumCircleRadius else {
            throw MapBridgeError(
                .data, "a circle's radius must be more than 0 and at most \(Int(maximumCircleRadius)) m, not \(radius) m")
        }
    }
}
