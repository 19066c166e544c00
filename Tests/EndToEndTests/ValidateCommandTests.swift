import Foundation
import Testing

@Suite("validate: exit status, report shape, folders")
struct ValidateCommandTests {
    static let clean = "{\"type\": \"Point\", \"coordinates\": [1, 2]}"
    static let broken = "{\"type\": \"Polygon\", \"coordinates\": [\n [[0, 0], [1, 0], [1, 1], [0, 1]]]}"
    static let warned = "{\"type\": \"Point\", \"crs\": null, \"coordinates\": [1, 2]}"

    @Test("a clean file exits 0 with a summary")
    func clean() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.clean, to: "ok.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "ok.geojson"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
    }

    @Test("errors exit 1 and are located")
    func errors() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.broken, to: "bad.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "bad.geojson"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("bad.geojson:2:2: error: [ring-not-closed] "), "\(run.stdout)")
    }

    @Test("warnings pass unless --strict; --ignore and --severity adjust")
    func warnings() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.warned, to: "w.geojson", in: dir)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson"], in: dir).status == 0)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson", "--strict"], in: dir).status == 1)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson", "--strict", "--ignore", "crs-member"], in: dir).status == 0)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson", "--severity", "crs-member=error"], in: dir).status == 1)
    }

    @Test("json report has the documented shape, one entry per file of a folder")
    func json() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("data/sub"), withIntermediateDirectories: true)
        _ = try MapBridgeRunner.write(Self.clean, to: "data/a.geojson", in: dir)
        _ = try MapBridgeRunner.write(Self.broken, to: "data/sub/b.json", in: dir)
        _ = try MapBridgeRunner.write("not geojson", to: "data/notes.txt", in: dir)
        let run = try MapBridgeRunner.run(["validate", "data", "--format", "json"], in: dir)
        #expect(run.status == 1)
        let report = try MapBridgeRunner.json(run.stdoutData)
        #expect(report["errors"] as? Int == 1)
        #expect(report["warnings"] as? Int == 0)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["data/a.geojson", "data/sub/b.json"])
        let finding = try #require((files[1]["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["rule", "severity", "message", "line", "column", "pointer"])
        #expect(finding["pointer"] as? String == "/coordinates/0")
    }

    @Test("sarif and github formats")
    func otherFormats() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.broken, to: "bad.geojson", in: dir)
        let sarif = try MapBridgeRunner.run(["validate", "bad.geojson", "--format", "sarif"], in: dir)
        #expect(sarif.status == 1)
        #expect(try MapBridgeRunner.json(sarif.stdoutData)["version"] as? String == "2.1.0")
        let github = try MapBridgeRunner.run(["validate", "bad.geojson", "--format", "github"], in: dir)
        #expect(github.stdout.hasPrefix("::error file=bad.geojson,line=2,col=2,"), "\(github.stdout)")
    }

    @Test("usage errors exit 64, missing files 66")
    func usage() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        #expect(try MapBridgeRunner.run(["validate"], in: dir).status == 64)
        #expect(try MapBridgeRunner.run(["validate", "x.geojson", "--format", "xml"], in: dir).status == 64)
        #expect(try MapBridgeRunner.run(["validate", "x.geojson", "--ignore", "no-such-rule"], in: dir).status == 64)
        let missing = try MapBridgeRunner.run(["validate", "x.geojson"], in: dir)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("x.geojson"))
    }

    @Test("--list-rules names every rule")
    func listRules() throws {
        let run = try MapBridgeRunner.run(["validate", "--list-rules"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("ring-not-closed"))
        #expect(run.stdout.contains("excessive-precision"))
    }
}
