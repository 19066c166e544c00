import Foundation
import MapBridgeValidation
import Testing

@Suite("ColumnCounter: columns in bytes, characters and UTF-16 units, read forwards")
struct ColumnCounterTests {
    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("columns-\(UUID().uuidString).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("column 1, ASCII, é and an astral character; from bytes and from characters")
    func units() throws {
        let path = try file("ab\né😀x\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = try ColumnCounter(path: path, unit: .utf8Bytes)
        #expect(try bytes.position(line: 1, column: 1) == ColumnPosition(bytes: 1, characters: 1, utf16: 1))
        #expect(try bytes.position(line: 1, column: 2) == ColumnPosition(bytes: 2, characters: 2, utf16: 2))
        // x is byte 7, character 3, UTF-16 unit 4 of line 2.
        #expect(try bytes.position(line: 2, column: 7) == ColumnPosition(bytes: 7, characters: 3, utf16: 4))
        let characters = try ColumnCounter(path: path, unit: .characters)
        #expect(try characters.position(line: 2, column: 3) == ColumnPosition(bytes: 7, characters: 3, utf16: 4))
        #expect(try characters.position(line: 2, column: 2) == ColumnPosition(bytes: 3, characters: 2, utf16: 2))
    }

    @Test("a position before the last one starts again; past the end of a line counts one per unit")
    func backwardsAndPastTheEnd() throws {
        let path = try file("é\nééé\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counter = try ColumnCounter(path: path, unit: .characters)
        #expect(try counter.position(line: 2, column: 3).bytes == 5)
        #expect(try counter.position(line: 1, column: 2).bytes == 3)
        #expect(try counter.position(line: 1, column: 5) == ColumnPosition(bytes: 6, characters: 5, utf16: 5))
        #expect(try counter.position(line: 9, column: 2) == ColumnPosition(bytes: 2, characters: 2, utf16: 2))
    }

    @Test("runs of one- to four-byte characters across read chunks, and a last line without a line break")
    func mixedRuns() throws {
        let line = String(repeating: "aé中😀", count: 20_000)
        let path = try file("x\n" + line + "\n" + "c😀d")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counter = try ColumnCounter(path: path, unit: .utf8Bytes)
        for scalars in [0, 1, 3, 4, 9, 40_001, 79_999] {
            let prefix = String(line.unicodeScalars.prefix(scalars))
            let expected = ColumnPosition(bytes: prefix.utf8.count + 1, characters: scalars + 1, utf16: prefix.utf16.count + 1)
            #expect(try counter.position(line: 2, column: prefix.utf8.count + 1) == expected)
        }
        // Past the end of the file: the last line's counts, then one per byte.
        #expect(try counter.position(line: 5, column: 2) == ColumnPosition(bytes: 7, characters: 4, utf16: 5))
    }

    @Test("a line longer than the read chunk")
    func longLine() throws {
        let path = try file(String(repeating: "é", count: 100_000) + "x")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let counter = try ColumnCounter(path: path, unit: .utf8Bytes)
        #expect(try counter.position(line: 1, column: 200_001) == ColumnPosition(bytes: 200_001, characters: 100_001, utf16: 100_001))
    }
}
