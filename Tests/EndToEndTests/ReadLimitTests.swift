import Foundation
import Testing

/// One record (a feature, a CSV row, a coordinate tuple, an XML text) is bounded while
/// reading, each limit with an option that names it (issue 12, item 13).
@Suite("Reading limits: --max-feature-bytes, --max-vertices, --max-keys")
struct ReadLimitTests {
    /// One input over one limit.
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var text: String
        var option: String
        var value: String
        /// Where the error must point: `file:line:`.
        var line: Int
        var testDescription: String { "\(file) \(option) \(value)" }
    }

    static let twenty = (0..<20).map(String.init)
    static let positions = twenty.map { "[\($0),1]" }.joined(separator: ",")
    static let kmlPositions = twenty.map { "\($0),1" }.joined(separator: " ")

    static let cases: [Case] = [
        Case(file: "row.csv", text: "name,lat,lon\na,1,2" + String(repeating: ",", count: 20) + "\n", option: "--max-keys", value: "10", line: 2),
        Case(file: "row.csv", text: "name,lat,lon\n\"" + String(repeating: "x", count: 2000) + "\",1,2\n", option: "--max-feature-bytes", value: "1000", line: 2),
        Case(file: "keys.geojson", text: "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"geometry\":null,\"properties\":{"
             + twenty.map { "\"k\($0)\":1" }.joined(separator: ",") + "}}]}\n", option: "--max-keys", value: "10", line: 2),
        Case(file: "line.geojson", text: "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"LineString\",\"coordinates\":["
             + positions + "]}}]}\n", option: "--max-vertices", value: "10", line: 2),
        Case(file: "long.geojson", text: "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{\"a\":\""
             + String(repeating: "x", count: 2000) + "\",\"b\":1},\"geometry\":null}]}\n", option: "--max-feature-bytes", value: "1000", line: 2),
        Case(file: "tuple.kml", text: "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark>\n<Point><coordinates>1"
             + String(repeating: ",1", count: 2000) + "</coordinates></Point></Placemark></kml>\n", option: "--max-feature-bytes", value: "1000", line: 2),
        Case(file: "line.kml", text: "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark>\n<LineString><coordinates>"
             + kmlPositions + "</coordinates></LineString></Placemark></kml>\n", option: "--max-vertices", value: "10", line: 2),
        Case(file: "data.kml", text: "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><ExtendedData>\n"
             + twenty.map { "<Data name=\"k\($0)\"><value>1</value></Data>" }.joined() + "</ExtendedData></Placemark></kml>\n",
             option: "--max-keys", value: "10", line: 2),
        Case(file: "track.gpx", text: "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
             + twenty.map { "<trkpt lat=\"1\" lon=\"\($0)\"/>" }.joined() + "</trkseg></trk></gpx>\n", option: "--max-vertices", value: "10", line: 2),
        Case(file: "desc.gpx", text: "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"1\" lon=\"2\">\n<desc>"
             + String(repeating: "x", count: 2000) + "</desc></wpt></gpx>\n", option: "--max-feature-bytes", value: "1000", line: 2),
    ]

    @Test("past the limit: exit 1, located, naming the option", arguments: cases)
    func overLimit(_ c: Case) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(c.text, to: c.file, in: dir)
        let output = dir.appendingPathComponent("out.geojson").path
        let run = try MapBridgeRunner.run(["convert", input, output, c.option, c.value])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("\(c.file):\(c.line):"), "\(run.stderr)")
        #expect(run.stderr.contains("the limit is \(c.value); \(c.option) N raises it"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("within the default limits the same files convert", arguments: cases)
    func withinDefaults(_ c: Case) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(c.text, to: c.file, in: dir)
        let run = try MapBridgeRunner.run(["convert", input, dir.appendingPathComponent("out.geojson").path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("a limit that is not a positive whole number is a usage error", arguments: ["0", "-1", "many"])
    func badValue(_ value: String) throws {
        let run = try MapBridgeRunner.run(["info", MapBridgeRunner.sample("airports.geojson"), "--max-vertices", value])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--max-vertices"))
    }
}
