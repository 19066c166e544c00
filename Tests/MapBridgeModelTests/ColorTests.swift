import MapBridgeModel
import Testing

@Suite("Color")
struct ColorTests {
    @Test("six-digit and three-digit forms, with and without '#', any case", arguments: [
        ("#ff8800", 255, 136, 0), ("ff8800", 255, 136, 0), ("#f80", 255, 136, 0), ("f80", 255, 136, 0),
        ("#FF8800", 255, 136, 0), ("#Ff8800", 255, 136, 0), ("#F80", 255, 136, 0), ("#000000", 0, 0, 0),
        ("#fff", 255, 255, 255), ("#123456", 0x12, 0x34, 0x56), ("#abc", 0xAA, 0xBB, 0xCC),
        ("  #7e7e7e\n", 0x7E, 0x7E, 0x7E), ("\t0a0B0c ", 0x0A, 0x0B, 0x0C),
    ] as [(String, UInt8, UInt8, UInt8)])
    func parses(text: String, red: UInt8, green: UInt8, blue: UInt8) throws {
        let color = try #require(Color(hex: text))
        #expect(color == Color(red: red, green: green, blue: blue))
    }

    @Test("anything else is nil", arguments: [
        "", "#", "   ", "#f", "#ff", "#ff88", "#ff880", "#ff88000", "#ff880000", "ggg", "#ggg", "#12345g",
        "##fff", "#f 80", "0x ff8800", "rgb(1,2,3)", "red", "#ff8800ff", "ｆｆｆ",
    ])
    func rejects(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test("hex is '#rrggbb' in lower case and round-trips")
    func hexText() throws {
        #expect(Color(red: 255, green: 136, blue: 0).hex == "#ff8800")
        #expect(Color(red: 0, green: 0, blue: 0).hex == "#000000")
        #expect(Color(red: 1, green: 0xAB, blue: 0x10).hex == "#01ab10")
        #expect(Color(red: 1, green: 2, blue: 3).description == "#010203")
        for (r, g, b) in [(0, 0, 0), (255, 255, 255), (18, 52, 86), (200, 1, 99)] as [(UInt8, UInt8, UInt8)] {
            let c = Color(red: r, green: g, blue: b)
            #expect(Color(hex: c.hex) == c)
        }
    }

    @Test("hexDigit", arguments: [
        (UInt8(ascii: "0"), UInt8(0)), (UInt8(ascii: "9"), 9), (UInt8(ascii: "a"), 10), (UInt8(ascii: "f"), 15),
        (UInt8(ascii: "A"), 10), (UInt8(ascii: "F"), 15),
    ] as [(UInt8, UInt8)])
    func hexDigit(byte: UInt8, value: UInt8) {
        #expect(Color.hexDigit(byte) == value)
    }

    @Test("non-digits have no hex value", arguments: ["g", "G", "/", ":", "@", "`", " ", "#"])
    func notHexDigit(character: Character) throws {
        let byte = try #require(character.asciiValue)
        #expect(Color.hexDigit(byte) == nil)
    }

    @Test("trimmingSpaces removes only surrounding spaces, tabs and line breaks")
    func trimming() {
        #expect(" \t a b \n\r".trimmingSpaces() == "a b")
        #expect("".trimmingSpaces() == "")
        #expect(" \n\t ".trimmingSpaces() == "")
        #expect("x".trimmingSpaces() == "x")
    }

    /// In Swift "\r\n" is one Character, equal neither to "\r" nor to "\n".
    @Test("trimmingSpaces removes a CRLF line end", arguments: ["a b\r\n", "\r\na b", "\r\n a b \r\n\r\n"])
    func trimmingCRLF(text: String) {
        #expect(text.trimmingSpaces() == "a b")
    }

    @Test("a colour followed by a CRLF line end parses", arguments: ["#ff8800\r\n", "\r\n  ff8800\r\n"])
    func colorWithCRLF(text: String) {
        #expect(Color(hex: text) == Color(red: 255, green: 136, blue: 0))
    }
}
