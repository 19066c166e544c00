import Foundation
import Testing

@Suite("mapbridge dedupe and validate's duplicate-place rule")
struct DedupeCommandTests {
    /// Zürich twice 13 m apart (the second has more properties), São Paulo twice 15 m apart
    /// (as many properties each, so the first survives), a Zurich far away, a line named Zurich, an unnamed point.
    static let places = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"Zürich","iata":"ZRH"},"geometry":{"type":"Point","coordinates":[8.5417,47.3769]}},
        {"type":"Feature","properties":{"name":"ZURICH","pop":400000,"canton":"ZH"},"geometry":{"type":"Point","coordinates":[8.5418,47.3770]}},
        {"type":"Feature","properties":{"name":"São Paulo","elev":760},"geometry":{"type":"Point","coordinates":[-46.63,-23.55]}},
        {"type":"Feature","properties":{"name":"Sao  Paulo.","elev":761},"geometry":{"type":"Point","coordinates":[-46.6301,-23.5501]}},
        {"type":"Feature","properties":{"name":"Zurich"},"geometry":{"type":"Point","coordinates":[-80,40]}},
        {"type":"Feature","properties":{"name":"Zurich"},"geometry":{"type":"LineString","coordinates":[[8.5417,47.3769],[8.5418,47.3770]]}},
        {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[8.5417,47.3769]}}
        ]}
        """

    static func names(_ features: [[String: Any]]) -> [String?] {
        features.map { ($0["properties"] as? [String: Any])?["name"] as? String }
    }

    @Test("one feature per cluster, the survivor merged, the rest unchanged in order; report as JSON")
    func dedupeWithReport() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.places, to: "places.geojson", in: dir)
        let output = dir.appendingPathComponent("unique.geojson").path
        let reportPath = dir.appendingPathComponent("report.json").path
        let run = try MapBridgeRunner.run(["dedupe", input, output, "--report", reportPath])
        #expect(run.status == 0)
        #expect(run.stderr.contains("5 places, 2 clusters, 2 features merged"))
        let features = try #require(try MapBridgeRunner.json(atPath: output)["features"] as? [[String: Any]])
        #expect(Self.names(features) == ["ZURICH", "São Paulo", "Zurich", "Zurich", nil])
        let zurich = try #require(features[0]["properties"] as? [String: Any])
        #expect(zurich["iata"] as? String == "ZRH")
        #expect(zurich["pop"] as? Int == 400000)
        #expect((features[1]["properties"] as? [String: Any])?["elev"] as? Int == 760)

        let report = try MapBridgeRunner.json(atPath: reportPath)
        #expect(report["clusters"] as? Int == 2 && report["merged"] as? Int == 2 && report["places"] as? Int == 5)
        let list = try #require(report["clusterList"] as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["zurich", "sao paulo"])
        #expect(list[0]["survivor"] as? Int == 1)
        let members = try #require(list[0]["members"] as? [[String: Any]])
        #expect(members.map { $0["index"] as? Int } == [0, 1])
        #expect(members[0]["name"] as? String == "Zürich")
        #expect(members[0]["location"] as? String == "\(input):2:1")
        let spread = try #require(list[0]["spread"] as? Double)
        #expect(spread > 10 && spread < 20)
        let added = try #require(list[0]["added"] as? [[String: Any]])
        #expect(added.map { $0["key"] as? String } == ["iata"] && added.first?["from"] as? Int == 0)
        let conflicts = try #require(list[1]["conflicts"] as? [[String: Any]])
        #expect(conflicts.contains { $0["key"] as? String == "elev" && $0["kept"] as? Int == 760 && $0["dropped"] as? Int == 761 })
    }

    @Test("--within widens the net; without --report the clusters are listed on standard error")
    func withinAndText() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.places, to: "places.geojson", in: dir)
        let output = dir.appendingPathComponent("out.geojson").path
        let tight = try MapBridgeRunner.run(["dedupe", input, output, "--within", "5m"])
        #expect(tight.status == 0)
        #expect(tight.stderr.contains("5 places, 0 clusters, 0 features merged"))
        let wide = try MapBridgeRunner.run(["dedupe", input, output, "--within", "10000km"])
        #expect(wide.status == 0)
        #expect(wide.stderr.contains("cluster \"zurich\": kept #1 \"ZURICH\" (\(input):3:1); merged #0"))
        #expect(wide.stderr.contains("#4 \"Zurich\""))
        #expect(wide.stderr.contains("5 places, 2 clusters, 3 features merged"))
        let features = try #require(try MapBridgeRunner.json(atPath: output)["features"] as? [[String: Any]])
        #expect(features.count == 4)
    }

    @Test("--name-property compares another property: codes, numbers too")
    func nameProperty() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write("""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"Kennedy","code":"JFK","n":7},"geometry":{"type":"Point","coordinates":[-73.7789,40.6398]}},
            {"type":"Feature","properties":{"name":"New York JFK","code":"jfk","n":7},"geometry":{"type":"Point","coordinates":[-73.7790,40.6399]}},
            {"type":"Feature","properties":{"name":"Kennedy","code":"JFK2","n":8},"geometry":{"type":"Point","coordinates":[-73.7789,40.6398]}}
            ]}
            """, to: "codes.geojson", in: dir)
        let output = dir.appendingPathComponent("out.geojson").path
        let byCode = try MapBridgeRunner.run(["dedupe", input, output, "--name-property", "code"])
        #expect(byCode.stderr.contains("cluster \"jfk\": kept #0 \"JFK\""))
        #expect(byCode.stderr.contains("3 places, 1 cluster, 1 feature merged"))
        let byNumber = try MapBridgeRunner.run(["dedupe", input, output, "--name-property", "n"])
        #expect(byNumber.stderr.contains("cluster \"7\": kept #0"))
        let byName = try MapBridgeRunner.run(["dedupe", input, output])
        #expect(byName.stderr.contains("cluster \"kennedy\": kept #0 \"Kennedy\""))
        #expect(byName.stderr.contains("merged #2"))
    }

    @Test("standard input to standard output, other formats")
    func stdinAndFormats() throws {
        let run = try MapBridgeRunner.run(["dedupe", "-", "-", "--from", "geojson", "--to", "csv", "--quiet"],
                                          stdin: Data(Self.places.utf8))
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let rows = run.stdout.split(separator: "\n")
        #expect(rows.count == 1 + 5)
        #expect(rows.contains { $0.contains("ZURICH") } && !rows.contains { $0.contains("Zürich") }
                && !rows.contains { $0.contains("Sao  Paulo.") })
    }

    @Test("KML in, GeoJSON out: placemarks by name, locations from the KML")
    func kml() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><name>Kraków Główny</name><Point><coordinates>19.9474,50.0677</coordinates></Point></Placemark>
            <Placemark><name>Krakow-Glowny</name><Point><coordinates>19.9475,50.0678</coordinates></Point></Placemark>
            <Placemark><name>Krakow Glowny</name><Point><coordinates>19.0,50.0</coordinates></Point></Placemark>
            </Document></kml>
            """, to: "stations.kml", in: dir)
        let output = dir.appendingPathComponent("unique.geojson").path
        let run = try MapBridgeRunner.run(["dedupe", input, output, "--report", "-"])
        #expect(run.status == 0)
        let report = try MapBridgeRunner.json(run.stdoutData)
        let list = try #require(report["clusterList"] as? [[String: Any]])
        #expect(list.count == 1 && list.first?["name"] as? String == "krakow glowny")
        let members = try #require(list.first?["members"] as? [[String: Any]])
        #expect(members.map { $0["index"] as? Int } == [0, 1])
        #expect((members.last?["location"] as? String)?.hasPrefix("\(input):4:") == true)
        let features = try #require(try MapBridgeRunner.json(atPath: output)["features"] as? [[String: Any]])
        #expect(features.count == 2)
    }

    @Test("bad input: file:line:col, exit 1, no output and no report")
    func badInput() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write("{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,2]}},\n{\"type\":\"Feature\" \"x\"}]}\n",
                                              to: "bad.geojson", in: dir)
        let output = dir.appendingPathComponent("out.geojson").path
        let reportPath = dir.appendingPathComponent("report.json").path
        let run = try MapBridgeRunner.run(["dedupe", input, output, "--report", reportPath])
        #expect(run.status == 1)
        #expect(run.stderr.contains("bad.geojson:3:"))
        #expect(run.stderr.contains("error:"))
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(!FileManager.default.fileExists(atPath: reportPath))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(leftovers == ["bad.geojson"])
    }

    @Test("usage errors: missing output, bad --within, missing input")
    func usage() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.places, to: "places.geojson", in: dir)
        #expect(try MapBridgeRunner.run(["dedupe", input]).status == 64)
        let bad = try MapBridgeRunner.run(["dedupe", input, dir.appendingPathComponent("o.geojson").path, "--within", "near"])
        #expect(bad.status == 64 && bad.stderr.contains("--within"))
        #expect(try MapBridgeRunner.run(["dedupe", "-", "-", "--from", "geojson", "--report", "-"]).status == 64)
        let missing = try MapBridgeRunner.run(["dedupe", dir.appendingPathComponent("none.geojson").path,
                                               dir.appendingPathComponent("o.geojson").path])
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.geojson").path))
    }

    @Test("validate reports duplicate-place at the later duplicate, as a warning (exit 0)")
    func validateRule() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.places, to: "places.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", input])
        #expect(run.status == 0)
        #expect(run.stdout.contains("places.geojson:3:1: warning: [duplicate-place] \"ZURICH\" (feature #1) is the same place as \"Zürich\" (feature #0) at line 2, column 1, 13 m away"))
        #expect(run.stdout.contains("places.geojson:5:1: warning: [duplicate-place]"))
        let strict = try MapBridgeRunner.run(["validate", input, "--strict"])
        #expect(strict.status == 1)
        let wide = try MapBridgeRunner.run(["validate", input, "--duplicate-within", "10000km"])
        #expect(wide.stdout.contains("places.geojson:6:1: warning: [duplicate-place]"))
        let ignored = try MapBridgeRunner.run(["validate", input, "--ignore", "duplicate-place"])
        #expect(!ignored.stdout.contains("duplicate-place"))
        let json = try MapBridgeRunner.run(["validate", input, "--format", "json"])
        let files = try #require(try MapBridgeRunner.json(json.stdoutData)["files"] as? [[String: Any]])
        let findings = try #require(files.first?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["pointer"] as? String } == ["/features/1", "/features/3"])
        #expect(findings.map { $0["line"] as? Int } == [3, 5])
        // A file with errors the reader gets past is still checked for duplicates.
        let broken = try MapBridgeRunner.write(Self.places.replacingOccurrences(of: "[-80,40]", with: "[-80,95]"),
                                               to: "broken.geojson", in: dir)
        let withErrors = try MapBridgeRunner.run(["validate", broken])
        #expect(withErrors.status == 1)
        #expect(withErrors.stdout.contains("lat-out-of-range") && withErrors.stdout.contains("warning: [duplicate-place]"), "\(withErrors.stdout)")
        let rules = try MapBridgeRunner.run(["validate", "--list-rules"])
        #expect(rules.stdout.contains("duplicate-place"))
    }

    @Test("standard error stays short: 5 members a cluster, then how many more; 20 clusters, then how many more")
    func boundedText() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        func point(_ name: String, _ lon: Double) -> String {
            #"{"type":"Feature","properties":{"name":"\#(name)"},"geometry":{"type":"Point","coordinates":[\#(lon),0]}}"#
        }
        let big = (0..<2_000).map { _ in point("Same", 1) }
        _ = try MapBridgeRunner.write(#"{"type":"FeatureCollection","features":["# + big.joined(separator: ",\n") + "]}", to: "one.geojson", in: dir)
        let run = try MapBridgeRunner.run(["dedupe", "one.geojson", "out.geojson"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrData.count < 1_000, "\(run.stderrData.count) bytes")
        #expect(run.stderr.contains(#"merged #1 "Same" (one.geojson:2:1, 0 m), #2 "#), "\(run.stderr)")
        #expect(run.stderr.contains(", … and 1994 more\n"), "\(run.stderr)")
        #expect(run.stderr.contains("2000 places, 1 cluster, 1999 features merged"))

        let pairs = (0..<100).flatMap { i in [point("P\(i)", Double(i)), point("P\(i)", Double(i))] }
        let many = try MapBridgeRunner.write(#"{"type":"FeatureCollection","features":["# + pairs.joined(separator: ",\n") + "]}", to: "many.geojson", in: dir)
        let manyRun = try MapBridgeRunner.run(["dedupe", many, "out.geojson"], in: dir)
        #expect(manyRun.status == 0, "\(manyRun.stderr)")
        let lines = manyRun.stderr.split(separator: "\n")
        #expect(lines.count == 22, "\(manyRun.stderr)")
        #expect(lines.dropLast().last == "dedupe: … and 80 more clusters (see --report FILE)")
    }
}
