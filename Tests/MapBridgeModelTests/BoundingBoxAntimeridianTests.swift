import MapBridgeModel
import Testing

@Suite("Bounding boxes across the antimeridian")
struct BoundingBoxAntimeridianTests {
    static func c(_ lon: Double, _ lat: Double) -> Coordinate { Coordinate(longitude: lon, latitude: lat) }

    @Test("a line that does not cross keeps the plain box")
    func plain() throws {
        let box = try #require(BoundingBox(.polyline(Polyline([Self.c(-170, 0), Self.c(170, 10)]))))
        // -170 → 170 differs by 340°: it crosses, the short way round.
        #expect(box.west == 170 && box.east == -170)
        let points = try #require(BoundingBox(.multiPoint([Self.c(-170, 0), Self.c(170, 10)])))
        #expect(points.west == -170 && points.east == 170)
    }

    @Test("parts cut at ±180 give west > east")
    func cutParts() throws {
        let shape = Shape.multiPolyline([Polyline([Self.c(140, 35), Self.c(180, 47)]), Polyline([Self.c(-180, 47), Self.c(-118, 34)])])
        let box = try #require(BoundingBox(shape))
        #expect(box.west == 140 && box.east == -118 && box.crossesAntimeridian)
        #expect(box.south == 34 && box.north == 47)
    }

    @Test("uniting: plain boxes stay plain; a crossing box takes the narrowest arc")
    func unite() throws {
        var plain = BoundingBox(Self.c(-170, 0))
        plain.extend(BoundingBox(Self.c(170, 0)))
        #expect(plain.west == -170 && plain.east == 170)
        var crossing = try #require(BoundingBox(.polyline(Polyline([Self.c(170, 0), Self.c(-175, 1)]))))
        crossing.extend(BoundingBox(Self.c(-160, 2)))
        #expect(crossing.west == 170 && crossing.east == -160)
        crossing.extend(BoundingBox(Self.c(160, 2)))
        #expect(crossing.west == 160 && crossing.east == -160)
    }
}
