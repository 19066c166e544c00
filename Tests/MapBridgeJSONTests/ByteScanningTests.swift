@testable import MapBridgeJSON
import Testing

@Suite("ByteScanning: word-at-a-time search for string ends")
struct ByteScanningTests {
    /// The plain byte-by-byte answer: the first quote, backslash or control byte, else `to`.
    static func naive(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        var i = from
        while i < to {
            let c = bytes[i]
            if c == 0x22 || c == 0x5C || c < 0x20 { return i }
            i += 1
        }
        return to
    }

    /// The word scan may stop short at a word boundary; finishing byte by byte must agree.
    static func scanned(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        var copy = bytes
        return copy.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return to }
            let stop = ByteScanning.firstStringSpecial(base, from: from, to: to)
            #expect(stop >= from && stop <= to)
            return naive(bytes, from: stop, to: to)
        }
    }

    @Test("no special byte: the end")
    func none() {
        let bytes = Array("abcdefghijklmnopqrstuvwxyz é ü 漢字".utf8)
        #expect(Self.scanned(bytes, from: 0, to: bytes.count) == bytes.count)
    }

    @Test("each special byte at each offset of a word", arguments: [UInt8(0x22), 0x5C, 0x00, 0x0A, 0x1F])
    func everyOffset(special: UInt8) {
        for offset in 0..<24 {
            var bytes = Array(repeating: UInt8(ascii: "x"), count: 24)
            bytes[offset] = special
            #expect(Self.scanned(bytes, from: 0, to: 24) == offset)
            #expect(Self.scanned(bytes, from: min(offset, 3), to: 24) == offset)
        }
    }

    @Test("bytes that only look special in part (0x20, 0x7F, 0xA2, 0xDC, 0x80) are not")
    func nearMisses() {
        let bytes: [UInt8] = [0x20, 0x7F, 0xA2, 0xDC, 0x80, 0x21, 0x23, 0x5B, 0x5D, 0x41, 0xFF]
        #expect(Self.scanned(bytes, from: 0, to: bytes.count) == bytes.count)
    }

    @Test("agrees with the byte-by-byte search on pseudo-random input")
    func randomized() {
        var state: UInt64 = 0x1234_5678_9ABC_DEF0
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        for _ in 0..<2000 {
            let count = Int(next() % 40)
            // Mostly plain bytes, sometimes a special one or a high byte.
            let bytes: [UInt8] = (0..<count).map { _ in
                switch next() % 20 {
                case 0: [0x22, 0x5C, 0x05, 0x1F][Int(next() % 4)]
                case 1: UInt8(0x80 + next() % 128)
                default: UInt8(0x20 + next() % 95)
                }
            }
            let from = count == 0 ? 0 : Int(next() % UInt64(count))
            #expect(Self.scanned(bytes, from: from, to: count) == Self.naive(bytes, from: from, to: count))
        }
    }
}
