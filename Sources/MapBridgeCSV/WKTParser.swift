import MapBridgeModel

/// Reads well-known text (OGC Simple Features 1.2.1, with the ISO `Z`, `M` and `ZM` forms and
/// PostGIS's `SRID=4326;` prefix) into a `Shape`.
///
///     let result = try WKTParser.parse("POLYGON ((0 0, 10 0, 10 10, 0 0), (2 2, 3 2, 3 3, 2 2))")
///     result.shape   // .polygon with one hole
///
/// `POINT`, `LINESTRING`, `POLYGON`, `MULTIPOINT` (with or without parentheses around each
/// point), `MULTILINESTRING`, `MULTIPOLYGON` and `GEOMETRYCOLLECTION` are read, keywords in
/// any case, and `EMPTY` for each. Positions are `x y` (longitude latitude, degrees), `x y z`
/// (altitude in metres); an `M` value is dropped (the model has no measures) and said so in
/// the result. Each number keeps its text (see `Coordinate.sourceText`).
///
/// A `POINT EMPTY` has no position: at the top it gives no shape (`nil`); inside a
/// `MULTIPOINT` or `GEOMETRYCOLLECTION` it is left out, and the result says so.
public struct WKTParser {
    /// What parsing gave.
    public struct Result: Hashable, Sendable {
        /// The shape, or `nil` for `POINT EMPTY`.
        public var shape: Shape?
        /// Whether `M` values were dropped.
        public var droppedMeasures: Bool
        /// Whether empty points inside a multi-point or a collection were left out.
        public var droppedEmptyPoints: Bool
    }

    /// Why the text is not WKT, and where.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        /// The 0-based byte offset in the text where the problem is.
        public var offset: Int
        public var description: String { message }
    }

    private enum Kind: String, CaseIterable {
        case point = "POINT", lineString = "LINESTRING", polygon = "POLYGON", multiPoint = "MULTIPOINT"
        case multiLineString = "MULTILINESTRING", multiPolygon = "MULTIPOLYGON"
        case collection = "GEOMETRYCOLLECTION"
    }

    /// How many numbers a position has and what they mean.
    private enum Dimensions { case unspecified, z, m, zm }

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    private var droppedMeasures = false
    private var droppedEmptyPoints = false

    private init(_ text: String) { bytes = Array(text.utf8) }

    /// Parses `text` (blanks around it are ignored).
    /// - Throws: `WKTParser.Failure` with the byte offset of the problem.
    public static func parse(_ text: String) throws(Failure) -> Result {
        var parser = WKTParser(text)
        try parser.readSRID()
        let shape = try parser.geometry()
        parser.skipSpaces()
        guard parser.i == parser.bytes.count else { throw parser.fail("unexpected text after the geometry") }
        return Result(shape: shape, droppedMeasures: parser.droppedMeasures, droppedEmptyPoints: parser.droppedEmptyPoints)
    }

    // MARK: Geometries

    /// An EWKT `SRID=n;` prefix: only WGS 84 longitude/latitude is accepted.
    private mutating func readSRID() throws(Failure) {
        skipSpaces()
        let start = i
        guard word() == "SRID" else {
            i = start
            return
        }
        try expect(UInt8(ascii: "="), after: "SRID")
        let digitsStart = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        let srid = String(decoding: bytes[digitsStart..<i], as: UTF8.self)
        guard srid == "4326" else {
            throw Failure(message: "SRID=\(srid) is not WGS 84 longitude/latitude; reproject to EPSG:4326 first", offset: digitsStart)
        }
        try expect(UInt8(ascii: ";"), after: "SRID=4326")
    }

    private mutating func geometry() throws(Failure) -> Shape? {
        skipSpaces()
        let start = i
        let name = word()
        guard !name.isEmpty else { throw fail(hexWKBHint() ?? "expected a geometry type such as POINT, LINESTRING or POLYGON") }
        var dimensions = Dimensions.unspecified
        var kind = Kind(rawValue: name)
        if kind == nil {
            for (suffix, d) in [("ZM", Dimensions.zm), ("Z", .z), ("M", .m)] where name.hasSuffix(suffix) {
                if let k = Kind(rawValue: String(name.dropLast(suffix.count))) {
                    kind = k
                    dimensions = d
                    break
                }
            }
        }
        guard let kind else { throw Failure(message: "unknown geometry type '\(name)'", offset: start) }
        if dimensions == .unspecified {
            let mark = i
            switch word() {
            case "Z": dimensions = .z
            case "M": dimensions = .m
            case "ZM": dimensions = .zm
            default: i = mark
            }
        }
        let mark = i
        if word() == "EMPTY" { return empty(kind) }
        i = mark
        switch kind {
        case .point:
            try expect(UInt8(ascii: "("), after: "POINT")
            let c = try position(dimensions)
            try expect(UInt8(ascii: ")"), after: "the point")
            return .annotation(c)
        case .lineString:
            return .polyline(Polyline(try positions(dimensions, after: "LINESTRING")))
        case .polygon:
            return .polygon(try polygon(dimensions, after: "POLYGON"))
        case .multiPoint:
            return .multiPoint(try list(of: CoordinateList.self, after: "MULTIPOINT") { (p: inout WKTParser) throws(Failure) -> Coordinate? in
                if p.word(ifEquals: "EMPTY") {
                    p.droppedEmptyPoints = true
                    return nil
                }
                p.skipSpaces()
                guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "(") else { return try p.position(dimensions) }
                p.i += 1
                let c = try p.position(dimensions)
                try p.expect(UInt8(ascii: ")"), after: "the point")
                return c
            })
        case .multiLineString:
            return .multiPolyline(try list(after: "MULTILINESTRING") { (p: inout WKTParser) throws(Failure) -> Polyline? in
                p.word(ifEquals: "EMPTY") ? Polyline([]) : Polyline(try p.positions(dimensions, after: "MULTILINESTRING"))
            })
        case .multiPolygon:
            return .multiPolygon(try list(after: "MULTIPOLYGON") { (p: inout WKTParser) throws(Failure) -> Polygon? in
                p.word(ifEquals: "EMPTY") ? Polygon(outer: []) : try p.polygon(dimensions, after: "MULTIPOLYGON")
            })
        case .collection:
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw fail("geometry collections are nested more than 64 deep") }
            return .collection(try list(after: "GEOMETRYCOLLECTION") { (p: inout WKTParser) throws(Failure) -> Shape? in
                let member = try p.geometry()
                if member == nil { p.droppedEmptyPoints = true }
                return member
            })
        }
    }

    private func empty(_ kind: Kind) -> Shape? {
        switch kind {
        case .point: nil
        case .lineString: .polyline(Polyline([]))
        case .polygon: .polygon(Polygon(outer: []))
        case .multiPoint: .multiPoint([])
        case .multiLineString: .multiPolyline([])
        case .multiPolygon: .multiPolygon([])
        case .collection: .collection([])
        }
    }

    private mutating func polygon(_ dimensions: Dimensions, after context: String) throws(Failure) -> Polygon {
        let rings = try list(after: context) { (p: inout WKTParser) throws(Failure) -> CoordinateList? in
            p.word(ifEquals: "EMPTY") ? nil : try p.positions(dimensions, after: "a ring")
        }
        guard let outer = rings.first else { return Polygon(outer: []) }
        return Polygon(outer: outer, holes: Array(rings.dropFirst()))
    }

    /// `( item, item, … )`; items that come back `nil` are left out.
    private mutating func list<T>(after context: String, _ item: (inout WKTParser) throws(Failure) -> T?) throws(Failure) -> [T] {
        try list(of: [T].self, after: context, item)
    }

    /// `list(after:_:)` into a collection of the caller's choice (positions go straight into a
    /// `CoordinateList`).
    private mutating func list<Items: RangeReplaceableCollection>(
        of _: Items.Type, after context: String, _ item: (inout WKTParser) throws(Failure) -> Items.Element?
    ) throws(Failure) -> Items {
        try expect(UInt8(ascii: "("), after: context)
        var items = Items()
        while true {
            if let value = try item(&self) { items.append(value) }
            skipSpaces()
            guard i < bytes.count else { throw fail("expected ',' or ')'") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: ")") else { throw fail("expected ',' or ')'") }
            i += 1
            return items
        }
    }

    // MARK: Positions

    private mutating func positions(_ dimensions: Dimensions, after context: String) throws(Failure) -> CoordinateList {
        try list(of: CoordinateList.self, after: context) { (p: inout WKTParser) throws(Failure) -> Coordinate? in try p.position(dimensions) }
    }

    private mutating func position(_ dimensions: Dimensions) throws(Failure) -> Coordinate {
        skipSpaces()
        let start = i
        var numbers: [NumberValue] = []
        while let n = try number() { numbers.append(n) }
        let needed: ClosedRange<Int> = switch dimensions {
        case .unspecified: 2...4
        case .z, .m: 3...3
        case .zm: 4...4
        }
        guard needed.contains(numbers.count) else {
            let what = needed.count == 1 ? "\(needed.lowerBound)" : "2 to 4"
            throw Failure(message: "a position here has \(what) numbers; found \(numbers.count)", offset: start)
        }
        let altitude: NumberValue? = switch (dimensions, numbers.count) {
        case (.m, _): nil
        case (_, 3), (_, 4): numbers[2]
        default: nil
        }
        if dimensions == .m || numbers.count == 4 { droppedMeasures = true }
        let text = CoordinateText(longitude: numbers[0].text, latitude: numbers[1].text, altitude: altitude?.text)
        return Coordinate(longitude: numbers[0].value, latitude: numbers[1].value, altitude: altitude?.value, sourceText: text)
    }

    /// The next number, or `nil` when the next token does not start like one.
    private mutating func number() throws(Failure) -> NumberValue? {
        skipSpaces()
        let start = i
        guard i < bytes.count, bytes[i] != UInt8(ascii: "e"), bytes[i] != UInt8(ascii: "E") else { return nil }
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                i += 1
                continue
            default: break
            }
            break
        }
        guard i > start else { return nil }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let n = CSVValueTyping.coordinate(text) else {
            throw Failure(message: "'\(text)' is not a number", offset: start)
        }
        return n
    }

    // MARK: Tokens

    private mutating func skipSpaces() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    /// The next run of letters, upper-cased (empty when there is none).
    private mutating func word() -> String {
        skipSpaces()
        let start = i
        while i < bytes.count, (bytes[i] | 0x20) >= UInt8(ascii: "a") && (bytes[i] | 0x20) <= UInt8(ascii: "z") { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self).uppercased()
    }

    /// Consumes the next word when it is `expected`.
    private mutating func word(ifEquals expected: String) -> Bool {
        let mark = i
        if word() == expected { return true }
        i = mark
        return false
    }

    private mutating func expect(_ byte: UInt8, after context: String) throws(Failure) {
        skipSpaces()
        guard i < bytes.count, bytes[i] == byte else {
            throw fail("expected '\(String(decoding: [byte], as: UTF8.self))' after \(context)")
        }
        i += 1
    }

    private func fail(_ message: String) -> Failure {
        guard i < bytes.count else { return Failure(message: message + " but the text ends", offset: i) }
        let found = String(decoding: bytes[i..<min(i + 12, bytes.count)], as: UTF8.self)
        return Failure(message: message + ", found '\(found)'", offset: i)
    }

    /// A hint when the text looks like hex-encoded WKB instead of WKT.
    private func hexWKBHint() -> String? {
        let hex = bytes.filter { !(0x09...0x20).contains($0) }
        guard hex.count >= 18, hex.count % 2 == 0,
            hex.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || ((($0 | 0x20) >= UInt8(ascii: "a")) && (($0 | 0x20) <= UInt8(ascii: "f"))) })
        else { return nil }
        return "this looks like hex-encoded WKB, not WKT; export the geometry as text (for example ST_AsText)"
    }
}
