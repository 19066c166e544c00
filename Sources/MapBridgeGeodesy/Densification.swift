import MapBridgeModel

/// How to densify shapes: the limit on each piece, and which lines to touch.
///
///     let options = Densification(limit: .maximumSegment(100_000))
///     let dense = try Geodesic.wgs84.densify(shape, options)
public struct Densification: Hashable, Sendable {
    /// What bounds each piece between neighbouring points.
    public enum Limit: Hashable, Sendable {
        /// No piece longer than this many metres (> 0): `densify(_:maximumSegment:)`.
        case maximumSegment(Double)
        /// The straight longitude/latitude line between neighbours within this many metres (> 0)
        /// of the geodesic: `densify(_:maximumError:)`.
        case maximumError(Double)
    }

    public var limit: Limit
    /// Densify only polylines whose interpolation is `.geodesic` (KML `tessellate`), leaving
    /// straight lines and rings as they are.
    public var onlyGeodesic: Bool

    public init(limit: Limit, onlyGeodesic: Bool = false) {
        self.limit = limit
        self.onlyGeodesic = onlyGeodesic
    }
}

extension Geodesic {
    /// The shape with points added along the geodesics of its lines and rings, as `options`
    /// asks; points, multi-points and circles are unchanged.
    ///
    ///     let dense = try Geodesic.wgs84.densify(.polyline(Polyline([nrt, lax])), Densification(limit: .maximumError(1_000)))
    ///
    /// Every vertex given stays, with its source text; a line keeps its interpolation (a
    /// densified geodesic line is still meant as geodesic, now with vertices enough to draw
    /// it straight). Rings stay closed. A track (a line with per-vertex `times`) gets a time
    /// for each added point, interpolated linearly by geodesic distance between the times of
    /// its segment's ends (see `TrackTime` for the forms read; written in the ends' zone with
    /// their precision); a track whose times are not all such date-times is left unchanged.
    ///
    /// - Throws: as `densify(_:maximumSegment:)` and `densify(_:maximumError:)` do.
    public func densify(_ shape: Shape, _ options: Densification) throws -> Shape {
        switch shape {
        case .polyline(let line) where line.times != nil:
            return .polyline(try densify(track: line, options))
        case .multiPolyline(let lines) where lines.contains(where: { $0.times != nil }):
            return .multiPolyline(try lines.map { try densify(track: $0, options) })
        case .collection(let shapes):
            return .collection(try shapes.map { try densify($0, options) })
        default:
            break
        }
        return try shape.mapPaths { coordinates, role in
            switch role {
            case .line(_, timed: true): return coordinates
            case .line(.straight, _), .outerRing, .hole: if options.onlyGeodesic { return coordinates }
            case .line(.geodesic, _): break
            }
            switch options.limit {
            case .maximumSegment(let m): return try densify(coordinates, maximumSegment: m)
            case .maximumError(let e): return try densify(coordinates, maximumError: e)
            }
        }
    }

    /// A line densified with times for its added points (see `densify(_:_:)`); a line without
    /// times goes the plain way.
    private func densify(track line: Polyline, _ options: Densification) throws -> Polyline {
        if options.onlyGeodesic, line.interpolation == .straight { return line }
        guard let texts = line.times else {
            return try line.mapCoordinates { coordinates, _ in
                switch options.limit {
                case .maximumSegment(let m): return try densify(coordinates, maximumSegment: m)
                case .maximumError(let e): return try densify(coordinates, maximumError: e)
                }
            }
        }
        guard texts.count == line.coordinates.count, let times = TrackTimes(texts) else { return line }
        var along: [Double] = []
        var dense = line
        switch options.limit {
        case .maximumSegment(let m):
            dense.coordinates = try densify(line.coordinates, maximumSegment: m, along: &along, recordsAlong: true)
        case .maximumError(let e):
            dense.coordinates = try densify(line.coordinates, maximumError: e, along: &along, recordsAlong: true)
        }
        dense.times = along.map { x in
            let segment = x.rounded(.down)
            return times.text(segment: Int(segment), fraction: x - segment)
        }
        return dense
    }
}
