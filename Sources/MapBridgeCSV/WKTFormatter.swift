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
        var bytes = CSVRowBytes()
        let lost = write(shape, precision: precision, into: &bytes)
        return Output(text: bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) },
                      droppedAltitudes: lost.droppedAltitudes, circles: lost.circles)
    }

    /// Appends the WKT of `shape` (the bytes of `text(of:precision:)`) to `out`, with no string
    /// made on the way, and returns what it could not hold (see `Output`).
    static func write(_ shape: Shape, precision: Int?, into out: inout CSVRowBytes)
        -> (droppedAltitudes: Bool, circles: Bool)
    {
        var builder = Builder(precision: precision, drain: KeepAll())
        swap(&builder.out, &out)
        builder.write(shape)
        swap(&builder.out, &out)
        return (builder.droppedAltitudes, builder.circles)
    }

    /// Writes the WKT of `shape` (the bytes of `text(of:precision:)`) in pieces of at least
    /// `pieceSize` bytes (≥ 1; the last may be shorter, and a piece runs at most one position
    /// over), handing each to `piece` (valid during the call only): the text of a line of
    /// millions of positions is never held whole. Returns what it could not hold (see `Output`).
    static func write(_ shape: Shape, precision: Int?, pieceSize: Int, _ piece: (UnsafeRawBufferPointer) -> Void)
        -> (droppedAltitudes: Bool, circles: Bool)
    {
        withoutActuallyEscaping(piece) { piece in
            var builder = Builder(precision: precision, drain: Pieces(body: piece))
            builder.pieceSize = max(pieceSize, 1)
            builder.write(shape)
            builder.handOver()
            return (builder.droppedAltitudes, builder.circles)
        }
    }

    /// `write(_:precision:pieceSize:_:)` without the numbers kept as fixed-point spellings
    /// (`Coordinate.fixedPointText(of:)`; with `precision` nil only): their bytes are counted,
    /// not made, and the pieces hold the rest of the text. For measuring the text without
    /// making most of it: the text's length is the pieces' bytes plus `omitted`.
    ///
    /// The bytes left out are digits, `-` and `.`, which no delimiter is (`CSVDelimiter`), nor
    /// a quote or a line break; and a number is never at either end of the text (which starts
    /// with a letter and ends with `)` or `EMPTY`): so whether the text must be quoted in a field
    /// (`CSVCellEncoder.WKTFieldScan`) is the same for the pieces as for the whole text.
    /// - Returns: the bytes left out, and what the text could not hold (see `Output`).
    static func writeOmittingFixedPoint(_ shape: Shape, precision: Int?, pieceSize: Int,
                                        _ piece: (UnsafeRawBufferPointer) -> Void)
        -> (omitted: Int, droppedAltitudes: Bool, circles: Bool)
    {
        withoutActuallyEscaping(piece) { piece in
            var builder = Builder(precision: precision, drain: PiecesOmittingFixedPoint(body: piece))
            builder.pieceSize = max(pieceSize, 1)
            builder.write(shape)
            builder.handOver()
            return (builder.omitted, builder.droppedAltitudes, builder.circles)
        }
    }

    /// Where a `Builder` hands its text over, a piece at a time, if anywhere.
    private protocol PieceDrain {
        /// Whether the text is handed over in pieces (`false`: it is all kept in `out`).
        static var handsOver: Bool { get }
        /// Whether numbers kept as fixed-point spellings are left out, only counted in `omitted`.
        static var omitsFixedPoint: Bool { get }
        func take(_ piece: UnsafeRawBufferPointer)
    }

    /// The text is kept whole.
    private struct KeepAll: PieceDrain {
        static var handsOver: Bool { false }
        static var omitsFixedPoint: Bool { false }
        func take(_ piece: UnsafeRawBufferPointer) {}
    }

    /// The text is handed to `body` in pieces.
    private struct Pieces: PieceDrain {
        let body: (UnsafeRawBufferPointer) -> Void
        static var handsOver: Bool { true }
        static var omitsFixedPoint: Bool { false }
        func take(_ piece: UnsafeRawBufferPointer) { body(piece) }
    }

    /// The text without its fixed-point numbers is handed to `body` in pieces.
    private struct PiecesOmittingFixedPoint: PieceDrain {
        let body: (UnsafeRawBufferPointer) -> Void
        static var handsOver: Bool { true }
        static var omitsFixedPoint: Bool { true }
        func take(_ piece: UnsafeRawBufferPointer) { body(piece) }
    }

    private struct Builder<Drain: PieceDrain> {
        let precision: Int?
        var out = CSVRowBytes()
        var droppedAltitudes = false
        var circles = false
        /// The bytes of the numbers left out (`PieceDrain.omitsFixedPoint`).
        var omitted = 0
        /// Where the text so far is handed over (`handOver`) once it reaches `pieceSize` bytes.
        let drain: Drain
        var pieceSize = Int.max

        init(precision: Int?, drain: Drain) {
            self.precision = precision
            self.drain = drain
        }

        /// Hands the text in `out` to `drain` and empties `out` (nothing when the text is kept whole).
        mutating func handOver() {
            guard Drain.handsOver else { return }
            out.withUnsafeBytes { drain.take($0) }
            out.removeAll()
        }

        mutating func write(_ shape: Shape) {
            switch shape {
            case .annotation(let c):
                point(c)
            case .circle(let circle):
                circles = true
                point(circle.center)
            case .polyline(let line):
                let z = tag("LINESTRING", shape)
                if line.coordinates.isEmpty { put("EMPTY") } else { positions(line.coordinates, z) }
            case .polygon(let polygon):
                let z = tag("POLYGON", shape)
                rings(polygon, z)
            case .multiPoint(let points):
                let z = tag("MULTIPOINT", shape)
                list(points, empty: points.isEmpty) { b, c in
                    b.put("(")
                    b.position(c, z)
                    b.put(")")
                }
            case .multiPolyline(let lines):
                let z = tag("MULTILINESTRING", shape)
                list(lines, empty: lines.isEmpty) { b, line in
                    if line.coordinates.isEmpty { b.put("EMPTY") } else { b.positions(line.coordinates, z) }
                }
            case .multiPolygon(let polygons):
                let z = tag("MULTIPOLYGON", shape)
                list(polygons, empty: polygons.isEmpty) { b, p in b.rings(p, z) }
            case .collection(let shapes):
                put("GEOMETRYCOLLECTION ")
                list(shapes, empty: shapes.isEmpty) { b, s in b.write(s) }
            }
        }

        @inline(__always)
        private mutating func put(_ text: StaticString) {
            out.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        private mutating func point(_ c: Coordinate) {
            let z = c.altitude != nil
            put(z ? "POINT Z (" : "POINT (")
            position(c, z)
            put(")")
        }

        /// Writes `name` and ` Z` when every position has an altitude; returns whether it did.
        private mutating func tag(_ name: StaticString, _ shape: Shape) -> Bool {
            var all = true, any = false
            shape.forEachCoordinate { c in
                if c.altitude == nil { all = false } else { any = true }
            }
            if any && !all { droppedAltitudes = true }
            let z = any && all
            put(name)
            put(z ? " Z " : " ")
            return z
        }

        private mutating func rings(_ polygon: Polygon, _ z: Bool) {
            let rings = polygon.outer.isEmpty && polygon.holes.isEmpty ? [] : polygon.rings
            list(rings, empty: rings.isEmpty) { b, ring in
                if ring.isEmpty { b.put("EMPTY") } else { b.positions(ring, z) }
            }
        }

        private mutating func positions(_ coordinates: CoordinateList, _ z: Bool) {
            put("(")
            for k in coordinates.indices {
                if k > 0 { put(", ") }
                position(coordinates[k], z)
            }
            put(")")
        }

        private mutating func list<Items: Collection>(_ items: Items, empty: Bool, _ item: (inout Builder, Items.Element) -> Void) {
            if empty {
                put("EMPTY")
                return
            }
            put("(")
            for (k, x) in items.enumerated() {
                if k > 0 { put(", ") }
                item(&self, x)
            }
            put(")")
        }

        private mutating func position(_ c: Coordinate, _ z: Bool) {
            number(c, .longitude, c.longitude)
            put(" ")
            number(c, .latitude, c.latitude)
            if z, let alt = c.altitude {
                put(" ")
                number(c, .altitude, alt)
            }
            if Drain.handsOver && out.count >= pieceSize { handOver() }
        }

        /// Appends `c`'s number `value` on `axis` (`appendNumber`), or counts it in `omitted`
        /// when the drain leaves out fixed-point spellings and it is one.
        @inline(__always)
        private mutating func number(_ c: Coordinate, _ axis: Coordinate.Axis, _ value: Double) {
            if Drain.omitsFixedPoint, precision == nil, let (v, spelling) = c.fixedPointText(of: axis) {
                omitted &+= FixedPointSpelling.length(of: v, fractionDigits: spelling.fractionDigits)
                return
            }
            WKTFormatter.appendNumber(c, axis, value, precision: precision, to: &out)
        }
    }

    /// Appends the text of `coordinate`'s number `value` on `axis`, as `numberText` spells it:
    /// rounded to `precision` places when given, else its source text (rendered from its
    /// fixed-point spelling, or copied), else its shortest form.
    @inline(__always)
    static func appendNumber(_ coordinate: Coordinate, _ axis: Coordinate.Axis, _ value: Double, precision: Int?,
                             to out: inout CSVRowBytes)
    {
        if precision == nil {
            if let (v, spelling) = coordinate.fixedPointText(of: axis) {
                out.withUnsafeSpace(FixedPointSpelling.maxLength) {
                    FixedPointSpelling.render(v, fractionDigits: spelling.fractionDigits, into: $0)
                }
                return
            }
            if coordinate.withSourceText(of: axis, { out.append($0) }) != nil { return }
        }
        out.append(utf8: numberText(value, source: nil, precision: precision))
    }

    /// A coordinate number's text: its source text, or rounded to `precision` places when
    /// given, or its shortest round-trip form when it has no source text.
    static func numberText(_ value: Double, source: String?, precision: Int?) -> String {
        if let precision { return NumberFormatting.fixed(value, decimals: precision) }
        return source ?? NumberValue.shortestText(value)
    }
}
