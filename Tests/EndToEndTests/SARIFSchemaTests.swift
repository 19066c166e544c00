import Foundation
import Testing

/// `validate --format sarif` output checked against the OASIS SARIF 2.1.0 JSON schema
/// (schemas/sarif-schema-2.1.0.json) by Python's jsonschema, formats included, so a URI that is
/// not a URI reference (`a#b#c`) fails as well as a missing or misplaced member.
@Suite("validate --format sarif: the output conforms to the OASIS SARIF 2.1.0 schema")
struct SARIFSchemaTests {
    @Test("a report with no findings at all")
    func noFindings() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try MapBridgeRunner.write(#"{"type": "Point", "coordinates": [2.35, 48.85]}"#, to: "ok.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", dir.path, "--format", "sarif"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let log = try MapBridgeRunner.json(run.stdoutData)
        let results = (log["runs"] as? [[String: Any]])?.first?["results"] as? [Any]
        #expect(results?.isEmpty == true, "\(run.stdout)")
        try SARIFSchema.expectValid(run.stdoutData)
    }

    @Test("findings in GeoJSON and KML, a file named with '#', a duplicate place; paths inside and outside the working directory",
          arguments: [true, false])
    func findings(insideWorkingDirectory: Bool) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let elsewhere = try MapBridgeRunner.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        _ = try MapBridgeRunner.write("""
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": "é"}, "geometry": {"type": "Point", "coordinates": [181.5, 10]}}
            ]}
            """, to: "lon.geojson", in: dir)
        _ = try MapBridgeRunner.write("""
            <?xml version="1.0"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><name>a</name><Bogus/><Point><coordinates>1,2</coordinates></Point></Placemark>
            </Document></kml>
            """, to: "bad.kml", in: dir)
        _ = try MapBridgeRunner.write(#"{"type": "Point", "coordinates": [1, 2, 3, 4]}"#, to: "a#b ü.geojson", in: dir)
        _ = try MapBridgeRunner.write("""
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": "Café"}, "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}},
            {"type": "Feature", "properties": {"name": "Café"}, "geometry": {"type": "Point", "coordinates": [2.3501, 48.8501]}}
            ]}
            """, to: "dup.geojson", in: dir)
        // Inside: URIs relative to %SRCROOT%. Outside: absolute file:// URIs with no base.
        let run = try MapBridgeRunner.run(["validate", insideWorkingDirectory ? "." : dir.path, "--format", "sarif"],
                                          in: insideWorkingDirectory ? dir : elsewhere)
        #expect(run.status == 1, "\(run.stderr)")
        let log = try MapBridgeRunner.json(run.stdoutData)
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let rules = Set(results.compactMap { $0["ruleId"] as? String })
        #expect(rules == ["lon-out-of-range", "kml-schema", "position-size", "duplicate-place"], "\(run.stdout)")
        let uris = results.compactMap {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: Any])?["uri"] as? String
        }
        #expect(uris.contains { $0.hasSuffix("a%23b%20%C3%BC.geojson") }, "\(uris)")
        try SARIFSchema.expectValid(run.stdoutData)
    }
}

/// Runs the schema check in Python (jsonschema's Draft7Validator and its format checker).
enum SARIFSchema {
    static let schema = MapBridgeRunner.packageRoot.appendingPathComponent("schemas/sarif-schema-2.1.0.json")

    /// Prints a JSON array of every schema error (`/runs/0/results/3/...: message`); exits 0 when
    /// there are none, 1 when there are, 3 when this Python cannot check (no jsonschema, or no
    /// URI format checking because rfc3987 is missing).
    static let script = #"""
        import json, sys
        def unable(why):
            print(why, file=sys.stderr)
            sys.exit(3)
        try:
            import jsonschema
        except ImportError:
            unable("no jsonschema module for " + sys.executable)
        checker = getattr(jsonschema.Draft7Validator, "FORMAT_CHECKER", None) or jsonschema.FormatChecker()
        if "uri-reference" not in checker.checkers:
            unable("jsonschema for " + sys.executable + " cannot check the 'uri-reference' format (needs rfc3987)")
        with open(sys.argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        with open(sys.argv[2], encoding="utf-8") as f:
            log = json.load(f)
        jsonschema.Draft7Validator.check_schema(schema)
        validator = jsonschema.Draft7Validator(schema, format_checker=checker)
        errors = ["/" + "/".join(str(p) for p in e.absolute_path) + ": " + e.message
                  for e in validator.iter_errors(log)]
        print(json.dumps(errors))
        sys.exit(1 if errors else 0)
        """#

    /// Where to look for Python: Debian's own first (the one `python3-jsonschema` serves), then `$PATH`.
    static var interpreters: [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = path.split(separator: ":").map { "\($0)/python3" }
        var seen = Set<String>()
        return (["/usr/bin/python3"] + found).filter { FileManager.default.isExecutableFile(atPath: $0) && seen.insert($0).inserted }
    }

    /// Expects `sarif` to pass the schema, listing every error when it does not; records an issue
    /// saying to run `make deps` when no Python here can check it (a failure, never a skip).
    static func expectValid(_ sarif: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(FileManager.default.fileExists(atPath: schema.path), "missing \(schema.path)", sourceLocation: sourceLocation)
        let scratch = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let report = scratch.appendingPathComponent("report.sarif")
        try sarif.write(to: report)
        var unable: [String] = []
        for python in interpreters {
            let result = try MapBridgeRunner.run(URL(fileURLWithPath: python), ["-c", script, schema.path, report.path], in: scratch)
            if result.status == 3 {
                unable.append("\(python): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
                continue
            }
            let errors = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String]
            #expect(result.status == 0, "python exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(errors == [], "SARIF schema errors:\n\((errors ?? [result.stdout]).joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
            return
        }
        Issue.record("""
            no python3 with jsonschema (and rfc3987, for URI formats) to check SARIF against \(schema.lastPathComponent): \
            run 'make deps' (Debian packages python3-jsonschema python3-rfc3987). \
            Tried: \(unable.isEmpty ? "no python3 found" : unable.joined(separator: "; "))
            """, sourceLocation: sourceLocation)
    }
}
