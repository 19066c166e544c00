@testable import MapBridgeKML
import MapBridgeModel
import Testing

/// The coordinate scan's plain decimals: the fraction read eight bytes at a time (while eight
/// remain) gives what reading it byte by byte gives, whatever follows the digits and wherever
/// the text ends.
@Suite("KML plain decimal scan")
struct KMLPlainDecimalTests {
    /// The scan byte by byte, as the rules say: `-? (0 | [1-9][0-9]*) (. [0-9]+)?`, at most 15
    /// digits, then a separator or the end.
    private func reference(_ text: [UInt8]) -> (end: Int, value: Double, digits: FixedPointSpelling.Digits)? {
        var i = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        let intStart = i
        while i < text.count, (48...57).contains(text[i]) {
            mantissa = mantissa &* 10 &+ UInt64(text[i] - 48)
            i += 1
        }
        let intDigits = i - intStart
        guard intDigits > 0, intDigits == 1 || text[intStart] != 48 else { return nil }
        var fraction = 0
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < text.count, (48...57).contains(text[i]) {
                mantissa = mantissa &* 10 &+ UInt64(text[i] - 48)
                i += 1
            }
            fraction = i - start
            guard fraction > 0 else { return nil }
        }
        guard intDigits + fraction <= 15 else { return nil }
        if i < text.count, ![UInt8(ascii: ","), 0x20, 0x0A, 0x09, 0x0D].contains(text[i]) { return nil }
        let magnitude = Double(mantissa) / FixedPointSpelling.scale(fraction)
        return (i, negative ? -magnitude : magnitude,
                FixedPointSpelling.Digits(digits: mantissa, digitCount: intDigits + fraction, fractionDigits: fraction,
                                          negative: negative))
    }

    @Test("every fraction length, every ending, near and far from the text's end")
    func fractions() {
        let digits = Array("98765432109876543210".utf8)
        let endings: [[UInt8]] = [[], [UInt8(ascii: ",")], [0x20], [0x0A, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38],
                                  [UInt8(ascii: "e"), 0x35], [0x2F], [0x3A], [0xC3, 0xA9], [0x00], [UInt8(ascii: ".")],
                                  Array(" 1.5,2.25 3.125,4".utf8)]
        for head in ["0", "7", "-12", "180", "-0", "05"] {
            for length in 0...18 {
                for ending in endings {
                    let text = Array(head.utf8) + [UInt8(ascii: ".")] + digits.prefix(length) + ending
                    text.withUnsafeBufferPointer { buffer in
                        let fast = KMLCoordinates.plainDecimal(at: 0, in: buffer)
                        let slow = reference(text)
                        #expect(fast?.end == slow?.end, "\(String(decoding: text, as: UTF8.self))")
                        #expect(fast?.value.bitPattern == slow?.value.bitPattern)
                        #expect(fast?.digits == slow?.digits)
                    }
                }
            }
        }
    }
}
