import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import Testing

/// The key table: repeated member names come back shared with their tag, computed once;
/// the table stays bounded, and a name it does not keep still reads (and tags) correctly.
@Suite("JSONKeyTable")
struct JSONKeyTableTests {
    /// Every key of `text` through `table`, with its tag.
    private func keys(_ text: String, table: JSONKeyTable, chunkSize: Int = 16) throws -> [(String, UInt32)] {
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize))
        var out: [(String, UInt32)] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            if token == .key { out.append(try t.key(in: table)) }
        }
        return out
    }

    @Test("an empty object keeps nothing")
    func empty() throws {
        let table = JSONKeyTable { _ in 1 }
        #expect(try keys("{}", table: table).isEmpty)
        #expect(table.count == 0)
    }

    @Test("a repeated name is tagged once and comes back with its tag", arguments: chunkSizes)
    func repeated(chunkSize: Int) throws {
        let tagged = TagCounter()
        let table = JSONKeyTable { tagged.tag($0) }
        let text = #"[{"name":1,"é":2,"":3},{"name":4,"é":5,"":6},{"na\u006de":7}]"#
        let got = try keys(text, table: table, chunkSize: chunkSize)
        #expect(got.map(\.0) == ["name", "é", "", "name", "é", "", "name"])
        #expect(got.map(\.1) == [4, 2, 0, 4, 2, 0, 4])
        #expect(tagged.calls == 3)
        #expect(table.count == 3)
    }

    @Test("keyTag and stringTag give the tags key(in:) and string(in:) give, for kept names and those too long to keep", arguments: chunkSizes)
    func tagsAlone(chunkSize: Int) throws {
        let long = String(repeating: "x", count: JSONKeyTable.maximumNameBytes + 1)
        let text = #"[{"name":"a","\#(long)":"\#(long)","é":"name"},{"name":"é","\#(long)":1}]"#
        let tagging: (String) -> UInt32 = { UInt32($0.utf8.count) }
        let withNames = JSONKeyTable(tagging: tagging), alone = JSONKeyTable(tagging: tagging)
        let t = makeTokenizer(text, options: tokenizerOptions(chunkSize: chunkSize))
        var checked = 0
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            if token == .key {
                #expect(try t.keyTag(in: alone) == t.key(in: withNames).tag)
                checked += 1
            } else if token == .string {
                #expect(try t.stringTag(in: alone) == t.string(in: withNames).tag)
                checked += 1
            }
        }
        #expect(checked == 9)
        #expect(alone.count == withNames.count)
    }

    @Test("past its capacity the table keeps no more names, yet every name reads and tags right")
    func bounded() throws {
        let table = JSONKeyTable { $0.hasPrefix("k") ? 7 : 1 }
        let n = JSONKeyTable.capacity + 100
        let text = "{" + (0..<n).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        let got = try keys(text, table: table, chunkSize: JSONTokenizer.Options().chunkSize)
        #expect(got.count == n)
        #expect(got.map(\.0) == (0..<n).map { "k\($0)" })
        #expect(got.allSatisfy { $0.1 == 7 })
        #expect(table.count == JSONKeyTable.capacity)
    }

    @Test("a name longer than the table keeps is read and tagged, not kept")
    func long() throws {
        let table = JSONKeyTable { UInt32($0.utf8.count) }
        let name = String(repeating: "x", count: JSONKeyTable.maximumNameBytes + 1)
        let got = try keys("{\"\(name)\":1,\"\(name)x\":2}", table: table)
        #expect(got.map(\.0) == [name, name + "x"])
        #expect(got.map(\.1) == [UInt32(name.utf8.count), UInt32(name.utf8.count + 1)])
        #expect(table.count == 0)
    }

    @Test("a name that is not UTF-8 is an error at the key, as stringValue says")
    func invalidUTF8() throws {
        let table = JSONKeyTable { _ in 1 }
        let t = makeTokenizer(bytes: Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8))
        _ = try t.next()
        #expect(try t.next() == .key)
        #expect(throws: MapBridgeError.self) { try t.key(in: table) }
        #expect(table.count == 0)
    }

    @Test("string values share the table too")
    func values() throws {
        let table = JSONKeyTable { $0 == "Point" ? 9 : 0 }
        let t = makeTokenizer(#"["Point","Point","Line"]"#)
        var got: [(String, UInt32)] = []
        while true {
            let token = try t.next()
            if token == .endOfInput { break }
            if token == .string { got.append(try t.string(in: table)) }
        }
        #expect(got.map(\.0) == ["Point", "Point", "Line"])
        #expect(got.map(\.1) == [9, 9, 0])
        #expect(table.count == 2)
    }
}

/// Counts how often the table asks for a tag; the tag is the name's length in bytes (two for
/// `é`).
private final class TagCounter {
    var calls = 0
    func tag(_ key: String) -> UInt32 {
        calls += 1
        return UInt32(key.utf8.count)
    }
}
