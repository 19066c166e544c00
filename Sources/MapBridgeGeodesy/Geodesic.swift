import CProj
import MapBridgeModel

/// An ellipsoid of revolution on which geodesics (shortest paths) are solved with Karney's
/// algorithms, as implemented in PROJ's `geodesic.h` (accurate to about 15 nanometres).
///
/// Every distance is in metres along the ellipsoid's surface; every azimuth is in degrees
/// clockwise from north; latitudes are in degrees, [-90, 90]; longitudes are in degrees, any
/// value is accepted and results are normalised to [-180, 180].
///
///     let jfk = Coordinate(longitude: -73.7789, latitude: 40.6398)
///     let sin = Coordinate(longitude: 103.994, latitude: 1.35019)
///     Geodesic.wgs84.inverse(from: jfk, to: sin).distance  // 15,348,632.9 m
///
/// A `Geodesic` is an immutable value; share it freely between threads.
public struct Geodesic: Sendable {
    /// PROJ's ellipsoid constants, filled in once by `geod_init` and only read afterwards.
    /// (`geod_geodesic` is a plain C struct of doubles, so the value is `Sendable` as it is.)
    let ellipsoid: geod_geodesic

    /// The equatorial radius (semi-major axis), metres.
    public var equatorialRadius: Double { ellipsoid.a }
    /// The flattening, (a − b) / a; 0 for a sphere, 1/298.257223563 for WGS 84.
    public var flattening: Double { ellipsoid.f }
    /// The polar radius (semi-minor axis) b = a (1 − f), metres.
    public var polarRadius: Double { ellipsoid.a * (1 - ellipsoid.f) }

    /// The WGS 84 ellipsoid (a = 6,378,137 m, f = 1/298.257223563), which GPS, KML and
    /// GeoJSON (RFC 7946) coordinates refer to.
    public static let wgs84: Geodesic = {
        var g = geod_geodesic()
        geod_init(&g, 6_378_137, 1 / 298.257223563)
        return Geodesic(initialized: g)
    }()

    /// An ellipsoid with the given shape, or `nil` when the values make none.
    ///
    ///     let sphere = Geodesic(equatorialRadius: 6_371_008.8, flattening: 0)
    ///
    /// - Parameters:
    ///   - equatorialRadius: metres, finite and > 0.
    ///   - flattening: finite and < 1; 0 gives a sphere, a negative value a prolate ellipsoid.
    ///     Karney's series are exact to round-off for |f| ≤ 0.01 and good for |f| ≤ 0.2.
    public init?(equatorialRadius: Double, flattening: Double) {
        guard equatorialRadius.isFinite, equatorialRadius > 0, flattening.isFinite, flattening < 1 else {
            return nil
        }
        var g = geod_geodesic()
        geod_init(&g, equatorialRadius, flattening)
        self.init(initialized: g)
    }

    private init(initialized: geod_geodesic) {
        ellipsoid = initialized
    }

    /// Runs `body` with a pointer to the C ellipsoid, as PROJ's functions take it.
    @inline(__always)
    func withEllipsoid<R>(_ body: (UnsafePointer<geod_geodesic>) throws -> R) rethrows -> R {
        try withUnsafePointer(to: ellipsoid, body)
    }
}

extension Geodesic: Hashable {
    /// Two geodesics are equal when their ellipsoids are: same radius, same flattening.
    public static func == (lhs: Geodesic, rhs: Geodesic) -> Bool {
        lhs.equatorialRadius == rhs.equatorialRadius && lhs.flattening == rhs.flattening
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(equatorialRadius)
        hasher.combine(flattening)
    }
}

extension Geodesic {
    /// Whether `coordinate` can be used as a point on the ellipsoid: a finite longitude and a
    /// latitude in [-90, 90].
    public static func isValidPosition(_ coordinate: Coordinate) -> Bool {
        coordinate.longitude.isFinite && coordinate.latitude >= -90 && coordinate.latitude <= 90
    }
}
