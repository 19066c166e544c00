import Foundation
import MapBridgeCore
import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// Newline-delimited GeoJSON and GeoJSON text sequences on two threads are cut into chunks
/// parsed at once (`ConvertOptions.chunkBytes`): whatever the chunk size, a conversion writes,
/// reports and fails exactly as on one thread.
@Suite("Chunked reading of GeoJSON lines and sequences")
struct ChunkedReadingTests {
    struct Outcome: Equatable, CustomStringConvertible {
        var bytes: Data?
        var diagnostics: [String]
        var error: String?
        var features: Int?
        var lastProgress: Int64?

        var description: String {
            "features \(features ?? -1), error \(error ?? "none"), \(diagnostics.count) diagnostics: \(diagnostics.prefix(30).joined(separator: "\n")), output \(bytes.map { String(decoding: $0.prefix(400), as: UTF8.self) } ?? "none")"
        }
    }

    /// Converts `input` to a file in `folder` (replaced if there) and tells what happened.
    static func convert(_ input: String, in folder: URL, to outputFormat: Format = .geojson, threads: Int,
                        chunkBytes: Int = 1 << 20, configure: (inout ConvertOptions) -> Void = { _ in }) throws -> Outcome
    {
        let output = folder.appendingPathComponent("out.\(outputFormat.extensions[0])").path
        try? FileManager.default.removeItem(atPath: output)
        var options = ConvertOptions()
        options.threads = threads
        options.chunkBytes = chunkBytes
        configure(&options)
        var diagnostics: [String] = []
        var outcome = Outcome(diagnostics: [])
        do {
            let inputFormat = Format(path: input) ?? .geojsonLines
            let strict = options.strictMode
            // With the JSON pointer: a chunk's reports must point where one reader's do.
            let report: DiagnosticHandler = { diagnostics.append($0.description + " " + ($0.location?.pointer ?? "-")) }
            let result = try Conversion(input: input, inputFormat: inputFormat, output: output, outputFormat: outputFormat,
                                        options: options)
                .run(report: strict?.watching(report) ?? report)
            outcome.features = result.features
            outcome.lastProgress = result.bytesRead
        } catch {
            outcome.error = "\(error)"
        }
        outcome.diagnostics = diagnostics
        outcome.bytes = try? Data(contentsOf: URL(fileURLWithPath: output))
        return outcome
    }

    /// Checks that every chunk size gives what one thread gives; returns the one-thread outcome.
    @discardableResult
    static func expectSame(_ text: String, ext: String = "geojsonl", to outputFormat: Format = .geojson,
                           chunkSizes: [Int] = [1, 5, 40, 333, 4096, 1 << 20],
                           configure: (inout ConvertOptions) -> Void = { _ in },
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Outcome
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-chunks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.\(ext)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let one = try convert(input, in: folder, to: outputFormat, threads: 1, configure: configure)
        for size in chunkSizes {
            let two = try convert(input, in: folder, to: outputFormat, threads: 2, chunkBytes: size, configure: configure)
            #expect(one == two, "chunks of \(size) bytes:\none: \(one)\ntwo: \(two)", sourceLocation: sourceLocation)
        }
        return one
    }

    /// `count` point features one a line, with the warnings of several kinds every few lines
    /// (more than 10 of one code, so the limit shows), unreadable ones left out, positions out
    /// of range.
    static func lines(_ count: Int, separator: String = "\n", prefix: String = "") -> String {
        var text = ""
        for i in 0..<count {
            text += prefix
            switch i % 13 {
            case 3: text += #"{"type":"Feature","properties":{"name":"no geometry \#(i)"}}"#
            case 5: text += #"{"type":"Feature","geometry":{"type":"Hexagon"},"properties":{"n":\#(i)}}"#
            case 7: text += #"{"type":"Feature","geometry":{"type":"Point","coordinates":[500000.5,\#(i)]},"properties":{"n":\#(i),"n":2}}"#
            default:
                text += #"{"type":"Feature","id":\#(i),"geometry":{"type":"Point","coordinates":[\#(Double(i % 360) - 179.5),\#(Double(i % 170) - 85.25)]},"properties":{"name":"p\#(i)","n":\#(i)}}"#
            }
            text += separator
        }
        return text
    }

    @Test("an empty input, and one of nothing but blank lines")
    func empty() throws {
        let none = try Self.expectSame("")
        #expect(none.error?.contains("empty") == true)
        let blank = try Self.expectSame("\n\n  \n\r\n\n")
        #expect(blank.error?.contains("empty") == true)
    }

    @Test("one record, with and without a final newline")
    func oneRecord() throws {
        let text = Self.lines(1)
        #expect(try Self.expectSame(text).features == 1)
        #expect(try Self.expectSame(String(text.dropLast())).features == 1)
    }

    @Test("many records with warnings of every kind: the same output and reports in the same order", arguments: [Format.geojson, .kml, .csv])
    func manyRecords(output: Format) throws {
        let one = try Self.expectSame(Self.lines(400), to: output, chunkSizes: [1, 97, 1000, 5000])
        #expect(one.error == nil)
        #expect(one.diagnostics.contains { $0.contains("more warnings like the last one follow") })
        #expect(one.diagnostics.contains { $0.contains("objects that could not be read were left out") })
        #expect(one.diagnostics.contains { $0.contains("outside longitude") })
    }

    @Test("unreadable objects stop the reading when asked to, in a late chunk")
    func failOnError() throws {
        let one = try Self.expectSame(Self.lines(200), chunkSizes: [1, 300, 2000]) { $0.geojsonOnError = .fail }
        #expect(one.error?.contains("in.geojsonl:6:") == true)
        #expect(one.bytes == nil)
    }

    @Test("malformed JSON in a late chunk: the first error in input order, at its line and column")
    func lateError() throws {
        var text = Self.lines(300)
        text += #"{"type":"Feature","geometry":null,"properties":{"a":tru}}"# + "\n"
        text += #"{"type":"Feature","geometry":null,"properties":{"b":nul}}"# + "\n" + Self.lines(50)
        let one = try Self.expectSame(text, chunkSizes: [1, 200, 4096, 1 << 20])
        #expect(one.error?.contains("in.geojsonl:301:") == true)
        #expect(one.bytes == nil)
    }

    @Test("the input ends inside the last record")
    func truncated() throws {
        let text = Self.lines(100) + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,"#
        let one = try Self.expectSame(text)
        #expect(one.error?.contains("ends inside") == true)
    }

    @Test("CRLF lines, blank lines, whitespace and a byte order mark")
    func lineEndings() throws {
        try Self.expectSame(Self.lines(120, separator: "\r\n"))
        try Self.expectSame("\n\n\n" + Self.lines(60, separator: "\n\n   \n\t\n") + "\n\n\n")
        try Self.expectSame("\u{FEFF}" + Self.lines(40))
        try Self.expectSame(String(repeating: "\n", count: 3000) + Self.lines(40) + String(repeating: " \n", count: 3000))
    }

    @Test("a record larger than a chunk")
    func largeRecord() throws {
        let coordinates = (0..<3000).map { "[\(Double($0) / 100),\(Double($0 % 80) / 7)]" }.joined(separator: ",")
        let big = #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[\#(coordinates)]},"properties":{"name":"long","name":"twice"}}"#
        let one = try Self.expectSame(Self.lines(30) + big + "\n" + Self.lines(30), chunkSizes: [1, 1000, 10000, 40000])
        #expect(one.features == 57)
    }

    @Test("records that span lines, and a FeatureCollection among the lines: read on in one piece")
    func spanningRecords() throws {
        let pretty = "{\n  \"type\": \"Feature\",\n  \"geometry\": null,\n  \"properties\": {\"k\": 1, \"k\": 2}\n}\n"
        try Self.expectSame(Self.lines(50) + pretty + Self.lines(50) + pretty)
        let collection = "{\"type\":\"FeatureCollection\",\"name\":\"inner\",\n\"features\":[\n" + Self.lines(20, separator: ",\n")
            + #"{"type":"Feature","geometry":null,"properties":{}}"# + "\n],\"title\":\"after\"}\n"
        let one = try Self.expectSame(collection + Self.lines(40), to: .kml)
        #expect(one.bytes.map { String(decoding: $0, as: UTF8.self).contains("inner") } == true)
        try Self.expectSame(Self.lines(40) + collection + Self.lines(40) + collection, to: .kml)
        try Self.expectSame(Self.lines(40) + #"{"type":"FeatureCollection","name":"one line","features":[]}"# + "\n" + Self.lines(40), to: .kml)
    }

    @Test("GeoJSON text sequences, one record a line or spanning lines, with blank texts")
    func sequences() throws {
        try Self.expectSame(Self.lines(200, prefix: "\u{1E}"), ext: "geojsons", chunkSizes: [1, 64, 3000])
        let pretty = "\u{1E}{\n  \"type\": \"Feature\",\n  \"geometry\": {\"type\": \"Point\",\n \"coordinates\": [1, 2]},\n  \"properties\": {}\n}\n"
        try Self.expectSame(String(repeating: pretty, count: 80) + "\u{1E}\n\u{1E}" + Self.lines(20, prefix: "\u{1E}"), ext: "geojsons", chunkSizes: [1, 64, 3000])
        try Self.expectSame(Self.lines(50, separator: "", prefix: "\u{1E}"), ext: "geojsons", chunkSizes: [1, 200])
    }

    @Test("strict mode stops at the same warning")
    func strict() throws {
        let one = try Self.expectSame(Self.lines(100), chunkSizes: [1, 500]) { $0.strictMode = StrictMode() }
        #expect(one.error?.contains("strict") == true)
        #expect(one.bytes == nil)
    }

    @Test("the title from a property, and the reading limits")
    func titleAndLimits() throws {
        try Self.expectSame(Self.lines(60), to: .kml, chunkSizes: [1, 700]) { $0.titleProperty = "n" }
        let one = try Self.expectSame(Self.lines(60), chunkSizes: [1, 700]) { $0.limits.maximumKeys = 1 }
        #expect(one.error?.contains("more than 1") == true)
        let bytes = try Self.expectSame(Self.lines(60), chunkSizes: [1, 700]) { $0.limits.maximumFeatureBytes = 100 }
        #expect(bytes.error != nil)
    }
}
