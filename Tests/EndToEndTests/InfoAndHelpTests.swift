import Foundation
import Testing

@Suite("mapbridge info, help and --version")
struct InfoAndHelpTests {
    @Test("info prints counts, bounding box, property types and styles")
    func infoText() throws {
        let run = try MapBridgeRunner.run(["info", MapBridgeRunner.sample("airports.geojson")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("features: 8"))
        #expect(run.stdout.contains("Point  8"))
        #expect(run.stdout.contains("bounding box: west -118.408, south -37.0081, east 174.792, north 51.4706"))
        #expect(run.stdout.contains("elevation_ft   integer 8"))
        #expect(run.stdout.contains("hub            boolean 8"))
        #expect(run.stdout.contains("styles: 3 distinct on 8 features"))
    }

    @Test("info --json is JSON with the same facts")
    func infoJSON() throws {
        let run = try MapBridgeRunner.run(["info", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "--json"])
        #expect(run.status == 0)
        let json = try MapBridgeRunner.json(run.stdoutData)
        #expect(json["features"] as? Int == 2)
        #expect(json["shapes"] as? [String: Int] == ["LineString": 1, "Polygon": 1])
        #expect(json["vertices"] as? Int == 12)
        let properties = try #require(json["properties"] as? [[String: Any]])
        #expect(properties.first?["name"] as? String == "name")
        let types = properties.first { $0["name"] as? String == "stroke-width" }?["types"] as? [String: Int]
        #expect(types == ["integer": 2])
    }

    @Test("help lists every option of a command with its unit")
    func help() throws {
        let run = try MapBridgeRunner.run(["help", "convert"])
        #expect(run.status == 0)
        for option in ["--from", "--to", "--precision N", "--pretty", "--bbox", "--keep-winding", "--max-depth N", "--quiet", "--help"] {
            #expect(run.stdout.contains(option), "help lacks \(option)")
        }
        #expect(run.stdout.contains("decimal places"))
        let same = try MapBridgeRunner.run(["convert", "--help"])
        #expect(same.stdout == run.stdout)
        let top = try MapBridgeRunner.run(["--help"])
        #expect(top.stdout.contains("convert") && top.stdout.contains("info") && top.stdout.contains("EXIT STATUS"))
    }

    @Test("--version prints the version")
    func version() throws {
        let run = try MapBridgeRunner.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("mapbridge "))
    }
}
