import MapBridgeModel

/// A shape taken apart into what GPX holds: waypoints and lines (track segments or a route).
struct GPXShapeParts {
    /// Points, each a waypoint.
    var points: [Coordinate] = []
    /// Lines, each a track segment (or the route).
    var lines: [Polyline] = []
    /// A circle's radius in metres, written with its centre's waypoint.
    var radius: Double?
    /// Whether the shape is a polyline or multi-polyline, so that `coordinateProperties`
    /// (one array per line) lines up with `lines`.
    var perPointValuesApply = false
    /// What GPX cannot hold as it was, to report.
    var notes: [(code: String, text: String)] = []

    init(_ shape: Shape) {
        switch shape {
        case .polyline(let l):
            lines = [l]
            perPointValuesApply = true
        case .multiPolyline(let ls):
            lines = ls
            perPointValuesApply = true
        default:
            add(shape)
        }
        if lines.contains(where: { $0.interpolation == .geodesic }) {
            notes.append(("gpx-geodesic", "GPX lines are straight between points; lines marked geodesic are written with their vertices as they are (add \(Setting.maximumSegment.mention()) or \(Setting.maximumError.mention()) to put points along the geodesic)"))
        }
    }

    private mutating func add(_ shape: Shape) {
        switch shape {
        case .annotation(let c):
            points.append(c)
        case .circle(let c):
            points.append(c.center)
            radius = c.radius
            notes.append(("gpx-circle", "GPX has no circles; a circle is written as a waypoint at its centre with its radius in metres in <extensions>"))
        case .multiPoint(let cs):
            points += cs
            notes.append(("gpx-multipoint", "GPX has no multi-points; each point of one is written as a waypoint with the feature's name and data"))
        case .polyline(let l):
            lines.append(l)
        case .multiPolyline(let ls):
            lines += ls
        case .polygon(let p):
            addArea(p)
        case .multiPolygon(let ps):
            for p in ps { addArea(p) }
        case .collection(let shapes):
            notes.append(("gpx-collection", "GPX has no geometry collections; a collection's points are written as waypoints and its lines and rings as the segments of one track"))
            for s in shapes { add(s) }
        }
    }

    private mutating func addArea(_ p: Polygon) {
        lines.append(Polyline(p.outer))
        notes.append(("gpx-polygon", "GPX cannot hold areas; a polygon's outer ring is written as a track segment\(p.holes.isEmpty ? "" : " and its holes are left out")"))
    }

    /// Whether a shape is written as a route or track (for which style members GPX holds).
    static func isLineShape(_ shape: Shape) -> Bool {
        switch shape {
        case .polyline, .multiPolyline, .polygon, .multiPolygon: true
        default: false
        }
    }
}
