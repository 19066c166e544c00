import Foundation
import MapBridgeZip
import Testing

/// `--threads 2` parses on one thread while the other transforms and writes: what comes out,
/// on standard output, in the file and on standard error, must be what `--threads 1` gives.
@Suite("--threads: two threads write what one writes, in the same order, failing the same way")
struct ThreadsTests {
    /// A collection of `count` points (more than one batch of 256), every 97th with an id KML
    /// cannot hold (a writer warning) and every 89th unreadable (a reader warning).
    static func collection(_ count: Int, tail: String = "]}") -> String {
        var text = #"{"type":"FeatureCollection","name":"many","features":["# + "\n"
        for i in 0..<count {
            if i > 0 { text += ",\n" }
            if i % 89 == 88 {
                text += #"{"type":"Feature","geometry":{"type":"Hexagon"},"properties":{}}"#
                continue
            }
            let id = i % 97 == 96 ? #""id":"\#(i)","# : ""
            text += #"{"type":"Feature",\#(id)"geometry":{"type":"Point","coordinates":[\#(Double(i % 360) - 179.5),\#(Double(i % 170) - 85.25)]},"properties":{"name":"p\#(i)","n":\#(i),"tag":"t\#(i % 7)"}}"#
        }
        return text + "\n" + tail
    }

    /// `collection(count)` converted to KML, with `last` put at the end of its Document.
    static func kml(_ count: Int, endingWith last: String) throws -> String {
        let kml = try MapBridgeRunner.run(["convert", "-", "-", "--from", "geojson", "--to", "kml", "--quiet"],
                                          stdin: Data(collection(count).utf8))
        var text = kml.stdout
        let cut = try #require(text.range(of: "</Document>"))
        text.replaceSubrange(cut, with: last + "</Document>")
        return text
    }

    /// Runs `arguments` with `--threads 1` and `--threads 2` and checks both exit, print and
    /// write the same; returns the one-thread run.
    @discardableResult
    static func expectSame(_ arguments: [String], output: String? = nil, stdin: Data? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> Run
    {
        func contents() throws -> Data? {
            guard let output, FileManager.default.fileExists(atPath: output) else { return nil }
            if output.hasSuffix(".kmz") {
                let archive = try ZipArchiveReader(path: output)
                return try archive.entry(named: "doc.kml").map { Data(try archive.contents(of: $0)) }
            }
            return try Data(contentsOf: URL(fileURLWithPath: output))
        }
        let one = try MapBridgeRunner.run(arguments + ["--threads", "1"], stdin: stdin)
        let oneFile = try contents()
        if let output { try? FileManager.default.removeItem(atPath: output) }
        let two = try MapBridgeRunner.run(arguments + ["--threads", "2"], stdin: stdin)
        let twoFile = try contents()
        #expect(one.status == two.status, "exit status", sourceLocation: sourceLocation)
        #expect(one.stdoutData == two.stdoutData, "standard output", sourceLocation: sourceLocation)
        #expect(one.stderr == two.stderr, "standard error", sourceLocation: sourceLocation)
        #expect(oneFile == twoFile, "output file", sourceLocation: sourceLocation)
        return one
    }

    static let outputs = ["geojson", "geojsons", "geojsonl", "kml", "kmz", "csv", "gpx", "svg"]

    @Test("every readable input to every output: the same bytes and reports", arguments: [
        "airports.geojson", "airports.geojsons", "hubs-and-routes.kml", "taxi-jfk.gpx", "airports.csv",
        "flight-jfk-sin.geojson",
    ])
    func samples(input: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for ext in Self.outputs {
            let output = dir.appendingPathComponent("out.\(ext)").path
            let run = try Self.expectSame(["convert", MapBridgeRunner.sample(input), output], output: output)
            #expect(run.status == 0, "\(input) -> \(ext): \(run.stderr)")
            try? FileManager.default.removeItem(atPath: output)
        }
    }

    @Test("many batches, with reader and writer warnings interleaved, to every output and standard output")
    func manyBatches() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(Self.collection(2_000), to: "in.geojson", in: dir)
        for ext in Self.outputs {
            let output = dir.appendingPathComponent("out.\(ext)").path
            let run = try Self.expectSame(["convert", input, output], output: output)
            #expect(run.status == 0)
            try? FileManager.default.removeItem(atPath: output)
        }
        let toStdout = try Self.expectSame(["convert", input, "-", "--to", "kml"])
        // The reader's warning about feature 89 comes before the writer's about feature 97,
        // which comes before the reader's about feature 178.
        let lines = toStdout.stderr.split(separator: "\n").map(String.init)
        let skipped = lines.indices.filter { lines[$0].contains("skipped") || lines[$0].contains("Hexagon") }
        let ids = lines.indices.filter { lines[$0].contains("KML id") }
        #expect(skipped.count >= 2 && !ids.isEmpty)
        if skipped.count >= 2, let firstID = ids.first { #expect(skipped[0] < firstID && firstID < skipped[1]) }
    }

    @Test("standard input, and the commands that read then write (densify, dedupe)")
    func standardInputAndCommands() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = Self.collection(1_000)
        try Self.expectSame(["convert", "-", "-", "--from", "geojson", "--to", "kml"], stdin: Data(text.utf8))
        let kml = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("hubs-and-routes.kml"), "-", "--to", "kml"])
        try Self.expectSame(["convert", "-", "-", "--from", "kml", "--to", "geojson"], stdin: kml.stdoutData)
        let input = try MapBridgeRunner.write(text, to: "in.geojson", in: dir)
        try Self.expectSame(["densify", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "geojson", "--max-segment", "50km"])
        let deduped = try Self.expectSame(["dedupe", input, "-", "--to", "geojson", "--within", "1km"])
        #expect(deduped.status == 0)
    }

    @Test("an error mid-file: the same message and exit status, and no output file", arguments: ["kml", "geojson", "kmz"])
    func errorMidFile(ext: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(Self.collection(1_500, tail: #",{"type":"Feature","geometry":nul"#),
                                              to: "in.geojson", in: dir)
        let output = dir.appendingPathComponent("out.\(ext)").path
        let run = try Self.expectSame(["convert", input, output], output: output)
        #expect(run.status == 1)
        #expect(run.stderr.contains("in.geojson:1502:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.geojson"])
    }

    @Test("a KML input of many placemarks (libxml2 on a thread of its own): the same bytes and reports, and --strict stops")
    func kmlOnThreeThreads() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A placemark out of range after a few thousand others: a reader warning late in the file.
        let text = try Self.kml(3_000, endingWith: "<Placemark><name>far</name><Point><coordinates>200,95</coordinates></Point></Placemark>")
        let input = try MapBridgeRunner.write(text, to: "in.kml", in: dir)
        for ext in Self.outputs {
            let output = dir.appendingPathComponent("out.\(ext)").path
            let run = try Self.expectSame(["convert", input, output], output: output)
            #expect(run.status == 0, "\(ext): \(run.stderr)")
            #expect(run.stderr.contains("in.kml:"))
            try? FileManager.default.removeItem(atPath: output)
        }
        let output = dir.appendingPathComponent("out.geojson").path
        let strict = try Self.expectSame(["convert", input, output, "--strict"], output: output)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("strict: nothing is written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.kml"])
    }

    @Test("an XML error mid-file in a KML input: the same message, no output file")
    func kmlErrorMidFile() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try Self.kml(1_200, endingWith: "<Placemark><name>broken</Placemark>")
        let input = try MapBridgeRunner.write(text, to: "in.kml", in: dir)
        let output = dir.appendingPathComponent("out.geojson").path
        let run = try Self.expectSame(["convert", input, output], output: output)
        #expect(run.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.kml"])
    }

    @Test("--strict stops at the first warning, from the reader or the writer, with no output file")
    func strict() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try MapBridgeRunner.write(Self.collection(1_000), to: "in.geojson", in: dir)
        for ext in ["kml", "geojson"] {
            let output = dir.appendingPathComponent("out.\(ext)").path
            let run = try Self.expectSame(["convert", input, output, "--strict"], output: output)
            #expect(run.status == 1)
            #expect(run.stderr.contains("strict: nothing is written"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.geojson"])
        }
    }

    @Test("--threads takes a whole number of at least 1")
    func usage() throws {
        for bad in ["0", "two", "-1"] {
            let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "kml",
                                               "--threads", bad])
            #expect(run.status == 64)
            #expect(run.stderr.contains("--threads"))
        }
        let many = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "kml",
                                            "--threads", "8", "--quiet"])
        #expect(many.status == 0)
    }
}
