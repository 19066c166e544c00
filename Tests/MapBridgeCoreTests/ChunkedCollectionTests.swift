import Foundation
import MapBridgeCore
import MapBridgeModel
import Testing

/// A FeatureCollection on two threads is cut between the elements of its `features` and the
/// runs parsed at once: whatever the chunk size, a conversion writes, reports and fails
/// exactly as on one thread, and input that cannot be cut so is read whole.
@Suite("Chunked reading of a FeatureCollection")
struct ChunkedCollectionTests {
    /// A collection of `lines`' features (with their warnings and unreadable ones), with
    /// `before` and `after` its `features` member (each ending or starting with a comma).
    static func collection(_ count: Int, before: String = #""type":"FeatureCollection","#, after: String = "",
                           separator: String = ",\n") -> String
    {
        let features = ChunkedReadingTests.lines(count, separator: "\n").split(separator: "\n").joined(separator: separator)
        return "{" + before + "\"features\":[\n" + features + "\n]" + after + "}\n"
    }

    @discardableResult
    static func expectSame(_ text: String, to output: Format = .geojson, chunkSizes: [Int] = [1, 7, 333, 4096, 1 << 20],
                           configure: (inout ConvertOptions) -> Void = { _ in },
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ChunkedReadingTests.Outcome
    {
        try ChunkedReadingTests.expectSame(text, ext: "geojson", to: output, chunkSizes: chunkSizes, configure: configure,
                                           sourceLocation: sourceLocation)
    }

    @Test("many features with warnings of every kind, to each output format", arguments: [Format.geojson, .kml, .csv])
    func manyFeatures(output: Format) throws {
        let one = try Self.expectSame(Self.collection(400), to: output, chunkSizes: [1, 97, 1000, 5000, 1 << 20])
        #expect(one.error == nil)
        #expect(one.features == 400 - 400 / 13 - (400 % 13 > 5 ? 1 : 0))
        #expect(one.diagnostics.contains { $0.contains("more warnings like the last one follow") })
        #expect(one.diagnostics.contains { $0.contains("objects that could not be read were left out") })
    }

    @Test("one element a line, with '},' and '{' on lines of their own inside elements: the same output and reports, pointers included")
    func lineCutsInsideElements() throws {
        var features: [String] = []
        for i in 0..<300 {
            switch i % 4 {
            case 1:
                // A value that spans lines, cut where a line cut would be: the chunk before it
                // does not end cleanly and is read again.
                features.append(#"{"type":"Feature","geometry":null,"properties":{"list":[{"x":\#(i)},"# + "\n"
                                + #"{"y":\#(i)}],"n":\#(i),"n":0}}"#)
            case 2:
                // A repeated member: a warning with a pointer into features.
                features.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"k":1,"k":\#(i)}}"#)
            default:
                features.append(ChunkedReadingTests.lines(1).trimmingCharacters(in: .newlines))
            }
        }
        let text = #"{"type":"FeatureCollection","features":["# + "\n" + features.joined(separator: ",\n") + "\n]}\n"
        let one = try Self.expectSame(text, chunkSizes: [1, 60, 500, 3000, 1 << 20])
        #expect(one.features == 300)
        #expect(one.diagnostics.contains { $0.hasSuffix("/features/6/properties/k") })
    }

    @Test("members before and after features: the document, a CRS, a repeated member, the type last")
    func members() throws {
        let crs = #""crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"#
        let one = try Self.expectSame(Self.collection(120, before: #""type":"FeatureCollection","name":"first",\#(crs)"#,
                                                      after: #","name":"again","bbox":[1,2,3,4],"x-extra":{"features":[1,2]}"#),
                                      to: .kml)
        #expect(one.diagnostics.contains { $0.contains("'name' appears twice") })
        #expect(one.bytes.map { String(decoding: $0, as: UTF8.self).contains("again") } == true)
        try Self.expectSame(Self.collection(80, before: #""name":"typed late","#, after: #","type":"FeatureCollection""#), to: .kml)
        let untyped = try Self.expectSame(Self.collection(80, before: "", after: #","note":"no type""#), to: .kml)
        #expect(untyped.diagnostics.contains { $0.contains("no \"type\": \"FeatureCollection\"") })
        let wrong = try Self.expectSame(Self.collection(80, before: "", after: #","type":"Feature""#))
        #expect(wrong.error?.contains("only a FeatureCollection has features") == true)
        let repeated = try Self.expectSame(Self.collection(60, after: #","features":[{"type":"Feature","geometry":null,"properties":{}}]"#))
        #expect(repeated.diagnostics.contains { $0.contains("'features' appears twice") })
    }

    @Test("strings and values that look like structure: commas, brackets, quotes and escapes, nested features")
    func trickyStrings() throws {
        let tricky = #"{"type":"Feature","geometry":null,"properties":{"a":"},{\"type\":\"Feature\"}","b":"]]],,,[[{","c":"\\","d":"\\\"],","features":[{"x":[1,[2,{"y":"]"}]]}],"e":"\u005d\u002c"}}"#
        var features: [String] = []
        for i in 0..<150 { features.append(i % 3 == 0 ? tricky : ChunkedReadingTests.lines(1).trimmingCharacters(in: .newlines)) }
        let text = #"{"type":"FeatureCollection","features":[ "# + features.joined(separator: " ,\n\t ") + " ]}"
        let one = try Self.expectSame(text, chunkSizes: [1, 2, 3, 50, 700, 1 << 20])
        #expect(one.features == 150)
    }

    @Test("input that is not cut: another top-level value, an escaped member name, features not an array, small or empty collections")
    func notCut() throws {
        try Self.expectSame(ChunkedReadingTests.lines(1))
        try Self.expectSame(#"{"type":"Point","coordinates":[1,2]}"#)
        try Self.expectSame(Self.collection(50, before: #""type":"FeatureCollection","feat\u0075res":[],"#))
        try Self.expectSame(#"{"type":"FeatureCollection","features":{"a":1}}"#)
        try Self.expectSame(#"{"type":"FeatureCollection","features":[]}"#)
        try Self.expectSame(#"{"type":"FeatureCollection","features":[ ]  }"#)
        try Self.expectSame(#"[{"type":"FeatureCollection","features":[]}]"#)
        try Self.expectSame("")
        try Self.expectSame(Self.collection(1))
        // Two collections one after the other: only the first is cut; the second is read with the rest.
        try Self.expectSame(Self.collection(70) + Self.collection(70, before: #""type":"FeatureCollection","name":"second","#), to: .kml)
    }

    @Test("a late error: malformed JSON, a trailing comma, an element that is no object, the input cut short")
    func lateErrors() throws {
        let base = Self.collection(200)
        func breaking(_ replacement: String) -> String {
            base.replacingOccurrences(of: #""name":"p151""#, with: replacement)
        }
        let malformed = try Self.expectSame(breaking(#""name":tru"#))
        #expect(malformed.error?.contains("in.geojson:") == true)
        #expect(malformed.bytes == nil)
        let comma = try Self.expectSame(base.replacingOccurrences(of: "\n]", with: ",\n]"))
        #expect(comma.error?.contains("trailing commas") == true)
        let number = try Self.expectSame(base.replacingOccurrences(of: "\n]", with: ",\n42]"))
        #expect(number.error?.contains("must be a Feature object") == true)
        let truncated = try Self.expectSame(String(base.prefix(base.utf8.count * 2 / 3)))
        #expect(truncated.error?.contains("ends inside") == true)
        let unclosed = try Self.expectSame(String(base.dropLast(2)))
        #expect(unclosed.error != nil)
        let deep = try Self.expectSame(breaking(#""name":[[[[[[[[1]]]]]]]]"#), configure: { $0.maximumDepth = 8 })
        #expect(deep.error?.contains("nesting deeper") == true)
    }

    @Test("unreadable features stop the reading when asked to; strict mode; the title from a property; limits")
    func options() throws {
        let fail = try Self.expectSame(Self.collection(200), chunkSizes: [1, 300, 2000]) { $0.geojsonOnError = .fail }
        #expect(fail.error?.contains("in.geojson:") == true)
        let strict = try Self.expectSame(Self.collection(100), chunkSizes: [1, 500]) { $0.strictMode = StrictMode() }
        #expect(strict.error?.contains("strict") == true)
        try Self.expectSame(Self.collection(60), to: .kml, chunkSizes: [1, 700]) { $0.titleProperty = "n" }
        let keys = try Self.expectSame(Self.collection(60), chunkSizes: [1, 700]) { $0.limits.maximumKeys = 1 }
        #expect(keys.error?.contains("more than 1") == true)
        let bytes = try Self.expectSame(Self.collection(60), chunkSizes: [1, 700]) { $0.limits.maximumFeatureBytes = 100 }
        #expect(bytes.error != nil)
    }

    @Test("CRLF, no whitespace at all, a byte order mark, and a feature larger than a chunk")
    func layout() throws {
        try Self.expectSame(Self.collection(90, separator: ",\r\n"))
        try Self.expectSame(Self.collection(90, separator: ","))
        try Self.expectSame("\u{FEFF}" + Self.collection(40))
        let coordinates = (0..<3000).map { "[\(Double($0) / 100),\(Double($0 % 80) / 7)]" }.joined(separator: ",")
        let big = #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[\#(coordinates)]},"properties":{"name":"long"}}"#
        let text = #"{"type":"FeatureCollection","features":["# + big + "," + Self.collection(30).dropFirst(40).dropLast(3) + "," + big + "]}"
        try Self.expectSame(text, chunkSizes: [1, 1000, 40000, 1 << 20])
    }

    /// What `FeatureSources.reader` gives for `input` with `threads` and `chunkBytes`: every
    /// feature, every report, the document, and the error after them.
    static func read(_ input: String, threads: Int, chunkBytes: Int = 1 << 20) -> String {
        var options = ConvertOptions()
        options.threads = threads
        options.chunkBytes = chunkBytes
        var diagnostics: [String] = []
        var features: [Feature] = []
        do {
            let format = Format(path: input) ?? .geojson
            var reader = try FeatureSources.reader(for: input, format: format, options: options,
                                               report: { diagnostics.append($0.description + " " + ($0.location?.pointer ?? "-")) })
            while let feature = try reader.next() { features.append(feature) }
            return "\(features) \(diagnostics) \(reader.document)"
        } catch {
            return "error \(error) after \(features) \(diagnostics)"
        }
    }

    @Test("read for a caller (FeatureSources.reader) on two threads: the same features, reports, document and errors as on one",
          arguments: ["geojson", "geojsonl"])
    func readForCaller(ext: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-chunks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = ext == "geojson" ? Self.collection(300, after: #","extra":{"k":1}"#) : ChunkedReadingTests.lines(300)
        let texts = [whole, whole.replacingOccurrences(of: #""name":"p151""#, with: #""name":tru"#)]
        for (i, text) in texts.enumerated() {
            let input = folder.appendingPathComponent("in\(i).\(ext)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: input))
            let one = Self.read(input, threads: 1)
            #expect(one.contains("objects that could not be read were left out") || one.hasPrefix("error"))
            #expect(i == 0 ? !one.hasPrefix("error") : one.hasPrefix("error"))
            for size in [1, 500, 1 << 20] {
                #expect(Self.read(input, threads: 2, chunkBytes: size) == one, "chunks of \(size) bytes")
            }
        }
    }
}
