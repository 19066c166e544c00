/// An element's attributes as libxml2 hands them over, read in place: a `String` is made
/// only for a value asked for (`value(of:)`), and nothing is allocated for the rest. Valid
/// only during the `startElement` call that receives it; keep `pairs` to hold on to them.
///
///     func startElement(_ name: Name, attributeList: XMLAttributeList) {
///         let id = attributeList.value(of: "id")   // "f0", or nil
///     }
public struct XMLAttributeList {
    @usableFromInline
    enum Storage {
        /// libxml2's array: five pointers per attribute (local name, prefix, URI, value
        /// start, value end), `count` attributes.
        case libxml(UnsafeMutablePointer<UnsafePointer<UInt8>?>, count: Int)
        case pairs(XMLAttributes)
        /// No attributes (most elements): nothing to release when the list goes.
        case none
    }

    @usableFromInline let storage: Storage

    /// Attributes already made into strings.
    public init(_ pairs: XMLAttributes) {
        storage = .pairs(pairs)
    }

    /// libxml2's SAX2 attribute array of `count` attributes (or one laid out as libxml2 lays
    /// it, by a replay). Inlined into the callback, so that the list it makes is seen to hold
    /// nothing to release.
    @inlinable @inline(__always)
    init(libxml attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int) {
        if let attributes, count > 0 {
            storage = .libxml(attributes, count: count)
        } else {
            storage = .none
        }
    }

    /// How many attributes the element has.
    public var count: Int {
        switch storage {
        case .libxml(_, let count): count
        case .pairs(let pairs): pairs.count
        case .none: 0
        }
    }

    /// The value of the first attribute whose local name is `name`, entities and character
    /// references expanded; `nil` when there is none.
    public func value(of name: String) -> String? {
        switch storage {
        case .pairs(let pairs):
            return pairs.first { $0.name == name }?.value
        case .none:
            return nil
        case .libxml(let attributes, let count):
            var key = name
            return key.withUTF8 { key -> String? in
                for k in 0..<count {
                    guard let local = attributes[5 * k], Self.equals(local, key) else { continue }
                    return Self.value(attributes, k)
                }
                return nil
            }
        }
    }

    /// `value(of:)` for a name the program spells (`"id"`): its bytes are compared in place,
    /// with no string made for the name.
    ///
    ///     attributeList.value(of: "name" as StaticString)   // "population", or nil
    public func value(of name: StaticString) -> String? {
        switch storage {
        case .pairs(let pairs):
            return pairs.first { $0.name == name.description }?.value
        case .none:
            return nil
        case .libxml(let attributes, let count):
            let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            for k in 0..<count {
                guard let local = attributes[5 * k], Self.equals(local, key) else { continue }
                return Self.value(attributes, k)
            }
            return nil
        }
    }

    /// The bytes of the value of the first attribute whose local name is `name`, read in place
    /// with no string made: valid only during the `startElement` call that received the list.
    /// They are libxml2's, in which `&` stands only in `&#38;` (`value(of:)` expands it). `nil`
    /// when there is no such attribute, or when the attributes were made strings before
    /// (`init(_:)`: `value(of:)` has them).
    ///
    ///     attributeList.valueBytes(of: "name")   // the bytes of "population", or nil
    ///
    /// Inlinable: a reader asks it at nearly every element of some kinds (a `<Data name=…>`),
    /// where the call would cost more than comparing the few bytes of a name it spells.
    @inlinable @inline(__always)
    public func valueBytes(of name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard case .libxml(let attributes, let count) = storage else { return nil }
        let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for k in 0..<count {
            guard let local = attributes[5 * k], Self.equals(local, key) else { continue }
            guard let start = attributes[5 * k + 3], let end = attributes[5 * k + 4] else { return nil }
            return UnsafeBufferPointer(start: start, count: max(end - start, 0))
        }
        return nil
    }

    /// Every attribute as (local name, value) strings, in document order.
    public var pairs: XMLAttributes {
        switch storage {
        case .pairs(let pairs):
            return pairs
        case .none:
            return []
        case .libxml(let attributes, let count):
            var pairs: XMLAttributes = []
            pairs.reserveCapacity(count)
            for k in 0..<count {
                guard let local = attributes[5 * k], let value = Self.value(attributes, k) else { continue }
                pairs.append((String(cString: local), value))
            }
            return pairs
        }
    }

    /// Whether the NUL-terminated `cString` spells `key`.
    @inlinable @inline(__always)
    static func equals(_ cString: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        // A shorter `cString` differs at its NUL, before any byte past it is read.
        var i = 0
        while i < key.count {
            if cString[i] != key[i] { return false }
            i += 1
        }
        return cString[key.count] == 0
    }

    /// Attribute `k`'s value. Without entity substitution libxml2 hands `&amp;` in an
    /// attribute over as `&#38;` (a byte test first: the substring search costs far more).
    private static func value(_ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>, _ k: Int) -> String? {
        guard let start = attributes[5 * k + 3], let end = attributes[5 * k + 4] else { return nil }
        let bytes = UnsafeBufferPointer(start: start, count: max(end - start, 0))
        let value = String(xmlText: bytes)
        return bytes.contains(UInt8(ascii: "&")) ? value.replacing("&#38;", with: "&") : value
    }
}
