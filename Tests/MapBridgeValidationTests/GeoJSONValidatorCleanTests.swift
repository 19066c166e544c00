import MapBridgeValidation
import Testing

@Suite("GeoJSON validator: valid documents give no findings")
struct GeoJSONValidatorCleanTests {
    static let valid: [String] = [
        "{\"type\": \"Point\", \"coordinates\": [1, 2]}",
        "{\"type\": \"Point\", \"coordinates\": [1, 2, 3]}",
        "{\"type\": \"MultiPoint\", \"coordinates\": []}",
        "{\"type\": \"LineString\", \"coordinates\": [[1, 2], [3, 4]]}",
        "{\"type\": \"Polygon\", \"coordinates\": [[[0, 0], [1, 0], [1, 1], [0, 0]], [[0.2, 0.1], [0.6, 0.5], [0.6, 0.1], [0.2, 0.1]]]}",
        "{\"type\": \"MultiPolygon\", \"coordinates\": [[[[0, 0], [1, 0], [1, 1], [0, 0]]]]}",
        "{\"type\": \"GeometryCollection\", \"geometries\": []}",
        feature("null"),
        "{\"coordinates\": [1, 2], \"type\": \"Point\", \"bbox\": [1, 2, 1, 2]}",
        "{\"type\": \"Feature\", \"id\": 7, \"properties\": null, \"geometry\": null, \"title\": \"foreign\"}",
        "{\"type\": \"FeatureCollection\", \"features\": [], \"bbox\": [0, 0, 0, 1, 1, 1]}",
    ]

    @Test("no findings", arguments: valid)
    func clean(text: String) throws {
        #expect(try findings(text).isEmpty)
    }
}
