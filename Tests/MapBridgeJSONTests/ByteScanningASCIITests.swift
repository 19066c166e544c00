@testable import MapBridgeJSON
import Testing

/// `ByteScanning.isASCII`, which lets `stringValue` skip the strict UTF-8 check: every length
/// around the eight-byte word, with the one high byte in each place.
@Suite("ByteScanning.isASCII")
struct ByteScanningASCIITests {
    private func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { ByteScanning.isASCII($0) }
    }

    @Test("empty is ASCII")
    func empty() { #expect(isASCII([])) }

    @Test("plain text of every length up to three words is ASCII")
    func plain() {
        for n in 1...24 { #expect(isASCII(Array(repeating: 0x7F, count: n)), "length \(n)") }
    }

    @Test("one byte at or above 0x80 anywhere is not")
    func oneHigh() {
        for n in 1...24 {
            for k in 0..<n {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: n)
                bytes[k] = k % 2 == 0 ? 0x80 : 0xFF
                #expect(!isASCII(bytes), "length \(n), high byte at \(k)")
            }
        }
    }

    @Test("a string read with a non-ASCII name is still checked strictly")
    func strictOutsideASCII() throws {
        let t = makeTokenizer(bytes: Array(#"["Dvůr","#.utf8) + [0x22, 0xC3, 0x28, 0x22, 0x5D])
        _ = try t.next()
        #expect(try t.next() == .string)
        #expect(try t.stringValue() == "Dvůr")
        #expect(try t.next() == .string)
        #expect(throws: (any Error).self) { try t.stringValue() }
    }
}
