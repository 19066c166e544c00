import MapBridgeIO
@testable import MapBridgeXML
import Testing

/// The fast paths of `XMLOutput` against its general path and the rules spelled out byte by
/// byte: `escaped` (one scan, then one write when nothing needs escaping) against the run by
/// run escaper `forEachEscapedRun`, and `leafPreferringCDATA`'s one scan against choosing by
/// looking at every byte.
@Suite("XMLOutput fast paths")
struct XMLOutputFastPathTests {
    /// Bytes that need a look, or look like they might.
    static let specials: [[UInt8]] = [[0x26], [0x3C], [0x3E], [0x22], [0x0D], [0x09], [0x0A], [0x00], [0x01], [0x1F],
                                      [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xEF, 0xBC, 0x81], [0xEF], [0x7F], [0x20],
                                      [0xC3, 0xA9], Array("]]>".utf8), [0x3F], [0x40]]

    /// Short and long texts with each special at each position (short ones cover the byte by
    /// byte scan under eight bytes and the last word that overlaps the one before).
    static var texts: [[UInt8]] {
        var texts: [[UInt8]] = [[]]
        for length in 0...19 {
            texts.append(Array(repeating: UInt8(ascii: "y"), count: length))
            for special in specials {
                for position in 0...length {
                    var bytes = Array(repeating: UInt8(ascii: "y"), count: length)
                    bytes.insert(contentsOf: special, at: position)
                    texts.append(bytes)
                }
            }
        }
        texts.append(Array("<p>Fish &amp; Chips ]]> more</p>".utf8))
        texts.append(Array("a\r\n<b>".utf8))
        texts.append(Array("é ü 東京 🚀 \u{FFFF}".utf8))
        return texts
    }

    private func written(_ body: (inout XMLOutput) throws -> Void) throws -> (text: [UInt8], stripped: Bool) {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        var xml = XMLOutput(sink: sink, pretty: false)
        try body(&xml)
        try sink.flush()
        return (sink.collectedBytes, xml.strippedCharacters)
    }

    @Test("escaped writes what the general path writes", arguments: [false, true])
    func escapedMatchesGeneralPath(inAttribute: Bool) throws {
        for bytes in Self.texts {
            let fast = try written { xml in try bytes.withUnsafeBufferPointer { try xml.escaped($0, inAttribute: inAttribute) } }
            var general: [UInt8] = []
            let stripped = bytes.withUnsafeBufferPointer { buffer in
                XMLOutput.forEachEscapedRun(buffer, inAttribute: inAttribute) { general.append(contentsOf: $0) }
            }
            #expect(fast.text == general, "\(bytes)")
            #expect(fast.stripped == stripped, "\(bytes)")
            // The String entry point takes the same path.
            let string = String(decoding: bytes, as: UTF8.self)
            let viaString = try written { xml in try xml.escaped(string, inAttribute: inAttribute) }
            var generalOfString: [UInt8] = []
            _ = Array(string.utf8).withUnsafeBufferPointer { buffer in
                XMLOutput.forEachEscapedRun(buffer, inAttribute: inAttribute) { generalOfString.append(contentsOf: $0) }
            }
            #expect(viaString.text == generalOfString, "\(bytes)")
        }
    }

    @Test("leafPreferringCDATA chooses as a look at every byte does, and writes that")
    func cdataChoice() throws {
        for bytes in Self.texts {
            let text = String(decoding: bytes, as: UTF8.self)
            let utf8 = Array(text.utf8)
            // The rule spelled out: as it is when nothing needs a look; in CDATA when there is
            // markup and no carriage return; escaped otherwise.
            let needsLook = utf8.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { XMLOutput.nextSpecial($0, from: 0, count: buffer.count, inAttribute: false) < buffer.count }
                    ?? false
            }
            let hasMarkup = utf8.contains(UInt8(ascii: "<")) || utf8.contains(UInt8(ascii: "&"))
            let hasCarriageReturn = utf8.contains(0x0D)
            let want: XMLOutput.TextForm = !needsLook ? .plain : (hasMarkup && !hasCarriageReturn ? .cdata : .escaped)
            let form = utf8.withUnsafeBufferPointer { XMLOutput.form(of: $0) }
            #expect(form.0 == want, "\(bytes)")

            let got = try written { xml in try xml.leafPreferringCDATA("d", text) }
            let expected = try written { xml in
                try xml.open("d")
                switch want {
                case .plain: try xml.raw(text)
                case .cdata: try xml.cdata(text)
                case .escaped: try xml.escaped(text, inAttribute: false)
                }
                try xml.close("d")
            }
            #expect(got.text == expected.text, "\(bytes)")
            #expect(got.stripped == expected.stripped, "\(bytes)")
        }
    }
}
