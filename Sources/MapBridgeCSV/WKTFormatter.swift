import MapBridgeJSON
import MapBridgeModel

/// Writes a `Shape` as well-known text (OGC Simple Features 1.2.1), the way GEOS and GDAL
/// spell it: `POINT (1 2)`, `LINESTRING Z (1 2 3, 4 5 6)`, `MULTIPOINT ((1 2), (3 4))`,
/// `POLYGON EMPTY`.
///
///     WKTFormatter.text(of: .annotation(Coordinate(longitude: 2.35, latitude: 48.85))).text
///     // "POINT (2.35 48.85)"
///
/// Numbers keep their source text (`Coordinate.sourceText`) unless `precision` is given.
/// A geometry is written with `Z` when every one of its positions has an altitude; when only
/// some do, it is written in two dimensions and `droppedAltitudes` says so (WKT cannot mix).
/// A circle is written as its centre `POINT`, and `circles` says so (the CSV writer puts the
/// radius in a `radius` column). Rings are written as given, open or closed.
public enum WKTFormatter {
    /// The text and what it could not hold.
    public struct Output: Hashable, Sendable {
        public var text: String
        /// Whether some altitudes were left out because other positions of the same geometry
        /// had none.
        public var droppedAltitudes: Bool
        /// Whether a circle was written as its centre point.
        public var circles: Bool
    }

    /// The WKT of `shape`.
    /// - Parameter precision: decimal places (0...15) for every number, or `nil` to keep each
    ///   number's source text.
    public static func text(of shape: Shape, precision: Int? = nil) -> Output {
        var builder = Builder(precision: precision)
        builder.write(shape)
        return Output(text: builder.out, droppedAltitudes: builder.droppedAltitudes, circles: builder.circles)
    }

    private struct Builder {
        let precision: Int?
        var out = ""
        var droppedAltitudes = false
        var circles = false

        mutating func write(_ shape: Shape) {
            switch shape {
            case .annotation(let c):
                point(c)
            case .circle(let circle):
                circles = true
                point(circle.center)
            case .polyline(let line):
                let z = tag("LINESTRING", shape)
                if line.coordinates.isEmpty { out += "EMPTY" } else { positions(line.coordinates, z) }
            case .polygon(let polygon):
                let z = tag("POLYGON", shape)
                rings(polygon, z)
            case .multiPoint(let points):
                let z = tag("MULTIPOINT", shape)
                list(points, empty: points.isEmpty) { b, c in
                    b.out += "("
                    b.position(c, z)
                    b.out += ")"
                }
            case .multiPolyline(let lines):
                let z = tag("MULTILINESTRING", shape)
                list(lines, empty: lines.isEmpty) { b, line in
                    if line.coordinates.isEmpty { b.out += "EMPTY" } else { b.positions(line.coordinates, z) }
                }
            case .multiPolygon(let polygons):
                let z = tag("MULTIPOLYGON", shape)
                list(polygons, empty: polygons.isEmpty) { b, p in b.rings(p, z) }
            case .collection(let shapes):
                out += "GEOMETRYCOLLECTION "
                list(shapes, empty: shapes.isEmpty) { b, s in b.write(s) }
            }
        }

        private mutating func point(_ c: Coordinate) {
            let z = c.altitude != nil
            out += z ? "POINT Z (" : "POINT ("
            position(c, z)
            out += ")"
        }

        /// Writes `name` and ` Z` when every position has an altitude; returns whether it did.
        private mutating func tag(_ name: String, _ shape: Shape) -> Bool {
            var all = true, any = false
            shape.forEachCoordinate { c in
                if c.altitude == nil { all = false } else { any = true }
            }
            if any && !all { droppedAltitudes = true }
            let z = any && all
            out += name
            out += z ? " Z " : " "
            return z
        }

        private mutating func rings(_ polygon: Polygon, _ z: Bool) {
            let rings = polygon.outer.isEmpty && polygon.holes.isEmpty ? [] : polygon.rings
            list(rings, empty: rings.isEmpty) { b, ring in
                if ring.isEmpty { b.out += "EMPTY" } else { b.positions(ring, z) }
            }
        }

        private mutating func positions(_ coordinates: [Coordinate], _ z: Bool) {
            list(coordinates, empty: false) { b, c in b.position(c, z) }
        }

        private mutating func list<T>(_ items: [T], empty: Bool, _ item: (inout Builder, T) -> Void) {
            if empty {
                out += "EMPTY"
                return
            }
            out += "("
            for (k, x) in items.enumerated() {
                if k > 0 { out += ", " }
                item(&self, x)
            }
            out += ")"
        }

        private mutating func position(_ c: Coordinate, _ z: Bool) {
            out += number(c.longitude, c.sourceText(of: .longitude))
            out += " "
            out += number(c.latitude, c.sourceText(of: .latitude))
            if z, let alt = c.altitude {
                out += " "
                out += number(alt, c.sourceText(of: .altitude))
            }
        }

        private func number(_ value: Double, _ text: String?) -> String {
            WKTFormatter.numberText(value, source: text, precision: precision)
        }
    }

    /// A coordinate number's text: its source text, or rounded to `precision` places when
    /// given, or its shortest round-trip form when it has no source text.
    static func numberText(_ value: Double, source: String?, precision: Int?) -> String {
        if let precision { return NumberFormatting.fixed(value, decimals: precision) }
        return source ?? NumberValue.shortestText(value)
    }
}
