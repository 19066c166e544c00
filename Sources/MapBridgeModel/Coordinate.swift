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
///
/// A coordinate is 32 bytes: three doubles (a missing altitude is one particular NaN) and one
/// word for the text. Text in plain fixed point that the value renders back to (`-73.7781391`,
/// `4.50`: nearly all coordinate text) is kept as a count of fraction digits per number
/// (`FixedPointSpelling`); any other text (`1e-7`, more than 17 digits) in a shared box.
public struct Coordinate: Hashable, Sendable {
    /// Degrees east of Greenwich, normally in [-180, 180]; readers do not clamp it.
    public let longitude: Double
    /// Degrees north of the equator, normally in [-90, 90]; readers do not clamp it.
    public let latitude: Double
    /// The altitude, or the bit pattern `noAltitude` for none.
    @usableFromInline let storedAltitude: Double
    /// The numbers' text.
    @usableFromInline let spelling: Spelling

    /// Metres, or `nil` when the source gave two dimensions.
    @inlinable public var altitude: Double? {
        storedAltitude.bitPattern == Self.noAltitude ? nil : storedAltitude
    }

    /// The NaN (with a payload no arithmetic makes) that stands for "no altitude".
    @inlinable static var noAltitude: UInt64 { 0x7FF8_0000_00A1_7100 }

    @inlinable static func stored(_ altitude: Double?) -> Double {
        altitude ?? Double(bitPattern: noAltitude)
    }

    /// Makes a coordinate from values; it carries no source text.
    @inlinable
    public init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.storedAltitude = Self.stored(altitude)
        self.spelling = .none
    }

    /// Makes a coordinate together with the text its numbers were parsed from.
    /// - Precondition: `text` spells exactly these values (readers guarantee it).
    public init(longitude: Double, latitude: Double, altitude: Double?, sourceText: CoordinateText?) {
        self.longitude = longitude
        self.latitude = latitude
        self.storedAltitude = Self.stored(altitude)
        self.spelling = sourceText.map { Spelling($0, longitude, latitude, altitude) } ?? .none
    }

    /// Makes a coordinate from numbers as read, each with its text (`Coordinate.Number`).
    @inlinable
    public init(longitude: Number, latitude: Number, altitude: Number?) {
        self.longitude = longitude.value
        self.latitude = latitude.value
        self.storedAltitude = Self.stored(altitude?.value)
        if let lon = longitude.spelling, let lat = latitude.spelling, altitude == nil || altitude?.spelling != nil {
            spelling = .fixed(Spelling.pack(lon, lat, altitude?.spelling))
        } else {
            let text = CoordinateText(longitude: longitude.text, latitude: latitude.text, altitude: altitude?.text)
            spelling = .text(Spelling.Box(text))
        }
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
