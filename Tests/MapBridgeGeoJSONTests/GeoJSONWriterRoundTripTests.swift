import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// Reader → writer → reader keeps every feature; a compact input in the writer's own layout
/// comes back byte for byte.
@Suite("GeoJSONWriter round trip")
struct GeoJSONWriterRoundTripTests {
    /// A compact FeatureCollection in exactly the layout the writer produces: every kind of
    /// geometry (rings wound the RFC 7946 way), every JSON type, number text that a
    /// reformatting writer would change, escapes, foreign members and document members on
    /// both sides of `features`.
    static let ownLayout = [
        #"{"type":"FeatureCollection","name":"Airports","features":["#,
        #"{"type":"Feature","id":"JFK","geometry":{"type":"Point","coordinates":[-73.7781391,40.6399257,4]},"properties":{"name":"John F. Kennedy","elevation":13,"ratio":1.50,"big":12345678901234567890,"tiny":1e-7,"neg":-0,"tags":["a","b"],"open":true,"note":null,"nested":{"k":"v","empty":{}}},"source":"faa"},"#,
        #"{"type":"Feature","id":7,"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]},"properties":{}},"#,
        #"{"type":"Feature","geometry":null,"properties":{"escaped":"a\"b\\c\n\t\u0001é"}},"#,
        #"{"type":"Feature","id":1.50,"geometry":{"type":"GeometryCollection","geometries":[{"type":"MultiPoint","coordinates":[[1,2],[3,4]]},{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3]]]},{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]},{"type":"LineString","coordinates":[[0.10,0.20],[1E2,-1e-3]]}]},"properties":{"description":"all kinds","timestamp":"2026-11-30"}}"#,
        #"],"description":"Busy ones","generator":"test"}"#,
    ].joined(separator: "\n") + "\n"

    @Test("an empty collection round-trips byte for byte")
    func emptyCollection() throws {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[]}\n"
        #expect(try rewrite(text).text == text)
    }

    @Test("a collection with one feature round-trips byte for byte")
    func oneFeature() throws {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
            + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.0,2.00]},"properties":{"a":1}}"#
            + "\n]}\n"
        #expect(try rewrite(text).text == text)
    }

    @Test("compact input in the writer's own layout comes back byte for byte")
    func byteIdentical() throws {
        let result = try rewrite(Self.ownLayout)
        #expect(result.text == Self.ownLayout)
        #expect(result.diagnostics.isEmpty)
        // And once more: the output is a fixed point.
        #expect(try rewrite(result.text).bytes == result.bytes)
    }

    @Test("reader → writer → reader gives the same features and document", arguments: [false, true])
    func sameFeatures(pretty: Bool) throws {
        var options = GeoJSONWriter.Options()
        options.pretty = pretty
        let first = try readAll(Self.ownLayout)
        let second = try readAll(try rewrite(Self.ownLayout, options: options).text)
        #expect(first.features.count == 4)
        #expect(second.features.count == first.features.count)
        for (a, b) in zip(first.features, second.features) {
            expectSameContent(a, b)
            #expect(flatCoordinates(a.shape) == flatCoordinates(b.shape))
        }
        #expect(second.document == first.document)
    }

    @Test("what the reader made of the input, checked field by field")
    func readerView() throws {
        let features = try readAll(Self.ownLayout).features
        #expect(features.map(\.id) == [.string("JFK"), .number(NumberValue(text: "7", value: 7)), nil,
                                        .number(NumberValue(text: "1.50", value: 1.5))])
        #expect(features[0].title == "John F. Kennedy")
        #expect(features[0].foreignMembers == ["source": "faa"])
        #expect(features[0].properties["ratio"]?.doubleValue == 1.5)
        #expect(flatCoordinates(features[0].shape) == [[-73.7781391, 40.6399257, 4]])
        #expect(features[2].properties["escaped"] == .string("a\"b\\c\n\t\u{1}é"))
        #expect(features[3].subtitle == "all kinds")
        #expect(features[3].time == .instant("2026-11-30"))
        #expect(flatCoordinates(features[3].shape).suffix(2) == [[0.1, 0.2], [100, -0.001]])
    }

    @Test("features built in code (no source text) survive a write and a read")
    func builtInCode() throws {
        let features = [
            Feature(id: .string("p"), shape: .annotation(c(-0.1, 51.5, 11)), properties: ["n": 1, "s": "x"]),
            Feature(shape: .polyline(Polyline([c(0, 0), c(0.1, 0.2), c(1e-7, 12.5)]))),
            Feature(shape: .multiPolygon([Polygon(outer: [c(0, 0), c(1, 0), c(1, 1), c(0, 0)])])),
            Feature(properties: ["only": true]),
        ]
        let written = try writeAll(features, document: DocumentInfo(name: "Built"))
        let read = try readAll(written.text)
        #expect(read.document.name == "Built")
        #expect(read.features.count == features.count)
        for (a, b) in zip(features, read.features) {
            #expect(a.id == b.id)
            #expect(a.properties == b.properties)
            #expect(a.shape == b.shape)
        }
    }

    @Test("each feature sits on its own line in the compact layout")
    func oneFeaturePerLine() throws {
        let text = try rewrite(Self.ownLayout).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Opening line, four features, closing line, and the empty string after the last line end.
        #expect(lines.count == 7)
        for line in lines[1...4] {
            var body = String(line)
            if body.hasPrefix(",") { body.removeFirst() }
            if body.hasSuffix(",") { body.removeLast() }
            #expect(try readAll(body).features.count == 1, "\(line)")
        }
    }
}
