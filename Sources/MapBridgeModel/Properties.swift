/// Named values in their original order, such as a feature's properties or an object's
/// members. Keys are unique: setting a key that exists replaces its value in place.
///
///     var p = Properties()
///     p["name"] = "JFK"
///     p["elevation"] = 13
///     p.keys   // ["name", "elevation"]
///
/// - Complexity: lookups are O(n); property lists are short.
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

    public private(set) var entries: [Entry]

    public init() { entries = [] }
    public init(_ entries: [Entry]) {
        self.entries = []
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
        get { entries.first(where: { $0.key == key })?.value }
        set {
            let index = entries.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let i?, let v?): entries[i].value = v
            case (let i?, nil): entries.remove(at: i)
            case (nil, let v?): entries.append(Entry(key: key, value: v))
            case (nil, nil): break
            }
        }
    }

    /// Whether `key` is present.
    public func contains(key: String) -> Bool { entries.contains { $0.key == key } }

    /// Appends `value` under `key` without looking for an existing key. Readers that already
    /// know the key is new (or that want to keep a duplicate as the source had it) use this.
    public mutating func append(key: String, value: PropertyValue) {
        entries.append(Entry(key: key, value: value))
    }
}
