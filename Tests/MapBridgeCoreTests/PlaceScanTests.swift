import MapBridgeCore
import MapBridgeModel
import Testing

@Suite("Named points of a file, with a limit on how many are held")
struct PlaceScanTests {
    static let airports = LibraryExampleTests.samples.appendingPathComponent("airports.geojson").path

    @Test("under the limit every named point is held; past it reading stops and says so")
    func limit() throws {
        let all = try PlaceScan.candidates(path: Self.airports, format: .geojson, report: { _ in })
        #expect(all.places.count == 8 && all.features == 8)
        let held = try PlaceScan.candidates(path: Self.airports, format: .geojson, limit: 8, report: { _ in })
        #expect(held.places?.count == 8)
        let over = try PlaceScan.candidates(path: Self.airports, format: .geojson, limit: 7, report: { _ in })
        #expect(over.places == nil)
    }
}
