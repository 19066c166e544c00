/// A spelling made from what a number scanner already found in the text, so the text is not
/// read a second time (`init?(text:value:)` reads it again to find the same facts).
extension FixedPointSpelling {
    /// What a scanner learnt of a number's text when that text is plain fixed point,
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)?` (no exponent, no `+`, no leading zero before
    /// another digit): the facts `init?(text:value:)` reads the text for.
    ///
    ///     // "-0.050": digits 50, digitCount 4, fractionDigits 3, negative
    ///     FixedPointSpelling.Digits(digits: 50, digitCount: 4, fractionDigits: 3, negative: true)
    public struct Digits: Hashable, Sendable {
        /// Every digit of the text, before and after the point, read as one integer (leading
        /// zeros add nothing). Only compared when `digitCount` is at most 18, so a scanner may
        /// let it wrap (`&*`, `&+`) for longer texts.
        public var digits: UInt64
        /// How many digits the text has, before and after the point (`0` counts: `0.5` has 2), ≥ 1.
        public var digitCount: Int
        /// How many digits follow the point, ≥ 0 (0: no point).
        public var fractionDigits: Int
        /// Whether the text starts with `-`.
        public var negative: Bool

        /// Records a scan's findings; see the properties for each one's meaning.
        @inlinable
        public init(digits: UInt64, digitCount: Int, fractionDigits: Int, negative: Bool) {
            self.digits = digits
            self.digitCount = digitCount
            self.fractionDigits = fractionDigits
            self.negative = negative
        }
    }

    /// The spelling of the text `scanned` describes, or `nil`: exactly what
    /// `init?(text:value:)` gives that text (the same test on the same facts: the sign matches
    /// `value`'s, at most 18 digits, at most 22 after the point, and the digits equal `value`
    /// scaled by 10^fractionDigits and rounded).
    /// - Parameters:
    ///   - scanned: the facts of a plain fixed-point text, as its scanner found them.
    ///   - value: the double the text was parsed to.
    @inlinable @inline(__always)
    public init?(scanned: Digits, value: Double) {
        // Up to 18 digits cannot wrap a UInt64 (10¹⁸ < 2⁶⁴); more never equal units < 10¹⁷.
        guard scanned.negative == (value.sign == .minus), scanned.digitCount <= 18,
              scanned.fractionDigits <= Self.maxFractionDigits,
              let units = Self.units(of: value, fractionDigits: scanned.fractionDigits), units == scanned.digits
        else { return nil }
        self.init(uncheckedFractionDigits: scanned.fractionDigits)
    }

    /// `init?(scanned:value:)` for a text of at most 15 digits (nearly every number), by the
    /// same test without a conversion to an integer: below 10¹⁵ < 2⁵³ the digits and the
    /// integer after them are exact doubles, and `units` (the scaled value truncated, when
    /// below 10¹⁷) equals the digits exactly when the scaled value lies from the one up to
    /// the other. Small enough for a reader's hot loop.
    /// - Precondition: `scanned.digitCount <= 15`.
    @inlinable @inline(__always)
    public init?(scannedShort scanned: Digits, value: Double) {
        guard scanned.negative == (value.sign == .minus), scanned.fractionDigits <= Self.maxFractionDigits else { return nil }
        let scaled = Self.halfUp(value, fractionDigits: scanned.fractionDigits)
        let low = Double(Int64(bitPattern: scanned.digits))
        guard scaled >= low, scaled < low + 1 else { return nil }
        self.init(uncheckedFractionDigits: scanned.fractionDigits)
    }

    /// The spelling `init?(scannedShort:value:)` gives a plain fixed-point text of at most 15
    /// digits, `fractionDigits` of them after the point, when `value` was made of the text as
    /// its digits (an integer below 10¹⁵, exact) divided by 10^`fractionDigits` (exact) in one
    /// correctly rounded division, negated after a `-`: such a value always passes that test,
    /// so a reader that makes its values so needs no test. (The quotient is within half an
    /// ulp, so scaled back it is within 2.3 × 10⁻¹⁶ × digits < 0.23 of the digits; adding ½
    /// rounds by at most 1/16 below 2⁵⁰: `halfUp` lies between digits + 0.2 and digits + 0.8.
    /// The sign is the text's, −0.0 after a `-` included.)
    /// - Precondition: `fractionDigits` in 0...15 and the value made as said.
    @inlinable @inline(__always)
    public init(shortDecimalFractionDigits fractionDigits: Int) {
        self.init(uncheckedFractionDigits: fractionDigits)
    }
}
