import MapBridgeModel

extension Shape {
    /// Whether some line or ring of the shape crosses the antimeridian (see
    /// `Geodesic.crossesAntimeridian`); checked without building anything. Points and circles
    /// never do.
    public var crossesAntimeridian: Bool {
        switch self {
        case .annotation, .multiPoint, .circle: false
        case .polyline(let l): Geodesic.crossesAntimeridian(l.coordinates)
        case .multiPolyline(let ls): ls.contains { Geodesic.crossesAntimeridian($0.coordinates) }
        case .polygon(let p): p.crossesAntimeridian
        case .multiPolygon(let ps): ps.contains { $0.crossesAntimeridian }
        case .collection(let shapes): shapes.contains { $0.crossesAntimeridian }
        }
    }

    /// Whether some polyline in the shape carries per-vertex times (a track).
    public var hasTimedLine: Bool {
        switch self {
        case .polyline(let l): l.times != nil
        case .multiPolyline(let ls): ls.contains { $0.times != nil }
        case .collection(let shapes): shapes.contains { $0.hasTimedLine }
        default: false
        }
    }

    /// Whether some polyline in the shape is meant as geodesic (KML `tessellate`).
    public var hasGeodesicLine: Bool {
        switch self {
        case .polyline(let l): l.interpolation == .geodesic
        case .multiPolyline(let ls): ls.contains { $0.interpolation == .geodesic }
        case .collection(let shapes): shapes.contains { $0.hasGeodesicLine }
        default: false
        }
    }
}

extension Polygon {
    /// Whether the outer ring or a hole crosses the antimeridian.
    public var crossesAntimeridian: Bool {
        Geodesic.crossesAntimeridian(outer) || holes.contains { Geodesic.crossesAntimeridian($0) }
    }
}
