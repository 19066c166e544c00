/// The placements of a feature's title and subtitle that take their source value from the
/// field itself: a placement under the field's own key (`PropertyField.key`: `name`,
/// `description`) whose source value is the field's text, which is what GeoJSON's `name` and
/// `description` properties give nearly every feature that has them.
///
/// Such a placement is kept as its position alone, so that reading the feature makes no array
/// of placements and copies no text (the text lives once, in the field). `Feature.fieldPlacements`
/// spells it out as a `FieldPlacement`; before the field changes, the feature stores it in full
/// with the text it held (`Feature.settleDerivedPlacements()`), so its source value stays what
/// the source wrote.
struct DerivedPlacements: Hashable, Sendable {
    /// The title's position plus one in the low 32 bits, the subtitle's in the high 32 bits;
    /// 0 for a field without a derived placement.
    private var bits: UInt64 = 0

    /// The largest position kept here (a placement further on is stored in full).
    static let maximumIndex = Int(UInt32.max) - 1

    /// No derived placement.
    init() {}

    /// Whether `field`'s placement can be kept here: the title's and the subtitle's.
    static func holds(_ field: PropertyField) -> Bool { field == .title || field == .subtitle }

    /// Whether there is none.
    var isEmpty: Bool { bits == 0 }

    /// How many there are, 0 to 2.
    var count: Int { (bits & 0xFFFF_FFFF != 0 ? 1 : 0) + (bits >> 32 != 0 ? 1 : 0) }

    /// Whether `field` has a derived placement.
    func has(_ field: PropertyField) -> Bool { index(of: field) != nil }

    /// The position of `field`'s derived placement, if it has one.
    func index(of field: PropertyField) -> Int? {
        let stored = field == .title ? bits & 0xFFFF_FFFF : field == .subtitle ? bits >> 32 : 0
        return stored == 0 ? nil : Int(stored - 1)
    }

    /// Records `field`'s placement at `index`.
    /// - Precondition: `holds(field)`, and `index` is in `0...maximumIndex`.
    mutating func set(_ field: PropertyField, index: Int) {
        precondition(Self.holds(field) && index >= 0 && index <= Self.maximumIndex, "not a derivable placement")
        let stored = UInt64(index + 1)
        bits = field == .title ? (bits & 0xFFFF_FFFF_0000_0000) | stored : (bits & 0xFFFF_FFFF) | stored << 32
    }
}

extension Feature {
    /// The number of placements (`fieldPlacements.count`, without spelling them out).
    var placementCount: Int { storedPlacements.count + derivedPlacements.count }

    /// What stands at one position of `fieldPlacements`.
    enum PlacementSlot {
        /// `storedPlacements[offset]`.
        case stored(offset: Int)
        /// `field`'s derived placement, at `index` among the source's properties.
        case derived(field: PropertyField, index: Int)
    }

    /// Calls `body` with each position of `fieldPlacements` (0 up) and what stands there, in
    /// order, without spelling out any placement, until it returns `false`; whether it never did.
    @inline(__always)
    func allPlacementSlots(_ body: (_ position: Int, _ slot: PlacementSlot) throws -> Bool) rethrows -> Bool {
        // The derived ones in position order, merged with the stored ones (in position order
        // too while there are derived ones).
        var first: (field: PropertyField, index: Int)?
        var second: (field: PropertyField, index: Int)?
        if let t = derivedPlacements.index(of: .title) { first = (.title, t) }
        if let s = derivedPlacements.index(of: .subtitle) {
            if let f = first, f.index > s {
                second = f
                first = (.subtitle, s)
            } else if first == nil {
                first = (.subtitle, s)
            } else {
                second = (.subtitle, s)
            }
        }
        var position = 0
        for offset in storedPlacements.indices {
            let index = storedPlacements[offset].index
            while let d = first, d.index < index {
                guard try body(position, .derived(field: d.field, index: d.index)) else { return false }
                position += 1
                first = second
                second = nil
            }
            guard try body(position, .stored(offset: offset)) else { return false }
            position += 1
        }
        while let d = first {
            guard try body(position, .derived(field: d.field, index: d.index)) else { return false }
            position += 1
            first = second
            second = nil
        }
        return true
    }

    /// Calls `body` with the placements in order (what `fieldPlacements` gives), in place when
    /// none is derived, else spelt out in temporary memory (no array is made). Inlined, so
    /// that `body` is too (a closure passed on would copy what it captures, a feature, say).
    @inline(__always)
    func withFieldPlacements<R>(_ body: (UnsafeBufferPointer<FieldPlacement>) throws -> R) rethrows -> R {
        if derivedPlacements.isEmpty { return try storedPlacements.withUnsafeBufferPointer(body) }
        return try withUnsafeTemporaryAllocation(of: FieldPlacement.self, capacity: placementCount) { buffer in
            var n = 0
            _ = allPlacementSlots { position, slot in
                switch slot {
                case .stored(let offset): buffer.initializeElement(at: position, to: storedPlacements[offset])
                case .derived(let field, let index): buffer.initializeElement(at: position, to: derivedPlacement(field, at: index))
                }
                n = position + 1
                return true
            }
            defer { buffer.prefix(n).deinitialize() }
            return try body(UnsafeBufferPointer(rebasing: buffer.prefix(n)))
        }
    }

    /// The source value of the placement at `position` (of `fieldPlacements`) when it is
    /// stored in full; `nil` for a derived one, whose source value is its field's text: what
    /// a writer writes for the field anyway.
    func storedSourceValue(ofPlacementAt position: Int) -> PropertyValue? {
        if derivedPlacements.isEmpty { return storedPlacements[position].sourceValue }
        var value: PropertyValue?
        _ = allPlacementSlots { p, slot in
            guard p == position else { return true }
            if case .stored(let offset) = slot { value = storedPlacements[offset].sourceValue }
            return false
        }
        return value
    }

    /// `field`'s derived placement at `index`, spelt out: its source value is the field's text.
    private func derivedPlacement(_ field: PropertyField, at index: Int) -> FieldPlacement {
        let text = field == .title ? title : subtitle
        return FieldPlacement(field: field, key: field.key, index: index, sourceValue: text.map { .string($0) } ?? .null)
    }

    /// The largest position of a property `init(id:shape:properties:location:title:at:subtitle:at:)` takes.
    package static var maximumDerivedIndex: Int { DerivedPlacements.maximumIndex }

    /// A feature as a reader read it: its id, shape, properties and location, and the title
    /// and the subtitle, each when given, with the string of the property at `titleIndex`
    /// (`subtitleIndex`) under the field's own key (GeoJSON's `name`, `description`): what
    /// `PropertyVocabulary.consume` makes of such properties (the text in the field, the
    /// position kept as its derived placement), for a reader that took them out of the
    /// properties as it read them. Made whole in one step (the memberwise initializer): the
    /// fields set afterwards went through their setters, each releasing the `nil` it replaced.
    /// The strings are moved in.
    /// - Precondition: each index given a string is in `0...maximumDerivedIndex`.
    package init(id: FeatureID?, shape: Shape?, properties: Properties, location: SourceLocation?,
                 title: consuming String?, at titleIndex: Int, subtitle: consuming String?, at subtitleIndex: Int) {
        var derived = DerivedPlacements()
        // Matched, not compared with `nil` (which copied the subtitle to compare it).
        if case .some = title { derived.set(.title, index: titleIndex) }
        if case .some = subtitle { derived.set(.subtitle, index: subtitleIndex) }
        // Moved in (`consume`): passed as they are, they were copied and then released.
        self.init(id: id, title: consume title, subtitle: consume subtitle, shape: shape, properties: properties,
                  style: nil, storedPlacements: [], derivedPlacements: derived, location: location, rare: nil)
    }

    /// Stores the derived placements in full, with the texts their fields hold now: done
    /// before one of those fields changes.
    mutating func settleDerivedPlacements() {
        let all = withFieldPlacements { Array($0) }
        storedPlacements = all
        derivedPlacements = DerivedPlacements()
    }
}
