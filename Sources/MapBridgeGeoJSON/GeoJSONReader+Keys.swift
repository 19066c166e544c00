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
    enum Member: UInt8, CaseIterable {
        case other, type, features, geometry, properties, coordinates, geometries, id, bbox, crs

        /// The member's name; `nil` for `other`, which is any other name.
        var name: String? {
            switch self {
            case .other: nil
            case .type: "type"
            case .features: "features"
            case .geometry: "geometry"
            case .properties: "properties"
            case .coordinates: "coordinates"
            case .geometries: "geometries"
            case .id: "id"
            case .bbox: "bbox"
            case .crs: "crs"
            }
        }

        /// The member as one bit of a set of members (`Members.knownMembersRead`).
        @inline(__always)
        var bit: UInt16 { 1 << UInt16(rawValue) }
    }

    /// The member the tokenizer's last key names, told from its length and words
    /// (`JSONTokenizer.lastKeyWordsAndCount`, which hold all of a name the reader knows): the
    /// names are few and short, so this is a comparison or two, where the key table's lookup
    /// for a tag is a chain of dependent loads. For where only the member matters (a
    /// feature's or a geometry's members): for every name, what `GeoJSONKeyTag(key:)` gives as
    /// `member`. Right after `next()` returned `.key`.
    ///
    /// Told by the first word, whose values are far apart, so that the choice is made by
    /// compares: a switch on the length was made a jump table, whose one indirect jump took a
    /// feature's members (`type`, `id`, `properties`, `geometry` in turn) to a new place each
    /// time and was mispredicted for nearly every one of them.
    @inline(__always)
    static func member(ofLastKeyIn t: JSONTokenizer) -> Member {
        let (count, head, tail) = t.lastKeyWordsAndCount
        typealias W = MemberNameWords
        switch head {
        case W.type: return count == 4 ? .type : .other
        case W.id: return count == 2 ? .id : .other
        case W.propertiesHead: return count == 10 && tail == W.propertiesTail ? .properties : .other
        // A name of eight bytes is all in its first word.
        case W.geometry: return count == 8 ? .geometry : .other
        case W.coordinatesHead: return count == 11 && tail == W.coordinatesTail ? .coordinates : .other
        case W.features: return count == 8 ? .features : .other
        case W.geometriesHead: return count == 10 && tail == W.geometriesTail ? .geometries : .other
        case W.bbox: return count == 4 ? .bbox : .other
        case W.crs: return count == 3 ? .crs : .other
        default: return .other
        }
    }

    /// The tag of `key`.
    init(key: String) {
        let member = Member.allCases.first { $0.name == key } ?? .other
        var raw = JSONKeyTable.Tag(member.rawValue)
        if let rank = GeoJSONMapping.vocabulary.rank(of: key), rank < 0xFF {
            raw |= JSONKeyTable.Tag(rank + 1) << 8
            switch GeoJSONMapping.vocabulary.derivedField(rank: rank) {
            case .title?: raw |= Self.derivedTitleBit
            case .subtitle?: raw |= Self.derivedSubtitleBit
            default: break
            }
        }
        if GeoJSONMapping.keysLookedUpAfterReading.contains(key) { raw |= Self.lookedUpBit }
        self.raw = raw
    }

    init(raw: JSONKeyTable.Tag) { self.raw = raw }

    private static let lookedUpBit: JSONKeyTable.Tag = 1 << 16
    private static let derivedTitleBit: JSONKeyTable.Tag = 1 << 17
    private static let derivedSubtitleBit: JSONKeyTable.Tag = 1 << 18

    /// The member the name is.
    var member: Member { Member(rawValue: UInt8(truncatingIfNeeded: raw)) ?? .other }
    /// The rank of the vocabulary's spelling the name is, if it is one.
    var vocabularyRank: Int? {
        let r = Int((raw >> 8) & 0xFF)
        return r == 0 ? nil : r - 1
    }
    /// Whether `GeoJSONMapping` looks the key up among a feature's properties after reading.
    var isLookedUpAfterReading: Bool { raw & Self.lookedUpBit != 0 }
    /// The field a string under the key fills as a derived placement (`name`: the title,
    /// `description`: the subtitle), which the reader takes as it reads the feature's
    /// properties (`RecordProperties.take`).
    var derivedField: PropertyField? {
        raw & Self.derivedTitleBit != 0 ? .title : raw & Self.derivedSubtitleBit != 0 ? .subtitle : nil
    }

    /// The reader's key table, tagging names as above.
    static func makeTable() -> JSONKeyTable {
        JSONKeyTable { GeoJSONKeyTag(key: $0).raw }
    }
}

/// The words of the member names `GeoJSONKeyTag.member(ofLastKeyIn:)` compares, as
/// `JSONTokenizer.lastKeyWordsAndCount` gives them for each name (checked against the names in
/// the tests): for a name of up to 7 bytes, its bytes in one word (`tail` is 0); for a longer
/// one, its first and its last eight bytes, little-endian.
enum MemberNameWords {
    static let id: UInt64 = 0x6469                              // "id"
    static let crs: UInt64 = 0x73_7263                          // "crs"
    static let type: UInt64 = 0x6570_7974_6570_7974             // "type", its four bytes twice
    static let bbox: UInt64 = 0x786F_6262_786F_6262             // "bbox", its four bytes twice
    static let geometry: UInt64 = 0x7972_7465_6D6F_6567         // "geometry"
    static let features: UInt64 = 0x7365_7275_7461_6566         // "features"
    static let propertiesHead: UInt64 = 0x6974_7265_706F_7270   // "properti"
    static let propertiesTail: UInt64 = 0x7365_6974_7265_706F   // "operties"
    static let geometriesHead: UInt64 = 0x6972_7465_6D6F_6567   // "geometri"
    static let geometriesTail: UInt64 = 0x7365_6972_7465_6D6F   // "ometries"
    static let coordinatesHead: UInt64 = 0x616E_6964_726F_6F63  // "coordina"
    static let coordinatesTail: UInt64 = 0x7365_7461_6E69_6472  // "rdinates"
}

/// What the reader learnt about the properties of the feature being read while it read them:
/// the vocabulary's spellings among them, whether any key is one the mapping looks up, and
/// the strings it took out of them for the title and the subtitle.
///
/// The candidates are kept in a `ScratchStack`, reused from one feature to the next (a
/// handful each), so that noting one is a store and forgetting them all is a count set to 0.
///
/// A string under `name` or `description` (a derived placement, `GeoJSONKeyTag.derivedField`)
/// is the usual candidate, and when the candidates are all such (and no key is looked up)
/// the mapping does nothing but move the strings into the title and the subtitle. So the
/// reader takes them as it reads them (`take`), instead of adding them to the properties for
/// `PropertyVocabulary.consume` to take out again; they are noted as candidates all the same,
/// at their positions among the properties. Where the candidates are not all taken ones (a
/// `stroke`, a `title` beside the `name`, a repeated key), the taken members are put back in
/// place (`restoreTaken`) and the mapping runs as for any feature.
struct RecordProperties: ~Copyable {
    private var noted = ScratchStack<PropertyVocabulary.Candidate>(capacity: 8)
    /// Whether a key that `GeoJSONMapping` looks up after reading is among them.
    var hasLookedUpKey = false
    /// The taken title and subtitle, each with its position among the properties.
    private var title: String?
    private var titleIndex = 0
    private var subtitle: String?
    private var subtitleIndex = 0
    /// `Feature.maximumDerivedIndex`, asked once.
    private let maximumIndex = Feature.maximumDerivedIndex

    init() {}

    /// Whether a member was taken (and not put back).
    var hasTaken: Bool { title != nil || subtitle != nil }

    /// How many members were taken (and not put back), 0 to 2.
    var takenCount: Int { (title != nil ? 1 : 0) + (subtitle != nil ? 1 : 0) }

    /// Whether the taken members must go back among the properties for the mapping to read
    /// them with the others: it reads more than they.
    var mustRestoreTaken: Bool { hasTaken && (noted.count > takenCount || hasLookedUpKey) }

    /// Whether the string of the member at `index`, whose key fills `field` as a derived
    /// placement, can be taken: `field` has no taken member yet (else the key is repeated), and
    /// the position is one a derived placement keeps.
    @inline(__always)
    func canTake(_ field: PropertyField, index: Int) -> Bool {
        guard index <= maximumIndex else { return false }
        return field == .title ? title == nil : field == .subtitle && subtitle == nil
    }

    /// Takes `text`, the string of the member at `index` (noted already as a candidate),
    /// for `field`, when `canTake(field, index:)`.
    @inline(__always)
    mutating func take(_ field: PropertyField, text: consuming String, index: Int) {
        if field == .title {
            // Set over `nil`, as `canTake` found it (`setUsuallyOverNil`).
            title.setUsuallyOverNil(text)
            titleIndex = index
        } else {
            subtitle.setUsuallyOverNil(text)
            subtitleIndex = index
        }
    }

    /// Calls `body` with the key of each taken member (the field's own key, under which it
    /// was read).
    func forEachTakenKey(_ body: (String) -> Void) {
        if title != nil { body(PropertyField.title.key) }
        if subtitle != nil { body(PropertyField.subtitle.key) }
    }

    /// Puts the taken members back among `entries` (the members not taken, in order), each
    /// at its position, under its key (the field's own key: the name the source gave it).
    mutating func restoreTaken(into entries: inout [Properties.Entry]) {
        var taken: [(field: PropertyField, text: String, index: Int)] = []
        if let title = self.title.take() { taken.append((.title, title, titleIndex)) }
        if let subtitle = self.subtitle.take() { taken.append((.subtitle, subtitle, subtitleIndex)) }
        for member in taken.sorted(by: { $0.index < $1.index }) {
            entries.insert(Properties.Entry(key: member.field.key, value: .string(member.text)), at: member.index)
        }
    }

    /// The members taken for the title and the subtitle, each with its position among the
    /// properties (`nil` where none was taken), moved out: none is left taken.
    mutating func takeFields() -> (title: String?, titleIndex: Int, subtitle: String?, subtitleIndex: Int) {
        (title.take(), titleIndex, subtitle.take(), subtitleIndex)
    }

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
        // Asked first: nearly always nothing is left taken, and then nothing is released.
        if title != nil { title = nil }
        if subtitle != nil { subtitle = nil }
    }
}

extension GeoJSONMapping {
    /// The reader's table of `type` values: each tagged with its geometry kind's tag
    /// (`typeTag(of:)`) when `geometryTypes` names it, `"Feature"` with `featureTypeTag`
    /// (0 for other types).
    static func makeTypeTable() -> JSONKeyTable {
        JSONKeyTable { type in type == "Feature" ? featureTypeTag : geometryTypes[type].map(typeTag(of:)) ?? 0 }
    }

    /// The tag of `"Feature"` in `makeTypeTable()`, past every kind's (`shapeKind(tag:)`
    /// gives `nil` for it).
    static var featureTypeTag: JSONKeyTable.Tag { 0x100 }

    /// The tag of `kind` in `makeTypeTable()`: the one `shapeKind(tag:)` gives `kind` for.
    static func typeTag(of kind: ShapeKind) -> JSONKeyTable.Tag {
        (1...JSONKeyTable.Tag(ShapeKind.allCases.count)).first { shapeKind(tag: $0) == kind } ?? 0
    }

    /// The geometry kind a tag of `makeTypeTable()` stands for (`nil` for 0, a type that names
    /// none). The tags are spelt out here, once. A switch of constants, made a lookup in a
    /// table of them: an array of the kinds kept as a static was retained and released at
    /// every geometry. Not inlined: inlined, the switch became a jump table, whose one
    /// indirect jump goes a new way wherever the kinds change from one geometry to the next.
    @inline(never)
    static func shapeKind(tag: JSONKeyTable.Tag) -> ShapeKind? {
        switch tag {
        case 1: .annotation
        case 2: .polyline
        case 3: .polygon
        case 4: .circle
        case 5: .multiPoint
        case 6: .multiPolyline
        case 7: .multiPolygon
        case 8: .collection
        default: nil
        }
    }
}
