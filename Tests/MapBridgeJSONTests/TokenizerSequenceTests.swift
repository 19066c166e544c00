import MapBridgeJSON
import MapBridgeModel
import Testing

/// Several top-level values (JSON text sequences, newline-delimited JSON) and the byte order mark.
@Suite("JSONTokenizer sequences and BOM")
struct TokenizerSequenceTests {
    private static let rs = "\u{1E}"

    private func singleValueOptions(chunkSize: Int = 16) -> JSONTokenizer.Options {
        var o = tokenizerOptions(chunkSize: chunkSize)
        o.allowsMultipleValues = false
        return o
    }

    @Test("RS-separated values are read one after another", arguments: chunkSizes)
    func textSequence(chunkSize: Int) throws {
        let text = "\(Self.rs){\"a\":1}\n\(Self.rs){\"a\":2}\n\(Self.rs)[3]\n"
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize))
        let toks = try allToks(t)
        #expect(toks.map(\.kind) == [.beginObject, .key, .number, .endObject,
                                     .beginObject, .key, .number, .endObject,
                                     .beginArray, .number, .endArray])
        #expect(toks.filter { $0.kind == .number }.map(\.text) == ["1", "2", "3"])
        #expect(t.topLevelValuesRead == 3)
        // Each value starts right after its RS, on its own line.
        #expect(toks.filter { $0.kind == .beginObject || $0.kind == .beginArray }.map { [$0.line, $0.column] }
            == [[1, 2], [2, 2], [3, 2]])
    }

    @Test("newline-delimited values are read one after another", arguments: chunkSizes)
    func newlineDelimited(chunkSize: Int) throws {
        let text = "{\"n\":1}\n{\"n\":2}\r\n\n\"three\"\n4\ntrue\nnull"
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize))
        let toks = try allToks(t)
        #expect(toks.map(\.kind) == [.beginObject, .key, .number, .endObject, .beginObject, .key, .number, .endObject,
                                     .string, .number, .true, .null])
        #expect(t.topLevelValuesRead == 6)
        #expect(toks.last?.line == 7)
    }

    @Test("values may follow each other without separators")
    func adjacentValues() throws {
        #expect(try kinds("{}[]\"s\"1 2") == [.beginObject, .endObject, .beginArray, .endArray, .string, .number, .number])
    }

    @Test("one value is fine when multiple values are not allowed", arguments: ["{}", " [1] \n", "3", "\"x\"\n"])
    func singleValueAccepted(text: String) throws {
        #expect(tokenizeError(text, options: singleValueOptions()) == nil)
    }

    @Test("a second value is rejected when multiple values are not allowed", arguments: [
        ("{}\n{}", 2, 1), ("[1] [2]", 1, 5), ("1 2", 1, 3), ("\"a\"\"b\"", 1, 4), ("{}\u{1E}{}", 1, 3),
    ])
    func secondValueRejected(text: String, line: Int, column: Int) throws {
        for chunkSize in chunkSizes {
            let error = try #require(tokenizeError(text, options: singleValueOptions(chunkSize: chunkSize)))
            #expect(error.kind == .data)
            #expect(error.location?.line == line)
            #expect(error.location?.column == column)
        }
    }

    @Test("the second value is rejected only when it is reached")
    func secondValueRejectedLazily() throws {
        let t = makeTokenizer("{}\n{}", options: singleValueOptions())
        #expect(try t.next() == .beginObject)
        #expect(try t.next() == .endObject)
        #expect(throws: MapBridgeError.self) { try t.next() }
    }

    @Test("RS inside a container is an error")
    func rsInsideContainer() throws {
        #expect(tokenizeError("[1,\u{1E}2]") != nil)
    }

    @Test("a UTF-8 byte order mark is skipped", arguments: chunkSizes)
    func byteOrderMark(chunkSize: Int) throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\":[1]}".utf8)
        let t = makeTokenizer(bytes: bytes, options: tokenizerOptions(chunkSize: chunkSize))
        let toks = try allToks(t)
        #expect(toks.map(\.kind) == [.beginObject, .key, .beginArray, .number, .endArray, .endObject])
        #expect(toks.first?.line == 1)
    }

    @Test("a byte order mark alone is empty input")
    func byteOrderMarkOnly() throws {
        let error = try #require(tokenizeError(bytes: [0xEF, 0xBB, 0xBF]))
        #expect(error.message.contains("empty"))
    }

    @Test("a byte order mark anywhere but the start is an error")
    func byteOrderMarkLater() throws {
        #expect(tokenizeError(bytes: Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8)) != nil)
        #expect(tokenizeError(bytes: Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("2".utf8)) != nil)
    }
}
