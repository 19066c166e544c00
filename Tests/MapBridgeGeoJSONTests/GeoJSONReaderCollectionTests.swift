import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// FeatureCollections streamed feature by feature, the document around them, single
/// Features and sequences of top-level values.
@Suite("GeoJSONReader collections and sequences")
struct GeoJSONReaderCollectionTests {
    private static func point(_ id: String, _ lon: Int, _ lat: Int) -> String {
        #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{}}"#
    }

    @Test("an empty FeatureCollection has no features")
    func emptyCollection() throws {
        let result = try readAll(#"{"type":"FeatureCollection","features":[]}"#)
        #expect(result.features.isEmpty)
        #expect(result.document == DocumentInfo())
        #expect(result.diagnostics.isEmpty)
    }

    @Test("a FeatureCollection with one feature")
    func oneFeature() throws {
        let result = try readAll(#"{"type":"FeatureCollection","features":[\#(Self.point("a", 1, 2))]}"#)
        #expect(result.features.count == 1)
        #expect(result.features[0].id == .string("a"))
        #expect(result.features[0].shape == .annotation(c(1, 2)))
    }

    @Test("many features come out one at a time, in order")
    func manyFeatures() throws {
        let features = (0..<50).map { Self.point("f\($0)", $0, -$0) }
        let reader = makeReader(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ",\n"))]}"#)
        for i in 0..<50 {
            let feature = try #require(try reader.next())
            #expect(feature.id == .string("f\(i)"))
            #expect(feature.shape == .annotation(c(Double(i), Double(-i))))
            #expect(feature.location?.line == i + 1)
        }
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
    }

    @Test("features stream: a bad later feature fails only when it is reached")
    func streaming() throws {
        let reader = makeReader(#"{"type":"FeatureCollection","features":[\#(Self.point("ok", 1, 1)),{"type":"Feature","geometry":{"type":"Point","coordinates":[1]}}]}"#)
        let first = try reader.next()
        #expect(first?.id == .string("ok"))
        #expect(throws: MapBridgeError.self) { try reader.next() }
    }

    @Test("the document holds members from before features at open() and from after at the end")
    func documentMembers() throws {
        let text = #"""
            {"type":"FeatureCollection","name":"Before","title":"T",
             "features":[\#(Self.point("a", 1, 2)),\#(Self.point("b", 3, 4))],
             "description":"After","generator":{"name":"x","version":2}}
            """#
        let reader = makeReader(text)
        let opened = try reader.open()
        #expect(opened.name == "Before")
        #expect(opened.description == nil)
        #expect(opened.foreignMembers.keys == ["name", "title"])
        #expect(try reader.open() == opened)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 2)
        let document = reader.document
        #expect(document.name == "Before")
        #expect(document.description == "After")
        #expect(document.foreignMembers.keys == ["name", "title", "description", "generator"])
        #expect(document.foreignMembers["generator"] == .object(["name": "x", "version": 2]))
    }

    @Test("type may come after features; without any type there is a warning")
    func typeAfterFeatures() throws {
        let after = try readAll(#"{"features":[\#(Self.point("a", 1, 2))],"type":"FeatureCollection"}"#)
        #expect(after.features.count == 1)
        #expect(after.diagnostics.isEmpty)
        let missing = try readAll(#"{"features":[\#(Self.point("a", 1, 2))]}"#)
        #expect(missing.features.count == 1)
        #expect(missing.codes == ["missing-type"])
    }

    @Test("a single Feature at the top level")
    func singleFeature() throws {
        let result = try readAll(#"{"type":"Feature","id":"solo","geometry":{"type":"Point","coordinates":[5,6]},"properties":{"k":"v"}}"#)
        #expect(result.features.count == 1)
        #expect(result.features[0].id == .string("solo"))
        #expect(result.features[0].properties == ["k": "v"])
        #expect(result.document == DocumentInfo())
    }

    @Test("RS-separated features (RFC 8142) are read in order")
    func textSequence() throws {
        let text = (0..<3).map { "\u{1E}" + Self.point("s\($0)", $0, $0) + "\n" }.joined()
        let result = try readAll(text)
        #expect(result.features.map(\.id) == [.string("s0"), .string("s1"), .string("s2")])
    }

    @Test("newline-delimited features are read in order, and their lines are known")
    func newlineDelimited() throws {
        let text = (0..<4).map { Self.point("n\($0)", $0, $0) }.joined(separator: "\n") + "\n"
        let result = try readAll(text)
        #expect(result.features.map(\.id) == (0..<4).map { .string("n\($0)") })
        #expect(result.features.map { $0.location?.line } == [1, 2, 3, 4])
    }

    @Test("a sequence may mix Features and bare geometries")
    func mixedSequence() throws {
        let text = """
            {"type":"Point","coordinates":[1,2]}
            \(Self.point("f", 3, 4))
            {"type":"LineString","coordinates":[[0,0],[1,1]]}
            """
        let result = try readAll(text)
        #expect(result.features.map { $0.shape?.kind } == [.annotation, .annotation, .polyline])
        #expect(result.features.map(\.id) == [nil, .string("f"), nil])
    }

    @Test("empty input is an error")
    func emptyInput() throws {
        #expect(readError("") != nil)
        #expect(readError(" \n") != nil)
    }

    @Test("a top-level value that is not an object is an error", arguments: ["[]", "1", "\"Feature\"", "null"])
    func notAnObject(text: String) throws {
        let error = try #require(readError(text))
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 1)
    }

    @Test("a FeatureCollection without features is an error")
    func noFeaturesMember() throws {
        let error = try #require(readError(#"{"type":"FeatureCollection"}"#))
        #expect(error.message.contains("features"))
    }

    @Test("progress counts the bytes read")
    func progress() throws {
        let text = #"{"type":"FeatureCollection","features":[\#(Self.point("a", 1, 2))]}"#
        let reader = makeReader(text)
        while try reader.next() != nil {}
        #expect(reader.progress.bytesRead == Int64(text.utf8.count))
        #expect(reader.progress.totalBytes == Int64(text.utf8.count))
    }
}
