/// Named values in their original order, such as a feature's properties or an object's
/// members. Keys are unique: setting a key that exists replaces its value in place.
///
///     var p = Properties()
///     p["name"] = "JFK"
///     p["elevation"] = 13
///     p.keys   // ["name", "elevation"]
///
/// - Complexity: looking a key up, setting it and `append` are O(1) amortised (a short list
///   is scanned; past `indexedCount` entries a hash index beside the ordered entries answers);
///   removing a key is O(n).
public struct Properties: Hashable, Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One named value.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: PropertyValue
        public init(key: String, value: PropertyValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in order (a key appears twice only when added with `append`).
    public private(set) var entries: [Entry]
    /// Each key's first position in `entries`, kept once there are more than `indexedCount`
    /// entries, so that small property lists stay a plain array.
    private var positions: [String: Int]?

    /// Up to this many entries, lookups scan the entries; beyond it they use a hash index.
    static let indexedCount = 24

    public init() { entries = [] }
    public init(_ entries: [Entry]) {
        self.entries = []
        self.entries.reserveCapacity(entries.count)
        for e in entries { self[e.key] = e.value }
    }
    /// The entries as they are, in order: what appending each with `append(key:value:)` gives,
    /// in one step (no key looked up), for a reader that has its entries gathered already.
    public init(appending entries: [Entry]) {
        self.entries = entries
        // Asked here first: most property lists are short, and then no call is made.
        if self.entries.count > Self.indexedCount { indexIfLong() }
    }
    public init(dictionaryLiteral elements: (String, PropertyValue)...) {
        self.init(elements.map { Entry(key: $0.0, value: $0.1) })
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The value for `key`; setting `nil` removes the key.
    public subscript(key: String) -> PropertyValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case (let i?, let v?): entries[i].value = v
            case (let i?, nil):
                entries.remove(at: i)
                positions = nil
                indexIfLong()
            case (nil, let v?): append(key: key, value: v)
            case (nil, nil): break
            }
        }
    }

    /// Makes room for `n` entries in all, so that appending them allocates once.
    public mutating func reserveCapacity(_ n: Int) { entries.reserveCapacity(n) }

    /// Whether `key` is present.
    public func contains(key: String) -> Bool { position(of: key) != nil }

    /// Appends `value` under `key` without looking for an existing key. Readers that already
    /// know the key is new (or that want to keep a duplicate as the source had it) use this.
    /// Both are taken over (consumed), so a caller's last use of them moves them in.
    public mutating func append(key: consuming String, value: consuming PropertyValue) {
        if positions != nil {
            if positions?[copy key] == nil { positions?[copy key] = entries.count }
            entries.append(Entry(key: key, value: value))
        } else {
            entries.append(Entry(key: key, value: value))
            // Asked here first: most property lists stay short, and then no call is made.
            if entries.count > Self.indexedCount { indexIfLong() }
        }
    }

    /// Removes the entries at `offsets` (ascending, each a valid index) in place, handing each
    /// one's key and value, in order, to `body`: moved out, not copied (no reference counting
    /// on either).
    /// - Complexity: O(n) for the whole set of offsets: the entries after the first one close
    ///   up in a single pass.
    mutating func removeEntries(atAscending offsets: UnsafeBufferPointer<Int>,
                                _ body: (consuming String, consuming PropertyValue) -> Void) {
        guard let first = offsets.first else { return }
        entries.withUnsafeMutableBufferPointer { buffer in
            // Each taken entry leaves a placeholder (an empty key and null: nothing to count).
            for offset in offsets {
                var key = ""
                var value = PropertyValue.null
                swap(&key, &buffer[offset].key)
                swap(&value, &buffer[offset].value)
                body(consume key, consume value)
            }
            // The placeholders go to the end, the other entries keeping their order.
            var write = first
            var next = 0
            for read in first..<buffer.count {
                if next < offsets.count && offsets[next] == read {
                    next += 1
                } else {
                    buffer.swapAt(write, read)
                    write += 1
                }
            }
        }
        // One at a time: the placeholders hold nothing to release, and `Array.removeLast()`
        // costs less than the generic `removeLast(_:)`.
        for _ in offsets { entries.removeLast() }
        if positions != nil {
            positions = nil
            indexIfLong()
        }
    }

    /// Moves the entries, storage and all, into `spare` when that storage is worth keeping
    /// for the next feature's properties: no other value shares it and it has room for at
    /// most `maximumCapacity` entries (more would be carried by every later feature). Else
    /// `spare` is left as it is (and storage that is shared stays with whoever shares it).
    /// The properties are left empty.
    ///
    /// For a reader that lends each feature (`FeatureReader.lendNext(to:)`) and drops it
    /// afterwards: the next feature's entries are moved in over these (each old one destroyed
    /// as it is replaced), rather than one array allocated and freed per feature with a
    /// generic destroy of its entries. Swapped into `spare` (rather than returned, and assigned
    /// over what `spare` held) and the index dropped only if there is one, so that a feature
    /// costs no calls to release an empty array or a `nil` index.
    /// - Complexity: O(1), and O(n) for `spare`'s n entries when it is not empty (they are dropped).
    package mutating func moveStorageForReuse(into spare: inout [Entry], maximumCapacity: Int) {
        if positions != nil { positions = nil }
        // No storage: the entries are empty already.
        guard entries.capacity > 0 else { return }
        guard entries.capacity <= maximumCapacity, Self.isUnshared(&entries) else {
            entries = []
            return
        }
        if !spare.isEmpty { spare = [] }
        swap(&spare, &entries)
    }

    /// Whether `array`'s storage is referenced by `array` alone. Array storage is one
    /// reference to a native object, and uniqueness is a look at its reference count alone,
    /// so it is asked in place through a stand-in class (a copy of the reference would count
    /// itself, and asked as `AnyObject` the check was a generic call with a retain). A hint
    /// only: no array writes storage that another array shares, whatever this says.
    private static func isUnshared(_ array: inout [Entry]) -> Bool {
        guard MemoryLayout<[Entry]>.size == MemoryLayout<StorageStandIn>.size else { return false }
        return withUnsafeMutablePointer(to: &array) { pointer in
            UnsafeMutableRawPointer(pointer).withMemoryRebound(to: StorageStandIn.self, capacity: 1) {
                isKnownUniquelyReferenced(&$0.pointee)
            }
        }
    }

    /// A native class whose references stand for array storage in `isUnshared`; never made.
    private final class StorageStandIn {}

    /// Calls `body` with the entries in place (no copy of the array, no reference counting
    /// of its elements).
    func withUnsafeEntries<R>(_ body: (UnsafeBufferPointer<Entry>) throws -> R) rethrows -> R {
        try entries.withUnsafeBufferPointer(body)
    }

    /// The position of `key`'s first entry.
    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return entries.firstIndex { $0.key == key }
    }

    /// Builds the index when the entries have outgrown a scan.
    private mutating func indexIfLong() {
        guard positions == nil, entries.count > Self.indexedCount else { return }
        var index: [String: Int] = [:]
        index.reserveCapacity(entries.count)
        for (i, e) in entries.enumerated() where index[e.key] == nil { index[e.key] = i }
        positions = index
    }

    // The index is derived from the entries: equality and hashing look at the entries alone.
    public static func == (l: Properties, r: Properties) -> Bool { l.entries == r.entries }
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}
