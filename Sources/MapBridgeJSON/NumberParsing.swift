#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// JSON number grammar and conversion, over bytes.
public enum NumberParsing {
    /// What is wrong with `text` as a JSON number, or `nil` when it is one:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    public static func grammarProblem(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        if case .invalid(let why) = analyze(text) { return why }
        return nil
    }

    /// `grammarProblem` for bytes in an array.
    public static func grammarProblem(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { grammarProblem($0) }
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The result of checking a number's text and, where it is cheap, converting it.
    public enum Analysis: Equatable, Sendable {
        /// Not a JSON number, with why.
        case invalid(String)
        /// A valid number whose value was computed exactly on the fast path.
        case value(Double)
        /// A valid number that needs `strtod` (an exponent, or more than 15 significant digits).
        case valid
    }

    /// Checks `text` against the JSON number grammar and converts it on the fast path, in one
    /// pass: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// Decimals with at most 15 significant digits and no exponent are exact on the fast path:
    /// the integer mantissa and the power of ten are both exact doubles, so one division
    /// rounds once, correctly.
    public static func analyze(_ text: UnsafeBufferPointer<UInt8>) -> Analysis {
        let (length, analysis) = scanPrefix(text)
        if case .invalid = analysis { return analysis }
        guard length == text.count else {
            return .invalid("unexpected '\(String(decoding: text[length..<(length + 1)], as: UTF8.self))'")
        }
        return analysis
    }

    /// Reads the longest prefix of `text` that the number grammar accepts; returns its length
    /// and what it is. The tokenizer calls this on its buffer, so the scan and the check are
    /// one pass. An `.invalid` result's length is where the grammar failed.
    @inline(__always)
    public static func scanPrefix(_ text: UnsafeBufferPointer<UInt8>) -> (length: Int, analysis: Analysis) {
        let scan = scanPrefixWithDigits(text)
        return (scan.length, scan.analysis)
    }

    /// What `scanPrefix` finds, with the number's digits when it is plain fixed point.
    public struct PrefixScan: Sendable {
        /// The prefix's length in bytes (for `.invalid`, where the grammar failed).
        public var length: Int
        /// What the prefix is.
        public var analysis: Analysis
        /// The prefix's digits when it is a valid number without an exponent (what
        /// `FixedPointSpelling(scanned:value:)` and `Coordinate.Number(value:text:scanned:)`
        /// take); `nil` for an exponent or an invalid prefix.
        public var fixedPoint: FixedPointSpelling.Digits?
    }

    /// `scanPrefix`, also handing back the digits it read (no second pass over the text).
    @inline(__always)
    public static func scanPrefixWithDigits(_ text: UnsafeBufferPointer<UInt8>) -> PrefixScan {
        @inline(__always) func found(_ length: Int, _ analysis: Analysis) -> PrefixScan {
            PrefixScan(length: length, analysis: analysis, fixedPoint: nil)
        }
        let n = text.count
        var i = 0
        var negative = false
        @inline(__always) func digit(_ k: Int) -> Bool { k < n && text[k] &- UInt8(ascii: "0") < 10 }
        if i < n, text[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        if i < n, text[i] == UInt8(ascii: "+") { return found(i, .invalid("a leading '+' is not allowed")) }
        guard digit(i) else {
            return found(i, .invalid(i < n && text[i] == UInt8(ascii: ".") ? "a digit must come before '.'" : "a digit is missing"))
        }
        var mantissa: UInt64 = 0
        let integerStart = i
        if text[i] == UInt8(ascii: "0") {
            i += 1
            if digit(i) { return found(i, .invalid("leading zeros are not allowed")) }
        } else {
            while digit(i) {
                mantissa = mantissa &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
                i += 1
            }
        }
        // Significant digits decide the fast path; counted from positions, not per digit.
        let integerDigits = i - integerStart
        var significant = mantissa == 0 ? 0 : integerDigits
        var fractionDigits = 0
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            guard digit(i) else { return found(i, .invalid("a digit must follow '.'")) }
            if mantissa == 0 {
                while i < n && text[i] == UInt8(ascii: "0") { i += 1 }  // 0.000123: zeros are not significant
            }
            let significantStart = i
            while digit(i) {
                mantissa = mantissa &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
                i += 1
            }
            fractionDigits = i - fractionStart
            significant += i - significantStart
        }
        var hasExponent = false
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            hasExponent = true
            i += 1
            if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            guard digit(i) else { return found(i, .invalid("the exponent has no digits")) }
            while digit(i) { i += 1 }
        }
        let digits = hasExponent ? nil : FixedPointSpelling.Digits(
            digits: mantissa, digitCount: integerDigits + fractionDigits, fractionDigits: fractionDigits,
            negative: negative)
        guard !hasExponent, significant <= 15, fractionDigits <= 22 else {
            return PrefixScan(length: i, analysis: .valid, fixedPoint: digits)
        }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return PrefixScan(length: i, analysis: .value(negative ? -magnitude : magnitude), fixedPoint: digits)
    }

    /// The double nearest to a valid JSON number's text (correctly rounded).
    public static func double(from text: UnsafeBufferPointer<UInt8>) -> Double {
        if case .value(let v) = analyze(text) { return v }
        return slowPath(text)
    }

    private static func slowPath(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buf in
            for k in 0..<text.count { buf[k] = CChar(bitPattern: text[k]) }
            buf[text.count] = 0
            guard let start = buf.baseAddress else { return .nan }
            return strtod(start, nil)
        }
    }
}
