import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import Testing

/// The tokenizer's answers for a reader that builds features without making a value per
/// token: a number's scanned digits, a payload compared in place, a key's position in the key
/// table, and repeated member names left to the caller and handed back.
@Suite("Tokenizer reader hooks")
struct TokenizerReaderHooksTests {
    /// Options that leave repeated names to the caller, with the given chunk size.
    private func leavingNames(chunkSize: Int) -> JSONTokenizer.Options {
        var options = tokenizerOptions(chunkSize: chunkSize)
        options.leavesRepeatedNamesToCaller = true
        return options
    }

    // MARK: numberDigits

    @Test("a fixed-point number's scanned digits spell it as its text does", arguments: chunkSizes)
    func digitsSpellAsText(chunkSize: Int) throws {
        let numbers = ["0", "-0", "7", "-12.50", "0.5", "123456789.123456", "-0.000001", "179.9999999",
                       "100", "1.0", "999999999999999999", "1234567890123456789.5", "0.1234567890123456789012"]
        let t = makeTokenizer("[" + numbers.joined(separator: ",") + "]", options: tokenizerOptions(chunkSize: chunkSize))
        var checked = 0
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            guard token == .number else { continue }
            let value = t.numberValue()
            let text = t.numberText()
            let digits = try #require(t.numberDigits, "a number without exponent has digits: \(text)")
            #expect(FixedPointSpelling(scanned: digits, value: value) == FixedPointSpelling(text: text, value: value), "\(text)")
            checked += 1
        }
        #expect(checked == numbers.count)
    }

    @Test("the digits count every digit, those after the point and the sign")
    func digitsFields() throws {
        let t = makeTokenizer("[-12.50, 0.5, 42]")
        var seen: [FixedPointSpelling.Digits] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            if token == .number, let d = t.numberDigits { seen.append(d) }
        }
        #expect(seen == [
            .init(digits: 1250, digitCount: 4, fractionDigits: 2, negative: true),
            .init(digits: 5, digitCount: 2, fractionDigits: 1, negative: false),
            .init(digits: 42, digitCount: 2, fractionDigits: 0, negative: false),
        ])
    }

    @Test("a number with an exponent has no digits, and the next plain one has them again", arguments: chunkSizes)
    func exponentHasNoDigits(chunkSize: Int) throws {
        let t = makeTokenizer("[1e5, 2.5E-3, -7e+2, 3.25]", options: tokenizerOptions(chunkSize: chunkSize))
        var answers: [Bool] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            if token == .number { answers.append(t.numberDigits != nil) }
        }
        #expect(answers == [false, false, false, true])
    }

    // MARK: payloadEquals(bytesOf:)

    @Test("a payload equals a text byte for byte, escapes decoded first", arguments: chunkSizes)
    func payloadEqualsText(chunkSize: Int) throws {
        let t = makeTokenizer(#"{"name":"Zürich","n\u0061me":"","long name past the chunk":"x\ny"}"#,
                              options: tokenizerOptions(chunkSize: chunkSize))
        var results: [Bool] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            switch token {
            case .key:
                results.append(t.payloadEquals(bytesOf: "name"))
            case .string:
                results.append(t.payloadEquals(bytesOf: "Zürich") || t.payloadEquals(bytesOf: "") || t.payloadEquals(bytesOf: "x\ny"))
                #expect(!t.payloadEquals(bytesOf: "Zurich"))
                #expect(!t.payloadEquals(bytesOf: "x\ny "))
            default: break
            }
        }
        // Keys: "name", "name" (escaped), and a different name; every string matches one text.
        #expect(results == [true, true, true, true, false, true])
    }

    // MARK: keyPosition(in:)

    @Test("one name has one position, another name another, escaped or not", arguments: chunkSizes)
    func positions(chunkSize: Int) throws {
        let table = JSONKeyTable { _ in 0 }
        let t = makeTokenizer(#"[{"a":1,"b":2},{"b":3,"\u0061":4,"ab":5}]"#, options: tokenizerOptions(chunkSize: chunkSize))
        var got: [(String, Int?)] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            if token == .key {
                let (key, _, position) = try t.keyPosition(in: table)
                got.append((key, position))
            }
        }
        #expect(got.map(\.0) == ["a", "b", "b", "a", "ab"])
        let positions = got.compactMap(\.1)
        #expect(positions.count == 5)
        #expect(positions[0] == positions[3])
        #expect(positions[1] == positions[2])
        #expect(Set(positions).count == 3)
        #expect(table.clearings == 0)
    }

    @Test("a name too long to keep has no position; a table that keeps missing clears and counts it")
    func positionsBounded() throws {
        let table = JSONKeyTable { _ in 0 }
        let long = String(repeating: "y", count: JSONKeyTable.maximumNameBytes + 1)
        var text = "{\"\(long)\":0"
        // Past capacity every new name misses; enough misses clear the table.
        let names = JSONKeyTable.capacity * 10
        for i in 0..<names { text += ",\"k\(i)\":0" }
        text += "}"
        let t = makeTokenizer(text)
        var first: Int?? = .none
        var withoutPosition = 0
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            guard token == .key else { continue }
            let (_, _, position) = try t.keyPosition(in: table)
            if first == .none { first = .some(position) }
            if position == nil { withoutPosition += 1 }
        }
        #expect(first == .some(nil))
        #expect(withoutPosition > 1)
        #expect(table.clearings >= 1)
    }

    // MARK: Repeated names left to the caller

    @Test("with names left to the caller, no repeat is reported, and the tokenizer records nothing", arguments: chunkSizes)
    func leftToCaller(chunkSize: Int) throws {
        let t = makeTokenizer(#"{"a":1,"a":2,"o":{"b":1,"b":2}}"#, options: leavingNames(chunkSize: chunkSize))
        var reports: [Bool] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            if token == .key {
                reports.append(t.lastKeyIsDuplicate)
                #expect(!t.recordsNames)
            }
        }
        #expect(reports == [false, false, false, false, false])
    }

    @Test("an object handed back is checked from then on, with the names read before; others stay the caller's",
          arguments: chunkSizes)
    func handedBack(chunkSize: Int) throws {
        let text = #"{"a":1,"b":2,"c":3,"in":{"c":1,"c":2},"b":4,"d":5},{"c":1,"c":2}"#
        let t = makeTokenizer("[" + text + "]", options: leavingNames(chunkSize: chunkSize))
        var log: [String] = []
        var keysInFirst = 0
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            guard token == .key else { continue }
            let key = try t.stringValue()
            if t.depth == 2 { keysInFirst += 1 }
            // Hand the first object back at its third key, with the two names before it.
            if t.depth == 2 && keysInFirst == 3 { t.recordNames(["a", "b"]) }
            log.append("\(key)\(t.lastKeyIsDuplicate ? "!" : "")\(t.recordsNames ? "r" : "")")
        }
        #expect(log == [
            "a", "b", "cr", "inr",   // handed back at "c": recorded from here on
            "c", "c",                // a nested object is still left to the caller
            "b!r", "dr",             // back in the handed-back object: "b" was named before
            "c", "c",                // the next object is the caller's again
        ])
    }

    @Test("handing back the last key's own name reports it as repeated")
    func handedBackWithRepeat() throws {
        let t = makeTokenizer(#"{"x":1,"y":2,"x":3}"#, options: leavingNames(chunkSize: 16))
        var last = false
        var count = 0
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            guard token == .key else { continue }
            count += 1
            if count == 3 { t.recordNames(["x", "y"]) }
            last = t.lastKeyIsDuplicate
        }
        #expect(last)
    }

    @Test("recordNames changes nothing when the tokenizer records names itself")
    func recordNamesWithoutLeaving() throws {
        let t = makeTokenizer(#"{"x":1,"z":2}"#)
        var reports: [Bool] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            guard token == .key else { continue }
            t.recordNames(["z"])
            reports.append(t.lastKeyIsDuplicate)
            #expect(t.recordsNames)
        }
        #expect(reports == [false, false])
    }
}
