import MapBridgeJSON
import MapBridgeModel
import Testing

/// Line and column (1-based, column in bytes) and byte offset of each token, and `skipValue`.
@Suite("JSONTokenizer locations and skipValue")
struct TokenizerLocationTests {
    @Test("tokens on one line", arguments: chunkSizes)
    func oneLine(chunkSize: Int) throws {
        let toks = try allToks(makeTokenizer(#"[1, "ab", true]"#, options: tokenizerOptions(chunkSize: chunkSize)))
        #expect(toks.map { [$0.line, $0.column] } == [[1, 1], [1, 2], [1, 5], [1, 11], [1, 15]])
    }

    @Test("tokens across lines", arguments: chunkSizes)
    func manyLines(chunkSize: Int) throws {
        let text = "{\n  \"a\": [1, 22],\n  \"b\": null\n}"
        let toks = try allToks(makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize)))
        #expect(toks == [
            Tok(kind: .beginObject, text: nil, line: 1, column: 1),
            Tok(kind: .key, text: "a", line: 2, column: 3),
            Tok(kind: .beginArray, text: nil, line: 2, column: 8),
            Tok(kind: .number, text: "1", line: 2, column: 9),
            Tok(kind: .number, text: "22", line: 2, column: 12),
            Tok(kind: .endArray, text: nil, line: 2, column: 14),
            Tok(kind: .key, text: "b", line: 3, column: 3),
            Tok(kind: .null, text: nil, line: 3, column: 8),
            Tok(kind: .endObject, text: nil, line: 4, column: 1),
        ])
    }

    @Test("CRLF line ends count as one line each")
    func crlf() throws {
        let toks = try allToks(makeTokenizer("[\r\n1,\r\n\r\n  2]"))
        #expect(toks.map { [$0.line, $0.column] } == [[1, 1], [2, 1], [4, 3], [4, 4]])
    }

    @Test("columns count bytes, not characters")
    func columnsInBytes() throws {
        // "é" is 2 bytes, "😀" is 4.
        let toks = try allToks(makeTokenizer(#"["é", "😀", 1]"#))
        #expect(toks.map(\.column) == [1, 2, 8, 16, 17])
    }

    @Test("a newline between a key and its colon moves the value's line")
    func newlineBeforeColon() throws {
        let toks = try allToks(makeTokenizer("{\"a\"\n  :\n 5}"))
        #expect(toks.map { [$0.line, $0.column] } == [[1, 1], [1, 2], [3, 2], [3, 3]])
    }

    @Test("locations stay exact over many buffer refills", arguments: chunkSizes)
    func manyRefills(chunkSize: Int) throws {
        // Line k (1-based, from 2 on) is: k spaces, then the number k, then a comma.
        var text = "[\n"
        let count = 200
        for k in 2...(count + 1) {
            text += String(repeating: " ", count: k % 23) + "\(k)" + (k == count + 1 ? "\n" : ",\n")
        }
        text += "]"
        let toks = try allToks(makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize)))
        let numbers = toks.filter { $0.kind == .number }
        #expect(numbers.count == count)
        for (index, tok) in numbers.enumerated() {
            let k = index + 2
            #expect(tok.text == "\(k)")
            #expect(tok.line == k)
            #expect(tok.column == k % 23 + 1)
        }
        #expect(toks.last == Tok(kind: .endArray, text: nil, line: count + 2, column: 1))
    }

    @Test("tokenOffset is the absolute byte offset", arguments: chunkSizes)
    func offsets(chunkSize: Int) throws {
        let text = String(repeating: " ", count: 40) + "[\"0123456789abcdef\",\n  12345]"
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize))
        var offsets: [Int64] = []
        while try t.next() != .endOfInput { offsets.append(t.tokenOffset) }
        #expect(offsets == [40, 41, 63, 68])
    }

    @Test("location(pointer:) and error(_:) use the last token's place")
    func locationHelpers() throws {
        let t = makeTokenizer("[\n  true]")
        _ = try t.next()
        _ = try t.next()
        let location = t.location(pointer: "/0")
        #expect(location == MapBridgeModel.SourceLocation(file: "t.json", line: 2, column: 3, pointer: "/0"))
        let error = t.error("boom")
        #expect(error.kind == .data)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 3)
        #expect(t.sourceName == "t.json")
    }

    // MARK: skipValue

    @Test("skipValue of a scalar skips nothing more")
    func skipScalar() throws {
        let t = makeTokenizer("[1, 2]")
        _ = try t.next()
        let token = try t.next()
        try t.skipValue(startingWith: token)
        #expect(try t.next() == .number)
        #expect(t.numberText() == "2")
    }

    @Test("skipValue of an empty container", arguments: ["[[], 9]", "[{}, 9]"])
    func skipEmpty(text: String) throws {
        let t = makeTokenizer(text)
        _ = try t.next()
        try t.skipValue(startingWith: try t.next())
        #expect(t.depth == 1)
        #expect(try t.next() == .number)
        #expect(t.numberText() == "9")
    }

    @Test("skipValue of nested containers stops at the matching close", arguments: chunkSizes)
    func skipNested(chunkSize: Int) throws {
        let text = #"{"skip":{"a":[1,{"b":[2,3]},"]}"],"c":{}},"keep":"yes"}"#
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize))
        #expect(try t.next() == .beginObject)
        #expect(try t.next() == .key)
        let token = try t.next()
        #expect(token == .beginObject)
        try t.skipValue(startingWith: token)
        #expect(t.depth == 1)
        #expect(try t.next() == .key)
        #expect(try t.stringValue() == "keep")
        #expect(try t.next() == .string)
        #expect(try t.next() == .endObject)
        #expect(try t.next() == .endOfInput)
    }

    @Test("skipValue still reports errors inside the skipped value")
    func skipReportsErrors() throws {
        let t = makeTokenizer("[[1, 2,], 3]")
        _ = try t.next()
        let token = try t.next()
        #expect(throws: MapBridgeError.self) { try t.skipValue(startingWith: token) }
    }
}
