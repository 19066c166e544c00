import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import TestSupport
import Testing

/// A tokenizer over a source that lends its bytes (`ByteSource(lending:name:)`) reads them in
/// place, never refilling: it must give what a tokenizer refilling its buffer from the same
/// bytes gives, however the reads cut them.
@Suite("JSONTokenizer over lent bytes")
struct TokenizerLentBytesTests {
    /// What a whole reading gives: each token with its payload, line, column and offset, then
    /// the end, or the error (its message and place) that ended it; and the bytes read.
    struct Reading: Equatable {
        var tokens: [String] = []
        var ending = ""
        var bytesRead: Int64 = 0
    }

    static func read(_ t: JSONTokenizer) -> Reading {
        var reading = Reading()
        do {
            while true {
                let tok = try nextTok(t)
                if tok.kind == .endOfInput { break }
                reading.tokens.append("\(tok) +\(t.tokenOffset)")
            }
            reading.ending = "end @\(t.tokenLine):\(t.tokenColumn) +\(t.tokenOffset) values \(t.topLevelValuesRead)"
        } catch let error as MapBridgeError {
            reading.ending = "\(error.message) @\(error.location?.line ?? 0):\(error.location?.column ?? 0)"
        } catch {
            reading.ending = "\(error)"
        }
        reading.bytesRead = t.progress.bytesRead
        return reading
    }

    static let texts: [String] = [
        "{\"type\":\"FeatureCollection\",\"features\":[{\"a\":\"x\\u00e9\\\"y\",\"b\":-12.5e3},\n {\"c\":[true,false,null]}]}",
        "\u{FEFF}[1, 22, 333,\r\n \"é\\n\\ud83d\\ude00\"]",
        "\u{1E}{\"n\":1}\n\u{1E}{\"n\":2}\n",
        "{\"a\":1}\n{\"a\":2}\n  \n",
        "[1,2,]",
        "{\"a\":tru}",
        "{\"s\":\"unterminated",
        "[123",
        "   ",
        "",
    ]

    @Test("tokens, places, errors and bytes read match a refilled buffer's, cut anywhere",
          arguments: texts.indices)
    func sameAsRefilled(index: Int) throws {
        let bytes = Array(Self.texts[index].utf8)
        let origins: [JSONTokenizer.Origin?] = [nil, .init(offset: 0, line: 1, lineStart: 0),
                                                 .init(offset: 1_000, line: 9, lineStart: 990)]
        for origin in origins {
            var options = tokenizerOptions(chunkSize: 16)
            options.origin = origin
            let lent = Self.read(JSONTokenizer(source: ByteSource(lending: bytes, name: "t.json"), options: options))
            // Steps of 1 and 2 hand a byte order mark over in pieces.
            for step in [1, 2, 3, 5, 7, 16, 1 << 20] {
                let refilled = Self.read(JSONTokenizer(source: ByteSource.trickling(bytes, step: step, name: "t.json"), options: options))
                #expect(lent == refilled, "step \(step), origin \(String(describing: origin))")
            }
        }
    }

    @Test("the lent bytes are taken whole, once; a source of bytes that does not lend hands them out by reads")
    func takeRest() throws {
        let lending = ByteSource(lending: [1, 2, 3], name: "m")
        #expect(lending.takeRest() == [1, 2, 3])
        #expect(lending.bytesRead == 3)
        #expect(lending.takeRest() == [])
        let plain = ByteSource(bytes: [1, 2, 3], name: "m")
        #expect(plain.takeRest() == nil)
        #expect(plain.bytesRead == 0)
    }
}
