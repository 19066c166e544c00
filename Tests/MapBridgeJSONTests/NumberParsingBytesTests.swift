import MapBridgeJSON
import MapBridgeModel
import Testing

/// `NumberParsing.scanPrefixWithDigits` and `lenientNumber` over bytes, against the paths that
/// read the text as a `String`.
@Suite("NumberParsing digits and bytes")
struct NumberParsingBytesTests {
    static let numbers = [
        "0", "-0", "0.10", "-73.7781391", "4.50", "12", "0.000123", "-0.000", "1e5", "1.5E-3", "-0e0",
        "12345678901234567", "123456789012345678", "1234567890123456789012", "0.12345678901234567",
        "1.123456789012345678", "0.0000000000000000000001", "0.00000000000000000000001", "9007199254740993",
        "179769313486231570000000000000000000000",
    ]

    @Test("a scan's digits give the spelling reading the text gives", arguments: numbers)
    func digitsSpellAsText(text: String) {
        var bytes = text
        bytes.withUTF8 { buffer in
            let scan = NumberParsing.scanPrefixWithDigits(buffer)
            #expect(scan.length == buffer.count)
            let value = NumberParsing.double(from: buffer)
            let fromText = FixedPointSpelling(text: buffer, value: value)
            let fromScan = scan.fixedPoint.flatMap { FixedPointSpelling(scanned: $0, value: value) }
            #expect(fromScan == fromText)
            #expect((scan.fixedPoint == nil) == (text.contains("e") || text.contains("E")))
            #expect(Coordinate.Number(value: value, text: buffer, scanned: scan.fixedPoint).text
                == Coordinate.Number(value: value, text: buffer).text)
        }
    }

    static let lenientTexts = [
        "6.00", " 6.00 ", "\t+2\r\n", ".5", "1.", "1e3", "-0", " -0.050\n", "1e999", "-1e999", "nan", "inf", "",
        "   ", "0x10", "00", "1 2", "１", "\u{00A0}1", "1\u{00A0}", "--1", "1e", "+.5e-2",
        String(repeating: "1", count: 63), String(repeating: "1", count: 64), " " + String(repeating: "2", count: 63) + " ",
        "12345678901234567890", "0.1234567890123456789",
    ]

    /// The rule as the `String` version had it: trim the `String`, then `lenientDouble`, and
    /// keep the text when it is a JSON number.
    static func lenientByStrings(_ text: String) -> NumberValue? {
        let trimmed = text.trimmingSpaces()
        let bytes = Array(trimmed.utf8)
        guard let value = NumberParsing.lenientDouble(bytes) else { return nil }
        return NumberParsing.grammarProblem(bytes) == nil ? NumberValue(text: trimmed, value: value) : NumberValue(value)
    }

    @Test("lenientNumber over bytes reads as the string rule does", arguments: lenientTexts)
    func lenientBytes(text: String) {
        let expected = Self.lenientByStrings(text)
        var copy = text
        let fromBytes = copy.withUTF8 { NumberParsing.lenientNumber($0) }
        #expect(fromBytes?.text == expected?.text)
        #expect(fromBytes?.value.bitPattern == expected?.value.bitPattern)
        #expect(NumberParsing.lenientNumber(text)?.text == expected?.text)
    }
}
