@testable import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML colours: aabbggrr, and rrggbb as hand-written files have it")
struct KMLColorTests {
    private func parse(_ text: String) -> (color: Color, opacity: Double?)? {
        var text = text
        return text.withUTF8 { KMLColor.parse($0) }
    }

    @Test("eight digits are alpha, blue, green, red; the alpha is the opacity")
    func eightDigits() throws {
        let (color, opacity) = try #require(parse("ff34a20f"))
        #expect(color == Color(red: 0x0f, green: 0xa2, blue: 0x34))
        #expect(opacity == 1)
        let (half, halfOpacity) = try #require(parse("80FFEEDD"))
        #expect(half == Color(red: 0xdd, green: 0xee, blue: 0xff))
        #expect(halfOpacity == Double(0x80) / 255)
    }

    @Test("six digits are a literal rrggbb without an opacity; a leading # is allowed")
    func sixDigitsAndHash() throws {
        let (color, opacity) = try #require(parse("#12aB3c"))
        #expect(color == Color(red: 0x12, green: 0xab, blue: 0x3c))
        #expect(opacity == nil)
        let (hashed, hashedOpacity) = try #require(parse("#00000000"))
        #expect(hashed == Color(red: 0, green: 0, blue: 0))
        #expect(hashedOpacity == 0)
    }

    @Test("anything else is not a colour", arguments: ["", "#", "fff", "1234567", "123456789", "ff34a20g", "#12345 ", "zz0000"])
    func notAColour(_ text: String) {
        #expect(parse(text) == nil)
    }

    @Test("the text form trims spaces first")
    func trimmed() throws {
        let (color, _) = try #require(KMLColor.parse("  ff0000ff\n"))
        #expect(color == Color(red: 0xff, green: 0, blue: 0))
    }
}
