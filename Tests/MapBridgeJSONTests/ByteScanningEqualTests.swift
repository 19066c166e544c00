@testable import MapBridgeJSON
import Testing

/// `ByteScanning.equal`, which the key table and the duplicate-key ledger compare names with:
/// byte by byte below four bytes, two overlapping four-byte words from four to seven, a word
/// at a time (the last word overlapping) from eight on.
@Suite("ByteScanning.equal")
struct ByteScanningEqualTests {
    /// Whether the first `count` bytes of `a` and `b` (each longer) are equal, as `equal` says.
    private func equal(_ a: [UInt8], _ b: [UInt8], count: Int) -> Bool {
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                guard let x = ra.baseAddress, let y = rb.baseAddress else { return false }
                return ByteScanning.equal(x, y, count: count)
            }
        }
    }

    @Test("equal runs of every length up to 40 compare equal; a difference at any byte does not")
    func everyLengthAndPosition() {
        let a = (0..<48).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for count in 0...40 {
            // What lies past `count` differs, and must not matter.
            var tail = a
            for k in count..<tail.count { tail[k] ^= 0xFF }
            #expect(equal(a, tail, count: count), "length \(count)")
            for k in 0..<count {
                var other = a
                other[k] ^= 0x40
                #expect(!equal(a, other, count: count), "length \(count), byte \(k)")
            }
        }
    }
}
