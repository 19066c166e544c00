@testable import MapBridgeValidation
import Testing

@Suite("IDTable: the ids duplicate-id remembers, held compactly")
struct IDTableTests {
    /// Every id `ids` names, in order, through `table`: the first use reported for each.
    private func uses(_ ids: [String], _ table: inout IDTable) -> [(line: Int, column: Int)?] {
        ids.enumerated().map { k, id in table.firstUse(of: id, at: (k + 1, 10 * (k + 1))) }
    }

    @Test("a new id is remembered where it was used; a repeat gets the first use back")
    func firstUse() {
        var table = IDTable()
        #expect(table.firstUse(of: "a", at: (3, 5)) == nil)
        #expect(table.firstUse(of: "b", at: (4, 1)) == nil)
        #expect(table.firstUse(of: "a", at: (9, 1)).map { [$0.line, $0.column] } == [3, 5])
        #expect(table.firstUse(of: "a", at: (12, 2)).map { [$0.line, $0.column] } == [3, 5])
        #expect(table.firstUse(of: "", at: (13, 1)) == nil)
        #expect(table.firstUse(of: "", at: (14, 1)).map { [$0.line, $0.column] } == [13, 1])
        #expect(table.count == 3)
    }

    @Test("when every id hashes alike, only equal ids are duplicates, each with its own first use")
    func forcedCollisions() {
        var table = IDTable(hash: { _ in 7 })
        let ids = (0..<300).map { "id\($0 % 100)" } + ["id1x", "id", "xid1", "id1"]
        let found = uses(ids, &table)
        for (k, first) in found.enumerated() {
            let earlier = ids[..<k].firstIndex(of: ids[k])
            #expect(first?.line == earlier.map { $0 + 1 }, "id \(ids[k]) at \(k)")
            #expect(first?.column == earlier.map { 10 * ($0 + 1) })
        }
        #expect(table.count == 103)
    }

    @Test("hashes that collide in part (same slot, other high bits; same high bits, other slot) change nothing")
    func partialCollisions() {
        // Ids of one length share the low bits (slot); the high bits come from the text.
        var table = IDTable(hash: { id in id.utf8.count | (id.hashValue & ~0xFFFF) })
        let ids = (0..<5_000).map { "p\($0 % 2_000)" }
        let found = uses(ids, &table)
        #expect(found.prefix(2_000).allSatisfy { $0 == nil })
        #expect(found.dropFirst(2_000).enumerated().allSatisfy { k, first in first?.line == (k % 2_000) + 1 })
        var high = IDTable(hash: { id in Int(truncatingIfNeeded: UInt(bitPattern: id.hashValue) & 0xFFFF_FFFF) })
        let again = uses(ids, &high)
        #expect(again.map { $0?.line } == found.map { $0?.line })
    }

    @Test("ids match as Swift strings: canonically equivalent text is one id, other bytes are not")
    func unicode() {
        var table = IDTable()
        #expect(table.firstUse(of: "caf\u{E9}", at: (1, 1)) == nil)
        #expect(table.firstUse(of: "cafe\u{301}", at: (2, 1))?.line == 1)
        #expect(table.firstUse(of: "\u{212A}", at: (3, 1)) == nil)
        #expect(table.firstUse(of: "K", at: (4, 1))?.line == 3)
        #expect(table.firstUse(of: "cafe", at: (5, 1)) == nil)
        var colliding = IDTable(hash: { _ in 0 })
        #expect(colliding.firstUse(of: "caf\u{E9}", at: (1, 1)) == nil)
        #expect(colliding.firstUse(of: "cafe", at: (2, 1)) == nil)
        #expect(colliding.firstUse(of: "cafe\u{301}", at: (3, 1))?.line == 1)
        #expect(colliding.firstUse(of: "caf\u{E8}", at: (4, 1)) == nil)
    }

    @Test("lines and columns beyond 32 bits are clamped, as before")
    func clamped() {
        var table = IDTable()
        _ = table.firstUse(of: "x", at: (Int(Int32.max) + 5, 7))
        #expect(table.firstUse(of: "x", at: (1, 1)).map { [$0.line, $0.column] } == [Int(Int32.max), 7])
    }

    @Test("ids read back across the arena's 64 KiB chunks: filling one exactly, spilling into the next, longer than one")
    func acrossChunks() {
        var ids = (0..<16).map { String(repeating: "z", count: 4_095) + "\($0 % 10)" }   // one chunk, exactly
        for k in 0..<20_000 {
            switch k % 500 {
            case 7: ids.append("")
            case 11: ids.append(String(repeating: "\u{E9}", count: 40_000) + "\(k)")   // 80,000 bytes and more
            case 13: ids.append(String(repeating: "x", count: (1 << 16) - 1) + "\(k % 10)")
            default: ids.append("n\u{1F600}\(k)" + String(repeating: "y", count: k % 37))
            }
        }
        ids += ids.shuffled().prefix(5_000)
        ids.append("cafe\u{301}")
        ids.append("caf\u{E9}")
        // Equal ids must hash alike, so the second hash keeps the text's hash in its slot bits
        // and drops its tag (the high 32 bits): every record's tag matches, and the bytes decide.
        let hashes: [@Sendable (String) -> Int] = [{ $0.hashValue }, { $0.hashValue & 0xFFFF_FFFF }]
        for hash in hashes {
            var table = IDTable(hash: hash)
            var reference: [String: Int] = [:]
            var disagreements = 0
            for (k, id) in ids.enumerated() {
                if table.firstUse(of: id, at: (k + 1, 1))?.line != reference[id] { disagreements += 1 }
                if reference[id] == nil { reference[id] = k + 1 }
            }
            #expect(disagreements == 0)
            #expect(table.count == reference.count)
        }
    }

    @Test("a large table agrees with a dictionary")
    func large() {
        var table = IDTable()
        var reference: [String: Int] = [:]
        var disagreements = 0
        for k in 0..<60_000 {
            let id = "f\((k &* 7_919) % 40_000)"
            if table.firstUse(of: id, at: (k + 1, 1))?.line != reference[id] { disagreements += 1 }
            if reference[id] == nil { reference[id] = k + 1 }
        }
        #expect(disagreements == 0)
        #expect(table.count == reference.count)
    }
}
