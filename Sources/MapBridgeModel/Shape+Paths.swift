/// What a path inside a shape is, as `Shape.mapPaths(_:)` hands it to its transform.
public enum PathRole: Hashable, Sendable {
    /// A polyline (alone or in a multi-polyline or collection), with how it runs between
    /// vertices and whether it carries per-vertex times.
    case line(Interpolation, timed: Bool)
    /// A polygon's outer ring (closed: first coordinate equals the last).
    case outerRing
    /// A polygon's hole (closed).
    case hole
}

/// Coordinate sequences, transformed once for every shape kind: densification and other
/// per-path transforms walk shapes through it.
extension Shape {
    /// Returns the shape with every line and ring replaced by what `transform` makes of it.
    /// Points, multi-points and circles are left as they are; the structure (kinds, order,
    /// collections) does not change.
    ///
    ///     let reversed = shape.mapPaths { coordinates, _ in CoordinateList(coordinates.reversed()) }
    ///
    /// A timed line whose vertex count changes loses its `times` (they no longer pair up):
    /// transforms that add points should leave timed lines alone (`.line(_, timed: true)`).
    ///
    /// - Complexity: O(n) plus the transform's cost, for n vertices.
    public func mapPaths(_ transform: (CoordinateList, PathRole) throws -> CoordinateList) rethrows -> Shape {
        switch self {
        case .annotation, .circle, .multiPoint:
            return self
        case .polyline(let line):
            return .polyline(try line.mapCoordinates(transform))
        case .polygon(let polygon):
            return .polygon(try polygon.mapRings(transform))
        case .multiPolyline(let lines):
            return .multiPolyline(try lines.map { try $0.mapCoordinates(transform) })
        case .multiPolygon(let polygons):
            return .multiPolygon(try polygons.map { try $0.mapRings(transform) })
        case .collection(let shapes):
            return .collection(try shapes.map { try $0.mapPaths(transform) })
        }
    }
}

extension Polyline {
    /// The line with its coordinates replaced by `transform`'s result (see `Shape.mapPaths`).
    public func mapCoordinates(_ transform: (CoordinateList, PathRole) throws -> CoordinateList) rethrows -> Polyline {
        var copy = self
        copy.coordinates = try transform(coordinates, .line(interpolation, timed: times != nil))
        if copy.coordinates.count != coordinates.count { copy.times = nil }
        return copy
    }
}

extension Polygon {
    /// The polygon with each ring replaced by `transform`'s result (see `Shape.mapPaths`).
    public func mapRings(_ transform: (CoordinateList, PathRole) throws -> CoordinateList) rethrows -> Polygon {
        Polygon(outer: try transform(outer, .outerRing), holes: try holes.map { try transform($0, .hole) })
    }
}
