@testable import MapBridgeJSON
import Testing

/// `SmallASCII`, which makes the tokenizer's short ASCII strings and numbers' text from their
/// bytes in the runtime's small-string form, and `JSONTokenizer.asciiString`, which uses it up
/// to 15 bytes and the general decoder beyond.
@Suite("SmallASCII")
struct SmallASCIITests {
    /// Every ASCII byte, NUL and DEL included, in an order that puts each at many positions.
    private let alphabet: [UInt8] = (0..<128).map { UInt8(($0 &* 37 &+ 5) & 0x7F) }

    @Test("this runtime lays small ASCII strings out as SmallASCII builds them")
    func layoutHolds() {
        // Were it false, every string would take the general path (still correct, but slower).
        #expect(SmallASCII.layoutHolds)
    }

    @Test("strings of every length from 0 to 15 equal the decoder's, bit for bit")
    func everyLength() {
        for n in 0...SmallASCII.capacity {
            for start in stride(from: 0, to: alphabet.count, by: 7) {
                let bytes = (0..<n).map { alphabet[(start + $0) % alphabet.count] }
                bytes.withUnsafeBufferPointer { buffer in
                    expectDecoderString(SmallASCII.make(buffer), of: buffer, "length \(n), from \(start)")
                }
            }
        }
    }

    @Test("asciiString gives the text on both sides of 15 bytes", arguments: [0, 1, 7, 8, 14, 15, 16, 17, 40])
    func bothPaths(length: Int) {
        let bytes = (0..<length).map { alphabet[($0 * 3) % alphabet.count] }
        // Made from the bytes (as a tokenizer does where the layout holds) and the general way.
        let general = bytes.withUnsafeBufferPointer { JSONTokenizer.asciiString($0, small: false) }
        #expect(Array(general.utf8) == bytes)
        let text = bytes.withUnsafeBufferPointer { JSONTokenizer.asciiString($0, small: SmallASCII.layoutHolds) }
        #expect(text == general)
        #expect(Array(text.utf8) == bytes)
        #expect(text == String(decoding: bytes, as: UTF8.self))
        // A string made so behaves as any other: it grows, compares and hashes as its text.
        var grown = text
        grown += "é"
        #expect(grown.utf8.count == length + 2)
        #expect(Set([text, String(decoding: bytes, as: UTF8.self)]).count == 1)
    }

    @Test("the tokenizer's strings and numbers around 15 bytes read back as written")
    func throughTheTokenizer() throws {
        let strings = ["", "a", "fifteen-bytes-x", "sixteen-bytes-xy", "Dvůr 744", "ab\\u0000c"]
        let numbers = ["0", "-114.7445646", "123456789012345", "1234567890123456"]
        let text = "[" + (strings.map { "\"\($0)\"" } + numbers).joined(separator: ",") + "]"
        let t = makeTokenizer(text)
        #expect(try t.next() == .beginArray)
        var read: [String] = []
        while true {
            let token = try t.next()
            if token == .endArray { break }
            read.append(token == .number ? t.numberText() : try t.stringValue())
        }
        #expect(read == ["", "a", "fifteen-bytes-x", "sixteen-bytes-xy", "Dvůr 744", "ab\u{0}c"] + numbers)
    }
    @Test("string(ifASCII:) makes the decoder's string of up to 15 ASCII bytes, and leaves any other byte or length")
    func ifASCII() {
        for n in 0...(SmallASCII.capacity + 2) {
            for start in stride(from: 0, to: alphabet.count, by: 11) {
                let ascii = (0..<n).map { alphabet[(start + $0) % alphabet.count] }
                ascii.withUnsafeBufferPointer { buffer in
                    let made = SmallASCII.string(ifASCII: buffer)
                    if n <= SmallASCII.capacity {
                        #expect(made == String(decoding: buffer, as: UTF8.self), "length \(n), from \(start)")
                        #expect(made.map { Array($0.utf8) } == ascii)
                    } else {
                        #expect(made == nil)
                    }
                }
                // A byte of 0x80 or above anywhere (a UTF-8 lead or continuation byte, or an invalid one).
                for at in 0..<n {
                    for high: UInt8 in [0x80, 0xC3, 0xFF] {
                        var other = ascii
                        other[at] = high
                        #expect(other.withUnsafeBufferPointer { SmallASCII.string(ifASCII: $0) } == nil, "length \(n), at \(at)")
                    }
                }
            }
        }
    }
}

/// Expects `made` to be the string the standard library's decoder makes of `bytes`: equal,
/// with the same bytes and hash, and the same two words (a small string laid out as the
/// runtime lays it out).
func expectDecoderString(_ made: String, of bytes: UnsafeBufferPointer<UInt8>, _ comment: Comment,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let decoded = String(decoding: bytes, as: UTF8.self)
    #expect(made == decoded, comment, sourceLocation: sourceLocation)
    #expect(Array(made.utf8) == Array(bytes), sourceLocation: sourceLocation)
    #expect(made.hashValue == decoded.hashValue, sourceLocation: sourceLocation)
    #expect(unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(decoded, to: (UInt64, UInt64).self),
            sourceLocation: sourceLocation)
}
