#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// How longitude and latitude become the flat picture.
///
/// Mercator and plate carrée map the world onto world units: x in [0, 1] from −180° to 180°
/// (further for longitudes unwrapped past ±180°) and y growing southwards, as SVG's does.
/// The orthographic globe maps the hemisphere around a centre onto the unit disc (see
/// `SVGGlobe`).
///
///     SVGProjection.mercator.project(longitude: 0, latitude: 0)   // (0.5, 0.5)
public enum SVGProjection: String, CaseIterable, Hashable, Sendable {
    /// Web Mercator (MapKit's map points, EPSG:3857): latitudes clipped to ±85.05113°.
    case mercator
    /// Plate carrée: x and y proportional to longitude and latitude; y in [0, 0.5].
    case equirectangular
    /// The globe seen from far away above a centre point: only the hemisphere facing the
    /// viewer is drawn, lines and areas cut at its horizon (the disc's outline).
    case orthographic

    /// The latitude Web Mercator stops at, degrees: where the map becomes square.
    public static let mercatorLatitudeLimit = 85.051_128_779_806_59

    /// The point in world units for a longitude (degrees, any finite value: unwrapped ones
    /// land left or right of the square) and a latitude (degrees, [-90, 90]). The globe has
    /// no world square; it answers as plate carrée does (use `SVGGlobe`).
    public func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let x = (longitude + 180) / 360
        switch self {
        case .mercator:
            return (x, SVGProjection.mercatorY(latitude: latitude))
        case .equirectangular, .orthographic:
            return (x, (90 - min(max(latitude, -90), 90)) / 360)
        }
    }

    /// Web Mercator's y in world units for a latitude in degrees (clipped at the limit).
    static func mercatorY(latitude: Double) -> Double {
        let limit = SVGProjection.mercatorLatitudeLimit
        let phi = min(max(latitude, -limit), limit) * .pi / 180
        return (1 - log(tan(.pi / 4 + phi / 2)) / .pi) / 2
    }

    /// The latitude, degrees, at world y (the inverse of `project`'s y; the globe answers
    /// as plate carrée).
    func latitude(y: Double) -> Double {
        switch self {
        case .mercator: return atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
        case .equirectangular, .orthographic: return min(max(90 - 360 * y, -90), 90)
        }
    }
}

/// The orthographic globe around a centre: a point becomes (east, north) on the unit disc,
/// and `depth`, the cosine of its angular distance from the centre, tells whether it faces
/// the viewer (≥ 0) or lies behind the horizon (< 0).
struct SVGGlobe: Hashable, Sendable {
    /// A point on the unit sphere in the globe's frame: `east` and `north` across the
    /// picture (north up), `depth` towards the viewer.
    struct Point: Hashable, Sendable {
        var east: Double
        var north: Double
        var depth: Double

        var isVisible: Bool { depth >= 0 }

        /// The point where the chord from `self` to `other` meets the horizon plane, pushed
        /// out onto the horizon circle.
        func horizonCrossing(to other: Point) -> Point {
            let t = depth / (depth - other.depth)
            let e = east + (other.east - east) * t, n = north + (other.north - north) * t
            let length = (e * e + n * n).squareRoot()
            guard length > 0 else { return Point(east: 1, north: 0, depth: 0) }
            return Point(east: e / length, north: n / length, depth: 0)
        }

        /// The angle of the point around the disc's centre, radians in (−π, π].
        var angle: Double { atan2(north, east) }
    }

    /// The centre's latitude and longitude, degrees.
    let centreLatitude: Double
    let centreLongitude: Double
    private let sinPhi0: Double, cosPhi0: Double

    init(centre: Coordinate) {
        centreLatitude = min(max(centre.latitude, -90), 90)
        centreLongitude = LongitudeUnwrapping.normalised(centre.longitude)
        sinPhi0 = sin(centreLatitude * .pi / 180)
        cosPhi0 = cos(centreLatitude * .pi / 180)
    }

    /// The globe point for a longitude and latitude in degrees.
    func point(longitude: Double, latitude: Double) -> Point {
        let phi = min(max(latitude, -90), 90) * .pi / 180
        let dLambda = (longitude - centreLongitude) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let cosD = cos(dLambda)
        return Point(east: cosPhi * sin(dLambda),
                     north: cosPhi0 * sinPhi - sinPhi0 * cosPhi * cosD,
                     depth: sinPhi0 * sinPhi + cosPhi0 * cosPhi * cosD)
    }

    /// The longitude and latitude, degrees, of a point on the horizon at `angle` radians.
    func horizonCoordinate(angle: Double) -> (longitude: Double, latitude: Double) {
        let e = cos(angle), n = sin(angle)
        // Back from the globe's frame (depth 0) to the earth-centred frame.
        let sinPhi = n * cosPhi0
        let phi = asin(min(max(sinPhi, -1), 1))
        let y = e, x = -n * sinPhi0
        let lambda = atan2(y, x) * 180 / .pi + centreLongitude
        return (LongitudeUnwrapping.normalised(lambda), phi * 180 / .pi)
    }
}

/// Longitudes made continuous along a line, so that a route across the Pacific is drawn as
/// one curve instead of a stroke across the whole map.
enum LongitudeUnwrapping {
    /// The longitudes of `coordinates`, each shifted by a multiple of 360° to lie within 180°
    /// of the one before (so they may run past ±180°); the first is normalised to
    /// [-180, 180].
    ///
    ///     unwrapped([179, -179]) // [179, 181]
    ///
    /// A closed ring that goes round a pole (its unwrapped end lies 360° from its start) is
    /// kept with its longitudes as given, normalised: it already outlines the polar cap.
    static func unwrapped(_ coordinates: CoordinateList, closed: Bool) -> [Double] {
        guard var previous = coordinates.first.map({ normalised($0.longitude) }) else { return [] }
        var result = [previous]
        result.reserveCapacity(coordinates.count)
        for c in coordinates.dropFirst() {
            var lon = c.longitude
            let turns = ((previous - lon) / 360).rounded()
            lon += turns * 360
            result.append(lon)
            previous = lon
        }
        if closed, let last = result.last, abs(last - result[0]) > 180 {
            return coordinates.map { normalised($0.longitude) }
        }
        return result
    }

    /// `longitude` shifted by a multiple of 360° into [-180, 180].
    static func normalised(_ longitude: Double) -> Double {
        guard longitude.isFinite, longitude < -180 || longitude > 180 else { return longitude }
        let r = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (r < 0 ? r + 360 : r) - 180
    }
}
