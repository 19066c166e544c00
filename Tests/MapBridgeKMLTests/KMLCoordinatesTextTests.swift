@testable import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML coordinate text")
struct KMLCoordinatesTextTests {
    private func parse(_ text: String) throws -> [Coordinate] {
        try KMLCoordinates.parse(Array(text.utf8))
    }

    @Test("a 2D tuple after a 3D one has no altitude, in value or text")
    func mixedDimensions() throws {
        let cs = try parse("1,2,3 4,5 6.50,7,8.0")
        #expect(cs.map(\.altitude) == [3, nil, 8])
        #expect(cs.map(\.sourceText) == [
            CoordinateText(longitude: "1", latitude: "2", altitude: "3"),
            CoordinateText(longitude: "4", latitude: "5"),
            CoordinateText(longitude: "6.50", latitude: "7", altitude: "8.0"),
        ])
    }

    @Test("numbers keep their text, in fixed point or not; lenient numbers keep none")
    func texts() throws {
        let cs = try parse("-73.77810,40.6398,4 1e-7,0.10 +1,2")
        #expect(cs[0].sourceText == CoordinateText(longitude: "-73.77810", latitude: "40.6398", altitude: "4"))
        #expect(cs[1].sourceText == CoordinateText(longitude: "1e-7", latitude: "0.10"))
        #expect(cs[2].sourceText == nil)
        #expect(cs[2].longitude == 1)
    }
}
