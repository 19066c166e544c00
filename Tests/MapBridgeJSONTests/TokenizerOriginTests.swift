import MapBridgeJSON
import MapBridgeModel
import Testing

/// A tokenizer over one piece of a larger input (`Options.origin`) locates its tokens as in
/// the whole input; only a piece at offset 0 may open with a byte order mark or be empty.
@Suite("JSONTokenizer over a piece of an input")
struct TokenizerOriginTests {
    func options(_ origin: JSONTokenizer.Origin, chunkSize: Int) -> JSONTokenizer.Options {
        var o = tokenizerOptions(chunkSize: chunkSize)
        o.origin = origin
        return o
    }

    @Test("lines, columns and offsets count from the piece's origin", arguments: chunkSizes)
    func located(chunkSize: Int) throws {
        // The piece starts 5 bytes into line 7, which starts at offset 100.
        let t = makeTokenizer("[1,\n 2]", options: options(.init(offset: 105, line: 7, lineStart: 100), chunkSize: chunkSize))
        let toks = try allToks(t)
        #expect(toks.map { [$0.line, $0.column] } == [[7, 6], [7, 7], [8, 2], [8, 3]])
        _ = try makeTokenizer("[]", options: options(.init(offset: 105, line: 7, lineStart: 100), chunkSize: chunkSize)).next()
    }

    @Test("the token offset is the whole input's")
    func offset() throws {
        let t = makeTokenizer("  {}", options: options(.init(offset: 1_000, line: 3, lineStart: 990), chunkSize: 16))
        #expect(try t.next() == .beginObject)
        #expect(t.tokenOffset == 1_002)
        #expect(t.location().line == 3 && t.location().column == 13)
    }

    @Test("a later piece of nothing but whitespace is no empty input; the first piece is")
    func blankPiece() throws {
        let later = makeTokenizer(" \n\n ", options: options(.init(offset: 10, line: 2, lineStart: 9), chunkSize: 16))
        #expect(try later.next() == .endOfInput)
        let first = makeTokenizer(" \n\n ", options: options(.init(offset: 0, line: 1, lineStart: 0), chunkSize: 16))
        #expect(throws: MapBridgeError.self) { try first.next() }
    }

    @Test("a byte order mark is skipped only at the input's first byte")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        var first = tokenizerOptions()
        first.origin = .init(offset: 0, line: 1, lineStart: 0)
        #expect(try makeTokenizer(bytes: bom, options: first).next() == .beginObject)
        var later = tokenizerOptions()
        later.origin = .init(offset: 40, line: 3, lineStart: 40)
        #expect(throws: MapBridgeError.self) { try makeTokenizer(bytes: bom, options: later).next() }
    }
}
