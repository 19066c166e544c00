import MapBridgeJSON
import MapBridgeModel
import Testing

/// Numbers keep their text and give their correctly rounded value; malformed ones are errors.
@Suite("JSONTokenizer numbers")
struct TokenizerNumberTests {
    /// The text and value of the single number in `[text]`.
    private func number(_ text: String, chunkSize: Int) throws -> (text: String, value: Double) {
        let t = makeTokenizer("[\(text)]", options: tokenizerOptions(chunkSize: chunkSize))
        #expect(try t.next() == .beginArray)
        #expect(try t.next() == .number)
        let result = (t.numberText(), t.numberValue())
        #expect(try t.next() == .endArray)
        return result
    }

    @Test("numbers keep their text and value", arguments: [
        ("0", 0.0), ("7", 7), ("-1", -1), ("0.1", 0.1), ("1.50", 1.5), ("1e-7", 1e-7), ("1E+2", 100),
        ("-73.7781391", -73.7781391), ("12345678901234567890", Double("12345678901234567890")!),
        ("2.5e-324", Double.leastNonzeroMagnitude), ("1.7976931348623157e308", 1.7976931348623157e308),
        ("0.30000000000000004", 0.30000000000000004),
    ])
    func textAndValue(text: String, value: Double) throws {
        for chunkSize in chunkSizes {
            let n = try number(text, chunkSize: chunkSize)
            #expect(n.text == text)
            #expect(n.value.bitPattern == value.bitPattern)
        }
    }

    @Test("negative zero keeps its sign and its text", arguments: chunkSizes)
    func negativeZero(chunkSize: Int) throws {
        let n = try number("-0", chunkSize: chunkSize)
        #expect(n.text == "-0")
        #expect(n.value == 0)
        #expect(n.value.sign == .minus)
    }

    @Test("a value too large for a double gives infinity, and keeps its text")
    func overflow() throws {
        let n = try number("1e400", chunkSize: 16)
        #expect(n.text == "1e400")
        #expect(n.value == .infinity)
    }

    @Test("a top-level number ends at the end of the input", arguments: chunkSizes)
    func topLevelNumber(chunkSize: Int) throws {
        let t = makeTokenizer("-12345678901234567890.25e-3", options: tokenizerOptions(chunkSize: chunkSize))
        #expect(try t.next() == .number)
        #expect(t.numberText() == "-12345678901234567890.25e-3")
        #expect(t.numberValue() == Double("-12345678901234567890.25e-3"))
        #expect(try t.next() == .endOfInput)
    }

    @Test("numbers straddling a buffer refill", arguments: 0..<20)
    func numbersAcrossRefills(padding: Int) throws {
        let texts = ["-73.7781391", "40.6399257", "12345678901234567890", "1.5e-10"]
        let text = "[" + String(repeating: " ", count: padding) + texts.joined(separator: ",") + "]"
        let toks = try allToks(makeTokenizer(text, options: tokenizerOptions(chunkSize: 16)))
        #expect(toks.filter { $0.kind == .number }.map(\.text) == texts)
    }

    @Test("malformed numbers are errors at the number's column", arguments: [
        "01", "-01", "00", "1.", ".5", "+1", "1e", "1e+", "1E-", "NaN", "Infinity", "-Infinity", "1.2.3",
        "-", "--1", "1.e5", "0x10", "1ee5", "1-2", "1e5.5", "1a",
    ])
    func malformed(text: String) throws {
        for chunkSize in chunkSizes {
            let error = try #require(tokenizeError("[\(text)]", options: tokenizerOptions(chunkSize: chunkSize)),
                                     "'\(text)' was accepted")
            #expect(error.kind == .data)
            #expect(error.location?.line == 1)
            #expect(error.location?.column == 2)
        }
    }

    @Test("malformed numbers at the top level are errors too", arguments: ["01", "1.", "-", "1e", "+1", "NaN"])
    func malformedTopLevel(text: String) throws {
        #expect(tokenizeError(text) != nil)
    }

    @Test("messages name the problem", arguments: [
        ("01", "leading zero"), ("1.", "follow '.'"), ("1e", "exponent"), ("NaN", "NaN"),
        ("Infinity", "Infinity"), ("1.2.3", "1.2.3"),
    ])
    func messages(text: String, fragment: String) throws {
        let error = try #require(tokenizeError("[\(text)]"))
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test("each number's value is its own, whichever way it was converted", arguments: chunkSizes)
    func valuesDoNotLeak(chunkSize: Int) throws {
        let texts = ["0.5", "1e2", "-2.25", "12345678901234567890", "7", "1.7976931348623157e308", "0.1", "-0"]
        let t = makeTokenizer("[" + texts.joined(separator: ",") + ",\"s\"]", options: tokenizerOptions(chunkSize: chunkSize))
        #expect(try t.next() == .beginArray)
        for text in texts {
            #expect(try t.next() == .number)
            #expect(t.numberText() == text)
            #expect(t.numberValue().bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    @Test("a number directly followed by a letter is an error")
    func numberThenWord() throws {
        let error = try #require(tokenizeError("[12true]"))
        #expect(error.location?.column == 2)
    }
}
