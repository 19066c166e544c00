@testable import MapBridgeCore
import MapBridgeModel
import Testing

/// `CoordinateRangeTally` counts the positions out of range of every kind of shape, a single
/// position (a point, a circle's center) as well as a run of them, and names the first.
@Suite("Positions out of range, tallied")
struct CoordinateRangeTallyTests {
    func feature(_ shape: Shape) -> Feature { Feature(shape: shape) }

    @Test("points, circles and lines: counted per position, the first named")
    func kinds() throws {
        var tally = CoordinateRangeTally()
        tally.note(feature(.annotation(Coordinate(longitude: 10, latitude: 20))))
        #expect(tally.diagnostic == nil)
        tally.note(feature(.circle(Circle(center: Coordinate(longitude: 10, latitude: 95), radius: 100))))
        tally.note(feature(.annotation(Coordinate(longitude: 200, latitude: 0))))
        tally.note(feature(.polyline(Polyline([Coordinate(longitude: 0, latitude: 0), Coordinate(longitude: -181, latitude: 0),
                                               Coordinate(longitude: 1, latitude: -91)]))))
        let message = try #require(tally.diagnostic?.message)
        #expect(message.hasPrefix("4 positions in 3 features lie outside"))
        #expect(message.contains("the first here: longitude 10, latitude 95"))
    }

    @Test("one point out of range alone")
    func onePoint() throws {
        var tally = CoordinateRangeTally()
        tally.note(feature(.annotation(Coordinate(longitude: -227.5, latitude: 1))))
        let message = try #require(tally.diagnostic?.message)
        #expect(message.hasPrefix("1 position lies outside"))
        #expect(message.contains("longitude -227.5, latitude 1"))
    }
}
