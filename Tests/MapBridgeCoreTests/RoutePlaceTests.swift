import Foundation
import MapBridgeCore
import MapBridgeModel
import Testing

@Suite("Route ends: lat,lon parsing and place lookup")
struct RoutePlaceTests {
    static let airports = LibraryExampleTests.samples.appendingPathComponent("airports.geojson").path

    @Test("lat,lon pairs keep their text; names stay names")
    func endpoints() throws {
        guard case .coordinate(let c) = try RouteEndpoint("40.6398,-73.7789") else {
            Issue.record("not a coordinate")
            return
        }
        #expect(c.latitude == 40.6398 && c.longitude == -73.7789)
        #expect(RoutePlace(coordinate: c).label == "40.6398,-73.7789")
        #expect(try RouteEndpoint(" 1.35 , 103.99 ") == .coordinate(Coordinate(longitude: 103.99, latitude: 1.35)))
        #expect(try RouteEndpoint("JFK") == .name("JFK"))
        #expect(try RouteEndpoint("Zürich, Kloten") == .name("Zürich, Kloten"))
    }

    @Test("malformed lat,lon pairs are usage errors", arguments: ["95,10", "10,200", "40,abc", "1,2,3", "-,5", ""])
    func badEndpoints(text: String) {
        let error = #expect(throws: MapBridgeError.self) { try RouteEndpoint(text) }
        #expect(error?.kind == .usage)
    }

    @Test("codes match ids, iata and icao case-insensitively; the file's spelling labels the place")
    func lookup() throws {
        let table = try RoutePlaceTable(path: Self.airports, format: .geojson, keeping: ["jfk", "WSSS", "London Heathrow"],
                                        report: { _ in })
        let jfk = try table.requirePlace(named: "jfk")
        #expect(jfk.label == "JFK")
        #expect(jfk.title == "John F. Kennedy International")
        #expect(jfk.coordinate.latitude == 40.6398)
        #expect(try table.requirePlace(named: "WSSS").title == "Singapore Changi")
        #expect(try table.requirePlace(named: "london heathrow").label == "London Heathrow")
        // Only the names asked for are kept.
        #expect(table.place(named: "NRT") == nil)
    }

    @Test("a missing place names the file and close matches")
    func missing() throws {
        let table = try RoutePlaceTable(path: Self.airports, format: .geojson, keeping: ["JKF"], report: { _ in })
        let error = #expect(throws: MapBridgeError.self) { try table.requirePlace(named: "JKF") }
        #expect(error?.kind == .data)
        #expect(error?.message.contains("no place named 'JKF' in \(Self.airports)") == true)
        #expect(error?.message.contains("close matches: JFK (John F. Kennedy International)") == true)
    }

    @Test("a full table answers every key")
    func fullTable() throws {
        let table = try RoutePlaceTable(path: Self.airports, format: .geojson, report: { _ in })
        #expect(table.placeCount == 8)
        for code in ["JFK", "sin", "EGLL", "nrt", "LAX"] { #expect(table.place(named: code) != nil, "\(code)") }
    }
}
