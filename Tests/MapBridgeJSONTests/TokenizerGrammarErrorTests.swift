import MapBridgeJSON
import MapBridgeModel
import Testing

/// Grammar errors: where they are reported and what their messages say.
@Suite("JSONTokenizer grammar errors")
struct TokenizerGrammarErrorTests {
    private func requireError(_ text: String, chunkSize: Int) throws -> MapBridgeError {
        let error = try #require(tokenizeError(text, options: tokenizerOptions(chunkSize: chunkSize)),
                                 "accepted: \(text.debugDescription)")
        #expect(error.kind == .data)
        return error
    }

    @Test("empty input is an error", arguments: chunkSizes)
    func emptyInput(chunkSize: Int) throws {
        let error = try requireError("", chunkSize: chunkSize)
        #expect(error.message.contains("empty"))
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 1)
    }

    @Test("whitespace-only input is an error at its end", arguments: chunkSizes)
    func whitespaceOnly(chunkSize: Int) throws {
        let error = try requireError("  \n \t ", chunkSize: chunkSize)
        #expect(error.message.contains("empty"))
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 4)
    }

    @Test("a trailing comma in an array is reported at the ']'", arguments: [
        ("[1,]", 1, 4), ("[1, 2 ,]", 1, 8), ("[\n  1,\n  2,\n]", 4, 1), ("{\"a\":[true,\n   ]}", 2, 4),
    ])
    func trailingCommaInArray(text: String, line: Int, column: Int) throws {
        for chunkSize in chunkSizes {
            let error = try requireError(text, chunkSize: chunkSize)
            #expect(error.location?.line == line)
            #expect(error.location?.column == column)
            #expect(error.message.contains("trailing comma"))
        }
    }

    @Test("a trailing comma in an object is reported at the '}'", arguments: [
        ("{\"a\":1,}", 1, 8), ("{\"a\":1 , }", 1, 10), ("{\n  \"a\": 1,\n  \"b\": 2,\n}", 4, 1),
        ("[{\"a\":{},\n\n  }]", 3, 3),
    ])
    func trailingCommaInObject(text: String, line: Int, column: Int) throws {
        for chunkSize in chunkSizes {
            let error = try requireError(text, chunkSize: chunkSize)
            #expect(error.location?.line == line)
            #expect(error.location?.column == column)
            #expect(error.message.contains("trailing comma"))
        }
    }

    @Test("a leading or doubled comma is an error", arguments: ["[,1]", "[1,,2]", "{,\"a\":1}", "{\"a\":1,,\"b\":2}"])
    func strayComma(text: String) throws {
        _ = try requireError(text, chunkSize: 16)
    }

    @Test("a missing colon is reported where the colon belongs", arguments: [
        ("{\"a\" 1}", 1, 6), ("{\"a\"\n  1}", 2, 3), ("{\"a\",\"b\"}", 1, 5), ("{\"a\"}", 1, 5),
    ])
    func missingColon(text: String, line: Int, column: Int) throws {
        for chunkSize in chunkSizes {
            let error = try requireError(text, chunkSize: chunkSize)
            #expect(error.message.contains("':'"))
            #expect(error.location?.line == line)
            #expect(error.location?.column == column)
        }
    }

    @Test("a missing comma between elements is an error", arguments: [
        ("[1 2]", 1, 4), ("{\"a\":1 \"b\":2}", 1, 8), ("[[] {}]", 1, 5),
    ])
    func missingComma(text: String, line: Int, column: Int) throws {
        let error = try requireError(text, chunkSize: 16)
        #expect(error.location?.line == line)
        #expect(error.location?.column == column)
    }

    @Test("mismatched closers are errors", arguments: ["[1}", "{\"a\":1]", "]", "}", "[}", "{]"])
    func mismatchedClosers(text: String) throws {
        _ = try requireError(text, chunkSize: 16)
    }

    @Test("member names must be strings", arguments: ["{a:1}", "{1:1}", "{null:1}", "{'a':1}"])
    func unquotedKey(text: String) throws {
        let error = try requireError(text, chunkSize: 16)
        #expect(error.location?.column == 2)
    }

    @Test("input truncated inside an object or array reports the end and says it may be truncated", arguments: [
        ("{\"a\":1", 1, 7), ("{\"a\":1,", 1, 8), ("{\"a\":", 1, 6), ("{", 1, 2),
        ("[1,2", 1, 5), ("[", 1, 2), ("[\n  [1,\n  2", 3, 4), ("{\"a\":[{\"b\":[\n", 2, 1),
    ])
    func truncatedContainer(text: String, line: Int, column: Int) throws {
        for chunkSize in chunkSizes {
            let error = try requireError(text, chunkSize: chunkSize)
            #expect(error.message.contains("truncated"), "\(error.message)")
            #expect(error.location?.line == line)
            #expect(error.location?.column == column)
        }
    }

    @Test("input truncated inside a string reports the string's start", arguments: [
        ("[\"abc", 1, 2), ("{\"a\":\"abc", 1, 6), ("{\"ab", 1, 2), ("[\"a\\n", 1, 2), ("[\n  \"x", 2, 3),
    ])
    func truncatedString(text: String, line: Int, column: Int) throws {
        for chunkSize in chunkSizes {
            let error = try requireError(text, chunkSize: chunkSize)
            #expect(error.message.contains("ends inside a string"), "\(error.message)")
            #expect(error.location?.line == line)
            #expect(error.location?.column == column)
        }
    }

    @Test("input truncated inside a string says the file may be truncated, as for objects and arrays",
          arguments: ["[\"abc", "{\"a\":\"abc", "{\"ab"])
    func truncatedStringMentionsTruncation(text: String) throws {
        let error = try requireError(text, chunkSize: 16)
        #expect(error.message.contains("truncated"), "\(error.message)")
    }

    @Test("a value that is not JSON is named in the message", arguments: [
        ("[undefined]", "undefined"), ("['a']", "found '''"), ("[True]", "'T'"),
    ])
    func notAValue(text: String, fragment: String) throws {
        let error = try requireError(text, chunkSize: 16)
        #expect(error.message.contains(fragment), "\(error.message)")
        #expect(error.location?.column == 2)
    }
}
