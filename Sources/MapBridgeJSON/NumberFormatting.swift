import MapBridgeIO
import MapBridgeModel

/// Fixed-point number output without `String(format:)`.
public enum NumberFormatting {
    private static let scales: [Double] = (0...15).map { var p = 1.0; for _ in 0..<$0 { p *= 10 }; return p }

    /// Writes `value` rounded to `decimals` places (0...15) with trailing zeros dropped:
    /// 1.50000 with 3 decimals is `1.5`, 2.0 is `2`, and -0.0001 with 2 decimals is `0`.
    public static func writeFixed(_ value: Double, decimals: Int, to sink: ByteSink) throws {
        try sink.write(fixed(value, decimals: decimals))
    }

    /// `value` rounded to `decimals` places (0...15) with trailing zeros dropped.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        let places = min(max(decimals, 0), 15)
        let scaled = (abs(value) * scales[places]).rounded()
        guard value.isFinite, scaled < 9.0e18 else { return NumberValue.shortestText(value) }
        var units = UInt64(scaled)
        if units == 0 { return "0" }
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var fraction = places
        // Drop trailing zeros of the fraction.
        while fraction > 0 && units % 10 == 0 {
            units /= 10
            fraction -= 1
        }
        var emitted = 0
        repeat {
            if emitted == fraction && fraction > 0 { digits.append(UInt8(ascii: ".")) }
            digits.append(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
            emitted += 1
        } while units > 0 || emitted <= fraction
        if value < 0 { digits.append(UInt8(ascii: "-")) }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }
}

