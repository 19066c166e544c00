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

    /// A places file of points with the given properties, written to a fresh folder.
    static func places(_ rows: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let features = rows.enumerated().map { index, properties in
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(index),1]},"properties":{\#(properties)}}"#
        }
        let path = folder.appendingPathComponent("places.geojson").path
        try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("two swapped letters rank first: JKF suggests JFK before the codes one letter off that come earlier")
    func swappedLetters() throws {
        let codes = ["YKF", "JKG", "WKF", "JKA", "JKB", "JKC", "JFK", "JKD"]
        let path = try Self.places(codes.map { #""iata":"\#($0)","name":"\#($0) airport""# })
        let table = try RoutePlaceTable(path: path, format: .geojson, keeping: ["JKF"], report: { _ in })
        let error = #expect(throws: MapBridgeError.self) { try table.requirePlace(named: "JKF") }
        #expect(error?.message.contains("close matches: JFK (JFK airport), ") == true)
    }

    @Test("a city name offers the places serving that city, by their codes")
    func cityNames() throws {
        let path = try Self.places([
            #""iata":"LBG","name":"Paris-Le Bourget Airport","city":"Paris""#,
            #""iata":"NRT","name":"Narita International Airport","city":"Tokyo""#,
            #""iata":"CDG","name":"Charles de Gaulle International Airport","city":"Paris""#,
            #""icao":"RJTF","name":"Chofu Airport","city":"Tokyo""#,
            #""iata":"ORY","name":"Paris-Orly Airport","city":"paris""#,
        ])
        let table = try RoutePlaceTable(path: path, format: .geojson, keeping: ["Paris", "Tokyo"], report: { _ in })
        let paris = #expect(throws: MapBridgeError.self) { try table.requirePlace(named: "Paris") }
        #expect(paris?.message.contains("places in the city 'Paris': LBG (Paris-Le Bourget Airport), CDG (Charles de Gaulle International Airport), ORY (Paris-Orly Airport)") == true)
        let tokyo = #expect(throws: MapBridgeError.self) { try table.requirePlace(named: "Tokyo") }
        #expect(tokyo?.message.contains("NRT (Narita International Airport), RJTF (Chofu Airport)") == true)
    }

    @Test("a full table answers every key")
    func fullTable() throws {
        let table = try RoutePlaceTable(path: Self.airports, format: .geojson, report: { _ in })
        #expect(table.placeCount == 8)
        for code in ["JFK", "sin", "EGLL", "nrt", "LAX"] { #expect(table.place(named: code) != nil, "\(code)") }
    }
}
