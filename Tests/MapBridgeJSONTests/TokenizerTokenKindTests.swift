import MapBridgeJSON
import Testing

/// Every kind of token the tokenizer hands out, from the smallest documents up.
@Suite("JSONTokenizer token kinds")
struct TokenizerTokenKindTests {
    @Test("a lone scalar is one token followed by the end of input", arguments: [
        ("true", JSONToken.true), ("false", .false), ("null", .null), ("0", .number), ("\"\"", .string),
    ])
    func loneScalar(text: String, kind: JSONToken) throws {
        let t = makeTokenizer(text)
        #expect(try t.next() == kind)
        #expect(try t.next() == .endOfInput)
        // The end of input stays the end of input.
        #expect(try t.next() == .endOfInput)
        #expect(t.topLevelValuesRead == 1)
    }

    @Test("empty containers", arguments: chunkSizes)
    func emptyContainers(chunkSize: Int) throws {
        let options = tokenizerOptions(chunkSize: chunkSize)
        #expect(try kinds("[]", options: options) == [.beginArray, .endArray])
        #expect(try kinds("{}", options: options) == [.beginObject, .endObject])
        #expect(try kinds(" [ ] ", options: options) == [.beginArray, .endArray])
    }

    @Test("one element in each container", arguments: chunkSizes)
    func oneElement(chunkSize: Int) throws {
        let options = tokenizerOptions(chunkSize: chunkSize)
        #expect(try kinds("[1]", options: options) == [.beginArray, .number, .endArray])
        #expect(try kinds("{\"a\":null}", options: options) == [.beginObject, .key, .null, .endObject])
    }

    @Test("every token kind in one document, with payloads", arguments: chunkSizes)
    func everyKind(chunkSize: Int) throws {
        let text = #"{"s":"text","n":-12.5e3,"t":true,"f":false,"z":null,"a":[{},[]],"o":{"k":"v"}}"#
        let toks = try allToks(makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize)))
        let expected: [(JSONToken, String?)] = [
            (.beginObject, nil),
            (.key, "s"), (.string, "text"),
            (.key, "n"), (.number, "-12.5e3"),
            (.key, "t"), (.true, nil),
            (.key, "f"), (.false, nil),
            (.key, "z"), (.null, nil),
            (.key, "a"), (.beginArray, nil), (.beginObject, nil), (.endObject, nil),
            (.beginArray, nil), (.endArray, nil), (.endArray, nil),
            (.key, "o"), (.beginObject, nil), (.key, "k"), (.string, "v"), (.endObject, nil),
            (.endObject, nil),
        ]
        #expect(toks.map(\.kind) == expected.map(\.0))
        #expect(toks.map(\.text) == expected.map(\.1))
    }

    @Test("depth follows the open containers")
    func depthTracking() throws {
        let t = makeTokenizer("[{\"a\":[1]}]")
        #expect(t.depth == 0)
        var depths: [Int] = []
        while try t.next() != .endOfInput { depths.append(t.depth) }
        // [  {  "a"  [  1  ]  }  ]
        #expect(depths == [1, 2, 2, 3, 3, 2, 1, 0])
    }

    @Test("payloadEquals compares the last key byte for byte")
    func payloadEquals() throws {
        let t = makeTokenizer(#"{"type":1,"typ":2,"t\u0079pe":3}"#)
        _ = try t.next()
        #expect(try t.next() == .key)
        #expect(t.payloadEquals("type"))
        #expect(!t.payloadEquals("typ"))
        _ = try t.next()
        #expect(try t.next() == .key)
        #expect(t.payloadEquals("typ"))
        #expect(!t.payloadEquals("type"))
        _ = try t.next()
        #expect(try t.next() == .key)
        #expect(t.payloadEquals("type"))  // decoded from an escape
    }

    @Test("literals must be whole words", arguments: ["tru", "truex", "nul", "nulll", "fals", "False", "True", "NULL"])
    func badLiterals(text: String) throws {
        let error = try #require(tokenizeError("[\(text)]"))
        #expect(error.kind == .data)
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 2)
    }

    @Test("literals split across buffer refills", arguments: 0..<18)
    func literalsAcrossRefills(padding: Int) throws {
        let text = "[" + String(repeating: " ", count: padding) + "true,false,null]"
        let options = tokenizerOptions(chunkSize: 16)
        #expect(try kinds(text, options: options) == [.beginArray, .true, .false, .null, .endArray])
    }

    @Test("display names name each token for messages")
    func displayNames() {
        #expect(JSONToken.beginObject.displayName == "'{'")
        #expect(JSONToken.endArray.displayName == "']'")
        #expect(JSONToken.key.displayName == "a member name")
        #expect(JSONToken.endOfInput.displayName == "the end of the input")
    }

    @Test("errors carry the source name and kind .data")
    func errorCarriesFileName() throws {
        let error = try #require(tokenizeError("[x]"))
        #expect(error.kind == .data)
        #expect(error.location?.file == "t.json")
        #expect(error.description.hasPrefix("t.json:1:2: error: "))
    }
}
