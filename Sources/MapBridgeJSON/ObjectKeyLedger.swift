/// The member names of every open JSON object, to notice a name repeated within one object.
///
/// Names live in one byte arena and their hashes in one table; opening an object marks the
/// table, closing it drops everything after the mark, so memory stays at the size of the
/// names currently open. Owns raw memory, hence a class.
///
/// - Complexity: `insert` is O(k) in the names already in the innermost object.
final class ObjectKeyLedger {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
    }

    // Used by one tokenizer on one thread and never re-entered: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var arenaCapacity = 4096
    @exclusivity(unchecked) private var arenaCount = 0
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var entryCapacity = 256
    @exclusivity(unchecked) private var entryCount = 0
    @exclusivity(unchecked) private var marks: [Int] = []

    init() {
        arena = .allocate(capacity: arenaCapacity)
        entries = .allocate(capacity: entryCapacity)
    }

    deinit {
        arena.deallocate()
        entries.deallocate()
    }

    /// Starts a new object.
    func openObject() { marks.append(entryCount) }

    /// Ends the innermost object, forgetting its names.
    func closeObject() {
        guard let mark = marks.popLast() else { return }
        if mark < entryCount { arenaCount = entries[mark].start }
        entryCount = mark
    }

    /// Records a name in the innermost object; returns whether it was already there.
    func insert(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let hash = ObjectKeyLedger.hash(name)
        let base = marks.last ?? 0
        var duplicate = false
        var k = base
        while k < entryCount {
            let e = entries[k]
            if e.hash == hash && e.count == name.count {
                var same = true
                for j in 0..<name.count where arena[e.start + j] != name[j] {
                    same = false
                    break
                }
                if same {
                    duplicate = true
                    break
                }
            }
            k += 1
        }
        if entryCount == entryCapacity { growEntries() }
        if arenaCount + name.count > arenaCapacity { growArena(to: arenaCount + name.count) }
        entries[entryCount] = Entry(hash: hash, start: arenaCount, count: name.count)
        entryCount += 1
        if let source = name.baseAddress, name.count > 0 {
            (arena + arenaCount).update(from: source, count: name.count)
        }
        arenaCount += name.count
        return duplicate
    }

    /// A quick hash: the length and the first and last eight bytes, mixed once. Equal names
    /// always hash alike; the bytes are compared on a match, so a collision costs only time.
    @inline(__always)
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = name.count
        guard let base = name.baseAddress, n > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        var head: UInt64 = 0, tail: UInt64 = 0
        if n >= 8 {
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        } else {
            for k in 0..<n { head |= UInt64(base[k]) << (8 * UInt64(k)) }
        }
        var h = head &* 0x9E37_79B9_7F4A_7C15 ^ (tail &+ UInt64(n)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return h
    }

    private func growEntries() {
        let bigger = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
        bigger.moveInitialize(from: entries, count: entryCount)
        entries.deallocate()
        entries = bigger
        entryCapacity *= 2
    }

    private func growArena(to needed: Int) {
        var capacity = arenaCapacity * 2
        while capacity < needed { capacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.update(from: arena, count: arenaCount)
        arena.deallocate()
        arena = bigger
        arenaCapacity = capacity
    }
}
