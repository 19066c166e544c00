import MapBridgeIO
import MapBridgeJSON
import Testing

/// `JSONEmitter.writeEscaped` skips plain text eight bytes at a time: every byte that needs an
/// escape must be found wherever it stands in a word, and the text around it kept.
@Suite("JSONEmitter escape scan")
struct JSONEmitterEscapeScanTests {
    /// `value` as `JSONEmitter.writeEscaped` writes it.
    static func escaped(_ value: String) throws -> String {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        try JSONEmitter.writeEscaped(value, to: sink)
        try sink.flush()
        return String(decoding: sink.collectedBytes, as: UTF8.self)
    }

    private func escaped(_ value: String) throws -> String { try Self.escaped(value) }

    @Test("a special at any offset of a long plain run", arguments: [
        "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "é", "\u{A0}", "東", "😀",
        // Letters past ASCII are let by the scan (their lead bytes are not 0xC2), U+00A0–U+00BF
        // (0xC2 too) are looked at and kept: each beside a C1 control as well.
        "°", "İ", "ů", "Â\u{85}", "\u{85}°", "İ\u{9F}",
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

/// Names and string values are copied in one go when nothing in them needs an escape, and
/// escaped byte by byte otherwise: both ways give the same text, compact and pretty.
@Suite("JSONEmitter quoted text")
struct JSONEmitterQuotedTextTests {
    private func written(_ text: String, pretty: Bool) throws -> String {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        let json = JSONEmitter(sink: sink, pretty: pretty)
        try json.beginObject()
        try json.key(text)
        try json.string(text)
        try json.endObject()
        try sink.flush()
        return String(decoding: sink.collectedBytes, as: UTF8.self)
    }

    private func escaped(_ value: String) throws -> String { try JSONEmitterEscapeScanTests.escaped(value) }

    @Test("plain and special text of every length up to two words and more", arguments: [
        "", "a", "\"", "\\", "\n", "\u{1F}", "\u{7F}", "\u{85}", "é", "\u{2028}", "😀",
    ])
    func everyLength(special: String) throws {
        for before in 0..<18 {
            for text in [String(repeating: "k", count: before), String(repeating: "k", count: before) + special + "z"] {
                let e = try escaped(text)
                #expect(try written(text, pretty: false) == "{\"\(e)\":\"\(e)\"}")
                #expect(try written(text, pretty: true) == "{\n  \"\(e)\": \"\(e)\"\n}")
            }
        }
    }
}
