import MapBridgeCSV
import MapBridgeModel
import Testing

/// Well-known text into shapes: every type, Z and M, EMPTY, and the errors.
@Suite("WKT parsing")
struct WKTParserTests {
    private func shape(_ text: String) throws -> Shape? { try WKTParser.parse(text).shape }

    @Test("every geometry type is read", arguments: [
        ("POINT (1 2)", Shape.annotation(c(1, 2))),
        ("LINESTRING (0 0, 1 1, 2 0)", .polyline(Polyline([c(0, 0), c(1, 1), c(2, 0)]))),
        ("POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))",
         .polygon(Polygon(outer: [c(0, 0), c(4, 0), c(4, 4), c(0, 0)], holes: [[c(1, 1), c(2, 1), c(2, 2), c(1, 1)]]))),
        ("MULTIPOINT ((1 2), (3 4))", .multiPoint([c(1, 2), c(3, 4)])),
        ("MULTIPOINT (1 2, 3 4)", .multiPoint([c(1, 2), c(3, 4)])),
        ("MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",
         .multiPolyline([Polyline([c(0, 0), c(1, 1)]), Polyline([c(2, 2), c(3, 3)])])),
        ("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
         .multiPolygon([Polygon(outer: [c(0, 0), c(1, 0), c(1, 1), c(0, 0)]), Polygon(outer: [c(5, 5), c(6, 5), c(6, 6), c(5, 5)])])),
        ("GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))",
         .collection([.annotation(c(1, 2)), .polyline(Polyline([c(0, 0), c(1, 1)]))])),
        ("GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (POINT (1 2)))", .collection([.collection([.annotation(c(1, 2))])])),
    ])
    func types(text: String, expected: Shape) throws {
        #expect(try shape(text) == expected)
    }

    @Test("keywords in any case, blanks anywhere, and the EWKT SRID=4326 prefix", arguments: [
        "point(1 2)", "  Point ( 1   2 )  ", "POINT(1\t2)", "SRID=4326;POINT (1 2)", "srid=4326; POINT(1 2)",
    ])
    func spelling(text: String) throws {
        #expect(try shape(text) == .annotation(c(1, 2)))
    }

    @Test("Z variants give altitudes", arguments: [
        ("POINT Z (1 2 3)", Shape.annotation(c(1, 2, 3))),
        ("POINTZ (1 2 3)", .annotation(c(1, 2, 3))),
        ("POINT (1 2 3)", .annotation(c(1, 2, 3))),
        ("LINESTRING Z (0 0 1, 1 1 2)", .polyline(Polyline([c(0, 0, 1), c(1, 1, 2)]))),
        ("POLYGON Z ((0 0 1, 1 0 1, 1 1 1, 0 0 1))", .polygon(Polygon(outer: [c(0, 0, 1), c(1, 0, 1), c(1, 1, 1), c(0, 0, 1)]))),
        ("MULTIPOINT Z ((1 2 3))", .multiPoint([c(1, 2, 3)])),
        ("MULTILINESTRING Z ((0 0 1, 1 1 1))", .multiPolyline([Polyline([c(0, 0, 1), c(1, 1, 1)])])),
        ("MULTIPOLYGON Z (((0 0 1, 1 0 1, 1 1 1, 0 0 1)))", .multiPolygon([Polygon(outer: [c(0, 0, 1), c(1, 0, 1), c(1, 1, 1), c(0, 0, 1)])])),
        ("GEOMETRYCOLLECTION Z (POINT Z (1 2 3))", .collection([.annotation(c(1, 2, 3))])),
    ])
    func zVariants(text: String, expected: Shape) throws {
        #expect(try shape(text) == expected)
    }

    @Test("M values are dropped and said so", arguments: [
        ("POINT M (1 2 9)", Shape.annotation(c(1, 2))),
        ("POINT ZM (1 2 3 9)", .annotation(c(1, 2, 3))),
        ("POINTZM (1 2 3 9)", .annotation(c(1, 2, 3))),
        ("LINESTRING M (0 0 5, 1 1 6)", .polyline(Polyline([c(0, 0), c(1, 1)]))),
    ])
    func measures(text: String, expected: Shape) throws {
        let result = try WKTParser.parse(text)
        #expect(result.shape == expected)
        #expect(result.droppedMeasures)
    }

    @Test("EMPTY for every type", arguments: [
        ("LINESTRING EMPTY", Shape?.some(.polyline(Polyline([])))),
        ("POLYGON EMPTY", .polygon(Polygon(outer: []))),
        ("MULTIPOINT EMPTY", .multiPoint([])),
        ("MULTILINESTRING EMPTY", .multiPolyline([])),
        ("MULTIPOLYGON EMPTY", .multiPolygon([])),
        ("GEOMETRYCOLLECTION EMPTY", .collection([])),
        ("POINT Z EMPTY", nil),
        ("POINT EMPTY", nil),
        ("MULTILINESTRING (EMPTY, (0 0, 1 1))", .multiPolyline([Polyline([]), Polyline([c(0, 0), c(1, 1)])])),
        ("MULTIPOLYGON (EMPTY)", .multiPolygon([Polygon(outer: [])])),
    ])
    func empty(text: String, expected: Shape?) throws {
        #expect(try shape(text) == expected)
    }

    @Test("empty points inside a multi-point or collection are left out and said so")
    func emptyPointsInside() throws {
        let multi = try WKTParser.parse("MULTIPOINT (EMPTY, (1 2))")
        #expect(multi.shape == .multiPoint([c(1, 2)]))
        #expect(multi.droppedEmptyPoints)
        let collection = try WKTParser.parse("GEOMETRYCOLLECTION (POINT EMPTY, POINT (1 2))")
        #expect(collection.shape == .collection([.annotation(c(1, 2))]))
        #expect(collection.droppedEmptyPoints)
    }

    @Test("numbers keep their text")
    func sourceText() throws {
        guard case .annotation(let point)? = try shape("POINT (-73.7781391 40.64 13.0)") else {
            Issue.record("not a point")
            return
        }
        #expect(point.sourceText == CoordinateText(longitude: "-73.7781391", latitude: "40.64", altitude: "13.0"))
    }

    @Test("malformed WKT is a failure at the offset of the problem", arguments: [
        ("", 0, "geometry type"),
        ("CIRCLE (1 2)", 0, "unknown geometry type 'CIRCLE'"),
        ("POINT 1 2", 6, "expected '('"),
        ("POINT (1)", 7, "found 1"),
        ("POINT Z (1 2)", 9, "has 3 numbers"),
        ("POINT (1 2", 10, "text ends"),
        ("POINT (1 2 a)", 11, "expected ')'"),
        ("POINT (1 2) x", 12, "unexpected text"),
        ("LINESTRING (0 0, 1 1", 20, "text ends"),
        ("POINT (1 2-3)", 9, "'2-3' is not a number"),
        ("SRID=3857;POINT (1 2)", 5, "reproject"),
        ("0101000020E6100000000000000000F03F0000000000000040", 0, "WKB"),
    ])
    func failures(text: String, offset: Int, fragment: String) throws {
        do {
            _ = try WKTParser.parse(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.offset == offset, "\(error.message)")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test("deeply nested collections are refused, not recursed into without end")
    func depth() throws {
        let text = String(repeating: "GEOMETRYCOLLECTION (", count: 100) + "POINT (1 2)" + String(repeating: ")", count: 100)
        #expect(throws: WKTParser.Failure.self) { try WKTParser.parse(text) }
    }
}
