/// The text of a number written in plain fixed point, remembered as its count of fraction
/// digits: `-73.7781391` is the value −73.7781391 with 7 digits, `4.50` is 4.5 with 2,
/// `12` is 12 with none.
///
/// A spelling exists only for text that rendering the value with that many digits gives back
/// byte for byte, which `init?(text:value:)` checks when the text is read (integer work: the
/// digits as an integer against the value scaled by 10ⁿ and rounded). So `render` re-creates
/// the exact text from the value alone, without `Double.description`, and a coordinate keeps
/// one byte per number instead of a `String`.
///
///     let s = FixedPointSpelling(text: "0.10", value: 0.1)   // fractionDigits == 2
///     s?.text(of: 0.1)                                        // "0.10"
///
/// Texts that do not fit (an exponent, `+`, a leading `0` before other digits, more than 17
/// digits or more than 22 after the point, or digits the double cannot give back) have no
/// spelling; readers keep those as text.
public struct FixedPointSpelling: Hashable, Sendable {
    /// Digits after the point, 0...22 (0: no point is written).
    public let fractionDigits: Int

    /// The longest text `render` writes, in bytes: a sign, 23 digits and a point.
    @inlinable public static var maxLength: Int { 25 }

    /// The most digits after the point a spelling has (10²² is the largest exact power of ten).
    @inlinable static var maxFractionDigits: Int { 22 }

    @usableFromInline init(uncheckedFractionDigits digits: Int) { fractionDigits = digits }

    /// The spelling of `text` when rendering `value` with the text's fraction digits gives the
    /// text back exactly; `nil` otherwise.
    /// - Parameters:
    ///   - text: a number's bytes as read, e.g. `-73.7781391`.
    ///   - value: the double the text was parsed to.
    @inlinable
    public init?(text: UnsafeBufferPointer<UInt8>, value: Double) {
        guard let digits = Self.fractionDigits(of: text, value: value) else { return nil }
        fractionDigits = digits
    }

    /// `init?(text:value:)` for a `String`.
    public init?(text: String, value: Double) {
        var s = text
        guard let digits = s.withUTF8({ Self.fractionDigits(of: $0, value: value) }) else { return nil }
        fractionDigits = digits
    }

    /// The text this spelling gives `value`.
    public func text(of value: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxLength) { buffer in
            guard let base = buffer.baseAddress else { return "" }
            let count = Self.render(value, fractionDigits: fractionDigits, into: base)
            return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        }
    }

    /// Calls `body` with the bytes of the text this spelling gives `value` (valid only inside).
    @inlinable
    public func withText<R>(of value: Double, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxLength) { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            let count = Self.render(value, fractionDigits: fractionDigits, into: base)
            return try body(UnsafeBufferPointer(start: base, count: count))
        }
    }

    // MARK: The two halves: check on reading, render on writing

    /// 10^`digits` for `digits` in 0...22, all exact doubles (a switch over literals compiles
    /// to a constant table, with no lazily made global behind it).
    @inlinable @inline(__always)
    public static func scale(_ digits: Int) -> Double {
        switch digits {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// `value`'s magnitude × 10^`digits`, rounded to an integer: the digits `render` writes.
    /// `nil` when that is not below 10¹⁷ (or not a number).
    @inlinable @inline(__always)
    static func units(of value: Double, fractionDigits digits: Int) -> UInt64? {
        let scaled = halfUp(value, fractionDigits: digits)
        guard scaled < 1e17 else { return nil }
        return UInt64(scaled)
    }

    /// `value`'s magnitude × 10^`digits` + ½: truncated, the digits `render` writes.
    @inlinable @inline(__always)
    static func halfUp(_ value: Double, fractionDigits digits: Int) -> Double {
        // Adding ½ and truncating rounds as well as `rounded()` for what a spelling needs
        // (within 0.3 of an integer below 10¹⁷), without a call into libm; both halves use it.
        value.magnitude * scale(digits) + 0.5
    }

    /// The text's fraction digits when it is plain fixed point that `render` gives back for
    /// `value`: `-? (0 | [1-9][0-9]*) (. [0-9]+)?`, `-` exactly when `value`'s sign is minus,
    /// at most 22 digits after the point, and the digits, read as an integer, equal to `units`
    /// (so below 10¹⁷).
    @inlinable
    static func fractionDigits(of text: UnsafeBufferPointer<UInt8>, value: Double) -> Int? {
        let n = text.count
        guard n > 0, n <= maxLength else { return nil }
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        guard negative == (value.sign == .minus), i < n else { return nil }
        var digits: UInt64 = 0
        var count = 0
        let first = text[i] &- UInt8(ascii: "0")
        guard first < 10 else { return nil }
        if first == 0 {
            i += 1
            count = 1
            if i < n, text[i] &- UInt8(ascii: "0") < 10 { return nil }  // 012 is not how 12 renders
        } else {
            while i < n {
                let d = text[i] &- UInt8(ascii: "0")
                guard d < 10 else { break }
                digits = digits &* 10 &+ UInt64(d)
                count += 1
                i += 1
            }
        }
        var fraction = 0
        if i < n {
            guard text[i] == UInt8(ascii: "."), i + 1 < n else { return nil }
            i += 1
            let start = i
            while i < n {
                let d = text[i] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                digits = digits &* 10 &+ UInt64(d)
                i += 1
            }
            fraction = i - start
            count += fraction
        }
        // The test a scanner's findings get, on the same facts (one rule, in `init?(scanned:value:)`).
        let facts = Digits(digits: digits, digitCount: count, fractionDigits: fraction, negative: negative)
        return FixedPointSpelling(scanned: facts, value: value) == nil ? nil : fraction
    }

    /// Writes `value` with `fractionDigits` digits after the point (none: no point), a `-`
    /// when its sign is minus (so −0.0 with one digit is `-0.0`), and returns the byte count
    /// (at most `maxLength`).
    ///
    /// The digits go right to left straight into `out`, four at a time from one division by
    /// a constant 10⁴ (split into two pairs, each stored as one 16-bit copy from
    /// `digitPairs`); the integer part's length is counted against growing powers of ten,
    /// with no division.
    /// - Precondition: `fractionDigits` in 0...22; for a magnitude whose scaled digits reach
    ///   10¹⁷ (never the case for a checked spelling) it writes zeros.
    @inlinable
    public static func render(_ value: Double, fractionDigits: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let places = min(max(fractionDigits, 0), maxFractionDigits)
        let units = Self.units(of: value, fractionDigits: places) ?? 0
        // Below 10¹⁷ ≤ 10^places the whole number is fraction; else split at 10^places.
        var integer: UInt64 = 0
        var fraction = units
        if places < 17 {
            let divisor = integerScale(places)
            integer = units / divisor
            fraction = units &- integer &* divisor
        }
        // integer < 10¹⁷, so `bound` stops at 10¹⁷ at most and cannot wrap.
        var integerDigits = 1
        var bound: UInt64 = 10
        while integer >= bound {
            bound &*= 10
            integerDigits &+= 1
        }
        let negative = value.sign == .minus
        let length = (negative ? 1 : 0) &+ integerDigits &+ (places > 0 ? places &+ 1 : 0)
        var p = out + length
        var left = places
        while left >= 4 {
            fraction = Self.writeFour(fraction, before: &p)
            left &-= 4
        }
        if left >= 2 {
            let q = fraction / 100
            p -= 2
            Self.writePair(Int(truncatingIfNeeded: fraction &- q &* 100), at: p)
            fraction = q
            left &-= 2
        }
        if left == 1 {
            p -= 1
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction)
        }
        if places > 0 {
            p -= 1
            p[0] = UInt8(ascii: ".")
        }
        while integer >= 10_000 { integer = Self.writeFour(integer, before: &p) }
        if integer >= 100 {
            let q = integer / 100
            p -= 2
            Self.writePair(Int(truncatingIfNeeded: integer &- q &* 100), at: p)
            integer = q
        }
        if integer >= 10 {
            p -= 2
            Self.writePair(Int(truncatingIfNeeded: integer), at: p)
        } else {
            p -= 1
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer)
        }
        if negative { out[0] = UInt8(ascii: "-") }
        return length
    }

    /// The byte count `render(value, fractionDigits:into:)` returns, found without writing or
    /// dividing: a `-` when `value`'s sign is minus, the integer part's digits (at least one:
    /// one more for each power of ten from 10^(`fractionDigits` + 1) that the scaled digits
    /// reach), and the point and fraction digits when `fractionDigits` > 0. For measuring
    /// text before it is written (at most `maxLength`).
    /// - Precondition: as for `render`.
    @inlinable
    public static func length(of value: Double, fractionDigits: Int) -> Int {
        let places = min(max(fractionDigits, 0), maxFractionDigits)
        let units = Self.units(of: value, fractionDigits: places) ?? 0
        var integerDigits = 1
        // From 16 places on, the integer part of digits below 10¹⁷ is one digit. Below, `bound`
        // stops at 10¹⁷ at most (units < 10¹⁷) and cannot wrap.
        if places < 16 {
            var bound = integerScale(places &+ 1)
            while units >= bound {
                bound &*= 10
                integerDigits &+= 1
            }
        }
        return (value.sign == .minus ? 1 : 0) &+ integerDigits &+ (places > 0 ? places &+ 1 : 0)
    }

    /// Writes the last four decimal digits of `n` just before `p` (moving `p` back over
    /// them) and returns `n / 10⁴`.
    @inlinable @inline(__always)
    static func writeFour(_ n: UInt64, before p: inout UnsafeMutablePointer<UInt8>) -> UInt64 {
        let q = n / 10_000
        let four = Int(truncatingIfNeeded: n &- q &* 10_000)
        let high = four / 100
        p -= 4
        writePair(high, at: p)
        writePair(four &- high &* 100, at: p + 2)
        return q
    }

    /// Writes the two digits of `r` (0...99) at `p`, as one 16-bit copy from `digitPairs`.
    @inlinable @inline(__always)
    static func writePair(_ r: Int, at p: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: r &* 2, as: UInt16.self)
        UnsafeMutableRawPointer(p).storeBytes(of: pair, as: UInt16.self)
    }

    /// 10^`digits` as an integer, for `digits` in 0...16 (a switch over literals: a table);
    /// 10¹⁶ for any other.
    @inlinable @inline(__always)
    public static func integerScale(_ digits: Int) -> UInt64 {
        switch digits {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        default: 10_000_000_000_000_000
        }
    }

    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
