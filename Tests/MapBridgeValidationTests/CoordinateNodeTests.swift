@testable import MapBridgeValidation
import Testing

@Suite("CoordinateNode")
struct CoordinateNodeTests {
    @Test("a position is one compact node, not an array of boxed numbers")
    func compactPosition() {
        #expect(MemoryLayout<CoordinateNode>.stride <= 40)
    }

    @Test("positions of 2 and 3 numbers check as before; 1 and 4 numbers too", arguments: [
        (#"{"type":"LineString","coordinates":[[1,2],[3,4,5]]}"#, [String]()),
        (#"{"type":"LineString","coordinates":[[1],[3,4]]}"#, ["position-size"]),
        (#"{"type":"LineString","coordinates":[[1,2,3,4],[3,4]]}"#, ["position-size"]),
        (#"{"type":"LineString","coordinates":[[1,"a"],[3,4]]}"#, ["position-not-number"]),
        (#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0.5]]]}"#, ["ring-not-closed"]),
        (#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#, [String]()),
        (#"{"type":"Point","coordinates":[200,1.1234567891]}"#, ["lon-out-of-range", "excessive-precision"]),
    ])
    func rulesUnchanged(geometry: String, expected: [String]) throws {
        #expect(try rules(feature(geometry)) == expected)
    }
}
