/// Member names met before, each made a `String` once, with a tag the reader chose for it.
///
/// A FeatureCollection repeats the same keys in every feature; through the table a repeated
/// name costs one hash probe and a byte compare: no decoding, UTF-8 check or allocation, and
/// the reader gets back what the name means to it (its `tag`: say, the member a GeoJSON reader
/// switches on, or the vocabulary spelling it fills) without comparing strings.
///
///     let table = JSONKeyTable { key in key == "name" ? 1 : 0 }
///     let (key, tag) = try tokenizer.key(in: table)   // after `next()` returned `.key`
///
/// Bounded whatever the input: at most `capacity` names of at most `maximumNameBytes` bytes.
/// A longer name, a name that meets a full table, or one whose probe run is longer than
/// `maximumProbes` (names crafted to collide) is simply not kept: `JSONTokenizer.key(in:)`
/// makes its `String` as `stringValue()` does. A full table that keeps missing is cleared, so
/// keys that change midway through a file get their turn. Owns raw memory, hence a class; used
/// by one reader on one thread.
///
/// - Complexity: a lookup is O(`maximumProbes` + the name's length).
public final class JSONKeyTable {
    /// What a name means to the table's owner; computed once per name by `tagging`.
    public typealias Tag = UInt32

    /// The most names kept.
    public static let capacity = 512
    /// The longest name kept, in bytes.
    public static let maximumNameBytes = 64
    /// The most slots a lookup looks at.
    static let maximumProbes = 8
    /// Misses on a full table after which it is cleared.
    static let missesBeforeClearing = 8 * capacity

    /// Where a kept name's bytes are and what it means; its `String` is in `keys`, at the same
    /// position, so that looking at a record (all plain values) costs no reference count.
    private struct Stored {
        var hash: UInt64
        var start: Int
        var count: Int
        var tag: Tag
        /// The name's words: for a short name, the name itself (see `position(of:hash:words:make:)`).
        var words: KeyHash.Words
    }

    private let tagging: (String) -> Tag
    // One reader on one thread, never re-entered: no dynamic exclusivity checks. The records
    // and names are raw memory of `capacity` each (the first `count` initialised), so a
    // lookup pays for no bounds check, uniqueness check or retain of an array.
    @exclusivity(unchecked) private var stored: UnsafeMutablePointer<Stored>
    /// The names, as `String`s, in the order of `stored` (usable from inlined code, for
    /// `key(at:)`).
    @usableFromInline @exclusivity(unchecked) var keys: UnsafeMutablePointer<String>
    /// For each name that is short ASCII, in the order of `stored`, the two words of its small
    /// string (`SmallASCII.words(_:)`), from which `key(at:)` makes it anew; (0, 0) for any
    /// other name (a small string's second word is never 0).
    @usableFromInline @exclusivity(unchecked) var smallKeyWords: UnsafeMutablePointer<(UInt64, UInt64)>
    @exclusivity(unchecked) private var storedCount = 0
    /// Open addressing: positions in `stored` plus one (0 marks a free slot), twice `capacity`.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Int32>
    private static let slotCount = 2 * capacity
    @exclusivity(unchecked) private var arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var arenaCount = 0
    @exclusivity(unchecked) private var misses = 0

    /// A table whose names get the tag `tagging` gives them (0 for names the owner does not know).
    public init(tagging: @escaping (String) -> Tag) {
        self.tagging = tagging
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: 0, count: Self.slotCount)
        arena = .allocate(capacity: Self.capacity * Self.maximumNameBytes)
        stored = .allocate(capacity: Self.capacity)
        keys = .allocate(capacity: Self.capacity)
        smallKeyWords = .allocate(capacity: Self.capacity)
    }

    deinit {
        keys.deinitialize(count: storedCount)
        keys.deallocate()
        smallKeyWords.deallocate()
        stored.deallocate()
        slots.deallocate()
        arena.deallocate()
    }

    /// The tag of `key`, as the table would keep it.
    func tag(of key: String) -> Tag { tagging(key) }

    /// How many names the table holds, 0...`capacity`.
    public var count: Int { storedCount }

    /// How many times the table was cleared. A name's position (`JSONTokenizer.keyPosition(in:)`)
    /// stands for that name alone while this stays the same; a clearing gives positions anew.
    public private(set) var clearings = 0

    /// The position in the table of the name `bytes` (whose `KeyHash.quick` is `hash`, of
    /// `words`) as kept before, or as kept now when there is room; `nil` when it is not kept.
    /// `make` turns the bytes into a `String` (it may throw, on invalid UTF-8) and is called
    /// only for a name not met before.
    ///
    /// A name of at most `KeyHash.wholeNameBytes` bytes (nearly every member name) is all in
    /// its length and words, so it is compared by them: two compares of words at hand rather
    /// than a compare of bytes whose steps depend on the length (which changes from one name
    /// to the next, and so keeps the branches guessing).
    @inline(__always)
    func position(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, words: KeyHash.Words,
                  make: () throws -> String) rethrows -> Int? {
        let n = bytes.count
        guard n <= Self.maximumNameBytes else { return nil }
        let mask = Self.slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<Self.maximumProbes {
            let position = Int(slots[slot])
            if position == 0 { return try insert(bytes, hash: hash, words: words, at: slot, make: make) }
            let s = stored[position - 1]
            if s.hash == hash && s.count == n
                && (n <= KeyHash.wholeNameBytes
                    ? s.words == words
                    : bytes.baseAddress.map({ ByteScanning.equal(arena + s.start, $0, count: n) }) == true) {
                return position - 1
            }
            slot = (slot + 1) & mask
        }
        noteMiss()
        return nil
    }

    /// The tag of the name at `position` (from `position(of:hash:words:make:)`).
    @inline(__always)
    func tag(at position: Int) -> Tag { stored[position].tag }

    /// The name at `position` (from `position(of:hash:words:make:)`, or
    /// `JSONTokenizer.keyTagPosition(in:)`). Inlinable: a reader fetches most of its names so.
    ///
    /// A short ASCII name (most of them) is made anew from its words: a copy of the kept
    /// `String` is retained (a call into the runtime, though a small string holds no
    /// reference), a string made from its words is not.
    @inlinable @inline(__always)
    package func key(at position: Int) -> String {
        let words = smallKeyWords[position]
        if words.1 != 0 { return SmallASCII.string(words: words) }
        return keys[position]
    }

    private func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, words: KeyHash.Words, at slot: Int,
                        make: () throws -> String) rethrows -> Int? {
        guard storedCount < Self.capacity else {
            noteMiss()
            return nil
        }
        let key = try make()
        let tag = tagging(key)
        if let base = bytes.baseAddress, bytes.count > 0 { (arena + arenaCount).update(from: base, count: bytes.count) }
        (stored + storedCount).initialize(to: Stored(hash: hash, start: arenaCount, count: bytes.count, tag: tag, words: words))
        (keys + storedCount).initialize(to: key)
        (smallKeyWords + storedCount).initialize(to: SmallASCII.string(ifASCII: bytes) != nil ? SmallASCII.words(bytes) : (0, 0))
        storedCount += 1
        arenaCount += bytes.count
        slots[slot] = Int32(storedCount)
        return storedCount - 1
    }

    private func noteMiss() {
        misses += 1
        guard misses > Self.missesBeforeClearing else { return }
        misses = 0
        clearings += 1
        keys.deinitialize(count: storedCount)
        storedCount = 0
        slots.update(repeating: 0, count: Self.slotCount)
        arenaCount = 0
    }
}

extension JSONTokenizer {
    /// The last key as a `String` and its tag in `table`: the table's shared copy when the
    /// name was met before (no decoding or allocation), else made as `stringValue()` makes it
    /// (and kept, when the table has room).
    /// - Throws: when the bytes are not valid UTF-8.
    @inline(__always)
    public func key(in table: JSONKeyTable) throws -> (key: String, tag: JSONKeyTable.Tag) {
        let (key, tag, _) = try shared(in: table, hash: lastKeyHash, words: lastKeyWords)
        return (key, tag)
    }

    /// The tag in `table` of the last key, as `key(in:)` gives it, for a reader that has no
    /// use for the name itself: a name the table keeps costs no `String` (not even a
    /// reference count).
    /// - Throws: when the bytes are not valid UTF-8.
    @inline(__always)
    public func keyTag(in table: JSONKeyTable) throws -> JSONKeyTable.Tag {
        try sharedTag(in: table, hash: lastKeyHash, words: lastKeyWords)
    }

    /// `key(in:)` with the name's position in `table`, or `nil` when the table does not keep it:
    /// two names at one position are the same name, as long as `table.clearings` has not
    /// changed in between. For a reader that tells names apart by their positions.
    /// - Throws: when the bytes are not valid UTF-8.
    @inline(__always)
    public func keyPosition(in table: JSONKeyTable) throws -> (key: String, tag: JSONKeyTable.Tag, position: Int?) {
        try shared(in: table, hash: lastKeyHash, words: lastKeyWords)
    }

    /// The tag and the position in `table` of the last key, as `keyPosition(in:)` gives them,
    /// without the name: for a reader that needs the name only for some members (it is
    /// `table.key(at:)` when the table keeps it). Where the table does not keep it (`nil`
    /// position), the name is made as `stringValue()` makes it, for its tag.
    /// - Throws: when the bytes are not valid UTF-8.
    @inline(__always)
    public func keyTagPosition(in table: JSONKeyTable) throws -> (tag: JSONKeyTable.Tag, position: Int?) {
        let (hash, words) = (lastKeyHash, lastKeyWords)
        if let p = try withPayload({ try table.position(of: $0, hash: hash, words: words, make: stringValue) }) {
            return (table.tag(at: p), p)
        }
        return (table.tag(of: try stringValue()), nil)
    }

    /// `key(in:)` for the last string value (a `type`, say, that takes a few values throughout).
    public func string(in table: JSONKeyTable) throws -> (string: String, tag: JSONKeyTable.Tag) {
        let (hash, words) = payloadHash()
        let (string, tag, _) = try shared(in: table, hash: hash, words: words)
        return (string, tag)
    }

    /// `keyTag(in:)` for the last string value.
    public func stringTag(in table: JSONKeyTable) throws -> JSONKeyTable.Tag {
        let (hash, words) = payloadHash()
        return try sharedTag(in: table, hash: hash, words: words)
    }

    /// The `KeyHash.quick` of the last string value, and its words.
    @inline(__always)
    private func payloadHash() -> (UInt64, KeyHash.Words) {
        withPayload { bytes in
            let words = KeyHash.words(bytes)
            return (KeyHash.quick(words, count: bytes.count), words)
        }
    }

    @inline(__always)
    private func shared(in table: JSONKeyTable, hash: UInt64, words: KeyHash.Words) throws
        -> (String, JSONKeyTable.Tag, Int?) {
        if let p = try withPayload({ try table.position(of: $0, hash: hash, words: words, make: stringValue) }) {
            return (table.key(at: p), table.tag(at: p), p)
        }
        let text = try stringValue()
        return (text, table.tag(of: text), nil)
    }

    @inline(__always)
    private func sharedTag(in table: JSONKeyTable, hash: UInt64, words: KeyHash.Words) throws -> JSONKeyTable.Tag {
        if let p = try withPayload({ try table.position(of: $0, hash: hash, words: words, make: stringValue) }) {
            return table.tag(at: p)
        }
        return table.tag(of: try stringValue())
    }
}
