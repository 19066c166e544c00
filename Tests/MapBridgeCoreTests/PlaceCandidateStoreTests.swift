import MapBridgeCore
import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("PlaceCandidateStore: places held compactly, read back and clustered as an array of them")
struct PlaceCandidateStoreTests {
    static func east(of lon: Double, _ lat: Double, by metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: Coordinate(longitude: lon, latitude: lat), azimuth: 90, distance: metres).coordinate
    }

    @Test("each candidate reads back as it went in: index, name, position, altitude, properties, location")
    func roundTrip() {
        let places = [
            PlaceCandidate(index: 0, name: "a", coordinate: Coordinate(longitude: 1, latitude: 2), propertyCount: 3,
                           location: SourceLocation(file: "x.kml", line: 4, column: 5)),
            PlaceCandidate(index: 7, name: "", coordinate: Coordinate(longitude: -1.5, latitude: 89, altitude: 120),
                           propertyCount: 0),
            PlaceCandidate(index: Int(Int32.max) + 9, name: "caf\u{E9} \u{1F600}", coordinate: Coordinate(longitude: 0, latitude: 0, altitude: -0.5),
                           propertyCount: 1, location: SourceLocation(file: "y.kml", line: 1 << 40, column: 3, pointer: "/p")),
            PlaceCandidate(index: 8, name: "a", coordinate: Coordinate(longitude: .nan, latitude: 95), propertyCount: 2,
                           location: SourceLocation(file: "x.kml", line: 9, column: 1)),
        ]
        var store = PlaceCandidateStore()
        for p in places { store.append(p) }
        #expect(store.count == 4)
        for (k, p) in places.enumerated() {
            let back = store[k]
            #expect(back.index == p.index && back.name == p.name && back.propertyCount == p.propertyCount)
            #expect(back.location == p.location)
            #expect(back.coordinate.longitude.bitPattern == p.coordinate.longitude.bitPattern)
            #expect(back.coordinate.latitude == p.coordinate.latitude)
            #expect(back.coordinate.altitude == p.coordinate.altitude)
            #expect(store.name(at: k) == p.name)
        }
    }

    @Test("places whose index, line, column or file do not fit a record, and altitudes that start late, read back")
    func sideTables() {
        func place(_ index: Int, _ altitude: Double?, _ location: MapBridgeModel.SourceLocation?) -> PlaceCandidate {
            PlaceCandidate(index: index, name: "p\(index)", coordinate: Coordinate(longitude: 3, latitude: 4, altitude: altitude),
                           propertyCount: 1, location: location)
        }
        let top = Int(UInt32.max)
        let places: [PlaceCandidate] = [
            place(0, nil, nil),
            place(1, nil, SourceLocation(file: "a.kml", line: 2, column: 3)),
            place(top, nil, SourceLocation(file: "a.kml", line: 5, column: 6)),
            place(top + 1, 7, SourceLocation(file: "a.kml", line: 8, column: 9)),
            place(4, nil, SourceLocation(file: "b.kml", line: 10, column: 11, pointer: "/q")),
            place(5, -2, SourceLocation(file: "a.kml", line: 0, column: 1)),
            place(6, nil, SourceLocation(file: "a.kml", line: top, column: top + 1)),
            place(7, 0, SourceLocation(file: "a.kml", line: top - 1, column: top)),
            place(8, nil, nil),
        ]
        var store = PlaceCandidateStore()
        for p in places { store.append(p) }
        #expect((0..<store.count).map { store[$0] } == places)
    }

    @Test("names read back across the store's 64 KiB chunks: filling one exactly, spilling into the next, longer than one")
    func namesAcrossChunks() {
        var names: [String] = []
        for k in 0..<30_000 {
            switch k % 1_000 {
            case 7: names.append("")
            case 11: names.append(String(repeating: "\u{E9}", count: 40_000))   // 80,000 bytes
            case 13: names.append(String(repeating: "x", count: 1 << 16))
            default: names.append("n\u{1F600}\(k)" + String(repeating: "y", count: k % 37))
            }
        }
        // A chunk filled to its last byte: 65,536 bytes of names from the start.
        let exact = (0..<16).map { _ in String(repeating: "z", count: 4_096) }
        var store = PlaceCandidateStore()
        for (k, name) in (exact + names).enumerated() {
            store.append(PlaceCandidate(index: k, name: name, coordinate: Coordinate(longitude: 0, latitude: 0), propertyCount: 0))
        }
        #expect((0..<store.count).map { store.name(at: $0) } == exact + names)
        #expect((0..<store.count).map { store[$0].name } == exact + names)
    }

    @Test("clusters of a store are those of the same candidates in an array, in the same order")
    func sameClusters() {
        // Names that repeat near and far, spellings that fold alike, invalid positions, and
        // enough places for the cube grid.
        var places: [PlaceCandidate] = []
        let names = ["halt", "zurich", "bern", "caf\u{E9}", "cafe\u{301}", "x"]
        for k in 0..<600 {
            let name = names[k % names.count] + (k % 7 == 0 ? "" : " \(k % 40)")
            let c = k % 50 == 0 ? Coordinate(longitude: 0, latitude: 91)
                : Self.east(of: Double(k % 3), 45 + Double(k % 5) * 0.001, by: Double(k % 11) * 45)
            places.append(PlaceCandidate(index: k * 2, name: name, coordinate: c, propertyCount: k % 4,
                                         location: SourceLocation(file: "t.kml", line: k + 3, column: 1)))
        }
        var store = PlaceCandidateStore()
        for p in places { store.append(p) }
        for within in [1.0, 100, 5_000, 2_000_000] {
            let clustering = PlaceClustering(within: within)
            let expected = clustering.clusters(of: places)
            #expect(within < 100 || !expected.isEmpty)
            #expect(clustering.clusters(of: store) == expected)
        }
        #expect(PlaceClustering(within: 100).clusters(of: PlaceCandidateStore()).isEmpty)
    }

    @Test("a compact scan holds what the array scan holds, and stops at the same limit")
    func compactScan() throws {
        let airports = LibraryExampleTests.samples.appendingPathComponent("airports.geojson").path
        let all = try PlaceScan.candidates(path: airports, format: .geojson, report: { _ in })
        let compact = try PlaceScan.compactCandidates(path: airports, format: .geojson, limit: 8, report: { _ in })
        #expect(compact.features == all.features)
        #expect(compact.places.map { store in (0..<store.count).map { store[$0] } } == all.places)
        let over = try PlaceScan.compactCandidates(path: airports, format: .geojson, limit: 7, report: { _ in })
        let overArray = try PlaceScan.candidates(path: airports, format: .geojson, limit: 7, report: { _ in })
        #expect(over.places == nil && over.features == overArray.features)
    }
}
