import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// The `precision` and `writesBoundingBoxes` options.
@Suite("GeoJSONWriter precision and bbox")
struct GeoJSONWriterOptionsTests {
    private func options(precision: Int? = nil, bbox: Bool = false) -> GeoJSONWriter.Options {
        var o = GeoJSONWriter.Options()
        o.precision = precision
        o.writesBoundingBoxes = bbox
        o.layout = .lines
        return o
    }

    private static let jfk = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-73.7781391,40.6399257,4.25]},"properties":{"ratio":1.23456}}"#

    @Test("without precision, coordinates keep their source text")
    func noPrecision() throws {
        let text = try rewrite(#"{"type":"Point","coordinates":[1.50,-0.0,1e2]}"#, options: options()).text
        #expect(text.contains(#""coordinates":[1.50,-0.0,1e2]"#))
    }

    @Test("precision rounds coordinates and drops trailing zeros", arguments: [
        (0, "[-74,41,4]"), (2, "[-73.78,40.64,4.25]"), (4, "[-73.7781,40.6399,4.25]"), (6, "[-73.778139,40.639926,4.25]"),
    ])
    func rounds(precision: Int, coordinates: String) throws {
        let text = try rewrite(Self.jfk, options: options(precision: precision)).text
        #expect(text.contains(#""coordinates":\#(coordinates)"#), "\(text)")
        // Properties keep their text whatever the precision.
        #expect(text.contains(#""ratio":1.23456"#))
    }

    @Test("precision applies to coordinates made in code and to every vertex")
    func roundsBuiltCoordinates() throws {
        let feature = Feature(shape: .polyline(Polyline([c(0.123456, 1.987654), c(-0.0001, 2.5)])))
        let text = try writeAll([feature], options: options(precision: 3)).text
        #expect(text.contains(#""coordinates":[[0.123,1.988],[0,2.5]]"#), "\(text)")
    }

    @Test("rounded output reads back as the rounded values")
    func roundedValuesReadBack() throws {
        let text = try rewrite(Self.jfk, options: options(precision: 3)).text
        let shape = try readAll(text).features.first?.shape
        #expect(shape == .annotation(c(-73.778, 40.64, 4.25)))
    }

    /// The first feature's `bbox` and the collection's, parsed from the output.
    private func boxes(_ features: [Feature]) throws -> (features: [[Double]?], collection: [Double]?) {
        var o = GeoJSONWriter.Options()
        o.writesBoundingBoxes = true
        let root = try parseJSON(try writeAll(features, options: o).text)
        let items = root["features"]?.items ?? []
        return (items.map { $0["bbox"]?.numbers }, root["bbox"]?.numbers)
    }

    @Test("bbox of a point is the point, and of the collection the same")
    func bboxOnePoint() throws {
        let result = try boxes([Feature(shape: .annotation(c(1, 2)))])
        #expect(result.features == [[1, 2, 1, 2]])
        #expect(result.collection == [1, 2, 1, 2])
    }

    @Test("bbox spans every vertex; the collection's spans every feature")
    func bboxMany() throws {
        let features = [
            Feature(shape: .polyline(Polyline([c(-10, 5), c(20, -5), c(0, 30)]))),
            Feature(shape: .polygon(Polygon(outer: [c(100, 0), c(101, 0), c(101, 1), c(100, 0)], holes: [[c(100.5, -7)]]))),
            Feature(properties: ["no": "geometry"]),
        ]
        let result = try boxes(features)
        #expect(result.features == [[-10, -5, 20, 30], [100, -7, 101, 1], nil])
        #expect(result.collection == [-10, -7, 101, 30])
    }

    @Test("bbox with altitudes has six numbers: west, south, low, east, north, high")
    func bboxAltitude() throws {
        let features = [Feature(shape: .multiPoint([c(1, 2, 300), c(3, 4, -5), c(0, 1)]))]
        let result = try boxes(features)
        #expect(result.features == [[0, 1, -5, 3, 4, 300]])
        #expect(result.collection == [0, 1, -5, 3, 4, 300])
    }

    @Test("no bbox members without the option, nor for an empty collection")
    func noBbox() throws {
        #expect(!(try writeAll([Feature(shape: .annotation(c(1, 2)))]).text.contains("bbox")))
        #expect(try boxes([]).collection == nil)
    }

    @Test("a bbox is rounded with the precision")
    func bboxPrecision() throws {
        var o = GeoJSONWriter.Options()
        o.writesBoundingBoxes = true
        o.precision = 1
        o.layout = .lines
        let text = try writeAll([Feature(shape: .annotation(c(1.26, -2.24)))], options: o).text
        #expect(text.contains(#""bbox":[1.3,-2.2,1.3,-2.2]"#), "\(text)")
    }
}
