@testable import MapBridgeJSON
import MapBridgeModel
import Testing

/// The nesting limit and duplicate member name detection.
@Suite("JSONTokenizer depth limit and duplicate keys")
struct TokenizerDepthAndDuplicateKeyTests {
    private func options(maximumDepth: Int, chunkSize: Int = 16) -> JSONTokenizer.Options {
        var o = tokenizerOptions(chunkSize: chunkSize)
        o.maximumDepth = maximumDepth
        return o
    }

    // MARK: Depth

    @Test("nesting up to the limit is accepted", arguments: ["[[[1]]]", "{\"a\":{\"b\":{\"c\":1}}}", "[{\"a\":[]}]", "1", "[]"])
    func withinLimit(text: String) throws {
        #expect(tokenizeError(text, options: options(maximumDepth: 3)) == nil)
    }

    @Test("nesting one deeper than the limit is an error at the opening bracket", arguments: [
        ("[[[[1]]]]", 1, 4), ("{\"a\":{\"b\":{\"c\":{}}}}", 1, 16), ("[{\"a\":[\n  [2]]}]", 2, 3),
    ])
    func beyondLimit(text: String, line: Int, column: Int) throws {
        for chunkSize in chunkSizes {
            let error = try #require(tokenizeError(text, options: options(maximumDepth: 3, chunkSize: chunkSize)))
            #expect(error.kind == .data)
            #expect(error.message.contains("deeper than 3"), "\(error.message)")
            #expect(error.location?.line == line)
            #expect(error.location?.column == column)
        }
    }

    @Test("a depth limit of one allows only flat containers")
    func depthOne() throws {
        #expect(tokenizeError("[1,2]", options: options(maximumDepth: 1)) == nil)
        #expect(tokenizeError("[[]]", options: options(maximumDepth: 1)) != nil)
    }

    @Test("the default limit accepts 512 levels and rejects 513")
    func defaultLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(tokenizeError(ok) == nil)
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(tokenizeError(deep))
        #expect(error.location?.column == 513)
    }

    // MARK: Duplicate keys

    /// The duplicate flag of each key token of `text`, in order.
    private func duplicateFlags(_ text: String, chunkSize: Int) throws -> [Bool] {
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize))
        var flags: [Bool] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { return flags }
            if token == .key { flags.append(t.lastKeyIsDuplicate) }
        }
    }

    @Test("no keys, one key, distinct keys: nothing is a duplicate", arguments: chunkSizes)
    func noDuplicates(chunkSize: Int) throws {
        #expect(try duplicateFlags("{}", chunkSize: chunkSize) == [])
        #expect(try duplicateFlags(#"{"a":1}"#, chunkSize: chunkSize) == [false])
        #expect(try duplicateFlags(#"{"a":1,"b":2,"ab":3,"ba":4}"#, chunkSize: chunkSize) == [false, false, false, false])
    }

    @Test("only the repeat is flagged", arguments: chunkSizes)
    func repeatFlagged(chunkSize: Int) throws {
        #expect(try duplicateFlags(#"{"a":1,"b":2,"a":3}"#, chunkSize: chunkSize) == [false, false, true])
        #expect(try duplicateFlags(#"{"a":1,"a":2,"a":3,"c":4}"#, chunkSize: chunkSize) == [false, true, true, false])
    }

    @Test("a key spelled with an escape repeats the plain spelling")
    func escapedDuplicate() throws {
        #expect(try duplicateFlags(#"{"type":1,"t\u0079pe":2}"#, chunkSize: 16) == [false, true])
    }

    @Test("keys in sibling objects are independent", arguments: chunkSizes)
    func siblings(chunkSize: Int) throws {
        #expect(try duplicateFlags(#"[{"a":1,"b":2},{"a":3,"b":4}]"#, chunkSize: chunkSize) == [false, false, false, false])
        #expect(try duplicateFlags(#"{"x":{"a":1},"y":{"a":2,"a":3}}"#, chunkSize: chunkSize)
            == [false, false, false, false, true])
    }

    @Test("keys in nested objects are independent of the outer object", arguments: chunkSizes)
    func nested(chunkSize: Int) throws {
        // The inner "a" does not repeat the outer one, nor does the outer "a" after it.
        #expect(try duplicateFlags(#"{"a":{"a":1},"b":2}"#, chunkSize: chunkSize) == [false, false, false])
        #expect(try duplicateFlags(#"{"x":{"a":1},"a":2}"#, chunkSize: chunkSize) == [false, false, false])
        // The outer object still remembers its own keys after a nested object closes.
        #expect(try duplicateFlags(#"{"a":{"b":[{"a":0}]},"a":2}"#, chunkSize: chunkSize) == [false, false, false, true])
    }

    @Test("a large object finds each repeat, before and after a nested large object", arguments: [16, 4096])
    func largeObject(chunkSize: Int) throws {
        // Long names that share their first and last eight bytes, past the size where the
        // ledger indexes an object, repeated in order after a nested object of the same names.
        let names = (0..<300).map { "name-prefix-\($0)-middle-suffix" }
        let members = names.map { "\"\($0)\":1" }.joined(separator: ",")
        let text = "{\(members),\"inner\":{\(members),\"\(names[7])\":2},\(members)}"
        var expected = Array(repeating: false, count: 300) + [false]
        expected += Array(repeating: false, count: 300) + [true]
        expected += Array(repeating: true, count: 300)
        #expect(try duplicateFlags(text, chunkSize: chunkSize) == expected)
    }

    @Test("names of every length from 1 to 24, differing in one byte, are told apart", arguments: chunkSizes)
    func namesOfEveryLength(chunkSize: Int) throws {
        // Each length takes another way into the ledger's arena (a byte loop below 4, two
        // four-byte words from 4 to 7, two words from 8 to 16, a copy beyond); each pair
        // shares all but its middle byte.
        var names: [String] = []
        for n in 1...24 {
            let base = Array(repeating: UInt8(ascii: "k"), count: n)
            var other = base
            other[n / 2] = UInt8(ascii: "q")
            names.append(String(decoding: base, as: UTF8.self))
            names.append(String(decoding: other, as: UTF8.self))
        }
        let quoted: [String] = names.map { "\"\($0)\":1" }
        let members = quoted.joined(separator: ",")
        // Small objects (the scan), then one object holding them all twice (past the size
        // where it gets an index), then a sibling that reuses the names without repeats.
        var objects: [String] = []
        for i in stride(from: 0, to: quoted.count, by: 8) {
            let part: String = quoted[i..<min(i + 8, quoted.count)].joined(separator: ",")
            objects.append("{" + part + "}")
        }
        let small = "[" + objects.joined(separator: ",") + "]"
        let text = "[\(small),{\(members),\(members)},{\(members)}]"
        let expected = Array(repeating: false, count: names.count)
            + Array(repeating: false, count: names.count) + Array(repeating: true, count: names.count)
            + Array(repeating: false, count: names.count)
        #expect(try duplicateFlags(text, chunkSize: chunkSize) == expected)
    }

    @Test("a new name whose summary bit another name set is not a duplicate; a repeat is", arguments: chunkSizes)
    func summaryBitShared(chunkSize: Int) throws {
        // Two names with the same bit in the object's summary of hashes: the second is looked
        // for among the names (the summary cannot tell), and found new; a third name whose bit
        // is clear is new without a look; the first name again is a repeat.
        func bit(_ name: String) -> UInt64 {
            var n = name
            return n.withUTF8 { KeyHash.quick($0) } >> 58
        }
        let names = (0..<200).map { "key\($0)" }
        let first = try #require(names.first)
        let second = try #require(names.dropFirst().first { bit($0) == bit(first) })
        let third = try #require(names.first { bit($0) != bit(first) })
        let members = [first, second, third, first, second].enumerated().map { "\"\($1)\":\($0)" }
        let text = "{" + members.joined(separator: ",") + "}"
        #expect(try duplicateFlags(text, chunkSize: chunkSize) == [false, false, false, true, true])
    }

    @Test("each object deep in a nesting of 100 keeps its own names when the inner ones close")
    func deepNesting() throws {
        // Deeper than the ledger's first stack of open objects (64): each level's summary of
        // names is given back when the object inside it closes.
        var text = "0"
        for _ in 0..<100 { text = "{\"a\":" + text + ",\"a\":1,\"b\":2}" }
        let expected = Array(repeating: false, count: 100) + Array(repeating: [true, false], count: 100).flatMap { $0 }
        #expect(try duplicateFlags(text, chunkSize: 16) == expected)
    }

    @Test("separate top-level values do not share keys")
    func separateValues() throws {
        #expect(try duplicateFlags("{\"a\":1}\n{\"a\":2}", chunkSize: 16) == [false, false])
    }

    @Test("detection can be turned off")
    func detectionOff() throws {
        var o = JSONTokenizer.Options()
        o.detectsDuplicateKeys = false
        let t = makeTokenizer(#"{"a":1,"a":2}"#, options: o)
        var flags: [Bool] = []
        while try t.next() != .endOfInput { if t.lastKeyIsDuplicate { flags.append(true) } }
        #expect(flags.isEmpty)
    }

    @Test("hundreds of keys in one object: only the repeats are flagged", arguments: chunkSizes)
    func manyKeys(chunkSize: Int) throws {
        let names = (0..<600).map { "key\($0)" }
        let members = names.map { "\"\($0)\":0" } + ["\"key0\":1", "\"key599\":1", "\"key300\":1", "\"key600\":1"]
        let flags = try duplicateFlags("{" + members.joined(separator: ",") + "}", chunkSize: chunkSize)
        #expect(flags.count == 604)
        #expect(flags.prefix(600).allSatisfy { !$0 })
        #expect(Array(flags.suffix(4)) == [true, true, true, false])
    }

    @Test("very long keys beyond several kilobytes are remembered in full", arguments: chunkSizes)
    func veryLongKeys(chunkSize: Int) throws {
        let long = (0..<6).map { String(repeating: Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))), count: 3000) }
        let text = "{" + long.map { "\"\($0)\":1" }.joined(separator: ",") + ",\"\(long[0])\":2,\"\(long[5])x\":3}"
        #expect(try duplicateFlags(text, chunkSize: chunkSize) == [false, false, false, false, false, false, true, false])
    }

    @Test("many nested objects with many keys each stay independent")
    func manyNestedObjects() throws {
        // Each inner object repeats the outer names; the outer object repeats one at the end.
        let inner = "{" + (0..<300).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let text = "{\"k0\":" + inner + ",\"k1\":[" + inner + "," + inner + "],\"k0\":0}"
        let flags = try duplicateFlags(text, chunkSize: 16)
        #expect(flags.count == 1 + 300 + 1 + 600 + 1)
        #expect(flags.dropLast().allSatisfy { !$0 })
        #expect(flags.last == true)
    }

    @Test("long keys straddling a refill are compared in full", arguments: 0..<18)
    func longKeys(padding: Int) throws {
        let long = String(repeating: "k", count: 30)
        let text = "{" + String(repeating: " ", count: padding)
            + "\"\(long)\":1,\"\(long)x\":2,\"\(long)\":3}"
        #expect(try duplicateFlags(text, chunkSize: 16) == [false, false, true])
    }
}
