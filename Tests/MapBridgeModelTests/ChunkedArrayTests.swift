import MapBridgeModel
import Testing

@Suite("ChunkedArray: append-only, in chunks, indexed like an array")
struct ChunkedArrayTests {
    @Test("elements read back in order across chunk boundaries, and can be replaced")
    func appendAndRead() {
        var chunked = ChunkedArray<Int>(chunkBytes: 64)   // 8 per chunk
        #expect(chunked.isEmpty && chunked.last == nil)
        for k in 0..<100 { chunked.append(k * 3) }
        #expect(chunked.count == 100 && chunked.last == 297)
        #expect((0..<100).allSatisfy { chunked[$0] == $0 * 3 })
        chunked[8] = -1
        chunked[99] += 1
        #expect(chunked[8] == -1 && chunked[7] == 21 && chunked[9] == 27 && chunked[99] == 298)
    }

    @Test("elements larger than a chunk get one each; the default holds many")
    func sizes() {
        var big = ChunkedArray<(Int, Int, Int)>(chunkBytes: 8)
        for k in 0..<5 { big.append((k, k, k)) }
        #expect((0..<5).allSatisfy { big[$0].1 == $0 })
        var many = ChunkedArray<UInt8>()
        for k in 0..<200_000 { many.append(UInt8(truncatingIfNeeded: k)) }
        #expect(many.count == 200_000 && many[65_537] == 1 && many[199_999] == UInt8(truncatingIfNeeded: 199_999))
    }
}
