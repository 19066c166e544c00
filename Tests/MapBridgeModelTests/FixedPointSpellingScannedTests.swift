import MapBridgeModel
import Testing

/// `FixedPointSpelling(scanned:value:)` and `Coordinate.Number(value:text:scanned:)` against
/// the paths that read the text themselves, on texts near each rule's edge.
@Suite("FixedPointSpelling from scanned digits")
struct FixedPointSpellingScannedTests {
    /// A text, its value, and the digits a scanner reports for it.
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var value: Double
        var digits: FixedPointSpelling.Digits
        var description: String { "\(text) as \(value)" }
        init(_ text: String, _ value: Double, _ digits: UInt64, _ count: Int, _ fraction: Int, _ negative: Bool) {
            self.text = text
            self.value = value
            self.digits = FixedPointSpelling.Digits(digits: digits, digitCount: count, fractionDigits: fraction, negative: negative)
        }
    }

    /// The double nearest to `text` (a literal that no double equals would draw a warning).
    static func d(_ text: String) -> Double { Double(text) ?? .nan }

    static let cases: [Case] = [
        Case("0.10", 0.1, 10, 3, 2, false),
        Case("-73.7781391", -73.7781391, 737_781_391, 9, 7, true),
        Case("12", 12, 12, 2, 0, false),
        Case("0", 0, 0, 1, 0, false),
        Case("-0", -0.0, 0, 1, 0, true),
        Case("-0", 0.0, 0, 1, 0, true),               // sign differs from the value's
        Case("0", -0.0, 0, 1, 0, false),
        Case("-0.000", -0.0, 0, 4, 3, true),
        Case("0.0001230", 0.000123, 1230, 8, 7, false),
        Case("1.5", -1.5, 15, 2, 1, false),           // value of the other sign
        Case("0.1", 0.1000000001, 1, 2, 1, false),    // digits the value does not give back
        Case("12345678901234567", d("12345678901234567"), 12_345_678_901_234_567, 17, 0, false),
        Case("1234567890123456.7", 1_234_567_890_123_456.7, 12_345_678_901_234_567, 17, 1, false),
        Case("0.12345678901234567", 0.12345678901234567, 12_345_678_901_234_567, 18, 17, false),
        Case("1.12345678901234567", 1.12345678901234567, 112_345_678_901_234_567, 18, 17, false),
        Case("0.0000000000000000000001", 1e-22, 1, 23, 22, false),
        Case("0.00000000000000000000001", 1e-23, 1, 24, 23, false),  // 23 digits after the point
        Case("123456789012345678901", d("123456789012345678901"), 0, 21, 0, false),  // wrapped digits
        Case("9007199254740993", d("9007199254740993"), 9_007_199_254_740_993, 16, 0, false),
    ]

    @Test("the same spelling as reading the text", arguments: cases)
    func sameAsText(c: Case) {
        let fromText = FixedPointSpelling(text: c.text, value: c.value)
        let fromScan = FixedPointSpelling(scanned: c.digits, value: c.value)
        #expect(fromScan == fromText)
    }

    @Test("the short test gives what the general one gives, for texts of at most 15 digits", arguments: cases)
    func shortSameAsGeneral(c: Case) {
        guard c.digits.digitCount <= 15 else { return }
        #expect(FixedPointSpelling(scannedShort: c.digits, value: c.value) == FixedPointSpelling(scanned: c.digits, value: c.value))
    }

    @Test("the short test gives what the general one gives, on many values and their neighbours")
    func shortSameAsGeneralMany() {
        // A fixed sequence (no clock, no system randomness): the same values every run.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let fraction = Int((state >> 60) % 16)
            let count = max(fraction, 1) + Int((state >> 56) % 4)
            guard count <= 15 else { continue }
            let digits = (state >> 8) % FixedPointSpelling.integerScale(count)
            let negative = state & 1 == 0
            let exact = Double(digits) / FixedPointSpelling.scale(fraction)
            let scanned = FixedPointSpelling.Digits(digits: digits, digitCount: count, fractionDigits: fraction, negative: negative)
            // The value read, its neighbours (whose digits may not come back), and the other sign.
            for magnitude in [exact, exact.nextUp, exact.nextDown, exact.nextUp.nextUp] {
                for value in [magnitude, -magnitude] {
                    #expect(FixedPointSpelling(scannedShort: scanned, value: value) == FixedPointSpelling(scanned: scanned, value: value),
                            "\(digits) \(fraction) \(value)")
                }
            }
        }
    }

    @Test("a short decimal's value made by one division always has its spelling")
    func shortDecimalAlwaysSpelled() {
        // A fixed sequence (no clock, no system randomness), and the extremes of each length.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var samples: [(UInt64, Int, Int)] = []
        for count in 1...15 {
            for fraction in 0...count {
                samples.append((FixedPointSpelling.integerScale(count) - 1, count, fraction))
                samples.append((FixedPointSpelling.integerScale(count - 1), count, fraction))
                samples.append((0, count, fraction))
            }
        }
        for _ in 0..<50_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let count = 1 + Int((state >> 59) % 15)
            let fraction = Int((state >> 54) % UInt64(count + 1))
            samples.append(((state >> 4) % FixedPointSpelling.integerScale(count), count, fraction))
        }
        for (digits, count, fraction) in samples {
            let magnitude = Double(Int64(digits)) / Double(Int64(FixedPointSpelling.integerScale(fraction)))
            for negative in [false, true] {
                let value = negative ? -magnitude : magnitude
                let scanned = FixedPointSpelling.Digits(digits: digits, digitCount: count, fractionDigits: fraction,
                                                        negative: negative)
                #expect(FixedPointSpelling(scanned: scanned, value: value)
                            == FixedPointSpelling(shortDecimalFractionDigits: fraction), "\(digits) \(fraction) \(value)")
            }
        }
    }

    @Test("the same coordinate number as reading the text", arguments: cases)
    func sameNumber(c: Case) {
        var text = c.text
        text.withUTF8 { bytes in
            let read = Coordinate.Number(value: c.value, text: bytes)
            let scanned = Coordinate.Number(value: c.value, text: bytes, scanned: c.digits)
            let noDigits = Coordinate.Number(value: c.value, text: bytes, scanned: nil)
            #expect(scanned.text == read.text)
            #expect(noDigits.text == c.text)
            let a = Coordinate(longitude: read, latitude: read, altitude: read)
            let b = Coordinate(longitude: scanned, latitude: scanned, altitude: scanned)
            #expect(a.sourceText == b.sourceText)
            #expect(a.fixedPointText(of: .altitude)?.spelling == b.fixedPointText(of: .altitude)?.spelling)
        }
    }
}

/// `Style`'s emptiness test on making a style: only a style with every member `nil` is `Style()`.
@Suite("Style emptiness on making")
struct StyleEmptyMembersTests {
    @Test("members that are set but empty still make a different style")
    func emptyButSet() {
        #expect(Style() == Style(id: nil, strokeColor: nil))
        #expect(Style(strokeDash: []) != Style())
        #expect(Style(strokeDash: []).isEmpty)
        #expect(Style(marker: MarkerStyle()) != Style())
        #expect(Style(id: "a") != Style())
        #expect(!Style(fill: false).isEmpty)
    }
}
