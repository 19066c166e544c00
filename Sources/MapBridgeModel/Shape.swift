/// The geometry of a feature, after MapKit's annotations and overlays.
///
/// A circle and a geodesic polyline are kept as what they mean; only a writer that needs
/// vertices turns them into points.
///
/// A point, the most common shape, is held inline (the enum is a coordinate's size and a tag):
/// reading one allocates nothing and copying one counts no reference. The other cases are
/// `indirect`, one shared box each, so that a shape stays that small whatever its kind (a
/// polyline's members alone are over a hundred bytes). The recursion through `collection` goes
/// through an array, which needs no box.
public enum Shape: Hashable, Sendable {
    /// A point placemark (MapKit's annotation; GeoJSON `Point`, KML `Point`).
    case annotation(Coordinate)
    /// A line through coordinates (GeoJSON `LineString`, KML `LineString`).
    indirect case polyline(Polyline)
    /// An area with an outer ring and optional holes.
    indirect case polygon(Polygon)
    /// A circle of a radius around a centre, kept as such.
    indirect case circle(Circle)
    /// Several points (GeoJSON `MultiPoint`).
    indirect case multiPoint(CoordinateList)
    /// Several lines (GeoJSON `MultiLineString`).
    indirect case multiPolyline([Polyline])
    /// Several areas (GeoJSON `MultiPolygon`).
    indirect case multiPolygon([Polygon])
    /// Shapes of any kind together (GeoJSON `GeometryCollection`, KML `MultiGeometry`).
    indirect case collection([Shape])

    /// The kind of this shape, for summaries and messages.
    public var kind: ShapeKind {
        switch self {
        case .annotation: .annotation
        case .polyline: .polyline
        case .polygon: .polygon
        case .circle: .circle
        case .multiPoint: .multiPoint
        case .multiPolyline: .multiPolyline
        case .multiPolygon: .multiPolygon
        case .collection: .collection
        }
    }
}

/// The kinds of `Shape`, named as users know them.
public enum ShapeKind: String, CaseIterable, Hashable, Sendable {
    case annotation = "Point"
    case polyline = "LineString"
    case polygon = "Polygon"
    case circle = "Circle"
    case multiPoint = "MultiPoint"
    case multiPolyline = "MultiLineString"
    case multiPolygon = "MultiPolygon"
    case collection = "GeometryCollection"
}

/// How a polyline runs between its vertices.
public enum Interpolation: String, Hashable, Sendable {
    /// Straight in longitude/latitude between vertices (what GeoJSON means).
    case straight
    /// Along the shortest path on the ellipsoid (MapKit's `MKGeodesicPolyline`, KML `tessellate`).
    case geodesic
}

/// An open line through two or more coordinates.
public struct Polyline: Hashable, Sendable {
    /// The vertices in order.
    public var coordinates: CoordinateList
    /// How the line runs between vertices.
    public var interpolation: Interpolation
    /// When each vertex was passed (ISO 8601 text, one per coordinate), for tracks
    /// (KML `gx:Track`, GPX); `nil` for a plain line.
    public var times: VertexTimes?

    /// A line through `coordinates`; `times`, when given, has one entry per coordinate.
    public init(_ coordinates: CoordinateList, interpolation: Interpolation = .straight, times: VertexTimes? = nil) {
        self.coordinates = coordinates
        self.interpolation = interpolation
        self.times = times
    }

    /// A line through the coordinates of any sequence (an array, a slice).
    public init<S: Sequence<Coordinate>>(_ coordinates: S, interpolation: Interpolation = .straight,
                                         times: VertexTimes? = nil) {
        self.init(CoordinateList(coordinates), interpolation: interpolation, times: times)
    }

    /// A line whose times are given as an array of texts (one per coordinate).
    public init<S: Sequence<Coordinate>>(_ coordinates: S, interpolation: Interpolation = .straight, times: [String]?) {
        self.init(CoordinateList(coordinates), interpolation: interpolation, times: times.map(VertexTimes.init))
    }
}

/// An area: an outer ring and holes, each a closed ring (first coordinate equals the last).
public struct Polygon: Hashable, Sendable {
    /// The outer boundary; closed, normally at least 4 coordinates.
    public var outer: CoordinateList
    /// The inner boundaries (holes), each closed.
    public var holes: [CoordinateList]

    /// An area bounded by `outer`, less `holes`.
    public init(outer: CoordinateList, holes: [CoordinateList] = []) {
        self.outer = outer
        self.holes = holes
    }

    /// An area from rings given as any sequences of coordinates (arrays, slices).
    public init<S: Sequence<Coordinate>>(outer: S, holes: [[Coordinate]] = []) {
        self.init(outer: CoordinateList(outer), holes: holes.map { CoordinateList($0) })
    }

    /// The outer ring followed by the holes.
    public var rings: [CoordinateList] { [outer] + holes }
}

/// A circle on the ellipsoid: every point at `radius` metres (geodesic distance) from `center`.
public struct Circle: Hashable, Sendable {
    /// The centre.
    public var center: Coordinate
    /// Metres, > 0.
    public var radius: Double

    public init(center: Coordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }
}
