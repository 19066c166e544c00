#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// How longitude and latitude become the flat picture: both map the world onto a square of
/// world units, x in [0, 1] from −180° to 180° (further for longitudes unwrapped past ±180°)
/// and y growing southwards, as SVG's does.
///
///     SVGProjection.mercator.project(longitude: 0, latitude: 0)   // (0.5, 0.5)
public enum SVGProjection: String, CaseIterable, Hashable, Sendable {
    /// Web Mercator (MapKit's map points, EPSG:3857): latitudes clipped to ±85.05113°.
    case mercator
    /// Plate carrée: x and y proportional to longitude and latitude; y in [0, 0.5].
    case equirectangular

    /// The latitude Web Mercator stops at, degrees: where the map becomes square.
    public static let mercatorLatitudeLimit = 85.051_128_779_806_59

    /// The point in world units for a longitude (degrees, any finite value: unwrapped ones
    /// land left or right of the square) and a latitude (degrees, [-90, 90]).
    public func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let x = (longitude + 180) / 360
        switch self {
        case .mercator:
            let limit = SVGProjection.mercatorLatitudeLimit
            let phi = min(max(latitude, -limit), limit) * .pi / 180
            return (x, (1 - log(tan(.pi / 4 + phi / 2)) / .pi) / 2)
        case .equirectangular:
            return (x, (90 - min(max(latitude, -90), 90)) / 360)
        }
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
    static func unwrapped(_ coordinates: [Coordinate], closed: Bool) -> [Double] {
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
