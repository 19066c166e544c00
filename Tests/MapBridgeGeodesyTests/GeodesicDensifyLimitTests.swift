import MapBridgeGeodesy
import MapBridgeModel
import Testing

/// Densifying is capped per shape, not only per segment (issue 12, item 14): a few long
/// segments with a short maximum piece must stop with an error, not fill the memory.
@Suite("Densifying within a shape's point limit")
struct GeodesicDensifyLimitTests {
    /// A zigzag along the equator, each segment 1 degree (about 111 km) long; or `span`
    /// degrees long at `latitude`.
    static func zigzag(_ vertices: Int, span: Double = 1, latitude: Double = 0) -> CoordinateList {
        CoordinateList((0..<vertices).map { Coordinate(longitude: Double($0 % 2) * span, latitude: latitude + Double($0) * 0.001) })
    }

    @Test("a line that would pass the limit is a data error that names ReadLimits.maximumVertices",
          arguments: [Densification.Limit.maximumSegment(1_000), .maximumError(1)])
    func lineOverLimit(limit: Densification.Limit) throws {
        let options = Densification(limit: limit, maximumPoints: 500)
        let error = try #require(throws: MapBridgeError.self) {
            _ = try wgs84.densify(.polyline(Polyline(Self.zigzag(10, span: 40, latitude: 60))), options)
        }
        #expect(error.kind == .data)
        #expect(error.message.contains("more than 500 points"))
        #expect(error.message.contains("ReadLimits.maximumVertices raises it"))
    }

    @Test("the limit counts every line of a shape together")
    func partsTogether() throws {
        // Each part alone needs about 340 points; two need more than 500.
        let part = Polyline(Self.zigzag(4))
        let options = Densification(limit: .maximumSegment(1_000), maximumPoints: 500)
        _ = try wgs84.densify(.polyline(part), options)
        #expect(throws: MapBridgeError.self) { _ = try wgs84.densify(.multiPolyline([part, part]), options) }
        #expect(throws: MapBridgeError.self) { _ = try wgs84.densify(.collection([.polyline(part), .polyline(part)]), options) }
    }

    @Test("a line within the limit is densified as before")
    func withinLimit() throws {
        let line = Self.zigzag(3)
        let unlimited = try wgs84.densify(line, maximumSegment: 1_000)
        let shape = try wgs84.densify(.polyline(Polyline(line)), Densification(limit: .maximumSegment(1_000), maximumPoints: unlimited.count))
        #expect(shape == .polyline(Polyline(unlimited)))
    }

    @Test("the default limit is the reader's vertex limit")
    func defaultLimit() {
        #expect(Densification(limit: .maximumSegment(1)).maximumPoints == ReadLimits().maximumVertices)
    }
}
