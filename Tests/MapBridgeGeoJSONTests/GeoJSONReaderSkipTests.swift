import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel
import Testing

/// `Options.onError = .skip`: objects that are well-formed JSON but not readable GeoJSON are left
/// out and reported where they are; everything else still stops the reading.
@Suite("GeoJSONReader skipping unreadable objects")
struct GeoJSONReaderSkipTests {
    private func readSkipping(_ text: String) throws -> ReadResult {
        let log = DiagnosticLog()
        var options = GeoJSONReader.Options()
        options.onError = .skip
        let reader = GeoJSONReader(source: ByteSource(bytes: Array(text.utf8), name: "t.json"), options: options,
                                   report: log.handler)
        var features: [Feature] = []
        while let feature = try reader.next() { features.append(feature) }
        #expect(reader.skippedCount == log.all.filter { $0.code == "skipped-feature" }.count)
        return ReadResult(document: reader.document, features: features, diagnostics: log.all)
    }

    private func skipError(_ text: String) -> MapBridgeError? {
        do {
            _ = try readSkipping(text)
            return nil
        } catch {
            return error as? MapBridgeError
        }
    }

    @Test("a feature with an unknown geometry type is left out with its place; its neighbours are read")
    func unknownGeometryType() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"n":1},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","properties":{"n":2,"m":3},"geometry":{"type":"Blob","coordinates":[1,2]}},
            {"type":"Feature","properties":{"n":3},"geometry":{"type":"Point","coordinates":[3,4]}}
            ]}
            """
        let result = try readSkipping(text)
        #expect(result.features.map { $0.properties["n"] } == [.number(NumberValue(1)), .number(NumberValue(3))])
        let warning = try #require(result.diagnostics.first { $0.code == "skipped-feature" })
        #expect(warning.severity == .warning)
        #expect(warning.location?.line == 3)
        #expect(warning.location?.column == 65)
        #expect(warning.location?.pointer == "/features/1/geometry/type")
        #expect(warning.message.contains("'Blob'"))
        #expect(warning.message.contains("2 properties"))
        #expect(!result.codes.contains("skipped-count"))  // one is reported where it is
    }

    @Test("a bad geometry deep in a GeometryCollection leaves the whole feature out, and reading goes on")
    func nestedCollection() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"GeometryCollection","geometries":[
              {"type":"Point","coordinates":[1,2]},
              {"type":"GeometryCollection","geometries":[{"type":"LineString","coordinates":[1,2]}]},
              {"type":"Point","coordinates":[5,6]}]}},
            {"type":"Feature","properties":{"kept":true},"geometry":{"type":"Point","coordinates":[3,4]}}
            ]}
            """
        let result = try readSkipping(text)
        #expect(result.features.count == 1)
        #expect(result.features.first?.properties["kept"] == .bool(true))
        let warning = try #require(result.diagnostics.first { $0.code == "skipped-feature" })
        #expect(warning.location?.line == 4)
        #expect(warning.location?.pointer == "/features/0/geometry/geometries/1/geometries/0/coordinates")
        #expect(warning.message.contains("coordinates of a LineString"))
    }

    @Test("problems of the object itself are skipped too", arguments: [
        (#"{"type":"Feature","properties":{},"geometry":{"type":"GeometryCollection"}}"#, "no 'geometries'"),
        (#"{"type":"Feature","properties":{},"geometry":{"type":"Polygon"}}"#, "no 'coordinates'"),
        (#"{"type":"Feature","properties":{},"geometry":{"coordinates":[1,2]}}"#, "no 'type'"),
        (#"{"properties":{},"geometry":null}"#, "without \"type\""),
        (#"{"type":"Point","coordinates":[1,2]}"#, "found type 'Point'"),
    ])
    func objectProblems(element: String, fragment: String) throws {
        let text = #"{"type":"FeatureCollection","features":["# + element + "]}"
        let result = try readSkipping(text)
        #expect(result.features.isEmpty)
        let warning = try #require(result.diagnostics.first { $0.code == "skipped-feature" })
        #expect(warning.message.contains(fragment), "\(warning.message)")
    }

    @Test("a top-level object that is not GeoJSON gives no features and a warning", arguments: [
        "{ }", #"{"type":"foo"}"#, #"{"type":"Blob","coordinates":[]}"#,
    ])
    func topLevel(text: String) throws {
        let result = try readSkipping(text)
        #expect(result.features.isEmpty)
        let warning = try #require(result.diagnostics.first { $0.code == "skipped-feature" })
        #expect(warning.location?.line == 1)
    }

    @Test("the top-level object without a type says what GeoJSON expects, skipped or not")
    func topLevelWithoutType() throws {
        let error = try #require(readError("{ }"))
        #expect(error.message.contains("not GeoJSON"))
        #expect(error.location?.line == 1 && error.location?.column == 1)
    }

    @Test("TopoJSON is another format: an error even when unreadable objects are skipped")
    func topoJSON() throws {
        let error = try #require(skipError(#"{"type":"Topology","objects":{},"arcs":[]}"#))
        #expect(error.message.contains("TopoJSON"))
        #expect(error.location?.line == 1 && error.location?.column == 9)
    }

    @Test("in newline-delimited GeoJSON, an unreadable line is left out and the lines after it are read")
    func lines() throws {
        let text = """
            {"type":"Feature","properties":{"n":1},"geometry":null}
            {"type":"Feature","properties":{"n":2},"geometry":{"type":"Sphere"}}
            {"type":"Feature","properties":{"n":3},"geometry":null}
            {"type":"Marker"}
            {"type":"Feature","properties":{"n":5},"geometry":null}
            """
        let result = try readSkipping(text)
        #expect(result.features.count == 3)
        let count = try #require(result.diagnostics.first { $0.code == "skipped-count" })
        #expect(count.message.contains("2 objects"))
        #expect(count.message.contains("line 2, 4"))
    }

    @Test("malformed JSON, bad positions and a foreign CRS still stop the reading", arguments: [
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,"a"]}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1]}}]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature",}]}"#,
        #"{"type":"FeatureCollection","features":[7]}"#,
        #"{"type":"Point","coordinates":[1,2],"crs":{"type":"name","properties":{"name":"EPSG:3857"}}}"#,
        #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2],"crs":{"type":"name","properties":{"name":"EPSG:3857"}}}}"#,
        #"{"type":"FeatureCollection"}"#,
    ])
    func stillErrors(text: String) throws {
        let error = try #require(skipError(text), "accepted: \(text)")
        #expect(error.kind == .data)
        #expect(error.location?.line == 1)
    }
}
