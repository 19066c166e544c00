import MapBridgeIO
@testable import MapBridgeCore
import Testing

/// `RecordChunker` cuts an input at record boundaries past each chunk's size, and knows where
/// each chunk starts.
@Suite("RecordChunker")
struct RecordChunkerTests {
    func chunks(_ text: String, _ separator: RecordChunker.Separator, size: Int) -> [RecordChunker.Chunk] {
        var chunker = RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: separator, chunkBytes: size)
        var all: [RecordChunker.Chunk] = []
        while let chunk = chunker.next() { all.append(chunk) }
        return all
    }

    @Test("an empty input is one empty chunk")
    func empty() {
        let all = chunks("", .newline, size: 4)
        #expect(all.count == 1)
        #expect(all.first?.bytes == [] && all.first?.reachesEnd == true)
    }

    @Test("lines: each chunk ends after the first newline at or past the size, and knows its line")
    func lines() {
        let all = chunks("ab\ncd\nef\r\n\ngh", .newline, size: 4)
        #expect(all.map { String(decoding: $0.bytes, as: UTF8.self) } == ["ab\ncd\n", "ef\r\n", "\ngh"])
        #expect(all.map(\.origin.offset) == [0, 6, 10])
        #expect(all.map(\.origin.line) == [1, 3, 4])
        #expect(all.map(\.origin.lineStart) == [0, 6, 10])
        #expect(all.map(\.reachesEnd) == [false, false, true])
    }

    @Test("a record longer than the size makes a longer chunk")
    func longRecord() {
        let all = chunks("a\n" + String(repeating: "x", count: 50) + "\nb\n", .newline, size: 3)
        #expect(all.map(\.bytes.count) == [53, 2])
    }

    @Test("text sequences: each chunk ends just before the first RS past the size, mid-line if so")
    func sequences() {
        let all = chunks("\u{1E}{}\n\u{1E}{}\u{1E}{}\n", .recordSeparator, size: 3)
        #expect(all.map { String(decoding: $0.bytes, as: UTF8.self) } == ["\u{1E}{}\n", "\u{1E}{}", "\u{1E}{}\n"])
        #expect(all.map(\.origin.line) == [1, 2, 2])
        #expect(all.map(\.origin.lineStart) == [0, 4, 4])
    }

    @Test("the chunks handed back come first in what is read on")
    func rest() throws {
        var chunker = RecordChunker(source: ByteSource(bytes: Array("a\nb\nc\nd\n".utf8)), separator: .newline, chunkBytes: 1)
        let cut = (chunker.next(), chunker.next())
        let first = try #require(cut.0)
        let second = try #require(cut.1)
        #expect(first.bytes == Array("a\n".utf8))
        let source = chunker.rest(after: [second])
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = try bytes.withUnsafeMutableBytes { raw in try raw.baseAddress.map { try source.read(into: $0, count: 64) } ?? 0 }
        #expect(String(decoding: bytes[0..<n], as: UTF8.self).hasPrefix("b\n"))
    }
}
