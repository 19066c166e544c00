/// A position on the WGS 84 ellipsoid.
///
/// Longitude and latitude are in decimal degrees, altitude in metres above the ellipsoid or
/// the sea level the source format names. A coordinate read from text remembers the exact
/// text of its numbers (`sourceText`), so a writer can copy `0.10` back as `0.10` instead of
/// reformatting it; any coordinate made from values alone has no text.
///
///     let jfk = Coordinate(longitude: -73.7781, latitude: 40.6413)
///
/// Equality and hashing compare the numeric values only.
public struct Coordinate: Hashable, Sendable {
    /// Degrees east of Greenwich, normally in [-180, 180]; readers do not clamp it.
    public let longitude: Double
    /// Degrees north of the equator, normally in [-90, 90]; readers do not clamp it.
    public let latitude: Double
    /// Metres, or `nil` when the source gave two dimensions.
    public let altitude: Double?
    /// The numbers' text as read, valid for exactly these values.
    public let sourceText: CoordinateText?

    /// Makes a coordinate from values; it carries no source text.
    public init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
        self.sourceText = nil
    }

    /// Makes a coordinate together with the text its numbers were parsed from.
    /// - Precondition: `text` spells exactly these values (readers guarantee it).
    public init(longitude: Double, latitude: Double, altitude: Double?, sourceText: CoordinateText?) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
        self.sourceText = sourceText
    }

    public static func == (lhs: Coordinate, rhs: Coordinate) -> Bool {
        lhs.longitude == rhs.longitude && lhs.latitude == rhs.latitude && lhs.altitude == rhs.altitude
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(longitude)
        hasher.combine(latitude)
        hasher.combine(altitude)
    }
}

/// The source text of a coordinate's numbers, e.g. `"-73.7781391"`, `"40.6399257"`, `"4"`.
public struct CoordinateText: Hashable, Sendable {
    public var longitude: String
    public var latitude: String
    public var altitude: String?

    public init(longitude: String, latitude: String, altitude: String? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }
}
