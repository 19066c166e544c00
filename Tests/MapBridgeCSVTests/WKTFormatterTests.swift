import MapBridgeCSV
import MapBridgeModel
import Testing

/// Shapes into well-known text, as GEOS and GDAL spell it.
@Suite("WKT formatting")
struct WKTFormatterTests {
    @Test("every shape kind is written, and reads back the same", arguments: [
        (Shape.annotation(c(1, 2)), "POINT (1 2)"),
        (.annotation(c(1, 2, 3)), "POINT Z (1 2 3)"),
        (.polyline(Polyline([c(0, 0), c(1, 1)])), "LINESTRING (0 0, 1 1)"),
        (.polyline(Polyline([])), "LINESTRING EMPTY"),
        (.polygon(Polygon(outer: [c(0, 0), c(4, 0), c(4, 4), c(0, 0)], holes: [[c(1, 1), c(2, 1), c(2, 2), c(1, 1)]])),
         "POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 1))"),
        (.polygon(Polygon(outer: [])), "POLYGON EMPTY"),
        (.multiPoint([c(1, 2), c(3, 4)]), "MULTIPOINT ((1 2), (3 4))"),
        (.multiPoint([]), "MULTIPOINT EMPTY"),
        (.multiPolyline([Polyline([c(0, 0), c(1, 1)]), Polyline([])]), "MULTILINESTRING ((0 0, 1 1), EMPTY)"),
        (.multiPolygon([Polygon(outer: [c(0, 0), c(1, 0), c(1, 1), c(0, 0)])]), "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))"),
        (.multiPolygon([]), "MULTIPOLYGON EMPTY"),
        (.collection([.annotation(c(1, 2, 3)), .polyline(Polyline([c(0, 0), c(1, 1)]))]),
         "GEOMETRYCOLLECTION (POINT Z (1 2 3), LINESTRING (0 0, 1 1))"),
        (.collection([]), "GEOMETRYCOLLECTION EMPTY"),
        (.polyline(Polyline([c(0, 0, 5), c(1, 1, 6)])), "LINESTRING Z (0 0 5, 1 1 6)"),
    ])
    func kinds(shape: Shape, expected: String) throws {
        let output = WKTFormatter.text(of: shape)
        #expect(output.text == expected)
        #expect(!output.droppedAltitudes)
        #expect(try WKTParser.parse(output.text).shape == shape)
    }

    @Test("numbers keep their source text unless a precision is given")
    func numbers() throws {
        let point = Coordinate(longitude: 0.1, latitude: 1.5, altitude: nil,
                               sourceText: CoordinateText(longitude: "0.10", latitude: "1.50"))
        #expect(WKTFormatter.text(of: .annotation(point)).text == "POINT (0.10 1.50)")
        #expect(WKTFormatter.text(of: .annotation(point), precision: 0).text == "POINT (0 2)")
        #expect(WKTFormatter.text(of: .annotation(c(-73.123456789, 40.5))).text == "POINT (-73.123456789 40.5)")
    }

    @Test("a geometry mixing positions with and without altitude is written in 2D and said so")
    func mixedAltitudes() {
        let output = WKTFormatter.text(of: .polyline(Polyline([c(0, 0, 5), c(1, 1)])))
        #expect(output.text == "LINESTRING (0 0, 1 1)")
        #expect(output.droppedAltitudes)
    }

    @Test("a circle is written as its centre point and said so")
    func circle() {
        let output = WKTFormatter.text(of: .circle(Circle(center: c(1, 2), radius: 500)))
        #expect(output.text == "POINT (1 2)")
        #expect(output.circles)
    }
}
