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

    static func convert(_ input: String, to output: String, threads: Int) throws -> Outcome {
        var options = ConvertOptions()
        options.threads = threads
        var diagnostics: [String] = []
        var progress: [Int64] = []
        let result = try Conversion(input: input, inputFormat: .geojson, output: output, outputFormat: .kml, options: options)
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
}
