import MapBridgeModel

// RFC 7946 §3.1.9: a line or area that crosses the antimeridian is cut into parts that end
// exactly on it, at longitude 180 on one side and −180 on the other.
//
// A segment crosses when its ends' longitudes differ by more than 180°: joined the short way
// round, it passes ±180. The cut point is where the segment's geodesic meets the meridian,
// found by bisecting the distance along the geodesic on its unrolled longitude (monotonic
// along a geodesic) to a micrometre; its latitude is the geodesic's there. Lines become
// multi-lines; polygons are cut by `AntimeridianSplit` (see there).
extension Geodesic {
    /// The shape with every line and ring that crosses the antimeridian cut there (RFC 7946
    /// §3.1.9): a polyline becomes a multi-polyline, a polygon a multi-polygon, whose parts
    /// meet the antimeridian at longitude exactly 180 on the east side and −180 on the west,
    /// at the latitude where each crossing segment's geodesic passes it.
    ///
    ///     // Tokyo to Los Angeles: two lines, meeting at 180 / −180, 47.46° N.
    ///     let cut = Geodesic.wgs84.cutAtAntimeridian(.polyline(Polyline([nrt, lax])))
    ///
    /// A segment crosses when its ends' longitudes differ by more than 180° (the short way
    /// round passes ±180); a shape without such a segment comes back unchanged. Vertices keep
    /// their values and source text. A ring that goes once round a pole is taken to enclose
    /// that pole (the one on the side of its mean latitude): it is closed along the
    /// antimeridian and the pole's latitude (±90) into one polygon spanning −180 to 180.
    /// Cut tracks keep their per-vertex `times`, a cut point getting the time interpolated by
    /// geodesic distance (tracks whose times are not date-times lose them); circles are not changed
    /// (turn them into rings first). Longitudes are expected in [-180, 180].
    ///
    /// A writer that streams the parts uses `AntimeridianCut` for lines instead.
    ///
    /// - Complexity: O(n) for n vertices, plus about 50 geodesic positions per crossing.
    public func cutAtAntimeridian(_ shape: Shape) -> Shape {
        switch shape {
        case .annotation, .multiPoint, .circle:
            return shape
        case .polyline(let line):
            let parts = cut(line)
            return parts.count == 1 ? .polyline(parts[0]) : .multiPolyline(parts)
        case .multiPolyline(let lines):
            guard lines.contains(where: Geodesic.crossesAntimeridian) else { return shape }
            return .multiPolyline(lines.flatMap(cut))
        case .polygon(let polygon):
            let pieces = cut(polygon)
            return pieces.count == 1 ? .polygon(pieces[0]) : .multiPolygon(pieces)
        case .multiPolygon(let polygons):
            guard polygons.contains(where: { $0.rings.contains(where: Geodesic.crossesAntimeridian) }) else { return shape }
            return .multiPolygon(polygons.flatMap(cut))
        case .collection(let shapes):
            return .collection(shapes.map(cutAtAntimeridian))
        }
    }

    /// Whether some segment crosses the antimeridian: its ends differ in longitude by more than
    /// 180°, and they do not both lie on ±180 (a segment from 180 to −180 runs along the seam
    /// of data that is cut already, as Natural Earth's Antarctica is).
    public static func crossesAntimeridian(_ coordinates: CoordinateList) -> Bool {
        var previous: Double?
        var crosses = false
        coordinates.forEachPosition { longitude, _ in
            if let p = previous, !crosses, isCrossing(p, longitude) { crosses = true }
            previous = longitude
        }
        return crosses
    }

    /// Whether the segment from `a` to `b` crosses the antimeridian (see `crossesAntimeridian`).
    static func isCrossing(_ a: Coordinate, _ b: Coordinate) -> Bool {
        isCrossing(a.longitude, b.longitude)
    }

    /// `isCrossing(_:_:)` for the segment's longitudes (degrees).
    @inline(__always)
    static func isCrossing(_ a: Double, _ b: Double) -> Bool {
        abs(b - a) > 180 && !(onSeam(a) && onSeam(b))
    }

    /// Whether a vertex lies on ±180 (within 1e-9°, about 0.1 mm: data such as Natural Earth
    /// carries 180.00000000000014).
    private static func onSeam(_ longitude: Double) -> Bool {
        abs(abs(longitude) - 180) < 1e-9
    }

    static func crossesAntimeridian(_ line: Polyline) -> Bool { crossesAntimeridian(line.coordinates) }

    /// Where the geodesic from `a` to `b` reaches the unrolled longitude `target` (degrees,
    /// counted on from `a.longitude` the way the geodesic turns): its latitude and the
    /// fraction of the way along. Bisection on the distance to a micrometre; `nil` when the
    /// geodesic does not reach `target`.
    public func crossing(from a: Coordinate, to b: Coordinate, atUnrolledLongitude target: Double)
        -> (latitude: Double, fraction: Double)?
    {
        if a.longitude == target { return (a.latitude, 0) }
        if abs(a.latitude) == 90, a.latitude == b.latitude { return (a.latitude, 0.5) }
        let line = self.line(from: a, to: b)
        var low = 0.0, high = line.distance
        let startSign = a.longitude < target
        guard high > 0, (line.unrolledLongitude(atDistance: high) < target) != startSign
            || line.unrolledLongitude(atDistance: high) == target
        else { return nil }
        while high - low > 1e-6 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if (line.unrolledLongitude(atDistance: middle) < target) == startSign { low = middle } else { high = middle }
        }
        let s = (low + high) / 2
        return (line.coordinate(atDistance: s).latitude, s / line.distance)
    }

    /// The line cut at each antimeridian crossing (`AntimeridianCut`); one part, the line
    /// itself, when it crosses none.
    func cut(_ line: Polyline) -> [Polyline] {
        AntimeridianCut(line, geodesic: self).parts()
    }

    /// The polygon cut at the antimeridian; itself when no ring crosses it.
    func cut(_ polygon: Polygon) -> [Polygon] {
        guard polygon.rings.contains(where: Geodesic.crossesAntimeridian) else { return [polygon] }
        return AntimeridianSplit(geodesic: self).split(polygon)
    }
}
