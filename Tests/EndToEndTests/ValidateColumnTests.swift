import Foundation
import Testing

/// A line with `é` (2 UTF-8 bytes, 1 UTF-16 unit) and `😀` (4 bytes, 2 UTF-16 units) before the
/// finding: characters, bytes and UTF-16 units all differ.
@Suite("validate: columns in characters (text, github, json), bytes (json byteColumn), UTF-16 (sarif)")
struct ValidateColumnTests {
    static let geoJSON = #"{"type": "Feature", "properties": {"n": "é😀"}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}}"# + "\n"
    static let kml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>é😀</name><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,1</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>

        """

    /// The ring-not-closed finding's 1-based columns: found by where the ring starts in the text.
    static func expected(_ text: String, at marker: String, line: Int) throws -> (characters: Int, bytes: Int, utf16: Int) {
        let lineText = String(text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1])
        let range = try #require(lineText.range(of: marker))
        let before = lineText[..<range.lowerBound]
        return (before.unicodeScalars.count + 1, before.utf8.count + 1, before.utf16.count + 1)
    }

    @Test("each format counts its unit", arguments: [
        // The ring (coordinates/0) starts at its own bracket.
        ("u.geojson", geoJSON, "[[0, 0]", 1),
        // libxml2 reports the end of the <coordinates> start tag.
        ("u.kml", kml, "0,0 1,0", 2),
    ])
    func columns(name: String, text: String, marker: String, line: Int) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(text, to: name, in: dir)
        let want = try Self.expected(text, at: marker, line: line)
        #expect(want.characters != want.bytes && want.characters != want.utf16)

        let plain = try MapBridgeRunner.run(["validate", name], in: dir)
        #expect(plain.stdout.hasPrefix("\(name):\(line):\(want.characters): error: [ring-not-closed]"), "\(plain.stdout)")

        let github = try MapBridgeRunner.run(["validate", name, "--format", "github"], in: dir)
        #expect(github.stdout.hasPrefix("::error file=\(name),line=\(line),col=\(want.characters),"), "\(github.stdout)")

        let json = try MapBridgeRunner.json(try MapBridgeRunner.run(["validate", name, "--format", "json"], in: dir).stdoutData)
        let finding = try #require(((json["files"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])?.first)
        #expect(finding["column"] as? Int == want.characters)
        #expect(finding["byteColumn"] as? Int == want.bytes)

        let sarif = try MapBridgeRunner.json(try MapBridgeRunner.run(["validate", name, "--format", "sarif"], in: dir).stdoutData)
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let physical = try #require(((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == want.utf16)
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == line)
    }

    @Test("a finding before the last one (duplicate-place after the others) is converted too")
    func backwards() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("""
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": "é😀"}, "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}}, {"type": "Feature", "properties": {"name": "é😀"}, "geometry": {"type": "Point", "coordinates": [2.3501, 48.8501]}},
            {"type": "Feature", "properties": {"x": "é"}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}}
            ]}
            """, to: "d.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "d.geojson"], in: dir)
        // The ring is reported first; feature #1 starts at byte 117 of line 2, character 113.
        #expect(run.stdout.contains("d.geojson:3:95: error: [ring-not-closed]"), "\(run.stdout)")
        #expect(run.stdout.contains("d.geojson:2:113: warning: [duplicate-place]"), "\(run.stdout)")
    }

    @Test("SARIF names files in the working directory relative to %SRCROOT%, others by file:// URI")
    func artifacts() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("work/data"), withIntermediateDirectories: true)
        _ = try MapBridgeRunner.write(Self.geoJSON, to: "work/data/in.geojson", in: dir)
        _ = try MapBridgeRunner.write(Self.geoJSON, to: "out#side.geojson", in: dir)
        let work = dir.appendingPathComponent("work")
        let absoluteInside = work.appendingPathComponent("data/in.geojson").path
        let run = try MapBridgeRunner.run(["validate", "--format", "sarif", "./data/../data/in.geojson", absoluteInside,
                                           "../out#side.geojson"], in: work)
        let sarif = try MapBridgeRunner.json(run.stdoutData)
        let log = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let root = try #require(((log["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String)
        #expect(root.hasPrefix("file:///") && root.hasSuffix("/work/"), "\(root)")
        let artifacts = try #require(log["results"] as? [[String: Any]]).compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        }
        #expect(artifacts.count == 3)
        #expect(artifacts[0]["uri"] as? String == "data/in.geojson" && artifacts[0]["uriBaseId"] as? String == "%SRCROOT%")
        #expect(artifacts[1]["uri"] as? String == "data/in.geojson" && artifacts[1]["uriBaseId"] as? String == "%SRCROOT%")
        let outside = try #require(artifacts[2]["uri"] as? String)
        #expect(outside.hasPrefix("file:///") && outside.hasSuffix("/out%23side.geojson") && artifacts[2]["uriBaseId"] == nil, "\(outside)")
    }
}
