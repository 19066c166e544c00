import Foundation
import Testing

/// `validate -` reads standard input, tells its format from the first bytes (or `--from`) and
/// names it `-` in findings.
@Suite("validate: standard input")
struct ValidateStandardInputTests {
    static let broken = "{\"type\": \"Point\", \"coordinates\": [1]}"
    static let clean = "{\"type\": \"Point\", \"coordinates\": [1, 2]}"
    static let badKML = "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><Point><coordinates>1,200</coordinates></Point></Placemark></kml>"

    private func validate(_ input: String, _ extra: [String] = []) throws -> Run {
        try MapBridgeRunner.run(["validate", "-"] + extra, stdin: Data(input.utf8))
    }

    @Test("GeoJSON piped in: a finding on '-', exit 1; clean input exits 0")
    func geoJSON() throws {
        let run = try validate(Self.broken)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout == "-:1:34: error: [position-size] a position needs at least 2 numbers (longitude, latitude), this one has 1\n1 file checked: 1 error, 0 warnings, 0 notes\n", "\(run.stdout)")
        let clean = try validate(Self.clean)
        #expect(clean.status == 0 && clean.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n", "\(clean.stdout)\(clean.stderr)")
    }

    @Test("columns count characters, as for a file (standard input is read again from its copy)")
    func columns() throws {
        let run = try validate("{\"type\": \"Feature\", \"properties\": {\"n\": \"éé\"}, \"geometry\": {\"type\": \"Point\", \"coordinates\": [1]}}")
        #expect(run.stdout.hasPrefix("-:1:93: error: [position-size]"), "\(run.stdout)")
    }

    @Test("KML piped in is told by its '<'")
    func kml() throws {
        let run = try validate("\n  " + Self.badKML)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("-:2:") && run.stdout.contains("[lat-out-of-range]"), "\(run.stdout)")
        let sarif = try validate(Self.badKML, ["--format", "sarif"])
        #expect(sarif.stdout.contains("\"artifactLocation\":{\"uri\":\"-\"}"), "\(sarif.stdout)")
    }

    @Test("a KMZ piped in is told by its zip signature")
    func kmz() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let kml = try MapBridgeRunner.write("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></kml>", to: "a.kml", in: dir)
        let kmz = dir.appendingPathComponent("a.kmz").path
        #expect(try MapBridgeRunner.run(["convert", kml, kmz]).status == 0)
        let run = try MapBridgeRunner.run(["validate", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: kmz)))
        #expect(run.status == 0 && run.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n", "\(run.stdout)\(run.stderr)")
    }

    @Test("sequences: RS-prefixed and one object a line are checked text by text")
    func sequences() throws {
        let ndjson = try validate(Self.clean + "\n" + Self.broken + "\n")
        #expect(ndjson.status == 1)
        #expect(ndjson.stdout.hasPrefix("-:2:34: error: [position-size]"), "\(ndjson.stdout)")
        let rs = try validate("\u{1E}" + Self.clean + "\n\u{1E}" + Self.broken + "\n")
        #expect(rs.stdout.hasPrefix("-:2:35: error: [position-size]"), "\(rs.stdout)")
        // A pretty-printed single object is one GeoJSON text.
        let pretty = try validate("{\n  \"type\": \"Point\",\n  \"coordinates\": [1, 2]\n}\n")
        #expect(pretty.status == 0, "\(pretty.stdout)")
    }

    @Test("--from overrides the sniffing, and is checked")
    func from() throws {
        // Two lines read as one GeoJSON text: data after its end.
        let single = try validate(Self.clean + "\n" + Self.clean + "\n", ["--from", "geojson"])
        #expect(single.status == 1 && single.stdout.contains("[json-syntax]"), "\(single.stdout)")
        let lines = try validate(Self.clean + "\n" + Self.clean + "\n", ["--from", "geojsonl"])
        #expect(lines.status == 0, "\(lines.stdout)")
        let kml = try validate(Self.badKML, ["--from", "kml"])
        #expect(kml.status == 1 && kml.stdout.contains("[lat-out-of-range]"))
        #expect(try validate(Self.clean, ["--from", "csv"]).status == 64)
        #expect(try validate(Self.clean, ["--from", "nonsense"]).status == 64)
        #expect(try MapBridgeRunner.run(["validate", "a.geojson", "--from", "kml"]).status == 64)
        #expect(try MapBridgeRunner.run(["validate", "-", "-"], stdin: Data()).status == 64)
    }

    @Test("standard input longer than --max-spool exits 66 and leaves no file")
    func spoolBound() throws {
        let run = try validate(String(repeating: " ", count: 5000) + Self.clean, ["--max-spool", "1KB"])
        #expect(run.status == 66)
        #expect(run.stderr.contains("--max-spool"), "\(run.stderr)")
    }
}
