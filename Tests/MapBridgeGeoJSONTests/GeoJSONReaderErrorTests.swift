import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// Malformed GeoJSON: each error has kind `.data`, a line and column, and a useful message.
@Suite("GeoJSONReader errors")
struct GeoJSONReaderErrorTests {
    private func requireError(_ text: String, line: Int, column: Int, mentioning fragments: [String],
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> MapBridgeError {
        let error = try #require(readError(text), "accepted: \(text)", sourceLocation: sourceLocation)
        #expect(error.kind == .data, sourceLocation: sourceLocation)
        #expect(error.location?.file == "t.json", sourceLocation: sourceLocation)
        #expect(error.location?.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.location?.column == column, "\(error)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
        }
        return error
    }

    @Test("a position with one number is reported at that number")
    func positionWithOneNumber() throws {
        let text = "{\"type\":\"Feature\",\"properties\":{},\n \"geometry\":{\"type\":\"Point\",\n  \"coordinates\":[7]}}"
        let error = try requireError(text, line: 3, column: 18, mentioning: ["two numbers"])
        #expect(error.location?.pointer == "/geometry/coordinates")
    }

    @Test("a position with one number inside a line is reported at that number")
    func positionWithOneNumberInLine() throws {
        let text = "{\"type\":\"LineString\",\"coordinates\":[[0,0],\n[1]]}"
        let error = try requireError(text, line: 2, column: 2, mentioning: ["two numbers"])
        #expect(error.location?.pointer == "/coordinates/1")
    }

    @Test("coordinates of the wrong depth for the type are reported at the coordinates", arguments: [
        ("Point", "[[1,2]]", "one position"),
        ("Point", "[[[1,2]]]", "one position"),
        ("MultiPoint", "[1,2]", "an array of positions"),
        ("MultiPoint", "[[[1,2]]]", "an array of positions"),
        ("LineString", "[1,2]", "an array of positions"),
        ("MultiLineString", "[[1,2],[3,4]]", "arrays of positions"),
        ("Polygon", "[[1,2],[3,4],[5,6],[1,2]]", "linear rings"),
        ("Polygon", "[0,0]", "linear rings"),
        ("MultiPolygon", "[[[0,0],[1,0],[1,1],[0,0]]]", "polygons"),
    ])
    func wrongDepth(type: String, coordinates: String, fragment: String) throws {
        let prefix = "{\"type\":\"\(type)\",\n  \"coordinates\":"
        let text = prefix + coordinates + "}"
        let error = try requireError(text, line: 2, column: 17, mentioning: ["coordinates of a \(type)", fragment])
        #expect(error.location?.pointer == "/coordinates")
    }

    @Test("positions and arrays of positions mixed at one level are an error")
    func mixedLevels() throws {
        _ = try requireError(#"{"type":"MultiPoint","coordinates":[[1,2],[[3,4]]]}"#, line: 1, column: 44, mentioning: ["mixed"])
    }

    @Test("a FeatureCollection type in the wrong case hints that types are case-sensitive")
    func featureCollectionCaseWithFeatures() throws {
        _ = try requireError(#"{"type":"featurecollection","features":[]}"#, line: 1, column: 9,
                             mentioning: ["featurecollection", "case-sensitive", "FeatureCollection"])
    }

    @Test("a FeatureCollection type in the wrong case hints at the case even before any features")
    func featureCollectionCaseWithoutFeatures() throws {
        _ = try requireError(#"{"type":"featurecollection"}"#, line: 1, column: 9,
                             mentioning: ["featurecollection", "case-sensitive", "FeatureCollection"])
    }

    @Test("a Feature type in the wrong case at the top level hints that types are case-sensitive")
    func featureCaseTopLevel() throws {
        _ = try requireError(#"{"type":"feature","geometry":null,"properties":{}}"#, line: 1, column: 9,
                             mentioning: ["feature", "case-sensitive"])
    }

    @Test("a Feature type in the wrong case inside a collection hints that types are case-sensitive")
    func featureCaseInCollection() throws {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n {\"type\":\"FEATURE\",\"geometry\":null}]}"
        let error = try requireError(text, line: 2, column: 10, mentioning: ["FEATURE", "case-sensitive"])
        #expect(error.location?.pointer == "/features/0/type")
    }

    @Test("a geometry type in the wrong case names the right spelling", arguments: [
        ("point", "Point"), ("LINESTRING", "LineString"), ("multipolygon", "MultiPolygon"),
        ("geometrycollection", "GeometryCollection"),
    ])
    func geometryCase(type: String, right: String) throws {
        _ = try requireError(#"{"type":"\#(type)","coordinates":[1,2]}"#, line: 1, column: 9,
                             mentioning: ["case-sensitive", "'\(right)'"])
    }

    @Test("an unknown geometry type lists the known ones")
    func unknownType() throws {
        _ = try requireError(#"{"type":"Circle","coordinates":[1,2]}"#, line: 1, column: 9, mentioning: ["'Circle'", "Polygon"])
    }

    @Test("'features' that is not an array is reported at its value", arguments: [
        "{\"type\":\"Feature\"}", "null", "\"none\"", "3",
    ])
    func featuresNotArray(value: String) throws {
        let text = "{\"type\":\"FeatureCollection\",\n \"features\":\(value)}"
        _ = try requireError(text, line: 2, column: 13, mentioning: ["'features' must be an array"])
    }

    @Test("an element of features that is not an object is an error")
    func featureNotObject() throws {
        let error = try requireError(#"{"type":"FeatureCollection","features":[1]}"#, line: 1, column: 41,
                                     mentioning: ["Feature object"])
        #expect(error.location?.pointer == "/features/0")
    }

    @Test("a truncated file is reported at its end, after the complete features were read")
    func truncated() throws {
        let lines = [
            #"{"type":"FeatureCollection","features":["#,
            #"{"type":"Feature","geometry":null,"properties":{}},"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,"#,
        ]
        let reader = makeReader(lines.joined(separator: "\n"))
        #expect(try reader.next() != nil)
        let error = try #require(throws: MapBridgeError.self) { try reader.next() }
        #expect(error.kind == .data)
        #expect(error.message.contains("truncated"))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == lines[2].utf8.count + 1)
    }

    @Test("truncation anywhere is an error", arguments: [
        #"{"type":"FeatureCollection","features":["#, #"{"type":"FeatureCollection","features":[]"#,
        #"{"type":"Feature","properties":{"a":"#, #"{"type":"Feature","properties":{"a":"abc"#,
        #"{"type":"Point","coordinates":[1,2"#, #"{"type":"#,
    ])
    func truncatedAnywhere(text: String) throws {
        let error = try #require(readError(text))
        #expect(error.location?.line == 1)
    }

    @Test("a feature without type inside a collection is reported at its '{'")
    func featureWithoutType() throws {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n  {\"geometry\":null,\"properties\":{}}]}"
        let error = try requireError(text, line: 2, column: 3, mentioning: ["\"type\": \"Feature\""])
        #expect(error.location?.pointer == "/features/0")
    }

    @Test("a second feature without type names its index")
    func secondFeatureWithoutType() throws {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"geometry\":null},\n{\"properties\":{}}]}"
        let error = try requireError(text, line: 3, column: 1, mentioning: ["type"])
        #expect(error.location?.pointer == "/features/1")
    }

    @Test("a geometry without type is an error")
    func geometryWithoutType() throws {
        _ = try requireError(#"{"type":"Feature","geometry":{"coordinates":[1,2]},"properties":{}}"#, line: 1, column: 30,
                             mentioning: ["no 'type'"])
    }

    @Test("members of the wrong JSON type are errors at their value", arguments: [
        (#"{"type":5}"#, 9, "'type' must be a string"),
        (#"{"type":"Feature","geometry":[1,2]}"#, 30, "'geometry' must be"),
        (#"{"type":"Feature","geometry":null,"properties":[]}"#, 48, "'properties' must be"),
        (#"{"type":"Point","coordinates":{}}"#, 31, "'coordinates' must be an array"),
        (#"{"type":"GeometryCollection","geometries":{}}"#, 43, "'geometries' must be"),
        (#"{"type":"Point","coordinates":[1,"2"]}"#, 34, "must hold numbers"),
    ])
    func wrongMemberTypes(text: String, column: Int, fragment: String) throws {
        _ = try requireError(text, line: 1, column: column, mentioning: [fragment])
    }

    @Test("a coordinate too large for a double is an error")
    func hugeCoordinate() throws {
        _ = try requireError(#"{"type":"Point","coordinates":[1e400,0]}"#, line: 1, column: 32, mentioning: ["1e400"])
    }

    @Test("JSON grammar errors keep the tokenizer's location")
    func grammarError() throws {
        _ = try requireError("{\"type\":\"Feature\",\n\"properties\":{\"a\":1,},\"geometry\":null}", line: 2, column: 21,
                             mentioning: ["trailing comma"])
    }
}
