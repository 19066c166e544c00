import MapBridgeIO
import MapBridgeXML
import Testing

/// `XMLOutput.escaped` finds the bytes to escape a word at a time: every special byte at every
/// position of a word, and runs longer than a word, come out as a byte-by-byte escaper writes them.
@Suite("XMLOutput escaping runs")
struct XMLOutputEscapingTests {
    /// The escaping spelled out byte by byte, as the reference.
    private func reference(_ bytes: [UInt8], inAttribute: Bool) -> (text: [UInt8], stripped: Bool) {
        var out: [UInt8] = [], stripped = false, i = 0
        while i < bytes.count {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: out += Array("&quot;".utf8)
            case 0x0D: out += Array("&#13;".utf8)
            case 0x09 where inAttribute: out += Array("&#9;".utf8)
            case 0x0A where inAttribute: out += Array("&#10;".utf8)
            case 0x09, 0x0A: out.append(c)
            case 0x00..<0x20: stripped = true
            case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                stripped = true
                i += 2
            default: out.append(c)
            }
            i += 1
        }
        return (out, stripped)
    }

    private func escaped(_ bytes: [UInt8], inAttribute: Bool) throws -> (text: [UInt8], stripped: Bool) {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        var xml = XMLOutput(sink: sink, pretty: false)
        try bytes.withUnsafeBufferPointer { try xml.escaped($0, inAttribute: inAttribute) }
        try sink.flush()
        return (sink.collectedBytes, xml.strippedCharacters)
    }

    @Test("nothing, then plain text shorter and longer than a word")
    func plain() throws {
        for text in ["", "a", "abcdefg", "abcdefgh", "abcdefghijklmnopqrstuvwxyz0123456789 Łódź café"] {
            #expect(try escaped(Array(text.utf8), inAttribute: false).text == Array(text.utf8))
        }
    }

    @Test("each byte that needs a look, at each position of three words, in text and attributes",
          arguments: [false, true])
    func everyPosition(inAttribute: Bool) throws {
        let specials: [[UInt8]] = [[0x26], [0x3C], [0x3E], [0x22], [0x0D], [0x09], [0x0A], [0x01], [0x1F],
                                   [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xBC, 0x81], [0x7F], [0x20], [0xC3, 0xA9]]
        for special in specials {
            for position in 0..<24 {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: 24)
                bytes.insert(contentsOf: special, at: position)
                let got = try escaped(bytes, inAttribute: inAttribute)
                let want = reference(bytes, inAttribute: inAttribute)
                #expect(got.text == want.text, "\(special) at \(position)")
                #expect(got.stripped == want.stripped, "\(special) at \(position)")
            }
        }
    }

    @Test("a U+FFFE cut off at the end, and specials side by side")
    func edges() throws {
        for bytes: [UInt8] in [[0xEF], [0xEF, 0xBF], Array("&&<<>>\"\"\r\r".utf8), Array("abcdefg&".utf8)] {
            for inAttribute in [false, true] {
                let got = try escaped(bytes, inAttribute: inAttribute)
                let want = reference(bytes, inAttribute: inAttribute)
                #expect(got.text == want.text)
                #expect(got.stripped == want.stripped)
            }
        }
    }
}
