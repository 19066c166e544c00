// Messages an app gets from MapBridgeKit name settings in library words, never command-line
// options: public modules only, no @testable import.
import Foundation
import MapBridgeCore
import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("Library messages name settings, not command-line options")
struct LibraryMessageTests {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-messages-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func file(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let line = #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1],[2,2]]}}"#

    /// The error `body` throws, which must be a `MapBridgeError`.
    static func error(_ body: () throws -> Void) throws -> MapBridgeError {
        try #require(throws: MapBridgeError.self) { try body() }
    }

    @Test("a read limit: the message names ReadLimits.maximumVertices")
    func readLimit() throws {
        let path = try Self.file("line.geojson", #"{"type":"FeatureCollection","features":[\#(Self.line)]}"#)
        var options = GeoJSONReader.Options()
        options.limits.maximumVertices = 2
        let reader = try GeoJSONReader(path: path, options: options)
        let error = try Self.error { for result in reader.results { _ = try result.get() } }
        #expect(error.message.contains("the limit is 2; ReadLimits.maximumVertices raises it"), "\(error.message)")
        #expect(!error.message.contains("--"), "\(error.message)")
    }

    @Test("a feature left out: the warning names GeoJSONReader.Options.onError")
    func skippedFeature() throws {
        let path = try Self.file("bogus.geojson", #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Bogus"}}]}"#)
        var options = GeoJSONReader.Options()
        options.onError = .skip
        var warnings: [Diagnostic] = []
        let reader = try GeoJSONReader(path: path, options: options, report: { warnings.append($0) })
        for result in reader.results { _ = try result.get() }
        let warning = try #require(warnings.first { $0.code == "skipped-feature" })
        #expect(warning.message.contains("(GeoJSONReader.Options.onError = .fail stops here instead)"), "\(warning.message)")
        #expect(!warning.message.contains("--"), "\(warning.message)")
    }

    @Test("a read-only output: the message names ConvertOptions.overwritesReadOnly")
    func readOnlyOutput() throws {
        let path = try Self.file("read-only.kml", "x")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let error = try Self.error { _ = try AtomicOutputFile(path: path) }
        #expect(error.message.contains("pass ConvertOptions.overwritesReadOnly = true to replace it"), "\(error.message)")
        #expect(!error.message.contains("--"), "\(error.message)")
    }

    @Test("a CSV file without a header: the warning names CSVReader.Options.columns")
    func csvWithoutHeader() throws {
        let input = try Self.file("no-header.csv", "1,2,3\n4,5,6\n")
        var options = ConvertOptions()
        options.threads = 1
        var warnings: [Diagnostic] = []
        _ = try Conversion(input: input, inputFormat: .csv, output: Self.folder.appendingPathComponent("no-header.geojson").path,
                           outputFormat: .geojson, options: options).run(report: { warnings.append($0) })
        let warning = try #require(warnings.first)
        #expect(warning.message.contains(#"name its columns with CSVReader.Options.columns (for example CSVReader.Options.columns = ["id", "name", "lat", "lon"])"#),
                "\(warning.message)")
        for warning in warnings { #expect(!warning.message.contains("--"), "\(warning.message)") }
    }

    @Test("a line written to point columns: the error and the warnings name CSVWriter.Options.geometry")
    func csvGeometry() throws {
        let input = try Self.file("mixed.geojson", #"{"type":"FeatureCollection","features":[\#(Self.line),{"type":"Feature","properties":{},"geometry":{"type":"Bogus"}}]}"#)
        var options = ConvertOptions()
        options.csvWriting.geometry = .xy
        options.threads = 1
        let output = Self.folder.appendingPathComponent("out.csv").path
        var warnings: [Diagnostic] = []
        let error = try Self.error {
            _ = try Conversion(input: input, inputFormat: .geojson, output: output, outputFormat: .csv, options: options)
                .run(report: { warnings.append($0) })
        }
        #expect(error.message.contains("which CSVWriter.Options.geometry = .xy cannot hold (it is for points); write it with CSVWriter.Options.geometry = .wkt"),
                "\(error.message)")
        #expect(!error.message.contains("--"), "\(error.message)")
        for warning in warnings { #expect(!warning.message.contains("--"), "\(warning.message)") }
    }

    @Test("a mention is spelled in library words, with the value when it has one")
    func mention() {
        #expect(Setting.maximumVertices.mention(argument: "N").librarySpelling == "ReadLimits.maximumVertices")
        #expect(Setting.csvGeometry.mention(value: ".wkt", argument: "wkt").librarySpelling == "CSVWriter.Options.geometry = .wkt")
        #expect(ReadLimits.Limit.allCases.map(\.setting) == [.maximumFeatureBytes, .maximumVertices, .maximumKeys, .maximumPointNames])
    }

    // MARK: - No library message quotes an option

    /// Folders of `Sources` whose messages are for a command's own users: the `mapbridge` and
    /// `mapbridge-bench` commands quote their options on purpose.
    static let commandFolders: Set<String> = ["MapBridgeCLI", "MapBridgeBench"]

    @Test("no string literal in a library module quotes a command-line option (\" --name\")")
    func noOptionsInLibraryStrings() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { !Self.commandFolders.contains($0) }
        #expect(modules.contains("MapBridgeCSV"))
        var found: [String] = []
        var scanned = 0
        for module in modules.sorted() {
            let root = sources.appendingPathComponent(module)
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let relative as String in walk where relative.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                scanned += 1
                for literal in SwiftStringLiterals.scan(text) where SwiftStringLiterals.quotesOption(literal.text) {
                    found.append("Sources/\(module)/\(relative):\(literal.line): \(literal.text)")
                }
            }
        }
        #expect(scanned > 100)
        #expect(found.isEmpty, "library messages name settings with Setting.mention(), not options:\n\(found.joined(separator: "\n"))")
    }

    @Test("the scanner finds options in literals, in interpolations' literals and in multi-line literals, not in comments",
          arguments: [
            (#"let m = "use --force""#, ["use --force"]),
            (#"let m = "--geometry \(x) here""#, ["--geometry ", " here"]),
            (#"f("a \(g("b --max-spool")) c")"#, ["a ", "b --max-spool", " c"]),
            ("let m = \"\"\"\n  one\n  pass --huge-xml\n  \"\"\"", ["\n  one\n  pass --huge-xml\n  "]),
            (##"let m = #"raw "quoted" --from"#"##, [#"raw "quoted" --from"#]),
            ("// use --force\n/* --from /* nested */ */ let x = 1 -- 2", []),
          ])
    func scanner(source: String, literals: [String]) {
        #expect(SwiftStringLiterals.scan(source).map(\.text) == literals)
    }

    @Test("what counts as quoting an option", arguments: [
        ("pass --force", true), ("--max-spool lets", true), ("(--on-error skip)", true),
        ("x -- y", false), ("<!-- comment -->", false), ("a--b", false), ("--", false), ("---x", false),
    ])
    func quoting(text: String, quotes: Bool) {
        #expect(SwiftStringLiterals.quotesOption(text) == quotes)
    }
}

/// The string literals of Swift source, found well enough to check messages: comments are
/// passed over, interpolations (`\(…)`) are code again (their own literals are found too), raw
/// (`#"…"#`) and multi-line (`"""`) literals are understood. Each literal's text is given in
/// pieces, split at its interpolations, with the 1-based line where the piece starts.
enum SwiftStringLiterals {
    struct Literal: Hashable {
        var line: Int
        var text: String
    }

    /// Whether `text` holds `--` followed by a letter, at its start or after a space, quote or
    /// opening bracket: a command-line option such as `--max-vertices`.
    static func quotesOption(_ text: String) -> Bool {
        let b = Array(text.utf8)
        var i = 0
        while i + 2 < b.count {
            defer { i += 1 }
            guard b[i] == UInt8(ascii: "-"), b[i + 1] == UInt8(ascii: "-") else { continue }
            let next = b[i + 2] | 0x20
            guard next >= UInt8(ascii: "a"), next <= UInt8(ascii: "z") else { continue }
            if i == 0 || [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "("), UInt8(ascii: "["),
                          UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`")].contains(b[i - 1]) {
                return true
            }
        }
        return false
    }

    private enum Context {
        /// Code; `depth` counts open parentheses inside an interpolation (nil at top level).
        case code(depth: Int?)
        case string(hashes: Int, multiline: Bool)
    }

    static func scan(_ source: String) -> [Literal] {
        let b = Array(source.utf8)
        var literals: [Literal] = []
        var stack: [Context] = [.code(depth: nil)]
        var piece: [UInt8] = []
        var pieceLine = 1
        var line = 1
        var i = 0
        func at(_ k: Int, _ c: Character) -> Bool { k < b.count && b[k] == c.asciiValue }
        func hashes(from k: Int) -> Int {
            var n = 0
            while at(k + n, "#") { n += 1 }
            return n
        }
        func endPiece() {
            if !piece.isEmpty { literals.append(Literal(line: pieceLine, text: String(decoding: piece, as: UTF8.self))) }
            piece = []
        }
        while i < b.count {
            let c = b[i]
            switch stack[stack.count - 1] {
            case .code(let depth):
                if at(i, "/") && at(i + 1, "/") {
                    while i < b.count && !at(i, "\n") { i += 1 }
                    continue
                }
                if at(i, "/") && at(i + 1, "*") {
                    var nesting = 0
                    repeat {
                        if at(i, "/") && at(i + 1, "*") { nesting += 1; i += 2; continue }
                        if at(i, "*") && at(i + 1, "/") { nesting -= 1; i += 2; continue }
                        if at(i, "\n") { line += 1 }
                        i += 1
                    } while nesting > 0 && i < b.count
                    continue
                }
                let n = hashes(from: i)
                if at(i + n, "\"") {
                    let multiline = at(i + n + 1, "\"") && at(i + n + 2, "\"")
                    i += n + (multiline ? 3 : 1)
                    stack.append(.string(hashes: n, multiline: multiline))
                    pieceLine = line
                    continue
                }
                if let depth {
                    if c == UInt8(ascii: "(") { stack[stack.count - 1] = .code(depth: depth + 1) }
                    if c == UInt8(ascii: ")") {
                        if depth == 1 {
                            stack.removeLast()
                            pieceLine = line
                        } else {
                            stack[stack.count - 1] = .code(depth: depth - 1)
                        }
                    }
                }
                if c == UInt8(ascii: "\n") { line += 1 }
                i += n > 0 ? n : 1
            case .string(let n, let multiline):
                if c == UInt8(ascii: "\\") && hashes(from: i + 1) == n {
                    if at(i + 1 + n, "(") {
                        endPiece()
                        stack.append(.code(depth: 1))
                        i += n + 2
                        continue
                    }
                    piece.append(contentsOf: b[i...min(i + 1 + n, b.count - 1)])
                    i += n + 2
                    continue
                }
                let closing = multiline ? (at(i, "\"") && at(i + 1, "\"") && at(i + 2, "\"")) : at(i, "\"")
                if closing && hashes(from: i + (multiline ? 3 : 1)) == n {
                    endPiece()
                    stack.removeLast()
                    i += (multiline ? 3 : 1) + n
                    continue
                }
                if c == UInt8(ascii: "\n") { line += 1 }
                piece.append(c)
                i += 1
            }
        }
        return literals
    }
}
