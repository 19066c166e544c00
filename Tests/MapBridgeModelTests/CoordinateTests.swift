import MapBridgeModel
import Testing

@Suite("Coordinate")
struct CoordinateTests {
    @Test("equality and hashing ignore the source text")
    func ignoresText() {
        let plain = Coordinate(longitude: 1, latitude: 2)
        let texted = Coordinate(longitude: 1, latitude: 2, altitude: nil,
                                sourceText: CoordinateText(longitude: "1.0", latitude: "2.00"))
        #expect(plain == texted)
        #expect(plain.hashValue == texted.hashValue)
        #expect(Set([plain, texted]).count == 1)
        #expect(texted.sourceText?.latitude == "2.00")
        #expect(plain.sourceText == nil)
    }

    @Test("values decide equality", arguments: [
        (Coordinate(longitude: 1, latitude: 2), Coordinate(longitude: 2, latitude: 1)),
        (Coordinate(longitude: 1, latitude: 2), Coordinate(longitude: 1, latitude: 2, altitude: 0)),
        (Coordinate(longitude: 1, latitude: 2, altitude: 3), Coordinate(longitude: 1, latitude: 2, altitude: 4)),
        (Coordinate(longitude: 1, latitude: 2), Coordinate(longitude: 1.0000000000000002, latitude: 2)),
    ])
    func differentValues(a: Coordinate, b: Coordinate) {
        #expect(a != b)
    }

    @Test("negative zero equals zero")
    func negativeZero() {
        #expect(Coordinate(longitude: -0.0, latitude: 0) == Coordinate(longitude: 0, latitude: -0.0))
    }

    @Test("a shape with different source text is still equal")
    func shapeEquality() {
        let a = Shape.polyline(Polyline([
            Coordinate(longitude: 0.1, latitude: 0.2, altitude: nil, sourceText: CoordinateText(longitude: "0.10", latitude: "0.2")),
            Coordinate(longitude: 1, latitude: 1),
        ]))
        let b = Shape.polyline(Polyline([Coordinate(longitude: 0.1, latitude: 0.2), Coordinate(longitude: 1, latitude: 1)]))
        #expect(a == b)
        #expect(a.coordinateCount == 2)
    }

    @Test("coordinate count and traversal order")
    func traversal() {
        let c = (0..<6).map { Coordinate(longitude: Double($0), latitude: 0) }
        let shape = Shape.collection([
            .annotation(c[0]), .polygon(Polygon(outer: [c[1], c[2]], holes: [[c[3]]])),
            .circle(Circle(center: c[4], radius: 5)), .multiPoint([c[5]]),
        ])
        var seen: [Double] = []
        shape.forEachCoordinate { seen.append($0.longitude) }
        #expect(seen == [0, 1, 2, 3, 4, 5])
        #expect(shape.coordinateCount == 6)
        #expect(shape.kind == .collection)
    }
}
