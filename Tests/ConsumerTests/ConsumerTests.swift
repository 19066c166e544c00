// An app developer's use of MapBridgeKit: public modules only, no @testable import.
import Foundation
import MapBridgeCore
import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("A consumer of the public library")
struct ConsumerTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")

    @Test("read GeoJSON, iterate, edit with the accessors, write GeoJSON and KML, read both back")
    func readEditWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let reader = try GeoJSONReader(path: Self.samples.appendingPathComponent("airports.geojson").path)
        let document = try reader.open()
        var edited: [Feature] = []
        for result in reader.results {
            var feature = try result.get()
            if feature.properties["hub"]?.boolValue == true {
                feature.properties["rank"] = PropertyValue(1)
                feature.style = Style(strokeWidth: 2, strokeDash: [4, 2])
            }
            if let elevation = feature.properties["elevation_ft"]?.intValue {
                feature.properties["elevation_m"] = PropertyValue(Double(elevation) * 0.3048)
            }
            edited.append(feature)
        }
        edited.append(Feature(title: "ring", shape: .circle(Circle(center: Coordinate(longitude: 0, latitude: 51), radius: 2_000))))
        #expect(edited.count == 9)

        let geojsonPath = folder.appendingPathComponent("out.geojson").path
        let geojsonFile = try AtomicOutputFile(path: geojsonPath)
        let geojson = GeoJSONWriter(sink: geojsonFile.sink)
        try geojson.begin(document)
        for f in edited { try geojson.write(f) }
        try geojson.finish(reader.document)
        try geojsonFile.commit()

        let kmlPath = folder.appendingPathComponent("out.kml").path
        let kmlFile = try AtomicOutputFile(path: kmlPath)
        let kml = KMLWriter(sink: kmlFile.sink)
        try kml.begin(document)
        for f in edited { try kml.write(f) }
        try kml.finish(reader.document)
        try kmlFile.commit()

        let back = try Array(GeoJSONReader(path: geojsonPath).results.map { try $0.get() })
        #expect(back.count == 9)
        #expect(back.last?.shape?.kind == .circle)
        #expect(back.filter { $0.properties["rank"]?.intValue == 1 }.count == edited.filter { $0.properties["rank"] != nil }.count)
        let kmlBack = try Array(KMLReader(path: kmlPath, report: { _ in }).results.map { try $0.get() })
        #expect(kmlBack.count == 9)
        // Features compare by content, not by where they were read.
        #expect(Set(back.map(\.title)) == Set(kmlBack.map(\.title)))
    }
}
