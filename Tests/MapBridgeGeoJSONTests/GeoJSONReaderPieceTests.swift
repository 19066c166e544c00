import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import Testing

@testable import MapBridgeGeoJSON

/// A FeatureCollection read in pieces cut between the elements of its `features`
/// (`Options.collectionPiece`) gives what one reader of the whole gives: the same features,
/// the same warnings at the same places, the same document.
@Suite("GeoJSONReader: a collection read in pieces")
struct GeoJSONReaderPieceTests {
    static let text = """
        {"type":"FeatureCollection","name":"doc",
        "features":[
        {"type":"Feature","id":1,"geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":"a"}},
        {"type":"Feature","geometry":null,"properties":{"name":"b","k":1,"k":2}},
        {"type":"Feature","properties":{"name":"c"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[3,4]},"properties":{}}
        ],"name":"again","title":"after"}
        """

    struct Reading {
        var features: [Feature] = []
        var messages: [String] = []
        var reader: GeoJSONReader?
    }

    static func read(_ bytes: ArraySlice<UInt8>, origin: JSONTokenizer.Origin?, piece: GeoJSONReader.CollectionPiece?) throws -> Reading {
        var reading = Reading()
        var options = GeoJSONReader.Options()
        options.origin = origin
        options.collectionPiece = piece
        var messages: [String] = []
        let reader = GeoJSONReader(source: ByteSource(bytes: Array(bytes), name: "t.json"), options: options,
                                   report: { messages.append($0.description) })
        while let feature = try reader.next() { reading.features.append(feature) }
        reading.messages = messages
        reading.reader = reader
        return reading
    }

    /// Where a piece that starts at byte `offset` of `bytes` stands.
    static func origin(_ bytes: [UInt8], at offset: Int) -> JSONTokenizer.Origin {
        let before = bytes[0..<offset]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        return JSONTokenizer.Origin(offset: Int64(offset), line: line, lineStart: Int64(lineStart))
    }

    @Test("three pieces: the start, a run of elements, the rest; the same features, warnings and document")
    func threePieces() throws {
        let bytes = Array(Self.text.utf8)
        let whole = try Self.read(bytes[...], origin: nil, piece: nil)
        // The separators after the first and the third element.
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.utf8.count + 1 }
        let firstCut = lines[0] + lines[1] + lines[2] - 2
        let secondCut = lines[0] + lines[1] + lines[2] + lines[3] + lines[4] - 2
        #expect(bytes[firstCut] == UInt8(ascii: ",") && bytes[secondCut] == UInt8(ascii: ","))

        let first = try Self.read(bytes[0..<firstCut], origin: Self.origin(bytes, at: 0), piece: .init(resume: nil, endsInFeatures: true))
        let collection = try #require(first.reader?.collection)
        #expect(first.reader?.elementsRead == 1)
        let middle = try Self.read(bytes[(firstCut + 1)..<secondCut], origin: Self.origin(bytes, at: firstCut + 1),
                                   piece: .init(resume: .init(featureIndex: 1, collection: nil), endsInFeatures: true))
        #expect(middle.reader?.elementsRead == 3)
        let rest = try Self.read(bytes[(secondCut + 1)...], origin: Self.origin(bytes, at: secondCut + 1),
                                 piece: .init(resume: .init(featureIndex: 3, collection: collection), endsInFeatures: false))

        #expect(first.features + middle.features + rest.features == whole.features)
        #expect((first.features + middle.features + rest.features).map(\.location) == whole.features.map(\.location))
        #expect(first.messages + middle.messages + rest.messages == whole.messages)
        #expect(whole.messages.contains { $0.contains("'name' appears twice") })
        #expect(rest.reader?.document == whole.reader?.document)
        #expect(rest.reader?.resumesCollection == true)
        #expect(first.reader?.collectionsRead == 1 && rest.reader?.collectionsRead == 0)
    }

    @Test("a middle piece that meets the end of features, or ends anywhere but between elements, fails")
    func misplacedCuts() throws {
        let bytes = Array(Self.text.utf8)
        // After the last separator, without the collection: the end of features is not this piece's to read.
        let lastElement = try #require(Self.text.range(of: "[3,4]")).lowerBound.utf16Offset(in: Self.text)
        let start = try #require(bytes.lastIndex(of: UInt8(ascii: "\n"), before: lastElement))
        #expect(bytes[start - 1] == UInt8(ascii: ","))
        let error = #expect(throws: MapBridgeError.self) {
            _ = try Self.read(bytes[start...], origin: Self.origin(bytes, at: start),
                              piece: .init(resume: .init(featureIndex: 3, collection: nil), endsInFeatures: true))
        }
        #expect(error?.message.contains("features array ends inside a piece") == true)
        #expect(throws: MapBridgeError.self) {
            _ = try Self.read(bytes[0..<(bytes.count / 2)], origin: Self.origin(bytes, at: 0), piece: .init(resume: nil, endsInFeatures: true))
        }
    }
}

extension Array where Element == UInt8 {
    /// The index of the last `byte` before `end`.
    func lastIndex(of byte: UInt8, before end: Int) -> Int? {
        self[0..<end].lastIndex(of: byte)
    }
}
