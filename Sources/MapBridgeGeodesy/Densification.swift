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
    /// asks; points, multi-points and circles are unchanged, and so are lines with per-vertex
    /// times (tracks, whose added points would have no time).
    ///
    ///     let dense = try Geodesic.wgs84.densify(.polyline(Polyline([nrt, lax])), Densification(limit: .maximumError(1_000)))
    ///
    /// Every vertex given stays, with its source text; a line keeps its interpolation (a
    /// densified geodesic line is still meant as geodesic, now with vertices enough to draw
    /// it straight). Rings stay closed.
    ///
    /// - Throws: as `densify(_:maximumSegment:)` and `densify(_:maximumError:)` do.
    public func densify(_ shape: Shape, _ options: Densification) throws -> Shape {
        try shape.mapPaths { coordinates, role in
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
}
