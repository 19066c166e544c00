import MapBridgeModel
import Testing

@Suite("NumberValue")
struct NumberValueTests {
    private func n(_ text: String) -> NumberValue { NumberValue(text: text, value: Double(text)!) }

    @Test("integers have neither fraction nor exponent", arguments: ["0", "-0", "42", "-7", "12345678901234567890"])
    func integers(text: String) {
        #expect(n(text).isInteger)
    }

    @Test("fractions and exponents are not integers", arguments: ["1.0", "0.5", "1e5", "1E5", "-2.50", "1e-7"])
    func nonIntegers(text: String) {
        #expect(!n(text).isInteger)
    }

    @Test("int64Value for integer text that fits", arguments: [
        ("0", Int64(0)), ("-0", 0), ("42", 42), ("-7", -7),
        ("9223372036854775807", .max), ("-9223372036854775808", .min),
    ])
    func int64(text: String, value: Int64) {
        #expect(n(text).int64Value == value)
    }

    @Test("no int64Value for fractions, exponents or overflow", arguments: [
        "1.0", "1e2", "9223372036854775808", "-9223372036854775809", "12345678901234567890",
    ])
    func noInt64(text: String) {
        #expect(n(text).int64Value == nil)
    }

    @Test("shortest text", arguments: [
        (1.0, "1"), (-1.0, "-1"), (0.0, "0"), (0.1, "0.1"), (1.5, "1.5"), (-73.7781391, "-73.7781391"),
        (100.0, "100"), (999999999999999.0, "999999999999999"), (0.30000000000000004, "0.30000000000000004"),
    ])
    func shortest(value: Double, text: String) {
        #expect(NumberValue.shortestText(value) == text)
        #expect(NumberValue(value).text == text)
        #expect(NumberValue(value).value == value)
    }

    @Test("shortest text reads back exactly and is a JSON number", arguments: [
        1e16, -1e21, 1e300, 1e-7, Double.leastNonzeroMagnitude, 1.7976931348623157e308, 123456.789, 2.0 / 3.0,
        -1e-300, 999999999999999.0, 9007199254740994.0,
    ])
    func readsBack(value: Double) throws {
        let text = NumberValue.shortestText(value)
        let parsed = try #require(Double(text))
        #expect(parsed == value)
        #expect(!text.hasSuffix(".0"))
        #expect(!text.contains("inf") && !text.contains("nan"))
        // JSON: no leading '+' nor '.', a digit after any '.'.
        #expect(!text.hasPrefix("+") && !text.hasPrefix("."))
        #expect(!text.contains(".e") && !text.hasSuffix("."))
    }

    /// The standard library spells integral doubles up to 2^53 with a trailing ".0"
    /// (`1e15.description == "1000000000000000.0"`).
    @Test("integral values from 1e15 to 2^53 are written without a trailing .0", arguments: [
        1e15, -1e15, 4503599627370496.0, 9007199254740992.0,
    ])
    func largeIntegers(value: Double) throws {
        let shortest = NumberValue.shortestText(value)
        #expect(!shortest.hasSuffix(".0"), "\(shortest)")
        #expect(Double(shortest) == value)
    }

    @Test("an integer number keeps its text")
    func fromInt() {
        #expect(NumberValue(-12).text == "-12")
        #expect(NumberValue(-12).value == -12)
        #expect(NumberValue(-12).isInteger)
    }

    @Test("numbers are equal when their texts are")
    func equality() {
        #expect(n("1") == n("1"))
        #expect(n("1") != n("1.0"))
        #expect(n("1.50") != n("1.5"))
        #expect(Set([n("2"), n("2"), n("2.0")]).count == 2)
        #expect(n("1.50").description == "1.50")
    }
}
