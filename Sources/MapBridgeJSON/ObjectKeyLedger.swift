/// The member names of every open JSON object, to notice a name repeated within one object.
///
/// Names live in one byte arena and their hashes in one table; opening an object marks the
/// table, closing it drops everything after the mark, so memory stays at the size of the
/// names currently open. A small object's names are scanned; once an object holds more than
/// `scanLimit` names it gets an open-addressing index of its own (seeded hashes of the whole
/// name, so crafted names cannot make it slow), dropped when it closes. Owns raw memory,
/// hence a class.
///
/// - Complexity: `insert` is O(1) amortised (O(`scanLimit`) at most for a small object).
final class ObjectKeyLedger {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
    }

    /// Objects with up to this many names are scanned; larger ones are indexed.
    static let scanLimit = 32

    // Used by one tokenizer on one thread and never re-entered: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var arenaCapacity = 4096
    @exclusivity(unchecked) private var arenaCount = 0
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var entryCapacity = 256
    @exclusivity(unchecked) private var entryCount = 0
    @exclusivity(unchecked) private var marks: [Int] = []
    /// Per open object (parallel to `marks`): empty while it is small, else a power-of-two
    /// table of entry positions plus one (0 marks a free slot), at most half full.
    @exclusivity(unchecked) private var indexes: [[Int]] = []

    init() {
        arena = .allocate(capacity: arenaCapacity)
        entries = .allocate(capacity: entryCapacity)
    }

    deinit {
        arena.deallocate()
        entries.deallocate()
    }

    /// Starts a new object.
    func openObject() {
        marks.append(entryCount)
        indexes.append([])
    }

    /// Ends the innermost object, forgetting its names.
    func closeObject() {
        guard let mark = marks.popLast() else { return }
        indexes.removeLast()
        if mark < entryCount { arenaCount = entries[mark].start }
        entryCount = mark
    }

    /// Records a name (whose `KeyHash.quick` is `hash`) in the innermost object; returns
    /// whether it was already there.
    func insert(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
        let base = marks.last ?? 0
        var duplicate = false
        var freeSlot: Int?
        if entryCount - base >= Self.scanLimit, !indexes.isEmpty {
            let object = indexes.count - 1
            if (entryCount - base + 1) * 2 > indexes[object].count { rebuildIndex(object, from: base) }
            let mask = indexes[object].count - 1
            var slot = Self.strongHash(name) & mask
            while true {
                let stored = indexes[object][slot]
                if stored == 0 {
                    freeSlot = slot
                    break
                }
                if matches(entries[stored - 1], hash, name) {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
        } else {
            var k = base
            while k < entryCount {
                if matches(entries[k], hash, name) {
                    duplicate = true
                    break
                }
                k += 1
            }
        }
        if entryCount == entryCapacity { growEntries() }
        if arenaCount + name.count > arenaCapacity { growArena(to: arenaCount + name.count) }
        entries[entryCount] = Entry(hash: hash, start: arenaCount, count: name.count)
        if let freeSlot { indexes[indexes.count - 1][freeSlot] = entryCount + 1 }
        entryCount += 1
        if let source = name.baseAddress, name.count > 0 {
            (arena + arenaCount).update(from: source, count: name.count)
        }
        arenaCount += name.count
        return duplicate
    }

    /// Whether `entry` holds the bytes of `name` (whose quick hash is `hash`).
    @inline(__always)
    private func matches(_ entry: Entry, _ hash: UInt64, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry.hash == hash && entry.count == name.count else { return false }
        for j in 0..<name.count where arena[entry.start + j] != name[j] { return false }
        return true
    }

    /// Rebuilds the index of open object `object` (whose names start at entry `base`) with
    /// room for twice its names and one more, so it stays at most half full.
    private func rebuildIndex(_ object: Int, from base: Int) {
        var capacity = 64
        while capacity < 4 * (entryCount - base + 1) { capacity *= 2 }
        var table = [Int](repeating: 0, count: capacity)
        let mask = capacity - 1
        for k in base..<entryCount {
            let e = entries[k]
            var slot = Self.strongHash(UnsafeBufferPointer(start: arena + e.start, count: e.count)) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = k + 1
        }
        indexes[object] = table
    }

    /// A hash of every byte of `name`, seeded per process (Swift's `Hasher`).
    private static func strongHash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(name))
        return hasher.finalize()
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
