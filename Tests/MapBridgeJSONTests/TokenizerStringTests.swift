import MapBridgeJSON
import MapBridgeModel
import Testing

/// String decoding: escapes, surrogate pairs, control characters and UTF-8 validity.
@Suite("JSONTokenizer strings")
struct TokenizerStringTests {
    @Test("empty, one-character and plain strings", arguments: chunkSizes)
    func plainStrings(chunkSize: Int) throws {
        let options = tokenizerOptions(chunkSize: chunkSize)
        #expect(try decodedString(#"[""]"#, options: options) == "")
        #expect(try decodedString(#"["a"]"#, options: options) == "a")
        #expect(try decodedString(#"["John F. Kennedy International Airport"]"#, options: options)
            == "John F. Kennedy International Airport")
        #expect(try decodedString(#"["Zürich — 東京 😀"]"#, options: options) == "Zürich — 東京 😀")
    }

    @Test("each simple escape", arguments: [
        (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"),
        (#"\n"#, "\n"), (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u00e9"#, "é"), (#"\u00E9"#, "é"),
        (#"\u0000"#, "\u{0}"), (#"\u20ac"#, "€"), (#"\uffff"#, "\u{FFFF}"),
    ])
    func simpleEscape(escape: String, decoded: String) throws {
        for chunkSize in chunkSizes {
            let options = tokenizerOptions(chunkSize: chunkSize)
            #expect(try decodedString("[\"\(escape)\"]", options: options) == decoded)
            #expect(try decodedString("[\"a\(escape)b\"]", options: options) == "a\(decoded)b")
        }
    }

    @Test("all escapes in one string", arguments: chunkSizes)
    func allEscapes(chunkSize: Int) throws {
        let text = #"["\" \\ \/ \b \f \n \r \t \u00e9"]"#
        #expect(try decodedString(text, options: tokenizerOptions(chunkSize: chunkSize))
            == "\" \\ / \u{08} \u{0C} \n \r \t é")
    }

    @Test("escapes in member names are decoded too")
    func escapedKey() throws {
        let toks = try allToks(makeTokenizer(#"{"a\"b\u00e9":1}"#))
        #expect(toks[1] == Tok(kind: .key, text: "a\"bé", line: 1, column: 2))
    }

    @Test("a surrogate pair becomes one scalar", arguments: chunkSizes)
    func surrogatePair(chunkSize: Int) throws {
        let options = tokenizerOptions(chunkSize: chunkSize)
        #expect(try decodedString(#"["\ud83d\ude00"]"#, options: options) == "😀")
        #expect(try decodedString(#"["\uD83D\uDE00"]"#, options: options) == "😀")
        #expect(try decodedString(#"["x\ud83d\ude00y\ud83c\udf0d"]"#, options: options) == "x😀y🌍")
    }

    @Test("lone surrogates become U+FFFD", arguments: [
        (#"\ud83d"#, "\u{FFFD}"),
        (#"\ude00"#, "\u{FFFD}"),
        (#"\ud83dx"#, "\u{FFFD}x"),
        (#"\ud83d\u0041"#, "\u{FFFD}A"),
        (#"\ude00\ud83d"#, "\u{FFFD}\u{FFFD}"),
        (#"\ud83d\ud83d\ude00"#, "\u{FFFD}😀"),
        (#"\ud83d\n"#, "\u{FFFD}\n"),
    ])
    func loneSurrogate(escapes: String, decoded: String) throws {
        for chunkSize in chunkSizes {
            #expect(try decodedString("[\"\(escapes)\"]", options: tokenizerOptions(chunkSize: chunkSize)) == decoded)
        }
    }

    @Test("escapes straddling a buffer refill", arguments: 0..<20)
    func escapesAcrossRefills(padding: Int) throws {
        let pad = String(repeating: "x", count: padding)
        let options = tokenizerOptions(chunkSize: 16)
        #expect(try decodedString("[\"\(pad)\\ud83d\\ude00\\n\\u00e9\"]", options: options) == pad + "😀\né")
        #expect(try decodedString("[\"\(pad)\\\"\\\\\"]", options: options) == pad + "\"\\")
    }

    @Test("long strings across many refills keep every byte", arguments: chunkSizes)
    func longString(chunkSize: Int) throws {
        let plain = String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789", count: 20)
        let options = tokenizerOptions(chunkSize: chunkSize)
        #expect(try decodedString("[\"\(plain)\"]", options: options) == plain)
        // The same with an escape in the middle: the decoded copy must hold both halves.
        #expect(try decodedString("[\"\(plain)\\t\(plain)\"]", options: options) == plain + "\t" + plain)
    }

    @Test("raw control characters inside a string are errors at their column", arguments: [
        UInt8(0x00), 0x01, 0x09, 0x0A, 0x0D, 0x1F,
    ])
    func rawControlCharacter(byte: UInt8) throws {
        // ["a<ctl>b"]: the control character is at column 4.
        let bytes: [UInt8] = Array(#"["a"#.utf8) + [byte] + Array(#"b"]"#.utf8)
        for chunkSize in chunkSizes {
            let error = try #require(tokenizeError(bytes: bytes, options: tokenizerOptions(chunkSize: chunkSize)))
            #expect(error.kind == .data)
            #expect(error.location?.line == 1)
            #expect(error.location?.column == 4)
        }
    }

    @Test("a raw control character after an escape is an error too")
    func rawControlAfterEscape() throws {
        let bytes: [UInt8] = Array(#"["\n"#.utf8) + [0x09] + Array(#""]"#.utf8)
        let error = try #require(tokenizeError(bytes: bytes))
        #expect(error.location?.column == 5)
        #expect(error.message.contains("control character"))
    }

    @Test("invalid escapes are errors", arguments: [#"\x"#, #"\u12"#, #"\u12G4"#, #"\U0041"#, #"\'"#, #"\a"#])
    func invalidEscape(escape: String) throws {
        let error = try #require(tokenizeError("[\"\(escape)\"]"))
        #expect(error.kind == .data)
        #expect(error.location?.line == 1)
    }

    @Test("invalid UTF-8 in a string is an error when the string is read", arguments: [
        [UInt8(0xFF)],            // never valid
        [0xC3],                   // a lead byte without its continuation
        [0x80],                   // a stray continuation byte
        [0xC0, 0xAF],             // an overlong '/'
        [0xED, 0xA0, 0x80],       // an encoded surrogate
        [0xF4, 0x90, 0x80, 0x80], // beyond U+10FFFF
    ])
    func invalidUTF8(bad: [UInt8]) throws {
        // Without escapes (the bytes stay in the buffer) and with one (they are copied).
        for prefix in ["ab", #"a\n"#] {
            let bytes = Array("[\"\(prefix)".utf8) + bad + Array("\"]".utf8)
            for chunkSize in chunkSizes {
                let t = makeTokenizer(bytes: bytes, options: tokenizerOptions(chunkSize: chunkSize))
                #expect(try t.next() == .beginArray)
                #expect(throws: MapBridgeError.self) {
                    _ = try t.next()
                    _ = try t.stringValue()
                }
            }
        }
    }

    @Test("invalid UTF-8 in a member name is an error when the name is read")
    func invalidUTF8Key() throws {
        let bytes = Array("{\"".utf8) + [0xFE] + Array("\":1}".utf8)
        #expect(tokenizeError(bytes: bytes) != nil)
    }

    @Test("a raw line break in a string says the string runs past the line")
    func rawNewline() throws {
        let error = try #require(tokenizeError("[\"abc\ndef\"]"))
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 6)
        #expect(error.message.contains("end of the line"))
    }
}
