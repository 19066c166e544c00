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
    /// The most points one densified shape may have, all its lines and rings together, ≥ 1
    /// (default: `ReadLimits`' vertex limit, 50,000,000; `--max-vertices`): a zigzag of a few
    /// long segments with a short `maximumSegment` would otherwise fill the memory.
    public var maximumPoints: Int

    public init(limit: Limit, onlyGeodesic: Bool = false, maximumPoints: Int = ReadLimits().maximumVertices) {
        self.limit = limit
        self.onlyGeodesic = onlyGeodesic
        self.maximumPoints = max(maximumPoints, 1)
    }
}

/// The points a shape being densified may still take, of `Densification.maximumPoints`.
struct DensifyBudget {
    let maximum: Int
    private(set) var used = 0

    init(_ maximum: Int) { self.maximum = maximum }

    /// What one more path may hold.
    var remaining: Int { max(maximum - used, 0) }

    /// Counts a densified path of `count` points.
    mutating func spend(_ count: Int) { used += count }

    /// What the path densifiers throw when their result would pass the points they were given.
    struct Overflow: Error {}

    /// The error for a shape that would pass the limit.
    static func exceeded(_ maximum: Int) -> MapBridgeError {
        MapBridgeError(.data, "densifying this shape would give it more than \(maximum) points (the limit is \(maximum); \(Setting.maximumVertices.mention(argument: "N")) raises it, or choose a longer \(Setting.maximumSegment.mention()) or a larger \(Setting.maximumError.mention()))")
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
    /// - Throws: as `densify(_:maximumSegment:)` and `densify(_:maximumError:)` do; `.data`
    ///   when the shape would get more than `options.maximumPoints` points (it stops there,
    ///   before holding more).
    public func densify(_ shape: Shape, _ options: Densification) throws -> Shape {
        var budget = DensifyBudget(options.maximumPoints)
        return try densify(shape, options, budget: &budget)
    }

    private func densify(_ shape: Shape, _ options: Densification, budget: inout DensifyBudget) throws -> Shape {
        switch shape {
        case .polyline(let line) where line.times != nil:
            return .polyline(try densify(track: line, options, budget: &budget))
        case .multiPolyline(let lines) where lines.contains(where: { $0.times != nil }):
            return .multiPolyline(try lines.map { try densify(track: $0, options, budget: &budget) })
        case .collection(let shapes):
            return .collection(try shapes.map { try densify($0, options, budget: &budget) })
        default:
            break
        }
        return try shape.mapPaths { coordinates, role in
            switch role {
            case .line(_, timed: true):
                break  // kept: each vertex has its own time
            case .line(.straight, _) where options.onlyGeodesic, .outerRing where options.onlyGeodesic,
                 .hole where options.onlyGeodesic:
                break
            default:
                var unused: [Double] = []
                return try densify(coordinates, options, along: &unused, recordsAlong: false, budget: &budget)
            }
            budget.spend(coordinates.count)
            return coordinates
        }
    }

    /// One path densified as `options` ask, within what `budget` leaves, which it then spends.
    private func densify(_ coordinates: CoordinateList, _ options: Densification, along: inout [Double],
                         recordsAlong: Bool, budget: inout DensifyBudget) throws -> CoordinateList
    {
        let most = budget.remaining
        let dense: CoordinateList
        do {
            switch options.limit {
            case .maximumSegment(let m):
                dense = try densify(coordinates, maximumSegment: m, along: &along, recordsAlong: recordsAlong, maximumPoints: most)
            case .maximumError(let e):
                dense = try densify(coordinates, maximumError: e, along: &along, recordsAlong: recordsAlong, maximumPoints: most)
            }
        } catch is DensifyBudget.Overflow {
            throw DensifyBudget.exceeded(budget.maximum)
        }
        guard dense.count <= most else { throw DensifyBudget.exceeded(budget.maximum) }
        budget.spend(dense.count)
        return dense
    }

    /// A line densified with times for its added points (see `densify(_:_:)`); a line without
    /// times goes the plain way.
    private func densify(track line: Polyline, _ options: Densification, budget: inout DensifyBudget) throws -> Polyline {
        if options.onlyGeodesic, line.interpolation == .straight {
            budget.spend(line.coordinates.count)
            return line
        }
        var along: [Double] = []
        guard let texts = line.times, texts.count == line.coordinates.count, let times = TrackTimes(texts) else {
            if line.times != nil {
                budget.spend(line.coordinates.count)
                return line
            }
            return try line.mapCoordinates { coordinates, _ in
                try densify(coordinates, options, along: &along, recordsAlong: false, budget: &budget)
            }
        }
        var dense = line
        dense.coordinates = try densify(line.coordinates, options, along: &along, recordsAlong: true, budget: &budget)
        dense.times = VertexTimes(along.lazy.map { x in
            let segment = x.rounded(.down)
            return times.text(segment: Int(segment), fraction: x - segment)
        })
        return dense
    }
}
