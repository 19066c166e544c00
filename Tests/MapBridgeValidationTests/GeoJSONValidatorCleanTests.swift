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
        // Cut at the antimeridian: each part ends on ±180, so nothing jumps more than 180°.
        "{\"type\": \"MultiLineString\", \"coordinates\": [[[179, 0], [180, 0.5]], [[-180, 0.5], [-179, 1]]]}",
        // A bbox across the antimeridian holding data on both sides of it, before and after the data.
        "{\"type\": \"MultiPoint\", \"bbox\": [170, -5, -170, 5], \"coordinates\": [[175, 0], [-175, 1], [180, 0]]}",
        "{\"type\": \"MultiPoint\", \"coordinates\": [[175, 0], [-175, 1]], \"bbox\": [170, -5, -170, 5]}",
        "{\"type\": \"FeatureCollection\", \"bbox\": [-1, 0, 3, 4, 1, 5], \"features\": [" +
            feature("{\"type\": \"Point\", \"coordinates\": [3, 1, 4]}") + "," + feature("{\"type\": \"Point\", \"coordinates\": [-1, 0]}") + "]}",
        "{\"type\": \"LineString\", \"coordinates\": [[170, 10], [-10, 20]]}",
        // A box across the antimeridian with both edges east of 0° spans most of the world.
        "{\"type\": \"MultiPoint\", \"bbox\": [170, -5, 10, 5], \"coordinates\": [[175, 0], [-50, 0], [5, 0], [10, 1]]}",
    ]

    @Test("no findings", arguments: valid)
    func clean(text: String) throws {
        #expect(try findings(text).isEmpty)
    }
}
