import Foundation
import Testing

@Suite("failures: exit status, location, no partial output")
struct FailureTests {
    struct BadInput: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var location: String
        var words: String
        var description: String { name }
    }

    static let badInputs = [
        BadInput(name: "truncated", text: "{\"type\": \"FeatureCollection\", \"features\": [\n  {\"type\": \"Feature\", \"geometry\": null,\n",
                 location: "bad.geojson:3:1:", words: "truncated"),
        BadInput(name: "trailing comma", text: "{\"type\": \"FeatureCollection\",\n \"features\": [\n{\"type\": \"Feature\", \"geometry\": null, \"properties\": {}},\n]}",
                 location: "bad.geojson:4:1:", words: "trailing commas"),
        BadInput(name: "bad number", text: "{\"type\": \"Point\",\n  \"coordinates\": [1.2.3, 4]}",
                 location: "bad.geojson:2:19:", words: "invalid number '1.2.3'"),
        BadInput(name: "misspelled type", text: "{\"type\": \"featurecollection\", \"features\": []}",
                 location: "bad.geojson:1:10:", words: "FeatureCollection"),
        BadInput(name: "one-number position", text: "{\"type\": \"Point\", \"coordinates\": [7]}",
                 location: "bad.geojson:1:", words: "at least two numbers"),
        BadInput(name: "projected CRS", text: "{\"type\": \"FeatureCollection\", \"crs\": {\"type\": \"name\", \"properties\": {\"name\": \"urn:ogc:def:crs:EPSG::3857\"}}, \"features\": []}",
                 location: "bad.geojson:1:", words: "EPSG::3857"),
        BadInput(name: "empty file", text: "", location: "bad.geojson:1:1:", words: "empty"),
    ]

    @Test("malformed input exits 1 with file:line:col and leaves no output", arguments: badInputs)
    func malformed(input: BadInput) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(input.text, to: "bad.geojson", in: dir)
        let run = try MapBridgeRunner.run(["convert", "bad.geojson", "out.geojson"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix(input.location), "\(run.stderr)")
        #expect(run.stderr.contains(input.words), "\(run.stderr)")
        #expect(run.stderr.contains(": error: "))
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(left == ["bad.geojson"], "partial or temporary output left behind: \(left)")
    }

    @Test("a failed conversion leaves an existing output file as it was")
    func keepsOldOutput() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("{\"type\": \"Point\", \"coordinates\": [1,", to: "bad.geojson", in: dir)
        let old = try MapBridgeRunner.write("old", to: "out.geojson", in: dir)
        #expect(try MapBridgeRunner.run(["convert", "bad.geojson", "out.geojson"], in: dir).status == 1)
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old")
    }

    @Test("usage errors exit 64", arguments: [
        ["convert"], ["convert", "a.geojson"], ["convert", "a", "b", "c"], ["convert", "-", "out.geojson"],
        ["convert", "in.geojson", "out.xyz"], ["convert", "--precision", "99", "a.geojson", "b.geojson"],
        ["convert", "--precison", "3", "a.geojson", "b.geojson"], ["frobnicate"], ["info"],
    ])
    func usage(arguments: [String]) throws {
        let run = try MapBridgeRunner.run(arguments)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("error:"))
        #expect(run.stdout.isEmpty)
    }

    @Test("a missing input exits 66")
    func missingInput() throws {
        let run = try MapBridgeRunner.run(["convert", "/no/such/file.geojson", "/tmp/x.geojson"])
        #expect(run.status == 66)
        #expect(run.stderr.contains("/no/such/file.geojson"))
    }

    @Test("an output that cannot be created exits 73")
    func uncreatableOutput() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "/no/such/dir/out.geojson"])
        #expect(run.status == 73)
        #expect(run.stderr.contains("cannot create"))
    }

    @Test("warnings go to stderr and --quiet silences them")
    func warnings() throws {
        let text = "{\"type\": \"FeatureCollection\", \"crs\": {\"type\": \"name\", \"properties\": {\"name\": \"urn:ogc:def:crs:OGC:1.3:CRS84\"}}, \"features\": []}"
        let loud = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojson", "--to", "geojson"], stdin: Data(text.utf8))
        #expect(loud.status == 0)
        #expect(loud.stderr.contains("-:1:38: warning:"), "\(loud.stderr)")
        let quiet = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojson", "--to", "geojson", "--quiet"], stdin: Data(text.utf8))
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
    }
}
