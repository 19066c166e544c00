/// A number as written in the source, kept as text so that nothing is lost:
/// `0.1` stays `0.1`, `1.50` stays `1.50`, and `12345678901234567890` survives.
///
///     let n = NumberValue(text: "1.50", value: 1.5)
///     n.text        // "1.50"
///     n.isInteger   // false
public struct NumberValue: Hashable, Sendable, CustomStringConvertible {
    /// The number's text in JSON number syntax.
    public let text: String
    /// The nearest double (may round: `12345678901234567890` becomes 1.2345678901234567e19).
    public let value: Double

    /// Makes a number from its text and the double it stands for.
    /// - Precondition: `text` is a JSON number that parses to `value`.
    public init(text: String, value: Double) {
        self.text = text
        self.value = value
    }

    /// Makes a number from an integer.
    public init(_ integer: Int) {
        self.text = String(integer)
        self.value = Double(integer)
    }

    /// Makes a number from a finite double, written in its shortest round-trip form
    /// (`1.0` is written `1`).
    public init(_ double: Double) {
        self.value = double
        self.text = NumberValue.shortestText(double)
    }

    /// Whether the text has neither fraction nor exponent (`42`, `-7`, `12345678901234567890`).
    public var isInteger: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as a 64-bit integer when the text is an integer that fits.
    public var int64Value: Int64? { isInteger ? Int64(text) : nil }

    public var description: String { text }

    /// Two numbers are equal when their texts are: `1.0` and `1` are different numbers here,
    /// because a writer would spell them differently.
    public static func == (lhs: NumberValue, rhs: NumberValue) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// The shortest text that reads back as `double`, without a trailing `.0`.
    public static func shortestText(_ double: Double) -> String {
        if double == double.rounded(), abs(double) <= 9_007_199_254_740_992 {  // 2^53: Int64 is exact
            return String(Int64(double))
        }
        return double.description
    }
}
