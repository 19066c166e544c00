import MapBridgeModel
import Testing

/// `ChunkedTexts` gives back every text as appended: empty ones, ones that fill a chunk
/// exactly, ones that start a new chunk, and ones longer than a chunk.
@Suite("ChunkedTexts")
struct ChunkedTextsTests {
    @Test("texts read back across chunk edges")
    func readBack() {
        let chunk = ChunkedTexts.chunkBytes
        var texts: [String] = []
        for k in 0..<2_000 {
            switch k % 9 {
            case 0: texts.append("")
            case 1: texts.append(String(repeating: "a", count: chunk))        // exactly a chunk
            case 2: texts.append(String(repeating: "é", count: chunk / 2 + 1)) // longer than a chunk
            case 3: texts.append(String(repeating: "b", count: chunk - 3))    // nearly a chunk
            default: texts.append("id-\(k)-ø")
            }
        }
        var store = ChunkedTexts()
        var ends: [Int] = []
        for (k, text) in texts.enumerated() { ends.append(store.append(text, as: k)) }
        for (k, text) in texts.enumerated() {
            let bytes = store.bytes(of: k, from: k == 0 ? 0 : ends[k - 1], to: ends[k])
            #expect(Array(bytes) == Array(text.utf8), "text \(k)")
        }
        #expect(store.bytesHeld >= texts.reduce(0) { $0 + $1.utf8.count })
    }
}
