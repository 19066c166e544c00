import MapBridgeModel
import Testing

@Suite("BoundingBox")
struct BoundingBoxTests {
    private func c(_ lon: Double, _ lat: Double, _ alt: Double? = nil) -> Coordinate {
        Coordinate(longitude: lon, latitude: lat, altitude: alt)
    }

    @Test("a shape without vertices has no box", arguments: [
        Shape.multiPoint([]), .polyline(Polyline([])), .polygon(Polygon(outer: [])), .collection([]),
        .multiPolygon([]), .multiPolyline([]),
    ])
    func empty(shape: Shape) {
        #expect(BoundingBox(shape) == nil)
    }

    @Test("a box around one coordinate is that point")
    func one() {
        let box = BoundingBox(c(-73.7, 40.6))
        #expect(box.west == -73.7 && box.east == -73.7)
        #expect(box.south == 40.6 && box.north == 40.6)
        #expect(box.minAltitude == nil && box.maxAltitude == nil)
        let withAltitude = BoundingBox(c(1, 2, 30))
        #expect(withAltitude.minAltitude == 30 && withAltitude.maxAltitude == 30)
    }

    @Test("extending by coordinates widens each side")
    func extend() {
        var box = BoundingBox(c(0, 0))
        box.extend(c(5, -3))
        box.extend(c(-2, 7))
        box.extend(c(1, 1))
        #expect([box.west, box.south, box.east, box.north] == [-2, -3, 5, 7])
        #expect(box.minAltitude == nil)
    }

    @Test("altitude range appears with the first altitude and ignores coordinates without one")
    func altitude() {
        var box = BoundingBox(c(0, 0))
        box.extend(c(1, 1, 50))
        box.extend(c(2, 2))
        box.extend(c(3, 3, -10))
        #expect(box.minAltitude == -10)
        #expect(box.maxAltitude == 50)
    }

    @Test("extending by another box")
    func extendBox() {
        var a = BoundingBox(c(0, 0))
        a.extend(c(1, 1))
        var b = BoundingBox(c(-5, 0.5, 100))
        b.extend(c(0.5, 9, 200))
        a.extend(b)
        #expect([a.west, a.south, a.east, a.north] == [-5, 0, 1, 9])
        #expect(a.minAltitude == 100 && a.maxAltitude == 200)
        var inner = BoundingBox(c(0.2, 0.2))
        inner.extend(BoundingBox(c(0.3, 0.3)))
        #expect([inner.west, inner.south, inner.east, inner.north] == [0.2, 0.2, 0.3, 0.3])
    }

    @Test("boxes around each kind of shape", arguments: [
        (Shape.annotation(Coordinate(longitude: 3, latitude: 4)), [3.0, 4, 3, 4]),
        (.circle(Circle(center: Coordinate(longitude: 3, latitude: 4), radius: 1000)), [3, 4, 3, 4]),
        (.polyline(Polyline([Coordinate(longitude: 0, latitude: 5), Coordinate(longitude: 10, latitude: -5)])), [0, -5, 10, 5]),
        (.multiPoint([Coordinate(longitude: -1, latitude: -1), Coordinate(longitude: 1, latitude: 2)]), [-1, -1, 1, 2]),
        (.polygon(Polygon(outer: [Coordinate(longitude: 0, latitude: 0), Coordinate(longitude: 4, latitude: 0),
                                  Coordinate(longitude: 4, latitude: 4), Coordinate(longitude: 0, latitude: 0)],
                          holes: [[Coordinate(longitude: 5, latitude: 5)]])), [0, 0, 5, 5]),
        (.collection([.annotation(Coordinate(longitude: -10, latitude: 0)),
                      .multiPolygon([Polygon(outer: [Coordinate(longitude: 20, latitude: 30)])]),
                      .multiPolyline([Polyline([Coordinate(longitude: 0, latitude: -30)])])]), [-10, -30, 20, 30]),
    ])
    func shapes(shape: Shape, expected: [Double]) throws {
        let box = try #require(BoundingBox(shape))
        #expect([box.west, box.south, box.east, box.north] == expected)
    }
}
