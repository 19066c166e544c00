import MapBridgeIO
import MapBridgeJSON
import Testing

/// `JSONEmitter.writeEscaped` skips plain text eight bytes at a time: every byte that needs an
/// escape must be found wherever it stands in a word, and the text around it kept.
@Suite("JSONEmitter escape scan")
struct JSONEmitterEscapeScanTests {
    private func escaped(_ value: String) throws -> String {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        try JSONEmitter.writeEscaped(value, to: sink)
        try sink.flush()
        return String(decoding: sink.collectedBytes, as: UTF8.self)
    }

    @Test("a special at any offset of a long plain run", arguments: [
        "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "é", "\u{A0}", "東", "😀",
    ])
    func specialAtEveryOffset(special: String) throws {
        let alone = try escaped(special)
        for before in 0..<20 {
            for after in [0, 1, 7, 8, 9, 17] {
                let head = String(repeating: "a", count: before), tail = String(repeating: "z", count: after)
                #expect(try escaped(head + special + tail) == head + alone + tail, "\(before) + \(after)")
                #expect(try escaped(head + special + special + tail) == head + alone + alone + tail)
            }
        }
    }
}
