@testable import MapBridgeModel
import Testing

/// `FixedPointSpelling.render` against the text spelt out from its rounded digits by
/// `String(_:)`: a sign for a minus sign, the digits padded with zeros to more than the
/// fraction's count, and the point before the last `fractionDigits`.
@Suite("FixedPointSpelling render")
struct FixedPointRenderTests {
    private func reference(_ value: Double, _ places: Int) -> String {
        let units = FixedPointSpelling.units(of: value, fractionDigits: places) ?? 0
        var digits = String(units)
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        let sign = value.sign == .minus ? "-" : ""
        guard places > 0 else { return sign + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<cut] + "." + digits[cut...]
    }

    private func rendered(_ value: Double, _ places: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FixedPointSpelling.maxLength) { buffer in
            let count = FixedPointSpelling.render(value, fractionDigits: places, into: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: count), as: UTF8.self)
        }
    }

    @Test("awkward values at every digit count")
    func awkward() {
        let values: [Double] = [0, -0.0, 1e-7, -1e-7, 0.5, 0.05, 0.95, 9.5, 99.5, 180, -180, 179.9999999, -73.7781391,
                                0.123456789012345, 1234.5678, 9999.99995, 1e16, 9.9999999999999e16, 1e17, 1e300, -1e300,
                                .nan, .infinity, -.infinity, .leastNonzeroMagnitude, 12_345_678.9, 99_999_999]
        for value in values {
            for places in 0...22 {
                #expect(rendered(value, places) == reference(value, places), "\(value) with \(places)")
                #expect(FixedPointSpelling.length(of: value, fractionDigits: places) == reference(value, places).utf8.count,
                        "\(value) with \(places)")
            }
        }
    }

    @Test("many values across magnitudes")
    func sweep() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -9...17, using: &generator)
            let value = (Bool.random(using: &generator) ? -1 : 1) * Double.random(in: 1..<10, using: &generator)
                * pow10(magnitude.rounded(.down))
            let places = Int.random(in: 0...22, using: &generator)
            #expect(rendered(value, places) == reference(value, places), "\(value) with \(places)")
            #expect(FixedPointSpelling.length(of: value, fractionDigits: places) == reference(value, places).utf8.count,
                    "\(value) with \(places)")
        }
    }

    @Test("length without rendering: every power of ten and its neighbours, each sign, every digit count")
    func length() {
        var values: [Double] = [0, -0.0]
        var power = 1e-22
        for _ in 0...40 {
            for v in [power, power.nextDown, power.nextUp, power * 0.5, power * 9.9999999, power * 0.99999995] {
                values += [v, -v]
            }
            power *= 10
        }
        for value in values {
            for places in -1...23 {
                #expect(FixedPointSpelling.length(of: value, fractionDigits: places) == rendered(value, places).utf8.count,
                        "\(value) with \(places)")
            }
        }
    }

    private func pow10(_ e: Double) -> Double {
        var r = 1.0
        for _ in 0..<Int(e.magnitude) { r *= 10 }
        return e < 0 ? 1 / r : r
    }
}
