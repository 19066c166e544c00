/// Boxes across the antimeridian (RFC 7946 §5.2): `west > east`, the box running east from
/// `west` past 180 to `east`.
///
/// A shape gets such a box when it spans the antimeridian: some segment of a line or ring
/// joins longitudes more than 180° apart (the short way round crosses it), or it has vertices
/// on both 180 and −180 (parts cut there). Its box is then the narrowest arc of longitude
/// holding every vertex; other shapes keep the plain box. Uniting boxes keeps plain boxes
/// plain and, once one crosses, finds the narrowest arc holding both.
extension BoundingBox {
    /// Whether the box runs across the antimeridian (west > east).
    public var crossesAntimeridian: Bool { west > east }

    /// Degrees of longitude the box spans, in [0, 360].
    public var longitudeSpan: Double { crossesAntimeridian ? east + 360 - west : east - west }

    /// The box around `shape`, across the antimeridian when the shape spans it (see above).
    static func spanning(_ shape: Shape, plain: BoundingBox) -> BoundingBox {
        var longitudes: [Double] = []
        var crosses = false
        var onEast = false, onWest = false
        shape.forEachPath { path in
            for (a, b) in zip(path, path.dropFirst()) where abs(b.longitude - a.longitude) > 180 { crosses = true }
        }
        shape.forEachCoordinate { c in
            longitudes.append(c.longitude)
            if c.longitude == 180 { onEast = true } else if c.longitude == -180 { onWest = true }
        }
        guard crosses || (onEast && onWest) else { return plain }
        longitudes = longitudes.map { $0 == -180 ? 180 : $0 }.sorted()
        guard let lowest = longitudes.first, let highest = longitudes.last else { return plain }
        // The widest gap between neighbouring longitudes; the box is everything else.
        var gap = lowest + 360 - highest, after = lowest, before = highest
        for (a, b) in zip(longitudes, longitudes.dropFirst()) where b - a > gap {
            gap = b - a
            after = b
            before = a
        }
        var box = plain
        if after > before {
            box.west = after
            box.east = before
        } else {
            box.west = min(plain.west, lowest)
            box.east = max(plain.east, highest)
        }
        return box
    }

    /// The narrowest box holding both, across the antimeridian when either is.
    mutating func uniteAcrossAntimeridian(_ other: BoundingBox) {
        /// Degrees east from `from` to `to`, in [0, 360).
        func eastward(_ from: Double, _ to: Double) -> Double {
            let d = (to - from).truncatingRemainder(dividingBy: 360)
            return d < 0 ? d + 360 : d
        }
        func span(_ w: Double, _ e: Double) -> Double { w > e ? e + 360 - w : e - w }
        func holds(_ w: Double, _ e: Double, _ box: BoundingBox) -> Bool {
            eastward(w, box.west) + box.longitudeSpan <= span(w, e) + 1e-9
        }
        // The narrowest of: either box, or one's west edge to the other's east edge.
        let candidates = [(west, east), (other.west, other.east), (west, other.east), (other.west, east)]
        let fitting = candidates.filter { holds($0.0, $0.1, self) && holds($0.0, $0.1, other) }
        guard let best = fitting.min(by: { span($0.0, $0.1) < span($1.0, $1.1) }) else {
            west = -180
            east = 180
            return
        }
        west = best.0
        east = best.1
        if west == 180 && east < 180 { west = -180 }
    }
}

extension Shape {
    /// Calls `body` with each line's and ring's coordinates, in order.
    public func forEachPath(_ body: (CoordinateList) throws -> Void) rethrows {
        switch self {
        case .annotation, .circle, .multiPoint: break
        case .polyline(let line): try body(line.coordinates)
        case .polygon(let p): for ring in p.rings { try body(ring) }
        case .multiPolyline(let lines): for line in lines { try body(line.coordinates) }
        case .multiPolygon(let ps): for p in ps { for ring in p.rings { try body(ring) } }
        case .collection(let shapes): for s in shapes { try s.forEachPath(body) }
        }
    }
}
