import Foundation
import MapBridgeCore
import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeKML
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

    @Test("edit a title, a property and a style; both GeoJSON and KML write all three edits")
    func editAndWrite() throws {
        let dir = try Self.scratch()
        let reader = try GeoJSONReader(path: Self.samples.appendingPathComponent("airports.geojson").path) { _ in }
        let document = try reader.open()
        var hubs: [Feature] = []
        while var feature = try reader.next() {
            guard feature.properties["hub"] == .bool(true) else { continue }
            feature.title = "\(feature.title ?? "") (hub)"
            feature.properties["reviewed"] = true
            feature.style?.marker?.color = Color(hex: "#d1242f")
            hubs.append(feature)
        }
        var messages: [Diagnostic] = []
        for (name, format) in [("hubs.geojson", Format.geojson), ("hubs.kml", Format.kml)] {
            let path = dir.appendingPathComponent(name).path
            try FeatureOutput.write(to: path, format: format, report: { messages.append($0) }) { writer in
                try writer.begin(document)
                for feature in hubs { try writer.write(feature) }
                try writer.finish(document)
            }
        }
        #expect(messages.filter { $0.severity != .info }.isEmpty)

        // GeoJSON: the new name, in the place `name` had, and no old one anywhere.
        let text = try String(contentsOfFile: dir.appendingPathComponent("hubs.geojson").path, encoding: .utf8)
        #expect(text.contains(#""properties":{"name":"John F. Kennedy International (hub)","description":"New York, United States""#))
        #expect(!text.contains(#""name":"John F. Kennedy International""#))
        #expect(!text.contains("#1f6feb"))
        let geojson = try GeoJSONReader(path: dir.appendingPathComponent("hubs.geojson").path)
        _ = try geojson.open()
        var fromGeoJSON: [Feature] = []
        while let f = try geojson.next() { fromGeoJSON.append(f) }

        let kml = try KMLReader(path: dir.appendingPathComponent("hubs.kml").path)
        _ = try kml.open()
        var fromKML: [Feature] = []
        while let f = try kml.next() { fromKML.append(f) }

        for features in [fromGeoJSON, fromKML] {
            #expect(features.map(\.title) == ["John F. Kennedy International (hub)", "Singapore Changi (hub)",
                                               "London Heathrow (hub)", "Los Angeles International (hub)"])
            #expect(features.allSatisfy { $0.properties["reviewed"] == .bool(true) })
            #expect(features.allSatisfy { $0.style?.marker?.color == Color(hex: "#d1242f") })
            #expect(features.allSatisfy { $0.properties["name"] == nil && $0.properties["marker-color"] == nil })
            #expect(features[0].subtitle == "New York, United States")
        }
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
