import Foundation
import MapBridgeIO
import MapBridgeJSON
import Testing

/// `NumberFormatting.fixed`: rounding to a number of decimal places, trailing zeros dropped.
@Suite("NumberFormatting")
struct NumberFormattingTests {
    @Test("zero in any form is written 0", arguments: [0.0, -0.0, 0.0001, -0.0001, 0.004, -0.004])
    func zero(value: Double) {
        #expect(NumberFormatting.fixed(value, decimals: 2) == "0")
    }

    @Test("rounding and trailing zeros", arguments: [
        (1.5, 3, "1.5"), (2.0, 3, "2"), (-0.0001, 2, "0"), (0.05, 2, "0.05"), (123.456789, 4, "123.4568"),
        (1.0, 0, "1"), (10.0, 2, "10"), (100.0, 0, "100"), (0.1, 1, "0.1"), (0.1, 15, "0.1"),
        (0.5, 0, "1"), (1.25, 1, "1.3"), (0.999, 2, "1"), (9.9999, 3, "10"), (0.001, 3, "0.001"),
        (0.0015, 3, "0.002"), (40.6399257, 6, "40.639926"), (7.0, 15, "7"), (123456789.123, 2, "123456789.12"),
        (0.000123, 5, "0.00012"), (1.10, 1, "1.1"), (101.0, 1, "101"),
    ])
    func positive(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormatting.fixed(value, decimals: decimals) == expected)
    }

    @Test("negative numbers", arguments: [
        (-1.5, 3, "-1.5"), (-2.0, 3, "-2"), (-123.456789, 4, "-123.4568"), (-73.77814, 2, "-73.78"),
        (-0.05, 2, "-0.05"), (-0.006, 2, "-0.01"), (-1.25, 1, "-1.3"), (-0.5, 0, "-1"), (-999.9996, 3, "-1000"),
    ])
    func negative(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormatting.fixed(value, decimals: decimals) == expected)
    }

    /// Values a hair below a tie (their shortest spelling has more places than the tie) must
    /// round down: the exact value is below the midpoint.
    @Test("values just below a rounding tie round down", arguments: [
        (56.071349999999995, 4, "56.0713"), (6.9777499999999995, 4, "6.9777"), (1519.0249999999999, 2, "1519.02"),
        (0.034507499999999997, 6, "0.034507"), (-6644.549999999999, 1, "-6644.5"), (-13504.349999999999, 1, "-13504.3"),
    ])
    func justBelowTie(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormatting.fixed(value, decimals: decimals) == expected)
    }

    @Test("decimal ties in the shortest text round half away from zero", arguments: [
        (0.5, 0, "1"), (-0.5, 0, "-1"), (2.5, 0, "3"), (0.125, 2, "0.13"), (-0.125, 2, "-0.13"),
        (0.1625825, 6, "0.162583"), (1.005, 2, "1.01"), (9.995, 2, "10"), (-0.005, 2, "-0.01"), (0.05, 1, "0.1"),
    ])
    func decimalTies(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormatting.fixed(value, decimals: decimals) == expected)
    }

    /// An independent oracle: Foundation's `Decimal` rounding (`.plain`, half away from zero)
    /// of the shortest text of the value.
    private func oracle(_ value: Double, _ decimals: Int) -> String {
        var exact = Decimal(string: value.description)!
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, decimals, .plain)
        let text = rounded.description
        return text == "-0" ? "0" : text
    }

    @Test("fixed agrees with Decimal rounding of the shortest text, near ties and elsewhere")
    func agreesWithDecimal() {
        var state: UInt64 = 0xDEAD_BEEF
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var powers = [1.0]
        for _ in 1...8 { powers.append(powers.last! * 10) }
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let decimals = next(8)
            let k = Double(next(2_000_000) - 1_000_000)
            var value: Double
            switch next(4) {
            case 0: value = (k + 0.5) / powers[decimals]                      // a tie in decimal
            case 1: value = ((k + 0.5) / powers[decimals]).nextDown.nextDown   // just below
            case 2: value = ((k + 0.5) / powers[decimals]).nextUp             // just above
            default: value = (k + Double(next(1_000_000)) / 1_000_000) / powers[decimals]
            }
            let actual = NumberFormatting.fixed(value, decimals: decimals)
            let expected = oracle(value, decimals)
            if actual != expected { mismatches.append("\(value) with \(decimals): \(actual), expected \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(8))")
    }

    @Test("decimals outside 0...15 are clamped")
    func clamped() {
        #expect(NumberFormatting.fixed(1.26, decimals: -3) == "1")
        #expect(NumberFormatting.fixed(0.1, decimals: 40) == NumberFormatting.fixed(0.1, decimals: 15))
    }

    @Test("values too large to scale fall back to the shortest form", arguments: [1e20, -1e20, 1.5e300])
    func huge(value: Double) {
        let text = NumberFormatting.fixed(value, decimals: 2)
        #expect(Double(text) == value)
    }

    @Test("the result reads back as the value rounded to the places")
    func readsBack() {
        var state: UInt64 = 12345
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var powers = [1.0]
        for _ in 1...7 { powers.append(powers.last! * 10) }
        for _ in 0..<5_000 {
            let value = (unit() - 0.5) * 360
            let decimals = Int(unit() * 8)
            let text = NumberFormatting.fixed(value, decimals: decimals)
            guard let parsed = Double(text) else {
                Issue.record("\(value) with \(decimals) gave \(text)")
                continue
            }
            // At most half a unit in the last place away, and never more places than asked.
            #expect(abs(parsed - value) <= 0.5 / powers[decimals] + 1e-9, "\(value) with \(decimals) gave \(text)")
            let fraction = text.split(separator: ".").dropFirst().first ?? ""
            #expect(fraction.count <= decimals)
            #expect(!fraction.hasSuffix("0"), "\(text) keeps a trailing zero")
            #expect(!text.hasPrefix("-0") || text.hasPrefix("-0."), "\(text)")
        }
    }

    @Test("writeFixed writes the same text to a sink")
    func writeFixed() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        try NumberFormatting.writeFixed(-12.3456, decimals: 2, to: sink)
        try sink.flush()
        #expect(String(decoding: sink.collectedBytes, as: UTF8.self) == "-12.35")
    }
}
