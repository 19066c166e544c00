import Foundation
import MapBridgeCore
import MapBridgeModel
import Testing

/// `ConvertOptions.threads` through the library: a conversion on two threads reports, calls
/// back and writes exactly what it does on one, on the caller's thread.
@Suite("Conversion with two threads")
struct ThreadedConversionTests {
    /// `count` points, every 50th unreadable (a reader warning) and every 70th with an id KML
    /// cannot hold (a writer warning).
    static func input(_ count: Int, in folder: URL) throws -> String {
        var text = #"{"type":"FeatureCollection","features":["#
        for i in 0..<count {
            if i > 0 { text += ",\n" }
            if i % 50 == 49 { text += #"{"type":"Feature","geometry":{"type":"Blob"},"properties":{}}"#; continue }
            let id = i % 70 == 69 ? #""id":"\#(i)","# : ""
            text += #"{"type":"Feature",\#(id)"geometry":{"type":"Point","coordinates":[\#(i % 180),\#(i % 90)]},"properties":{"n":\#(i)}}"#
        }
        let path = folder.appendingPathComponent("in.geojson").path
        try Data((text + "]}").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    struct Outcome: Equatable {
        var bytes: Data
        var diagnostics: [String]
        var progress: [Int64]
        var features: Int
    }

    static func convert(_ input: String, to output: String, threads: Int, inputFormat: Format = .geojson,
                        outputFormat: Format = .kml, limits: ReadLimits = ReadLimits()) throws -> Outcome
    {
        var options = ConvertOptions()
        options.threads = threads
        options.limits = limits
        var diagnostics: [String] = []
        var progress: [Int64] = []
        let result = try Conversion(input: input, inputFormat: inputFormat, output: output, outputFormat: outputFormat,
                                    options: options)
            .run(report: { diagnostics.append($0.description) }, progress: { progress.append($0.bytesRead) })
        return Outcome(bytes: try Data(contentsOf: URL(fileURLWithPath: output)), diagnostics: diagnostics,
                       progress: progress, features: result.features)
    }

    @Test("the same bytes, reports in the same order, the same progress calls")
    func same() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-threads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.input(1_000, in: folder)
        let one = try Self.convert(input, to: folder.appendingPathComponent("one.kml").path, threads: 1)
        let two = try Self.convert(input, to: folder.appendingPathComponent("two.kml").path, threads: 2)
        #expect(one.features == 980)
        #expect(one.diagnostics.count >= 2)
        #expect(one == two)
    }

    /// `count` KML placemarks, every 40th with a repeated Data name (a reader warning);
    /// with `broken`, that placemark's name is not closed (malformed XML there).
    static func kmlInput(_ count: Int, in folder: URL, broken: Int? = nil, longText: Int? = nil) throws -> String {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>d</name>"#
        for i in 0..<count {
            let name = i == broken ? "<name>p\(i)</nam>" : "<name>p\(i)</name>"
            let repeated = i % 40 == 39 ? #"<Data name="n"><value>again</value></Data>"# : ""
            let long = i == longText ? "<description>\(String(repeating: "x", count: 5_000))</description>" : ""
            text += #"<Placemark id="f\#(i)">\#(name)\#(long)<ExtendedData><Data name="n"><value>\#(i)</value></Data>\#(repeated)</ExtendedData>"#
            text += "<Point><coordinates>\(i % 180),\(i % 90)</coordinates></Point></Placemark>\n"
        }
        let path = folder.appendingPathComponent("in-\(UUID().uuidString).kml").path
        try Data((text + "</Document></kml>").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The outcome of a conversion, or its error's text.
    static func attempt(_ input: String, in folder: URL, threads: Int, limits: ReadLimits = ReadLimits()) -> String {
        do {
            let outcome = try convert(input, to: folder.appendingPathComponent("out-\(threads).geojson").path, threads: threads,
                                      inputFormat: .kml, outputFormat: .geojson, limits: limits)
            return "\(outcome.features) \(outcome.diagnostics) \(outcome.progress) \(String(decoding: outcome.bytes, as: UTF8.self))"
        } catch {
            return "error \(error)"
        }
    }

    /// What `FeatureSources.reader` gives for the KML file `input` with `threads` (2: libxml2
    /// on a thread of its own): the features, the reports, or the error after the reports.
    static func read(_ input: String, threads: Int, limits: ReadLimits = ReadLimits()) -> String {
        var options = ConvertOptions()
        options.threads = threads
        options.limits = limits
        var diagnostics: [String] = []
        var features: [Feature] = []
        do {
            var reader = try FeatureSources.reader(for: input, format: .kml, options: options,
                                                   report: { diagnostics.append($0.description) })
            while let feature = try reader.next() { features.append(feature) }
            return "\(features) \(diagnostics)"
        } catch {
            return "error \(error) after \(features.count) features, \(diagnostics)"
        }
    }

    /// How a KML file is taken in: read for a caller (`FeatureSources.reader`, where two threads
    /// put libxml2 on one of its own) or converted to GeoJSON (`Conversion`).
    enum KMLUse: CaseIterable, Sendable { case read, convert }

    /// `read` or `attempt`, as `use` says.
    static func outcome(_ use: KMLUse, _ input: String, in folder: URL, threads: Int,
                        limits: ReadLimits = ReadLimits()) -> String {
        switch use {
        case .read: read(input, threads: threads, limits: limits)
        case .convert: attempt(input, in: folder, threads: threads, limits: limits)
        }
    }

    @Test("KML with two threads, read for a caller or converted: the same features or output, reports, progress and errors as on one thread",
          arguments: KMLUse.allCases)
    func kml(use: KMLUse) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-threads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var limits = ReadLimits()
        limits.maximumFeatureBytes = 4_000
        let cases: [(String, ReadLimits)] = [
            (try Self.kmlInput(3_000, in: folder), ReadLimits()),
            (try Self.kmlInput(3_000, in: folder, broken: 2_500), ReadLimits()),
            (try Self.kmlInput(3_000, in: folder, longText: 1_700), limits),
        ]
        for (input, limits) in cases {
            let one = Self.outcome(use, input, in: folder, threads: 1, limits: limits)
            let two = Self.outcome(use, input, in: folder, threads: 2, limits: limits)
            #expect(one == two)
            #expect(one.contains("already used") || one.hasPrefix("error"))
        }
        #expect(Self.outcome(use, cases[1].0, in: folder, threads: 2).hasPrefix("error"))
        #expect(Self.outcome(use, cases[2].0, in: folder, threads: 2, limits: limits).hasPrefix("error"))
    }
}
