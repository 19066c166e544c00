@testable import MapBridgeJSON
import Testing

/// `SmallUTF8`, which checks short text that is not all ASCII and makes it a small string from
/// its bytes: its check agrees with the strict decoder (`JSONTokenizer.strictString`) on every
/// lead byte and the edges of each range, and the strings it makes equal the decoder's.
@Suite("SmallUTF8")
struct SmallUTF8Tests {
    /// Whether the strict decoder takes `bytes` as they are.
    private func decoderAccepts(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONTokenizer.strictString($0) } != nil
    }

    private func check(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { SmallUTF8.isWellFormed($0) }
    }

    @Test("this runtime lays small non-ASCII strings out as SmallUTF8 builds them")
    func layoutHolds() {
        // Were it false, such strings would take the decoder's path (still correct, but slower).
        #expect(SmallUTF8.layoutHolds)
    }

    @Test("the empty text and one byte: ASCII passes, any other byte alone does not")
    func oneByte() {
        #expect(check([]))
        let differ = (0...255).map { [UInt8($0)] }.filter { check($0) != decoderAccepts($0) }
        #expect(differ.isEmpty)
    }

    @Test("every two-byte sequence, alone and cut short, as the decoder takes it")
    func everyPair() {
        var differ: [[UInt8]] = []
        for a in 0x80...0xFF {
            for b in 0...255 {
                let bytes = [UInt8(a), UInt8(b)]
                if check(bytes) != decoderAccepts(bytes) { differ.append(bytes) }
            }
        }
        #expect(differ.isEmpty)
    }

    @Test("three- and four-byte sequences: each lead byte with every second byte near the continuation range and the edges after it")
    func longerSequences() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        // The continuation bytes (80...BF) and a few on either side, and the ends.
        let seconds = [0x00, 0x41] + Array(0x70...0xC7) + [0xFF]
        var differ: [[UInt8]] = []
        for lead in 0xE0...0xFF {
            for second in seconds {
                for third in edges {
                    let three = [UInt8(lead), UInt8(second), third]
                    if check(three) != decoderAccepts(three) { differ.append(three) }
                    // A fourth byte matters after a four-byte lead (and must not rescue a shorter one).
                    for fourth in lead >= 0xF0 ? edges : [0x41, 0x80] {
                        let four = three + [fourth]
                        if check(four) != decoderAccepts(four) { differ.append(four) }
                    }
                }
            }
        }
        #expect(differ.isEmpty)
    }

    @Test("surrogates, overlong forms and scalars past U+10FFFF are refused, their neighbours taken")
    func edges() {
        #expect(check([0xED, 0x9F, 0xBF]))          // U+D7FF
        #expect(!check([0xED, 0xA0, 0x80]))         // U+D800
        #expect(check([0xEE, 0x80, 0x80]))          // U+E000
        #expect(!check([0xE0, 0x9F, 0xBF]))         // overlong U+07FF
        #expect(check([0xE0, 0xA0, 0x80]))          // U+0800
        #expect(!check([0xF0, 0x8F, 0xBF, 0xBF]))   // overlong U+FFFF
        #expect(check([0xF4, 0x8F, 0xBF, 0xBF]))    // U+10FFFF
        #expect(!check([0xF4, 0x90, 0x80, 0x80]))   // U+110000
        #expect(!check([0x61, 0xC3]))               // cut short at the end
    }

    @Test("strings of every length from 2 to 15 equal the decoder's, bit for bit")
    func everyLength() {
        let pieces: [[UInt8]] = [Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("ů".utf8)]
        for n in 2...SmallASCII.capacity {
            for (k, piece) in pieces.enumerated() where piece.count <= n {
                for at in 0...(n - piece.count) {
                    var bytes = (0..<(n - piece.count)).map { UInt8(0x61 + ($0 + k) % 26) }
                    bytes.insert(contentsOf: piece, at: at)
                    bytes.withUnsafeBufferPointer { buffer in
                        let made = SmallUTF8.make(buffer)
                        expectDecoderString(made, of: buffer, "\(bytes)")
                        #expect(made.count == String(decoding: buffer, as: UTF8.self).count)
                    }
                }
            }
        }
    }

    @Test("the tokenizer reads short non-ASCII strings back as written and refuses invalid ones")
    func throughTheTokenizer() throws {
        let t = makeTokenizer("[\"Dvůr 744\",\"Šumperk\",\"😀\",\"ééééééé\",\"éééééééé\"]")
        #expect(try t.next() == .beginArray)
        var read: [String] = []
        while try t.next() == .string { read.append(try t.stringValue()) }
        #expect(read == ["Dvůr 744", "Šumperk", "😀", "ééééééé", "éééééééé"])
        for invalid: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0x61, 0xE2, 0x82], [0x80]] {
            let bad = makeTokenizer(bytes: [0x22] + invalid + [0x22])
            #expect(try bad.next() == .string)
            #expect(throws: (any Error).self) { try bad.stringValue() }
        }
    }
}
