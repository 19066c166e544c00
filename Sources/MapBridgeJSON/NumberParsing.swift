#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON number grammar and conversion, over bytes.
public enum NumberParsing {
    /// What is wrong with `text` as a JSON number, or `nil` when it is one:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    public static func grammarProblem(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        var i = 0
        let n = text.count
        func digit(_ k: Int) -> Bool { k < n && text[k] >= UInt8(ascii: "0") && text[k] <= UInt8(ascii: "9") }
        if i < n, text[i] == UInt8(ascii: "-") { i += 1 }
        if i < n, text[i] == UInt8(ascii: "+") { return "a leading '+' is not allowed" }
        guard digit(i) else {
            return i < n && text[i] == UInt8(ascii: ".") ? "a digit must come before '.'" : "a digit is missing"
        }
        if text[i] == UInt8(ascii: "0") {
            i += 1
            if digit(i) { return "leading zeros are not allowed" }
        } else {
            while digit(i) { i += 1 }
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            guard digit(i) else { return "a digit must follow '.'" }
            while digit(i) { i += 1 }
        }
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            guard digit(i) else { return "the exponent has no digits" }
            while digit(i) { i += 1 }
        }
        return i == n ? nil : "unexpected '\(String(decoding: text[i..<(i + 1)], as: UTF8.self))'"
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The double nearest to a valid JSON number's text (correctly rounded).
    ///
    /// Decimals with at most 15 significant digits and a small exponent take an exact fast
    /// path (the integer mantissa and the power of ten are both exact doubles, so one
    /// multiplication or division rounds once); everything else goes to `strtod`.
    public static func double(from text: UnsafeBufferPointer<UInt8>) -> Double {
        var i = 0
        let n = text.count
        var negative = false
        if i < n, text[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while i < n {
            let c = text[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                if digits > 0 || c != UInt8(ascii: "0") { digits += 1 }
                mantissa = mantissa &* 10 &+ UInt64(c - UInt8(ascii: "0"))
                if seenPoint { fractionDigits += 1 }
            } else if c == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                break  // an exponent: slow path
            }
            i += 1
        }
        if i == n && digits <= 15 && fractionDigits <= 22 {
            let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        return slowPath(text)
    }

    private static func slowPath(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buf in
            for k in 0..<text.count { buf[k] = CChar(bitPattern: text[k]) }
            buf[text.count] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }
}
