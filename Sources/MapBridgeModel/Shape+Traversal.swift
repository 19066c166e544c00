/// Geometry traversal, written once: bounds, winding, writers and rules walk shapes through it.
extension Shape {
    /// Calls `body` for each vertex the shape holds, in order (a circle gives its centre).
    ///
    /// - Complexity: O(n) in the number of vertices.
    public func forEachCoordinate(_ body: (Coordinate) throws -> Void) rethrows {
        switch self {
        case .annotation(let c): try body(c)
        case .polyline(let line): for c in line.coordinates { try body(c) }
        case .polygon(let polygon): try polygon.forEachCoordinate(body)
        case .circle(let circle): try body(circle.center)
        case .multiPoint(let points): for c in points { try body(c) }
        case .multiPolyline(let lines): for line in lines { for c in line.coordinates { try body(c) } }
        case .multiPolygon(let polygons): for p in polygons { try p.forEachCoordinate(body) }
        case .collection(let shapes): for s in shapes { try s.forEachCoordinate(body) }
        }
    }

    /// The number of vertices (a circle counts its centre).
    public var coordinateCount: Int {
        var n = 0
        forEachCoordinate { _ in n += 1 }
        return n
    }

    /// Returns the shape with every polygon transformed by `transform`, other parts unchanged.
    public func mapPolygons(_ transform: (Polygon) -> Polygon) -> Shape {
        switch self {
        case .polygon(let p): .polygon(transform(p))
        case .multiPolygon(let ps): .multiPolygon(ps.map(transform))
        case .collection(let shapes): .collection(shapes.map { $0.mapPolygons(transform) })
        default: self
        }
    }
}

extension Polygon {
    /// Calls `body` for each vertex of the outer ring, then of each hole.
    public func forEachCoordinate(_ body: (Coordinate) throws -> Void) rethrows {
        for c in outer { try body(c) }
        for hole in holes { for c in hole { try body(c) } }
    }
}
