import MapBridgeJSON
import MapBridgeModel

/// What a member name means to the GeoJSON reader: worked out once per name by the reader's
/// key table (`JSONKeyTable`), so a repeated name costs no string compares or hashing.
///
/// One tag answers three questions: which GeoJSON member the name is (`type`, `geometry` …),
/// which spelling of `GeoJSONMapping.vocabulary` it is as a property key (the rank
/// `PropertyVocabulary.rank(of:)` gives it), and whether the mapping looks the key up after
/// reading (`@geometry-type`, `coordinateProperties`), so that it need not look when no
/// feature property has one of those keys.
struct GeoJSONKeyTag: Equatable {
    let raw: JSONKeyTable.Tag

    /// The members the reader treats specially; `other` is a foreign member.
    enum Member: UInt8 {
        case other, type, features, geometry, properties, coordinates, geometries, id, bbox, crs
    }

    /// The tag of `key`.
    init(key: String) {
        let member: Member = switch key {
        case "type": .type
        case "features": .features
        case "geometry": .geometry
        case "properties": .properties
        case "coordinates": .coordinates
        case "geometries": .geometries
        case "id": .id
        case "bbox": .bbox
        case "crs": .crs
        default: .other
        }
        var raw = JSONKeyTable.Tag(member.rawValue)
        if let rank = GeoJSONMapping.vocabulary.rank(of: key), rank < 0xFF { raw |= JSONKeyTable.Tag(rank + 1) << 8 }
        if GeoJSONMapping.keysLookedUpAfterReading.contains(key) { raw |= Self.lookedUpBit }
        self.raw = raw
    }

    init(raw: JSONKeyTable.Tag) { self.raw = raw }

    private static let lookedUpBit: JSONKeyTable.Tag = 1 << 16

    /// The member the name is.
    var member: Member { Member(rawValue: UInt8(truncatingIfNeeded: raw)) ?? .other }
    /// The rank of the vocabulary's spelling the name is, if it is one.
    var vocabularyRank: Int? {
        let r = Int((raw >> 8) & 0xFF)
        return r == 0 ? nil : r - 1
    }
    /// Whether `GeoJSONMapping` looks the key up among a feature's properties after reading.
    var isLookedUpAfterReading: Bool { raw & Self.lookedUpBit != 0 }

    /// The reader's key table, tagging names as above.
    static func makeTable() -> JSONKeyTable {
        JSONKeyTable { GeoJSONKeyTag(key: $0).raw }
    }
}

/// What the reader learnt about the properties of the feature being read while it read them:
/// the vocabulary's spellings among them, and whether any key is one the mapping looks up.
///
/// The candidates are kept in a `ScratchStack`, reused from one feature to the next (a
/// handful each), so that noting one is a store and forgetting them all is a count set to 0.
struct RecordProperties: ~Copyable {
    private var noted = ScratchStack<PropertyVocabulary.Candidate>(capacity: 8)
    /// Whether a key that `GeoJSONMapping` looks up after reading is among them.
    var hasLookedUpKey = false

    init() {}

    /// The properties whose keys the vocabulary spells, by position, in the order noted
    /// (`consume` takes them); valid until the next `note` or `reset`.
    var candidates: UnsafeBufferPointer<PropertyVocabulary.Candidate> { noted.elements }

    /// Notes a property whose key the vocabulary spells.
    @inline(__always)
    mutating func note(_ candidate: PropertyVocabulary.Candidate) {
        noted.append(candidate)
    }

    /// Forgets the last feature's properties (keeping the room).
    mutating func reset() {
        noted.removeAll()
        hasLookedUpKey = false
    }
}

extension GeoJSONMapping {
    /// The reader's table of `type` values: each tagged with its geometry kind's position in
    /// `ShapeKind.allCases` plus one, when `geometryTypes` names it (0 for other types).
    static func makeTypeTable() -> JSONKeyTable {
        JSONKeyTable { type in
            guard let kind = geometryTypes[type], let i = ShapeKind.allCases.firstIndex(of: kind) else { return 0 }
            return JSONKeyTable.Tag(i + 1)
        }
    }

    /// The geometry kind a tag of `makeTypeTable()` stands for.
    @inline(__always)
    static func shapeKind(tag: JSONKeyTable.Tag) -> ShapeKind? {
        tag == 0 || Int(tag) > shapeKinds.count ? nil : shapeKinds[Int(tag) - 1]
    }

    private static let shapeKinds = ShapeKind.allCases
}
