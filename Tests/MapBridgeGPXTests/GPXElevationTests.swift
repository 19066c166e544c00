@testable import MapBridgeGPX
import MapBridgeJSON
import MapBridgeModel
import Testing

@Suite("GPX point elevation: read in one scan, the same number as the lenient reading gives")
struct GPXElevationTests {
    /// Texts of `<ele>` as files have them, and as they should not: JSON numbers (fast path,
    /// long digits, exponents), lenient ones (`+`, a bare point), and not numbers at all.
    static let texts = [
        "169.7", " 12 ", "-0", "0", "2.50", "1.000", "-12.300", "4.52e1", "1E2", "0.1e+1", "1e-400",
        "123.45678901234567891", "99999999999999999999999", "1e999", "45.", ".5", "+4", "+0.5", "0045",
        "abc", "12a", "", "   ", "nan", "inf", "0x10", "1" + String(repeating: "0", count: 70),
    ]

    @Test("value and text agree with lenientNumber's number kept as a coordinate keeps it", arguments: texts)
    func agreesWithLenientReading(_ text: String) {
        let expected = NumberParsing.lenientNumber(text).map { number -> Coordinate.Number in
            var digits = number.text
            return digits.withUTF8 { Coordinate.Number(value: number.value, text: $0) }
        }
        var bytes = text
        let read = bytes.withUTF8 { GPXPointDraft.elevation($0) }
        #expect(read?.value.bitPattern == expected?.value.bitPattern)
        #expect(read?.text == expected?.text)
    }
}
