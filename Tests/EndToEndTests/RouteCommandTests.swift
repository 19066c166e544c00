import Foundation
import Testing

@Suite("mapbridge route")
struct RouteCommandTests {
    static let airports = MapBridgeRunner.sample("airports.geojson")

    static func features(_ json: [String: Any]) throws -> [[String: Any]] {
        try #require(json["features"] as? [[String: Any]])
    }

    static func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as? [String: Any] ?? [:] }

    @Test("JFK → SIN from the places file: end circles and a densified route on standard output")
    func namedRoute() throws {
        let run = try MapBridgeRunner.run(["route", "JFK", "sin", "--places", Self.airports])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("lines marked geodesic are written with their vertices"))
        let features = try Self.features(MapBridgeRunner.json(run.stdoutData))
        #expect(features.map { $0["id"] as? String } == ["origin", "destination", "route"])
        let route = Self.properties(features[2])
        #expect(route["from"] as? String == "JFK")
        #expect(route["to"] as? String == "SIN")
        #expect(route["distance_m"] as? Double == 15_348_632.95)
        #expect(route["distance_km"] as? Double == 15_348.633)
        #expect(route["initial_azimuth"] as? Double == 3.302125)
        #expect(route["final_azimuth"] as? Double == 177.490614)
        #expect(route["stroke"] as? String == "#d1242f")
        let geometry = try #require(features[2]["geometry"] as? [String: Any])
        #expect((geometry["coordinates"] as? [[Double]])?.count == 155)
        #expect(Self.properties(features[0])["radius"] as? Double == 153_486.329)
    }

    @Test("lat,lon ends need no places file; --progress splits the route and adds the position")
    func coordinatesAndProgress() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("flight.geojson").path
        let run = try MapBridgeRunner.run(["route", "40.6398,-73.7789", "1.35019,103.994", out, "--progress", "0.4",
                                           "--endpoint-radius", "50km", "--max-segment", "500km"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let features = try Self.features(MapBridgeRunner.json(atPath: out))
        #expect(features.map { $0["id"] as? String } == ["origin", "destination", "flown", "remaining", "position"])
        #expect(Self.properties(features[0])["radius"] as? Int == 50_000)
        #expect(Self.properties(features[2])["from"] as? String == "40.6398,-73.7789")
        let position = Self.properties(features[4])
        #expect(position["progress"] as? Double == 0.4)
        #expect(position["distance_flown_m"] as? Double == 6_139_453.18)
        let heading = try #require(position["heading"] as? Double)
        #expect(heading > 150 && heading < 160)
        #expect(Self.properties(features[2])["stroke"] as? String != Self.properties(features[3])["stroke"] as? String)
    }

    @Test("KML output by extension")
    func kmlOutput() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("route.kml").path
        let run = try MapBridgeRunner.run(["route", "LHR", "NRT", out, "--places", Self.airports])
        #expect(run.status == 0, "\(run.stderr)")
        let kml = try String(contentsOfFile: out, encoding: .utf8)
        #expect(kml.contains("<name>LHR → NRT</name>"))
        #expect(kml.contains("<tessellate>1</tessellate>") || kml.contains("<LineString>"))
    }

    @Test("a missing place exits 1 naming the file and close matches; no output is left")
    func missingPlace() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("route.geojson").path
        let run = try MapBridgeRunner.run(["route", "JKF", "SIN", out, "--places", Self.airports])
        #expect(run.status == 1)
        #expect(run.stderr.contains("no place named 'JKF' in \(Self.airports)"))
        #expect(run.stderr.contains("close matches: JFK (John F. Kennedy International)"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("bad usage exits 64", arguments: [
        ["route", "95,10", "1,2"],
        ["route", "40,abc", "1,2"],
        ["route", "JFK", "SIN"],
        ["route", "1,2", "3,4", "--progress", "1.5"],
        ["route", "1,2", "3,4", "--endpoint-radius", "big"],
        ["route", "1,2"],
    ])
    func usage(arguments: [String]) throws {
        let run = try MapBridgeRunner.run(arguments)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("error:"))
        #expect(run.stdout.isEmpty)
    }

    @Test("--pairs: one route per pair with the pair's other fields; missing places reported and skipped")
    func pairs() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let pairs = try MapBridgeRunner.write("""
            airline,source,destination,stops
            SQ,JFK,SIN,0
            BA,LHR,JFK,0
            XX,JFK,ZZZ,1
            QF,lax,syd,0
            """, to: "pairs.csv", in: dir)
        let out = dir.appendingPathComponent("routes.geojson").path
        let run = try MapBridgeRunner.run(["route", "--pairs", pairs, "--places", Self.airports, out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 of 4 pairs name a place that is not in"))
        #expect(run.stderr.contains("line 4: 'ZZZ'"))
        let features = try Self.features(MapBridgeRunner.json(atPath: out))
        #expect(features.count == 2)
        let first = Self.properties(features[0])
        #expect(first["from"] as? String == "JFK")
        #expect(first["distance_m"] as? Double == 15_348_632.95)
        #expect(first["airline"] as? String == "SQ")
        #expect(first["stops"] as? Int == 0)
        #expect(first["source"] == nil)
        #expect(Self.properties(features[1])["airline"] as? String == "BA")
    }

    @Test("--pairs on a header-less file with --pair-columns and chosen columns")
    func pairColumns() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let pairs = try MapBridgeRunner.write("SQ,1,JFK,2,SIN\nBA,3,LHR,4,NRT\n", to: "routes.dat", in: dir)
        let run = try MapBridgeRunner.run(["route", "--pairs", pairs, "--places", Self.airports,
                                           "--pair-columns", "airline,a_id,origin_code,o_id,dest_code",
                                           "--from-column", "origin_code", "--to-column", "DEST_CODE"])
        #expect(run.status == 0, "\(run.stderr)")
        let features = try Self.features(MapBridgeRunner.json(run.stdoutData))
        #expect(features.map { Self.properties($0)["to"] as? String } == ["SIN", "NRT"])
        let unnamed = try MapBridgeRunner.run(["route", "--pairs", pairs, "--places", Self.airports])
        #expect(unnamed.status == 64)
        #expect(unnamed.stderr.contains("--pair-columns"))
    }
}
