import MapBridgeIO
import Testing

/// `ByteCopy` copies a few bytes with overlapping word loads and stores: every length, at
/// every offset of the source and the target, must copy exactly those bytes and touch
/// nothing around them.
@Suite("ByteCopy")
struct ByteCopyTests {
    @Test("every length from 0 to 40, at unaligned offsets, copies exactly its bytes")
    func everyLength() {
        let source: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for n in 0...40 {
            for from in 0..<4 {
                for to in 0..<4 {
                    var target = [UInt8](repeating: 0xEE, count: 64)
                    source.withUnsafeBufferPointer { s in
                        target.withUnsafeMutableBufferPointer { t in
                            guard let s = s.baseAddress, let t = t.baseAddress else { return }
                            ByteCopy.copy(s + from, to: t + to, count: n)
                        }
                    }
                    #expect(Array(target[to..<(to + n)]) == Array(source[from..<(from + n)]), "n \(n) from \(from) to \(to)")
                    #expect(target[..<to].allSatisfy { $0 == 0xEE } && target[(to + n)...].allSatisfy { $0 == 0xEE },
                            "n \(n): bytes around the copy are left as they were")
                }
            }
        }
    }
}
