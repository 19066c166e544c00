import Foundation
import Testing

/// libxml2 refuses a text node over 10,000,000 bytes; `--huge-xml` lifts that limit and
/// nothing else (issue 12, item 16).
@Suite("--huge-xml: text over libxml2's 10 MB limit")
struct HugeXMLTests {
    /// A KML placemark whose description is an 11 MB CDATA section.
    static func hugeCDATA() -> String {
        "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><name>big</name>\n<description><![CDATA["
            + String(repeating: "x", count: 11 << 20)
            + "]]></description><Point><coordinates>1,2</coordinates></Point></Placemark></kml>\n"
    }

    @Test("without the option: a located error that names --huge-xml, exit 1")
    func refusedWithOption() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(Self.hugeCDATA(), to: "big.kml", in: dir)
        let run = try MapBridgeRunner.run(["convert", input, dir.appendingPathComponent("out.geojson").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains(/big\.kml:\d+:\d+: error:/))
        #expect(run.stderr.contains("--huge-xml"))
        #expect(run.stderr.contains("10,000,000 bytes"))
        #expect(!run.stderr.contains("Huge input lookup"))
    }

    @Test("with --huge-xml the 11 MB CDATA is read whole")
    func readWithOption() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(Self.hugeCDATA(), to: "big.kml", in: dir)
        let output = dir.appendingPathComponent("out.geojson")
        let run = try MapBridgeRunner.run(["convert", input, output.path, "--huge-xml"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try MapBridgeRunner.json(try Data(contentsOf: output))
        let features = try #require(json["features"] as? [[String: Any]])
        let properties = try #require(features.first?["properties"] as? [String: Any])
        #expect((properties["description"] as? String)?.utf8.count == 11 << 20)
    }

    @Test("with --huge-xml a DOCTYPE entity bomb is still refused", arguments: ["kml", "gpx"])
    func entityBombStillRefused(format: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE \(format) [\n<!ENTITY lol \"lol\">\n"
        for k in 1...9 { text += "<!ENTITY lol\(k) \"" + String(repeating: "&lol\(k == 1 ? "" : String(k - 1));", count: 10) + "\">\n" }
        text += format == "kml"
            ? "]>\n<kml><Placemark><name>&lol9;</name></Placemark></kml>\n"
            : "]>\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>&lol9;</name></wpt></gpx>\n"
        let input = try MapBridgeRunner.write(text, to: "bomb.\(format)", in: dir)
        let run = try MapBridgeRunner.run(["convert", input, dir.appendingPathComponent("out.geojson").path, "--huge-xml"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("DOCTYPE"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.geojson").path))
    }
}
