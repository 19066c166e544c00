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
    public mutating func append(key: String, value: PropertyValue) {
        entries.append(Entry(key: key, value: value))
        if positions != nil {
            if positions?[key] == nil { positions?[key] = entries.count - 1 }
        } else {
            indexIfLong()
        }
    }

    /// Removes the entries at `offsets` (ascending, each a valid index), in place.
    /// - Complexity: O(n × offsets).
    mutating func removeEntries(atAscending offsets: UnsafeBufferPointer<Int>) {
        guard !offsets.isEmpty else { return }
        // From the last, so the earlier offsets stay put; each removal moves the entries after
        // it with one memmove (a handful of consumed keys among a few properties).
        for offset in offsets.reversed() { entries.remove(at: offset) }
        if positions != nil {
            positions = nil
            indexIfLong()
        }
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
