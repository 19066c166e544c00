import Foundation
import Testing

/// Newline-delimited GeoJSON and GeoJSON text sequences with `--threads 2` are cut into chunks
/// (`--chunk-bytes`) that both threads parse at once: the output, standard error and exit
/// status are those of `--threads 1`, byte for byte.
@Suite("--threads 2 on GeoJSON lines and sequences: chunks parsed at once, the same bytes and reports")
struct ChunkedThreadsTests {
    /// `count` features one a line: every 13th without geometry, every 17th unreadable (left
    /// out), every 19th with a repeated member, every 23rd out of range; `separator` ends each.
    static func lines(_ count: Int, from start: Int = 0, separator: String = "\n", prefix: String = "") -> String {
        var text = ""
        for i in start..<(start + count) {
            text += prefix
            if i % 13 == 12 {
                text += #"{"type":"Feature","properties":{"name":"no geometry \#(i)"}}"#
            } else if i % 17 == 16 {
                text += #"{"type":"Feature","geometry":{"type":"Blob"},"properties":{"n":\#(i)}}"#
            } else {
                let lon = i % 23 == 22 ? "912345.5" : "\(Double(i % 360) - 179.5)"
                let repeated = i % 19 == 18 ? #","n":0"# : ""
                text += #"{"type":"Feature","id":"f\#(i)","geometry":{"type":"Point","coordinates":[\#(lon),\#(Double(i % 170) - 85.25)]},"properties":{"name":"p\#(i)","n":\#(i)\#(repeated),"tag":"t\#(i % 7)"}}"#
            }
            text += separator
        }
        return text
    }

    static func expectSame(_ text: String, ext: String = "geojsonl", to outputs: [String] = ["geojson", "kml", "csv"],
                           chunkBytes: String = "700", status: Int32 = 0,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> [Run]
    {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(text, to: "in.\(ext)", in: dir)
        var runs: [Run] = []
        for out in outputs {
            let output = dir.appendingPathComponent("out.\(out)").path
            let run = try ThreadsTests.expectSame(["convert", input, output, "--chunk-bytes", chunkBytes], output: output,
                                                  sourceLocation: sourceLocation)
            #expect(run.status == status, "\(out): \(run.stderr)", sourceLocation: sourceLocation)
            runs.append(run)
            try? FileManager.default.removeItem(atPath: output)
        }
        return runs
    }

    @Test("many records with warnings, in chunks of 700 bytes and of the default 1 MiB")
    func manyRecords() throws {
        let runs = try Self.expectSame(Self.lines(3_000))
        #expect(runs[0].stderr.contains("objects that could not be read were left out"))
        #expect(runs[0].stderr.contains("more warnings like the last one follow"))
        #expect(runs[0].stderr.contains("outside longitude"))
        _ = try Self.expectSame(Self.lines(12_000), to: ["geojson"], chunkBytes: "1MB")
    }

    @Test("standard input is read in chunks too")
    func standardInput() throws {
        let text = Data(Self.lines(2_000).utf8)
        let run = try ThreadsTests.expectSame(["convert", "-", "-", "--from", "geojsonl", "--to", "kml", "--chunk-bytes", "500"],
                                              stdin: text)
        #expect(run.status == 0)
    }

    @Test("an error in a late chunk: the first in input order, at its line and column, and no output file")
    func lateError() throws {
        let text = Self.lines(1_800) + #"{"type":"Feature","geometry":null,"properties":{"a":tru}}"# + "\n"
            + #"{"type":"Feature","geometry":null,"properties":{"b":"#  + "\n" + Self.lines(400, from: 1_802)
        let runs = try Self.expectSame(text, to: ["geojson", "kml"], status: 1)
        #expect(runs[0].stderr.contains("in.geojsonl:1801:"))
    }

    @Test("CRLF lines and blank lines")
    func lineEndings() throws {
        _ = try Self.expectSame(Self.lines(1_500, separator: "\r\n"), to: ["geojson", "kml"])
        _ = try Self.expectSame("\n\n" + Self.lines(1_000, separator: "\n\n \n\r\n") + String(repeating: "\n", count: 2_000),
                                to: ["geojson", "kml"])
    }

    @Test("a record larger than a chunk, and records that span lines")
    func largeRecords() throws {
        let coordinates = (0..<5_000).map { "[\(Double($0) / 100),\(Double($0 % 80) / 7)]" }.joined(separator: ",")
        let big = #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[\#(coordinates)]},"properties":{"name":"long"}}"#
        _ = try Self.expectSame(Self.lines(500) + big + "\n" + Self.lines(500, from: 500), to: ["geojson", "kml"])
        let pretty = "{\n  \"type\": \"Feature\",\n  \"geometry\": null,\n  \"properties\": {\"k\": 1}\n}\n"
        _ = try Self.expectSame(Self.lines(500) + pretty + Self.lines(500, from: 500), to: ["geojson", "kml"])
    }

    @Test("GeoJSON text sequences")
    func sequences() throws {
        _ = try Self.expectSame(Self.lines(2_000, prefix: "\u{1E}"), ext: "geojsons")
    }

    @Test("--chunk-bytes takes a size of 1 byte or more")
    func chunkBytesOption() throws {
        let run = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojsonl", "--to", "geojson", "--chunk-bytes", "0"],
                                          stdin: Data(Self.lines(3).utf8))
        #expect(run.status == 64)
        #expect(run.stderr.contains("--chunk-bytes"))
    }
}
