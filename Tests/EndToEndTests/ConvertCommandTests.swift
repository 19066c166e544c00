import Foundation
import Testing

@Suite("mapbridge convert")
struct ConvertCommandTests {
    @Test("converts the airports sample, keeping ids, properties and coordinate text")
    func convertsSample() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("out.geojson").path
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains(#""coordinates":[-73.7789,40.6398,4]"#))
        #expect(text.contains(#""id":"JFK""#))
        let json = try MapBridgeRunner.json(atPath: out)
        #expect(json["name"] as? String == "Hub airports")
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 8)
        let props = try #require(features[0]["properties"] as? [String: Any])
        #expect(props["elevation_ft"] as? Int == 13)
        #expect(props["hub"] as? Bool == true)
        #expect(props["name"] as? String == "John F. Kennedy International")
    }

    @Test("converting our own output again gives the same bytes")
    func idempotent() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let first = dir.appendingPathComponent("1.geojson").path
        let second = dir.appendingPathComponent("2.geojson").path
        for sample in ["airports.geojson", "flight-jfk-sin.geojson", "airports.geojsons"] {
            #expect(try MapBridgeRunner.run(["convert", MapBridgeRunner.sample(sample), first]).status == 0)
            #expect(try MapBridgeRunner.run(["convert", first, second]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))
        }
    }

    @Test("reads standard input and writes standard output when the formats are named")
    func pipes() throws {
        let input = #"{"type":"Point","coordinates":[1.50,2]}"#
        let run = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojson", "--to", "geojsonl"],
                                          stdin: Data(input.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.50,2]},"properties":{}}"# + "\n")
    }

    @Test("rings keep their orientation unless --rewind; --rewind with --keep-winding is a usage error")
    func winding() throws {
        let clockwise = "[[[0,0],[0,1],[1,1],[1,0],[0,0]]]"
        let input = Data(#"{"type":"Polygon","coordinates":\#(clockwise)}"#.utf8)
        let kept = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojson", "--to", "geojsonl"], stdin: input)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains(clockwise))
        let rewound = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojson", "--to", "geojsonl", "--rewind"],
                                              stdin: input)
        #expect(rewound.status == 0, "\(rewound.stderr)")
        #expect(rewound.stdout.contains("[[[0,0],[1,0],[1,1],[0,1],[0,0]]]"))
        let both = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojson", "--to", "geojsonl", "--rewind",
                                            "--keep-winding"], stdin: input)
        #expect(both.status == 64)
        #expect(both.stderr.contains("--rewind"))
    }

    @Test("writes RFC 8142 sequences for .geojsons")
    func sequences() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("a.geojsons").path
        #expect(try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), out]).status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let records = data.split(separator: 0x1E)
        #expect(records.count == 8)
        #expect(data.first == 0x1E)
        #expect(records.allSatisfy { $0.last == 0x0A })
    }

    @Test("--precision rounds coordinates", arguments: [(0, "[-74,41,4]"), (2, "[-73.78,40.64,4]")])
    func precision(places: Int, expected: String) throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "geojson",
                                           "--precision", String(places)])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""coordinates":"# + expected))
    }

    @Test("--pretty output parses and holds the same features")
    func pretty() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "geojson", "--pretty"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("\n    {\n      \"type\": \"Feature\""))
        let json = try MapBridgeRunner.json(run.stdoutData)
        #expect((json["features"] as? [Any])?.count == 2)
    }

    @Test("--bbox adds boxes to the collection and each feature")
    func bbox() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "geojson", "--bbox"])
        let json = try MapBridgeRunner.json(run.stdoutData)
        let box = try #require(json["bbox"] as? [Double])
        #expect(box == [-74.05, 1.35019, 103.994, 40.8])
    }

    @Test("the input is never overwritten by its own output")
    func refusesToOverwriteInput() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let path = try MapBridgeRunner.write(#"{"type":"Point","coordinates":[1,2]}"#, to: "same.geojson", in: dir)
        let run = try MapBridgeRunner.run(["convert", path, path])
        #expect(run.status == 64)
        #expect(run.stderr.contains("is the input file"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"type":"Point","coordinates":[1,2]}"#)
    }
}
