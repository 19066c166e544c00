import Foundation
import MapBridgeCore
import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel
import Testing

/// The README's library examples, run as written (paths adjusted to a scratch folder).
@Suite("README library examples")
struct LibraryExampleTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("filter hubs with a reader and a writer")
    func filterHubs() throws {
        let out = try Self.scratch().appendingPathComponent("hubs.geojson").path
        var messages: [Diagnostic] = []
        let reader = try GeoJSONReader(path: Self.samples.appendingPathComponent("airports.geojson").path) { messages.append($0) }
        let output = try AtomicOutputFile(path: out)
        let writer = GeoJSONWriter(sink: output.sink)
        try writer.begin(try reader.open())
        #expect(!FileManager.default.fileExists(atPath: out))
        while var feature = try reader.next() {
            guard feature.properties["hub"] == .bool(true) else { continue }
            feature.subtitle = "hub airport"
            try writer.write(feature)
        }
        try writer.finish(reader.document)
        try output.commit()
        #expect(messages.isEmpty)

        let check = try GeoJSONReader(path: out)
        var ids: [String] = []
        while let f = try check.next() {
            ids.append(f.id?.description ?? "")
            // The description property is kept as the source had it; the subtitle is the model's.
            #expect(f.properties["description"] != nil)
        }
        #expect(ids == ["JFK", "SIN", "LHR", "LAX"])
        #expect(check.document.name == "Hub airports")
    }

    @Test("Conversion picks reader and writer from the formats")
    func conversion() throws {
        let out = try Self.scratch().appendingPathComponent("out.geojsonl").path
        let conversion = Conversion(input: Self.samples.appendingPathComponent("airports.geojson").path,
                                    inputFormat: .geojson, output: out, outputFormat: .geojsonLines)
        let result = try conversion.run(report: { _ in })
        #expect(result.features == 8)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"type":"Feature""#) })
    }

    @Test("a failed conversion removes its temporary file and throws with a location")
    func failedConversion() throws {
        let dir = try Self.scratch()
        let input = dir.appendingPathComponent("bad.geojson").path
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,]}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: input))
        let conversion = Conversion(input: input, inputFormat: .geojson, output: dir.appendingPathComponent("out.geojson").path,
                                    outputFormat: .geojson)
        let error = try #require(throws: MapBridgeError.self) { try conversion.run(report: { _ in }) }
        #expect(error.kind == .data)
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 103)  // the "]" after the trailing comma
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.geojson"])
    }

    @Test("formats come from extensions and names")
    func formats() {
        #expect(Format(path: "a/b.GeoJSON") == .geojson)
        #expect(Format(path: "x.ndjson") == .geojsonLines)
        #expect(Format(path: "x.geojsons") == .geojsonSequence)
        #expect(Format(path: "dir.v2/file") == nil)
        #expect(Format(path: "-") == nil)
        #expect(Format(name: "NDJSON") == .geojsonLines)
        #expect(Format(name: "shapefile") == nil)
        #expect(Format.kml.isReadable)
        #expect(Format.gpx.isReadable)
        #expect(Format.svg.isReadable == false)
    }
}
