import MapBridgeIO
import MapBridgeModel

/// Fixed-point number output without `String(format:)`.
public enum NumberFormatting {
    /// Writes `value` rounded to `decimals` places (0...15) with trailing zeros dropped:
    /// 1.50000 with 3 decimals is `1.5`, 2.0 is `2`, and -0.0001 with 2 decimals is `0`.
    public static func writeFixed(_ value: Double, decimals: Int, to sink: ByteSink) throws {
        try sink.write(fixed(value, decimals: decimals))
    }

    /// `value` rounded to `decimals` places (0...15), half away from zero, trailing zeros dropped.
    ///
    /// Rounding works on the shortest decimal text that reads back as `value` (the digits a
    /// person sees), not on `value × 10ⁿ` in binary, which would turn 1519.0249999999999 into
    /// 151902.5 and round it the wrong way.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return NumberValue.shortestText(value) }
        let places = min(max(decimals, 0), 15)
        if let quick = fixedInBinary(value, places: places) { return quick }
        var (digits, pointIndex) = decimalDigits(of: abs(value))
        // Keep the digits up to `places` after the point, rounding on the first one dropped.
        let kept = pointIndex + places
        if kept < digits.count {
            let roundUp = kept >= 0 && digits[kept] >= 5
            digits.removeSubrange(max(kept, 0)...)
            if roundUp {
                var k = digits.count - 1
                while k >= 0 && digits[k] == 9 {
                    digits[k] = 0
                    k -= 1
                }
                if k >= 0 {
                    digits[k] += 1
                } else {
                    digits.insert(1, at: 0)
                    pointIndex += 1
                }
            }
        }
        // Lay the digits out around the point.
        var integerPart: [UInt8] = []
        var fractionPart: [UInt8] = []
        for (k, d) in digits.enumerated() {
            if k < pointIndex { integerPart.append(d) } else { fractionPart.append(d) }
        }
        if pointIndex > digits.count { integerPart += Array(repeating: 0, count: pointIndex - digits.count) }
        if pointIndex < 0 { fractionPart.insert(contentsOf: Array(repeating: 0, count: -pointIndex), at: 0) }
        while fractionPart.last == 0 { fractionPart.removeLast() }
        while integerPart.first == 0 { integerPart.removeFirst() }
        if integerPart.isEmpty && fractionPart.isEmpty { return "0" }
        var out: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        out += integerPart.isEmpty ? [UInt8(ascii: "0")] : integerPart.map { $0 + UInt8(ascii: "0") }
        if !fractionPart.isEmpty {
            out.append(UInt8(ascii: "."))
            out += fractionPart.map { $0 + UInt8(ascii: "0") }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let scales: [Double] = (0...15).map { var p = 1.0; for _ in 0..<$0 { p *= 10 }; return p }

    /// The fast path: scale, round and print an integer, when the scaled value is small enough
    /// (below 2⁴⁰, so a few units in the last place are under 0.001) and not within 0.01 of a
    /// rounding tie, where binary and decimal rounding agree. `nil` otherwise.
    private static func fixedInBinary(_ value: Double, places: Int) -> String? {
        let scaled = abs(value) * scales[places]
        guard scaled < 1_099_511_627_776 else { return nil }
        let fraction = scaled - scaled.rounded(.down)
        guard abs(fraction - 0.5) > 0.01 else { return nil }
        var units = UInt64(scaled.rounded())
        if units == 0 { return "0" }
        var fractionDigits = places
        while fractionDigits > 0 && units % 10 == 0 {
            units /= 10
            fractionDigits -= 1
        }
        var reversed: [UInt8] = []
        reversed.reserveCapacity(24)
        var emitted = 0
        repeat {
            if emitted == fractionDigits && fractionDigits > 0 { reversed.append(UInt8(ascii: ".")) }
            reversed.append(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
            emitted += 1
        } while units > 0 || emitted <= fractionDigits
        if value < 0 { reversed.append(UInt8(ascii: "-")) }
        return String(decoding: reversed.reversed(), as: UTF8.self)
    }

    /// The significant decimal digits of the shortest text of a finite `magnitude` ≥ 0 and
    /// where the point goes: the value is `0.d₀d₁d₂… × 10^pointIndex`.
    private static func decimalDigits(of magnitude: Double) -> (digits: [UInt8], pointIndex: Int) {
        let text = Array(magnitude.description.utf8)  // e.g. 1519.0249999999999, 1e-05, 1.5e+20
        var digits: [UInt8] = []
        var pointIndex: Int?
        var exponent = 0
        var k = 0
        while k < text.count {
            let c = text[k]
            if c == UInt8(ascii: ".") {
                pointIndex = digits.count
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                exponent = Int(String(decoding: text[(k + 1)...], as: UTF8.self)) ?? 0
                break
            } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                digits.append(c - UInt8(ascii: "0"))
            }
            k += 1
        }
        var point = (pointIndex ?? digits.count) + exponent
        while digits.first == 0 && digits.count > 1 {
            digits.removeFirst()
            point -= 1
        }
        if digits == [0] { return ([], 0) }
        return (digits, point)
    }
}
