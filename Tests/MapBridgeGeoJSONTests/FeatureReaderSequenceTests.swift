import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel
import Testing

/// Readers pulled with `for in` (results) and `for try await`, errors included.
@Suite("Readers as sequences")
struct FeatureReaderSequenceTests {
    static let three = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":1,"geometry":null,"properties":{}},
        {"type":"Feature","id":2,"geometry":null,"properties":{}},
        {"type":"Feature","id":3,"geometry":null,"properties":{}}],"name":"after"}
        """
    static let broken = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":1,"geometry":null,"properties":{}},
        {"type":"Feature","id":2,"geometry":{"type":"Point","coordinates":[1,
        """

    @Test("an empty collection gives no results")
    func empty() {
        let reader = makeReader(#"{"type":"FeatureCollection","features":[]}"#)
        #expect(Array(reader.results).isEmpty)
    }

    @Test("for in over results hands out every feature, then the document is complete")
    func results() throws {
        let reader = makeReader(Self.three)
        var ids: [String] = []
        for result in reader.results { ids.append(try result.get().id?.description ?? "") }
        #expect(ids == ["1", "2", "3"])
        #expect(reader.document.name == "after")
    }

    @Test("an error reaches the loop once, with its location, and ends the sequence")
    func resultsError() throws {
        var results = FeatureResults(makeReader(Self.broken))
        #expect(try results.next()?.get().id == .number(NumberValue(1)))
        guard case .failure(let error as MapBridgeError)? = results.next() else {
            Issue.record("expected the reader's error")
            return
        }
        #expect(error.kind == .data && error.location?.line == 3)
        #expect(results.next() == nil)
    }

    @Test("for try await reads every feature and throws the reader's error")
    func async() async throws {
        var ids: [String] = []
        for try await feature in makeReader(Self.three).asyncFeatures { ids.append(feature.id?.description ?? "") }
        #expect(ids == ["1", "2", "3"])
        var read = 0
        await #expect(throws: MapBridgeError.self) {
            for try await _ in makeReader(Self.broken).asyncFeatures { read += 1 }
        }
        #expect(read == 1)
    }

    @Test("reading on one task and writing on another, as documented on AsyncFeatures")
    func twoTasks() async throws {
        let text = Self.three
        let (features, continuation) = AsyncThrowingStream.makeStream(of: Feature.self)
        let reading = Task {
            do {
                let reader = makeReader(text)
                for try await feature in reader.asyncFeatures { continuation.yield(feature) }
                continuation.finish()
            } catch { continuation.finish(throwing: error) }
        }
        let sink = ByteSink(collectingInMemoryNamed: "out.json")
        let writer = GeoJSONWriter(sink: sink)
        try writer.begin(DocumentInfo())
        for try await feature in features { try writer.write(feature) }
        try writer.finish(DocumentInfo())
        await reading.value
        let back = makeReader(String(decoding: sink.collectedBytes, as: UTF8.self))
        #expect(try back.results.map { try $0.get().id?.description } == ["1", "2", "3"])
    }
}
