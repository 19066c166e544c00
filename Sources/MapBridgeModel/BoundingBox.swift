/// The smallest longitude/latitude box around some coordinates, in degrees, with the
/// altitude range in metres when any coordinate has an altitude.
///
/// A box across the antimeridian has west > east (RFC 7946 §5.2): see
/// `BoundingBox+Antimeridian.swift` for when a shape gets one.
public struct BoundingBox: Hashable, Sendable {
    /// Westernmost longitude, degrees.
    public var west: Double
    /// Southernmost latitude, degrees.
    public var south: Double
    /// Easternmost longitude, degrees (less than `west` across the antimeridian).
    public var east: Double
    /// Northernmost latitude, degrees.
    public var north: Double
    /// Lowest altitude in metres, when any coordinate had one.
    public var minAltitude: Double?
    /// Highest altitude in metres, when any coordinate had one.
    public var maxAltitude: Double?

    /// A box from its edges in degrees and, when known, its altitude range in metres.
    ///
    ///     BoundingBox(west: -74.3, south: 40.5, east: -73.7, north: 40.9)
    public init(west: Double, south: Double, east: Double, north: Double,
                minAltitude: Double? = nil, maxAltitude: Double? = nil)
    {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
        self.minAltitude = minAltitude
        self.maxAltitude = maxAltitude
    }

    /// A box around one coordinate.
    public init(_ c: Coordinate) {
        west = c.longitude; east = c.longitude
        south = c.latitude; north = c.latitude
        minAltitude = c.altitude; maxAltitude = c.altitude
    }

    /// Widens the box to hold `c`.
    public mutating func extend(_ c: Coordinate) {
        if c.longitude < west { west = c.longitude }
        if c.longitude > east { east = c.longitude }
        if c.latitude < south { south = c.latitude }
        if c.latitude > north { north = c.latitude }
        if let alt = c.altitude {
            minAltitude = Swift.min(minAltitude ?? alt, alt)
            maxAltitude = Swift.max(maxAltitude ?? alt, alt)
        }
    }

    /// Widens the box to hold `other`; across the antimeridian when either box is.
    public mutating func extend(_ other: BoundingBox) {
        if crossesAntimeridian || other.crossesAntimeridian {
            uniteAcrossAntimeridian(other)
        } else {
            west = Swift.min(west, other.west); east = Swift.max(east, other.east)
        }
        south = Swift.min(south, other.south); north = Swift.max(north, other.north)
        if let lo = other.minAltitude { minAltitude = Swift.min(minAltitude ?? lo, lo) }
        if let hi = other.maxAltitude { maxAltitude = Swift.max(maxAltitude ?? hi, hi) }
    }

    /// The box around every vertex of `shape`, or `nil` when it has none; across the
    /// antimeridian (west > east) when the shape spans it.
    public init?(_ shape: Shape) {
        var box: BoundingBox?
        shape.forEachCoordinate { c in
            if box == nil { box = BoundingBox(c) } else { box?.extend(c) }
        }
        guard let box else { return nil }
        self = BoundingBox.spanning(shape, plain: box)
    }
}
