import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// Each geometry type, bare and inside Features, members in any order, null geometries and
/// unclosed rings.
@Suite("GeoJSONReader geometry")
struct GeoJSONReaderGeometryTests {
    private static let square: CoordinateList = [c(0, 0), c(10, 0), c(10, 10), c(0, 10), c(0, 0)]
    private static let hole: CoordinateList = [c(2, 2), c(2, 4), c(4, 4), c(4, 2), c(2, 2)]

    @Test("each bare geometry becomes a feature with that shape and nothing else", arguments: [
        (#"{"type":"Point","coordinates":[-73.7781,40.6413]}"#, Shape.annotation(c(-73.7781, 40.6413))),
        (#"{"type":"Point","coordinates":[1,2,30.5]}"#, .annotation(c(1, 2, 30.5))),
        (#"{"type":"MultiPoint","coordinates":[]}"#, .multiPoint([])),
        (#"{"type":"MultiPoint","coordinates":[[1,2]]}"#, .multiPoint([c(1, 2)])),
        (#"{"type":"MultiPoint","coordinates":[[1,2],[3,4],[5,6]]}"#, .multiPoint([c(1, 2), c(3, 4), c(5, 6)])),
        (#"{"type":"LineString","coordinates":[[0,0],[1,1],[2,0]]}"#, .polyline(Polyline([c(0, 0), c(1, 1), c(2, 0)]))),
        (#"{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3],[4,4]]]}"#,
         .multiPolyline([Polyline([c(0, 0), c(1, 1)]), Polyline([c(2, 2), c(3, 3), c(4, 4)])])),
        (#"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]}"#,
         .polygon(Polygon(outer: square, holes: [hole]))),
        (#"{"type":"Polygon","coordinates":[]}"#, .polygon(Polygon(outer: []))),
        (#"{"type":"MultiPolygon","coordinates":[[[[0,0],[10,0],[10,10],[0,10],[0,0]]],[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]]}"#,
         .multiPolygon([Polygon(outer: square), Polygon(outer: square, holes: [hole])])),
        (#"{"type":"GeometryCollection","geometries":[]}"#, .collection([])),
        (#"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[0,0],[1,1]]},{"type":"GeometryCollection","geometries":[{"type":"MultiPoint","coordinates":[[9,9]]}]}]}"#,
         .collection([.annotation(c(1, 2)), .polyline(Polyline([c(0, 0), c(1, 1)])), .collection([.multiPoint([c(9, 9)])])])),
    ])
    func bareGeometry(text: String, shape: Shape) throws {
        let result = try readAll(text)
        #expect(result.features.count == 1)
        let feature = try #require(result.features.first)
        #expect(feature.shape == shape)
        #expect(feature.id == nil)
        #expect(feature.properties.isEmpty)
        #expect(feature.title == nil)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("the same geometries inside a Feature")
    func insideFeature() throws {
        let feature = try readOne(#"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]},"properties":{}}"#)
        guard case .polygon(let polygon) = feature.shape else {
            Issue.record("not a polygon: \(String(describing: feature.shape))")
            return
        }
        #expect(polygon.outer == Self.square)
        #expect(polygon.holes == [Self.hole])
    }

    @Test("coordinates keep their source text")
    func sourceText() throws {
        let feature = try readOne(#"{"type":"Point","coordinates":[-73.77810,40.6413e0,4.50]}"#)
        guard case .annotation(let coordinate) = feature.shape else {
            Issue.record("not a point")
            return
        }
        #expect(coordinate.sourceText == CoordinateText(longitude: "-73.77810", latitude: "40.6413e0", altitude: "4.50"))
        #expect(coordinate == c(-73.7781, 40.6413, 4.5))
    }

    @Test("members may come in any order, with type last")
    func typeLast() throws {
        let text = #"{"properties":{"a":1},"geometry":{"coordinates":[[0,0],[1,1]],"type":"LineString"},"id":"late","type":"Feature"}"#
        let feature = try readOne(text)
        #expect(feature.id == .string("late"))
        #expect(feature.shape == .polyline(Polyline([c(0, 0), c(1, 1)])))
        #expect(feature.properties == ["a": 1])
        let collection = try readOne(#"{"geometries":[{"coordinates":[3,4],"type":"Point"}],"type":"GeometryCollection"}"#)
        #expect(collection.shape == .collection([.annotation(c(3, 4))]))
    }

    @Test("\"geometry\": null gives a feature without a shape, silently")
    func nullGeometry() throws {
        let result = try readAll(#"{"type":"Feature","geometry":null,"properties":{"a":1}}"#)
        #expect(result.features.count == 1)
        #expect(result.features[0].shape == nil)
        #expect(result.features[0].properties == ["a": 1])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("an empty Point keeps its feature, read as no geometry with a warning")
    func emptyPoint() throws {
        let result = try readAll(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"k":1},"geometry":{"type":"Point","coordinates":[]}},{"type":"Feature","properties":{"k":2},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[]},{"type":"Point","coordinates":[5,6]}]}}]}"#)
        #expect(result.features.count == 2)
        #expect(result.features.first?.shape == nil)
        #expect(result.features.first?.properties["k"] != nil)
        #expect(result.features.last?.shape == .collection([.annotation(Coordinate(longitude: 5, latitude: 6))]))
        #expect(result.codes == ["empty-point", "empty-point"])
    }

    @Test("a missing geometry reads as null with a warning")
    func missingGeometry() throws {
        let result = try readAll(#"{"type":"Feature","properties":{}}"#)
        #expect(result.features.first?.shape == nil)
        #expect(result.codes == ["missing-geometry"])
    }

    @Test("an unclosed ring is kept as given, with a warning at the coordinates")
    func unclosedRing() throws {
        let text = "{\"type\":\"Polygon\",\n \"coordinates\":[[[0,0],[10,0],[10,10],[0,10]]]}"
        let result = try readAll(text)
        #expect(result.features.first?.shape == .polygon(Polygon(outer: Array(Self.square.dropLast()))))
        #expect(result.codes == ["ring-not-closed"])
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location?.line == 2)
        #expect(warning.location?.column == 16)
    }

    @Test("in a feature, a geometry's warnings and problems are at its coordinates, read directly or through its members",
          arguments: ["", ",\"bbox\":[0,0,10,10]"])
    func geometryLocationsInFeature(extra: String) throws {
        // Without `extra` the geometry is read directly (its type and coordinates only); with
        // another member, through `Members`: the same places either way.
        let head = "{\"type\":\"Feature\",\"properties\":{},\"geometry\":"
        let ring = head + "{\"type\":\"Polygon\"\(extra),\n \"coordinates\":[[[0,0],[10,0],[10,10],[0,10]]]}}"
        let result = try readAll(ring)
        #expect(result.codes == ["ring-not-closed"])
        let warning = try #require(result.diagnostics.first)
        #expect(warning.location?.line == 2)
        #expect(warning.location?.column == 16)
        let point = head + "{\"type\":\"Point\"\(extra),\n \"coordinates\":[[1,2]]}}"
        do {
            _ = try readAll(point)
            Issue.record("a Point with a list of positions was read")
        } catch let error as MapBridgeError {
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 16)
            #expect(error.location?.pointer == "/geometry/coordinates")
        }
    }

    @Test("an unclosed hole is kept too, and each ring is reported")
    func unclosedHole() throws {
        let text = #"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10]],[[2,2],[2,4],[4,4],[4,2]]]}"#
        let result = try readAll(text)
        #expect(result.features.first?.shape == .polygon(Polygon(outer: Array(Self.square.dropLast()), holes: [Array(Self.hole.dropLast())])))
        #expect(result.codes == ["ring-not-closed", "ring-not-closed"])
    }

    @Test("a LineString with one position is kept with a warning")
    func shortLine() throws {
        let result = try readAll(#"{"type":"LineString","coordinates":[[1,2]]}"#)
        #expect(result.features.first?.shape == .polyline(Polyline([c(1, 2)])))
        #expect(result.codes == ["short-line"])
    }

    @Test("a fourth number in a position is dropped with a warning")
    func extraDimensions() throws {
        let result = try readAll(#"{"type":"Point","coordinates":[1,2,3,4]}"#)
        #expect(result.features.first?.shape == .annotation(c(1, 2, 3)))
        #expect(result.codes == ["extra-dimensions"])
    }

    @Test("bbox members are read past")
    func bboxIgnored() throws {
        let feature = try readOne(#"{"type":"Feature","bbox":[0,0,1,1],"geometry":{"type":"Point","bbox":[1,2,1,2],"coordinates":[1,2]},"properties":{}}"#)
        #expect(feature.shape == .annotation(c(1, 2)))
        #expect(feature.foreignMembers.isEmpty)
    }
}
