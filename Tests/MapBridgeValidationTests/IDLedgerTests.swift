@testable import MapBridgeValidation
import Testing

@Suite("IDLedger: duplicate-id within a memory budget, spilling the rest to files")
struct IDLedgerTests {
    /// The first use each of `ids` gets (use k is at line k + 1, column k + 2, pointer `/p[k]`),
    /// answered at once or late, and whether the ledger spilled; the late ones are checked to
    /// come in the order of the uses, each with its own id and pointer.
    private func firstUses(_ ids: [String], budget: Int, buckets: Int = 32,
                           hash: @escaping @Sendable (String) -> Int = { $0.hashValue }) throws -> (uses: [Int?], spilled: Bool) {
        var ledger = IDLedger(budget: budget, bucketCount: buckets, hash: hash)
        var uses = [Int?](repeating: nil, count: ids.count)
        var answeredLate = Set<Int>()
        for (k, id) in ids.enumerated() {
            if let first = ledger.firstUse(of: id, at: (k + 1, k + 2), pointer: { "/p[\(k)]" }) {
                #expect(first.column == first.line + 1)
                uses[k] = first.line - 1
            }
        }
        let spilled = ledger.isSpilling
        var last = -1
        try ledger.resolveSpilled { late in
            let k = late.place.line - 1
            #expect(k > last, "late duplicates come in the order of the uses")
            last = k
            #expect(late.place.column == k + 2)
            #expect(late.pointer == "/p[\(k)]")
            #expect(late.id == ids[k])
            #expect(late.first.column == late.first.line + 1)
            #expect(uses[k] == nil && !answeredLate.contains(k))
            answeredLate.insert(k)
            uses[k] = late.first.line - 1
        }
        return (uses, spilled)
    }

    /// What a dictionary says: for each use, the index of the first use of an equal id (Swift
    /// string equality: canonically equivalent text is one id).
    private func reference(_ ids: [String]) -> [Int?] {
        var first: [String: Int] = [:]
        return ids.enumerated().map { k, id in
            if let f = first[id] { return f }
            first[id] = k
            return nil
        }
    }

    /// Ids with repeats, non-ASCII text and canonically equivalent spellings.
    private func generated(_ count: Int) -> [String] {
        var state: UInt64 = 14
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var ids: [String] = []
        for k in 0..<count {
            switch k % 7 {
            case 6 where !ids.isEmpty: ids.append(ids[next() % ids.count])
            case 3: ids.append(k % 2 == 0 ? "caf\u{E9}\(k / 14)" : "cafe\u{301}\(k / 14)")
            case 5: ids.append("\u{418}\u{434}-\(k)")
            default: ids.append("f\(next() % (count / 2))")
            }
        }
        return ids
    }

    @Test("within the budget, nothing is spilled and every use is answered at once")
    func withinBudget() throws {
        let ids = generated(3_000)
        let result = try firstUses(ids, budget: IDLedger.defaultBudget)
        #expect(!result.spilled)
        #expect(result.uses == reference(ids))
    }

    @Test("past a tiny budget, the spilled uses resolve to the same first uses", arguments: [0, 1, 600, 20_000])
    func spilled(budget: Int) throws {
        let ids = generated(12_000)
        let result = try firstUses(ids, budget: budget, buckets: 5)
        #expect(result.spilled)
        #expect(result.uses == reference(ids))
    }

    @Test("one bucket, and hashes that all collide, change nothing")
    func collisions() throws {
        let ids = generated(2_000)
        #expect(try firstUses(ids, budget: 0, buckets: 1).uses == reference(ids))
        #expect(try firstUses(ids, budget: 100, buckets: 4, hash: { _ in 7 }).uses == reference(ids))
    }

    @Test("canonically equivalent ids meet across the budget's edge")
    func equivalentAcrossTheEdge() throws {
        let ids = ["caf\u{E9}", "x", "y", "cafe\u{301}", "\u{212A}", "K", "K", "cafe"]
        #expect(try firstUses(ids, budget: 0, buckets: 3).uses == reference(ids))
        #expect(reference(ids) == [nil, nil, nil, 0, nil, 4, 4, nil])
    }

    @Test("ids and element paths longer than the read buffer are read back whole")
    func longText() throws {
        let long = String(repeating: "\u{E9}x", count: 50_000)
        let ids = ["a", long, "b", long + "y", long, "a"]
        #expect(try firstUses(ids, budget: 0, buckets: 2).uses == reference(ids))
    }

    @Test("a spilled first use's line and column are clamped to 32 bits, as the table does")
    func clamped() throws {
        var ledger = IDLedger(budget: 0, bucketCount: 2)
        #expect(ledger.firstUse(of: "a", at: (1, 1), pointer: { "" }) == nil)
        #expect(ledger.firstUse(of: "x", at: (Int(Int32.max) + 5, 7), pointer: { "/x" }) == nil)
        #expect(ledger.firstUse(of: "x", at: (Int(Int32.max) + 9, 8), pointer: { "/y" }) == nil)
        var late: [IDLedger.LateDuplicate] = []
        try ledger.resolveSpilled { late.append($0) }
        #expect(late == [IDLedger.LateDuplicate(id: "x", place: .init(line: Int(Int32.max) + 9, column: 8), pointer: "/y",
                                                first: .init(line: Int(Int32.max), column: 7))])
    }
}
