import MapBridgeIO
@testable import MapBridgeCore
import TestSupport
import Testing

/// `RecordChunker` cuts an input at record boundaries past each chunk's size, and knows where
/// each chunk starts.
@Suite("RecordChunker")
struct RecordChunkerTests {
    /// `text` (a FeatureCollection to cut) in chunks of at least 1 byte, once probed.
    static func collectionChunks(of text: String, chunkBytes: Int = 1, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> [RecordChunker.Chunk]
    {
        var chunker = RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: .featureElements, chunkBytes: chunkBytes)
        let probed = chunker.probe()
        #expect(probed, sourceLocation: sourceLocation)
        var all: [RecordChunker.Chunk] = []
        while let chunk = chunker.next() { all.append(chunk) }
        return all
    }

    func chunks(_ text: String, _ separator: RecordChunker.Separator, size: Int) -> [RecordChunker.Chunk] {
        var chunker = RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: separator, chunkBytes: size)
        var all: [RecordChunker.Chunk] = []
        while let chunk = chunker.next() { all.append(chunk) }
        return all
    }

    /// Every chunk `chunker` cuts (probed first for a FeatureCollection), described, then
    /// what is left for reading on.
    static func described(_ chunker: consuming RecordChunker) throws -> [String] {
        if chunker.separator == .featureElements { _ = chunker.probe() }
        var all: [String] = []
        while let c = chunker.next() {
            all.append("\(c.bytes) \(c.skipped) \(c.origin) \(c.kind) \(c.reachesEnd)")
        }
        let source = chunker.rest(after: [])
        var buffer = [UInt8](repeating: 0, count: 64)
        var rest: [UInt8] = []
        while true {
            let n = try buffer.withUnsafeMutableBytes { raw in try raw.baseAddress.map { try source.read(into: $0, count: 64) } ?? 0 }
            if n == 0 { break }
            rest += buffer[0..<n]
        }
        return all + ["rest \(rest)"]
    }

    @Test("the chunks are the same however few bytes each read gives", arguments: [1, 2, 3, 5, 8, 40])
    func trickledReads(chunkBytes: Int) throws {
        let cases: [(String, RecordChunker.Separator)] = [
            ("{\"a\":1}\n{\"b\":[1,\n2]}\n\n{\"c\":\"xyz\"}\n{}", .newline),
            ("\u{1E}{\"a\":1}\n\u{1E}{\"b\":2}\u{1E}[3]\n", .recordSeparator),
            ("{\"type\":\"FeatureCollection\",\"features\":[\n{\"a\":\"],\"},\n{\"b\":[1,2]},\n{}\n],\"x\":1}\n", .featureElements),
            ("{\"features\":[{\"a\":1}, {\"b\":2},\n{\"c\":3},\n{}],\"x\":1}", .featureElements),
        ]
        for (text, separator) in cases {
            let whole = try Self.described(RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: separator,
                                                         chunkBytes: chunkBytes))
            for step in [1, 2, 3, 7] {
                let trickled = try Self.described(RecordChunker(source: ByteSource.trickling(Array(text.utf8), step: step), separator: separator,
                                                                chunkBytes: chunkBytes))
                #expect(trickled == whole, "step \(step): \(text)")
            }
        }
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

    @Test("a FeatureCollection one element a line: cut at line cuts, uncounted, the rest after its end read whole")
    func collection() {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n{\"a\":\"],\"},\n{\"b\":[1,2]},\n{}\n],\"x\":1}\n"
        let all = Self.collectionChunks(of: text)
        #expect(all.map { String(decoding: $0.bytes, as: UTF8.self) }
            == ["{\"type\":\"FeatureCollection\",\"features\":[\n{\"a\":\"],\"}", "\n{\"b\":[1,2]}", ""])
        // The first cut is a line cut: the later ones are found without a scan, so not counted.
        #expect(all.map(\.kind) == [.collectionStart, .elements(firstIndex: nil), .collectionEnd(firstIndex: nil)])
        #expect(all.map(\.origin.offset) == [0, 52, 65])
        #expect(all.map(\.origin.line) == [1, 2, 3])
        #expect(all.map(\.origin.lineStart) == [0, 41, 53])
    }

    @Test("a FeatureCollection whose first cut is no line cut is scanned throughout: cuts counted, the end found")
    func scannedCollection() {
        let text = "{\"features\":[{\"a\":1}, {\"b\":2},\n{\"c\":3},\n{}],\"x\":1}"
        let all = Self.collectionChunks(of: text)
        #expect(all.map { String(decoding: $0.bytes, as: UTF8.self) }
            == ["{\"features\":[{\"a\":1}", " {\"b\":2}", "\n{\"c\":3}", ""])
        #expect(all.map(\.kind) == [.collectionStart, .elements(firstIndex: 1), .elements(firstIndex: 2),
                                    .collectionEnd(firstIndex: 3)])
        // What is read on in one piece puts the cuts' commas back.
        var rest = RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: .featureElements, chunkBytes: 1)
        _ = rest.probe()
        let taken = [rest.next(), rest.next()].compactMap { $0 }
        let source = rest.rest(after: taken)
        var read: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while let n = try? buffer.withUnsafeMutableBytes({ raw in try raw.baseAddress.map { try source.read(into: $0, count: 256) } ?? 0 }),
              n > 0
        {
            read += buffer[0..<n]
        }
        #expect(String(decoding: read, as: UTF8.self) == text)
    }

    @Test("line cuts: blanks and CRLF around them; a '},' and '{' on lines of their own inside an element is taken too")
    func lineCuts() {
        let text = "{\"features\":[\n{\"a\":1} ,\r\n{\"b\":[{\"x\":1},\n{\"y\":2}]},\n{\"c\":3}\n]}"
        let all = Self.collectionChunks(of: text)
        // The second cut lies inside an element: the reader of the chunk before it finds that
        // the chunk does not end cleanly (see ChunkedCollectionTests).
        #expect(all.map { String(decoding: $0.bytes, as: UTF8.self) }
            == ["{\"features\":[\n{\"a\":1} ", "\r\n{\"b\":[{\"x\":1}", "\n{\"y\":2}]}", ""])
        #expect(all.map(\.kind) == [.collectionStart, .elements(firstIndex: nil), .elements(firstIndex: nil),
                                    .collectionEnd(firstIndex: nil)])
    }

    @Test("indented: line cuts at the first one's indentation only, not at objects nested deeper")
    func indentedLineCuts() {
        let text = "{\"features\":[\n  {\"a\":1},\n  {\"b\":[\n    {\"x\":1},\n    {\"y\":2}]},\n  {\"c\":3},\n  {}\n]}"
        let all = Self.collectionChunks(of: text)
        #expect(all.map { String(decoding: $0.bytes, as: UTF8.self) }
            == ["{\"features\":[\n  {\"a\":1}", "\n  {\"b\":[\n    {\"x\":1},\n    {\"y\":2}]}", "\n  {\"c\":3}", ""])
    }

    @Test("a FeatureCollection: elements gathered up to the size; a collection that ends first is not cut")
    func collectionSizes() {
        let elements = (0..<10).map { "{\"n\":\($0)}" }.joined(separator: ",")
        let text = "{\"features\":[" + elements + "]}"
        var chunker = RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: .featureElements, chunkBytes: 30)
        let probed = chunker.probe()
        #expect(probed)
        var all: [RecordChunker.Chunk] = []
        while let chunk = chunker.next() { all.append(chunk) }
        #expect(all.map(\.kind) == [.collectionStart, .elements(firstIndex: 3), .collectionEnd(firstIndex: 7)])
        var whole = RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: .featureElements, chunkBytes: 4096)
        let wholeProbed = whole.probe()
        #expect(!wholeProbed)
    }

    @Test("input that is not a FeatureCollection to cut is left whole for reading on", arguments: [
        "", "[1,2]", "{\"type\":\"Point\",\"coordinates\":[1,2]}", "{\"feat\\u0075res\":[{},{}]}",
        "{\"features\":{\"a\":[{},{}]}}", "{\"x\":{\"features\":[{},{}]}}", "\u{1E}{\"features\":[{},{}]}",
    ])
    func notCollections(text: String) throws {
        var chunker = RecordChunker(source: ByteSource(bytes: Array(text.utf8)), separator: .featureElements, chunkBytes: 1)
        let probed = chunker.probe()
        #expect(!probed)
        let source = chunker.rest(after: [])
        var read: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7)
        while true {
            let n = try buffer.withUnsafeMutableBytes { raw in try raw.baseAddress.map { try source.read(into: $0, count: 7) } ?? 0 }
            if n == 0 { break }
            read += buffer[0..<n]
        }
        #expect(read == Array(text.utf8))
    }
}
