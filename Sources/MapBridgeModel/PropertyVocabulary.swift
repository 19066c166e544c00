/// A model field that formats built on properties (GeoJSON, CSV) spell as a property.
///
/// Each field has one default key (`key`), the name it takes when the source gave it none;
/// a format's `PropertyVocabulary` may read it from other keys too.
public enum PropertyField: UInt8, Hashable, Sendable, CaseIterable {
    case title, subtitle, address, visibility, time, timeBegin, timeEnd
    case styleID, strokeColor, strokeOpacity, strokeWidth, fillColor, fillOpacity
    case markerColor, markerSymbol, markerSize, iconHref, iconOpacity, iconScale, iconHeading, hotSpotOffset, hotSpotUnits
    case labelColor, labelOpacity, labelScale

    /// The field as one bit of a mask (fewer than 32 fields).
    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// The field as messages name it (`title`, `style's stroke colour`).
    public var description: String {
        switch self {
        case .title, .subtitle, .address, .visibility, .time: String(describing: self)
        case .timeBegin: "time's begin"
        case .timeEnd: "time's end"
        default: "style's \(key)"
        }
    }

    /// The key the field takes as a property when its source gave it none (simplestyle's
    /// names for the style's members).
    public var key: String {
        switch self {
        case .title: "name"
        case .subtitle: "description"
        case .address: "address"
        case .visibility: "visibility"
        case .time: "timestamp"
        case .timeBegin: "begin"
        case .timeEnd: "end"
        case .styleID: "styleUrl"
        case .strokeColor: "stroke"
        case .strokeOpacity: "stroke-opacity"
        case .strokeWidth: "stroke-width"
        case .fillColor: "fill"
        case .fillOpacity: "fill-opacity"
        case .markerColor: "marker-color"
        case .markerSymbol: "marker-symbol"
        case .markerSize: "marker-size"
        case .iconHref: "icon"
        case .iconOpacity: "icon-opacity"
        case .iconScale: "icon-scale"
        case .iconHeading: "icon-heading"
        case .hotSpotOffset: "icon-offset"
        case .hotSpotUnits: "icon-offset-units"
        case .labelColor: "label-color"
        case .labelOpacity: "label-opacity"
        case .labelScale: "label-scale"
        }
    }
}

/// Where one of a feature's fields stood among its source's properties, and under which key,
/// so that a writer that writes fields as properties puts it back in its place.
///
/// The field holds the value; `sourceValue` is only the spelling the source gave it
/// (`"#F00"` for red, `2.50` for 2.5), written back for as long as it still means what the field
/// holds. Set the field and the new value is written, in the same place.
public struct FieldPlacement: Hashable, Sendable {
    /// The field.
    public var field: PropertyField
    /// The key the source used (`NAME`, `desc`, `icon-color`, …).
    public var key: String
    /// Its position among the source's properties, counting the consumed ones: 0 is first.
    public var index: Int
    /// The value as the source wrote it.
    public var sourceValue: PropertyValue

    public init(field: PropertyField, key: String, index: Int, sourceValue: PropertyValue) {
        self.field = field
        self.key = key
        self.index = index
        self.sourceValue = sourceValue
    }
}

/// The keys a format built on properties reads into the model's fields and writes them back
/// as: one mechanism, declared per format by a list of spellings (GeoJSON's table is in
/// `GeoJSONMapping`, CSV's in `CSVFeatureMapping`).
///
/// Reading *consumes*: a property that a spelling recognises and whose value fits the field
/// leaves the properties and fills the field, and a `FieldPlacement` remembers its key and its
/// place. Writing puts each field back at its placement (under its key, when this vocabulary
/// knows it) and adds fields without one after the properties under their first spelling. So a
/// fact lives in one place, in the field, and a round trip keeps the properties' order.
///
///     var f = Feature(properties: ["NAME": "Oslo", "pop": 700_000])
///     GeoJSONMapping.vocabulary.consume(into: &f)   // f.title == "Oslo"; f.properties == ["pop": 700000]
///     f.title = "Kristiania"
///     GeoJSONMapping.vocabulary.properties(of: f)    // ["NAME": "Kristiania", "pop": 700000]
public struct PropertyVocabulary: Sendable {
    /// How a spelling's value meets its field.
    public enum Slot: UInt8, Sendable, CaseIterable {
        case title, subtitle, address, visibility
        /// An ISO 8601 string: `Feature.time` as an instant.
        case instant
        /// An object `{begin, end}`: `Feature.time` as a span.
        case span
        /// A span's begin or end alone (CSV's `begin` and `end` columns).
        case spanBegin, spanEnd
        /// A shared style's name, `#id`.
        case styleURL
        case strokeColor, strokeOpacity, strokeWidth, fillColor, fillOpacity
        /// A pin's colour (written only for a marker without an icon image).
        case markerColor
        /// An icon image's tint (written only for a marker with an icon image).
        case iconColor
        case markerSymbol, markerSize, iconHref, iconOpacity, iconScale, iconHeading
        /// `[x, y]` of the hot spot; its units are `iconOffsetUnits`.
        case iconOffset, iconOffsetUnits
        case labelColor, labelOpacity, labelScale

        /// Whether the slot fills a member of the feature's style (else a field of the feature).
        var isStyle: Bool { rawValue >= Slot.styleURL.rawValue }

        /// Whether the slot's value is a single number (`PropertyVocabulary.number(_:_:)`).
        var isNumber: Bool {
            switch self {
            case .strokeOpacity, .strokeWidth, .fillOpacity, .iconOpacity, .iconScale, .iconHeading, .labelOpacity, .labelScale: true
            default: false
            }
        }

        /// The field the slot fills.
        public var field: PropertyField {
            switch self {
            case .title: .title
            case .subtitle: .subtitle
            case .address: .address
            case .visibility: .visibility
            case .instant, .span: .time
            case .spanBegin: .timeBegin
            case .spanEnd: .timeEnd
            case .styleURL: .styleID
            case .strokeColor: .strokeColor
            case .strokeOpacity: .strokeOpacity
            case .strokeWidth: .strokeWidth
            case .fillColor: .fillColor
            case .fillOpacity: .fillOpacity
            case .markerColor, .iconColor: .markerColor
            case .markerSymbol: .markerSymbol
            case .markerSize: .markerSize
            case .iconHref: .iconHref
            case .iconOpacity: .iconOpacity
            case .iconScale: .iconScale
            case .iconHeading: .iconHeading
            case .iconOffset: .hotSpotOffset
            case .iconOffsetUnits: .hotSpotUnits
            case .labelColor: .labelColor
            case .labelOpacity: .labelOpacity
            case .labelScale: .labelScale
            }
        }
    }

    /// A key and the slot it fills.
    public struct Spelling: Sendable {
        public let key: String
        public let slot: Slot
        /// Whether reading takes the key into the field; a spelling that is not read is used
        /// only to write a field back under the key another format's reader placed it at (GPX's
        /// `desc` in GeoJSON output).
        public let isRead: Bool
        /// Whether a field placed under the key is written back under it; a spelling that is
        /// neither read nor written names a key a format writes its own way (KML writes GPX's
        /// `desc` as `description`).
        public let isWritten: Bool
        public init(_ key: String, _ slot: Slot, isRead: Bool = true, isWritten: Bool = true) {
            self.key = key
            self.slot = slot
            self.isRead = isRead
            self.isWritten = isWritten
        }
    }

    /// The spellings, best first: when two keys fill one field, the earlier one does and the
    /// other stays a property; a field without a placement is written under its first.
    public let spellings: [Spelling]
    /// Whether keys match whatever their case and surrounding blanks (CSV headers).
    public let ignoresCase: Bool
    /// Fields that, without a placement, are written before the properties rather than after
    /// them (CSV's name and description lead a row).
    public let leading: Set<PropertyField>
    private let rankByKey: [String: Int]
    /// Per field (by raw value): the ranks of its spellings that are read, best first; and the
    /// rank of its first spelling of any kind.
    private let readRanks: [[Int]]
    private let firstRank: [Int?]
    /// The fields this vocabulary has any spelling for, as bits.
    private let fieldsMask: UInt32
    /// The fields it has a spelling for that is read, as bits: only these are written back
    /// without a placement, or at a placement under the field's own key.
    private let readFieldsMask: UInt32
    /// First bytes of the (normalised) keys: one table lookup turns most other keys away.
    private let firstBytes: [Bool]
    /// `leading` as bits (`PropertyField.bit`).
    private let leadingMask: UInt32
    /// Per spelling: the rank of the first spelling with the same (normalised) key, which
    /// `rank(of:)` gives for that key.
    private let firstRankOfKey: [Int]
    /// The ranks (below 64, as bits) of the spellings whose property, once read, is a derived
    /// placement (`DerivedPlacements`): read into the title or the subtitle under the field's
    /// own key. None where keys match whatever their case (the key read may be spelt otherwise).
    private let derivedRanks: UInt64

    public init(_ spellings: [Spelling], ignoresCase: Bool = false, leading: Set<PropertyField> = []) {
        self.spellings = spellings
        self.ignoresCase = ignoresCase
        self.leading = leading
        leadingMask = leading.reduce(0) { $0 | $1.bit }
        var ranks: [String: Int] = [:]
        var first = [Bool](repeating: false, count: 256)
        for (rank, s) in spellings.enumerated() {
            let key = ignoresCase ? s.key.lowercased() : s.key
            if ranks[key] == nil { ranks[key] = rank }
            if let b = key.utf8.first { first[Int(b)] = true }
        }
        rankByKey = ranks
        firstBytes = first
        firstRankOfKey = spellings.map { ranks[ignoresCase ? $0.key.lowercased() : $0.key] ?? 0 }
        var derived: UInt64 = 0
        for (rank, s) in spellings.enumerated().prefix(64)
        where !ignoresCase && s.isRead && DerivedPlacements.holds(s.slot.field) && s.key == s.slot.field.key {
            derived |= 1 << UInt64(rank)
        }
        derivedRanks = derived
        var read = [[Int]](repeating: [], count: PropertyField.allCases.count)
        var firsts = [Int?](repeating: nil, count: PropertyField.allCases.count)
        for (rank, s) in spellings.enumerated() {
            let f = Int(s.slot.field.rawValue)
            if s.isRead { read[f].append(rank) }
            if firsts[f] == nil { firsts[f] = rank }
        }
        readRanks = read
        firstRank = firsts
        fieldsMask = spellings.reduce(0) { $0 | $1.slot.field.bit }
        readFieldsMask = spellings.reduce(0) { $1.isRead ? $0 | $1.slot.field.bit : $0 }
    }

    /// The rank of the spelling `key` matches, if any.
    public func rank(of key: String) -> Int? {
        guard let b = key.utf8.first else { return nil }
        if ignoresCase {
            // A blank or an upper-case first byte is normalised before the table says no.
            if b > 0x20 && !(0x41...0x5A).contains(b) && !firstBytes[Int(b)] { return nil }
            return rankByKey[Self.normalised(key)]
        }
        guard firstBytes[Int(b)] else { return nil }
        return rankByKey[key]
    }

    private static func normalised(_ key: String) -> String {
        // Most keys are lower-case ASCII with no blank at either end already: their own
        // normal form, with no new string made.
        var k = key
        let isNormal = k.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, first != 0x09, last != 0x20, last != 0x09
            else { return false }
            for b in bytes where b >= 0x80 || (b >= 0x41 && b <= 0x5A) { return false }
            return true
        }
        if isNormal { return key }
        var s = Substring(key)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s.lowercased()
    }

    /// The field the spelling at `rank` fills as a derived placement (the title or the
    /// subtitle, under the field's own key; see `DerivedPlacements`), or `nil` when it fills
    /// none that way. A reader that takes such a property's string out as it reads it gives
    /// it to `Feature.init(id:shape:properties:location:title:at:subtitle:at:)`.
    package func derivedField(rank: Int) -> PropertyField? {
        guard rank >= 0, rank < 64, derivedRanks & (1 << UInt64(rank)) != 0 else { return nil }
        return spellings[rank].slot.field
    }

    // MARK: Reading

    /// Moves the properties this vocabulary recognises into `feature`'s fields, replacing the
    /// feature's placements. A property whose value does not fit its field (a `stroke` that is
    /// not a colour, a `name` that is a number) stays a property; of two keys for one field the
    /// better spelling fills it and the other stays.
    ///
    /// With `restating`, a property under a spelling that is not read (`NAME` in KML data) is
    /// taken too when it holds exactly what its field holds already: it was the field's
    /// spelling in the source that wrote it, and comes back as the field's placement.
    /// Keys in `leaving` stay properties whatever they hold (an overlay's `icon` is its image,
    /// not a marker's).
    public func consume(into feature: inout Feature, restating: Bool = false, leaving: Set<String> = []) {
        var candidates: [Candidate] = []
        for (i, entry) in feature.properties.enumerated() {
            if let rank = rank(of: entry.key) { candidates.append(Candidate(index: i, rank: rank)) }
        }
        consume(into: &feature, candidates: candidates, restating: restating, leaving: leaving)
    }

    /// A property whose key is one of this vocabulary's spellings, as a reader that knows its
    /// keys already (GeoJSON's key table) hands it to `consume(into:candidates:restating:leaving:)`.
    public struct Candidate: Hashable, Sendable {
        /// The property's position among the feature's properties, 0-based.
        public var index: Int
        /// The spelling's position in `spellings` (what `rank(of:)` says for the key).
        public var rank: Int
        public init(index: Int, rank: Int) {
            self.index = index
            self.rank = rank
        }
    }

    /// `consume(into:restating:leaving:)` with the keys looked up already: `candidates` are
    /// the properties whose keys this vocabulary spells, in ascending `index` order, each with
    /// the rank `rank(of:)` gives its key; the others are not looked at.
    public func consume(into feature: inout Feature, candidates: [Candidate], restating: Bool = false,
                        leaving: Set<String> = []) {
        guard !candidates.isEmpty else { return }
        candidates.withUnsafeBufferPointer { candidates in
            consume(into: &feature, candidates: candidates, restating: restating, leaving: leaving)
        }
    }

    /// `consume(into:candidates:restating:leaving:)` with the candidates where the reader keeps
    /// them (a buffer it reuses from one feature to the next), valid for the call.
    public func consume(into feature: inout Feature, candidates: UnsafeBufferPointer<Candidate>,
                        restating: Bool = false, leaving: Set<String> = []) {
        guard !candidates.isEmpty else { return }
        // The vocabulary is reached through raw pointers below: the closures capture nothing
        // that is counted (a closure that used `self` would copy the whole vocabulary).
        spellings.withUnsafeBufferPointer { spellings in
            Self.consume(into: &feature, candidates: candidates, spellings: spellings, derivedRanks: derivedRanks,
                         restating: restating,
                         leaving: leaving)
        }
    }

    /// `consume(into:candidates:restating:leaving:)` over the vocabulary's `spellings`.
    private static func consume(into feature: inout Feature, candidates: UnsafeBufferPointer<Candidate>,
                                spellings: UnsafeBufferPointer<Spelling>, derivedRanks: UInt64, restating: Bool,
                                leaving: Set<String>) {
        // Moved out of the feature (so changed in place, not copied), and back.
        var properties = Properties()
        swap(&properties, &feature.properties)
        defer { swap(&properties, &feature.properties) }
        withUnsafeTemporaryAllocation(of: Candidate.self, capacity: candidates.count) { chosen in
            // The best candidate per field, in one pass; most features have a handful of them.
            var chosenCount = 0
            var fieldsChosen: UInt32 = 0
            properties.withUnsafeEntries { entries in
                for c in candidates {
                    if !leaving.isEmpty && leaving.contains(entries[c.index].key) { continue }
                    let slot = spellings[c.rank].slot
                    let fits: Bool
                    if spellings[c.rank].isRead {
                        fits = Self.fits(entries[c.index].value, slot)
                    } else {
                        guard restating else { continue }
                        fits = Self.encode(feature, slot) == entries[c.index].value
                    }
                    guard fits else { continue }
                    let field = slot.field
                    if fieldsChosen & field.bit != 0,
                       let k = (0..<chosenCount).first(where: { spellings[chosen[$0].rank].slot.field == field }) {
                        if c.rank < chosen[k].rank { chosen[k] = c }
                    } else {
                        chosen[chosenCount] = c
                        chosenCount += 1
                        fieldsChosen |= field.bit
                    }
                }
            }
            guard chosenCount > 0 else { return }
            // In the properties' order (an insertion sort: a handful, nearly in order already).
            for i in 1..<chosenCount {
                let c = chosen[i]
                var j = i
                while j > 0 && chosen[j - 1].index > c.index {
                    chosen[j] = chosen[j - 1]
                    j -= 1
                }
                chosen[j] = c
            }
            // The placements are replaced: the old ones go first, so that filling a title
            // below has no derived placement to settle.
            if feature.placementCount > 0 { feature.fieldPlacements = [] }
            // A title or a subtitle under the field's own key (its text is its source value:
            // only a string fills them) is a derived placement, kept as its position; the
            // others are stored, in an array made at their count (none for the usual `name`
            // and `description`).
            func isDerived(_ c: Candidate) -> Bool {
                c.rank < 64 && derivedRanks & (1 << UInt64(c.rank)) != 0 && c.index <= DerivedPlacements.maximumIndex
            }
            var storedCount = 0
            for k in 0..<chosenCount where !isDerived(chosen[k]) { storedCount += 1 }
            var placements: [FieldPlacement] = []
            if storedCount > 0 { placements.reserveCapacity(storedCount) }
            var derived = DerivedPlacements()
            // Made only when a style slot is taken (a title and a description need none).
            var style: Style?
            withUnsafeTemporaryAllocation(of: Int.self, capacity: chosenCount) { offsets in
                for k in 0..<chosenCount { offsets[k] = chosen[k].index }
                var k = 0
                // Each consumed entry's key and value are moved into the field and its placement.
                properties.removeEntries(atAscending: UnsafeBufferPointer(offsets)) { key, value in
                    let c = chosen[k]
                    k += 1
                    let slot = spellings[c.rank].slot
                    if isDerived(c), case .string(let text) = value {
                        // The text moves into the field, once; the placement keeps the position.
                        if slot.field == .title { feature.title = text } else { feature.subtitle = text }
                        derived.set(slot.field, index: c.index)
                        return
                    }
                    if slot.isStyle {
                        var s = style ?? feature.style ?? Style()
                        Self.decode(value, slot, into: &feature, style: &s)
                        style = s
                    } else {
                        Self.decodeField(value, slot, into: &feature)
                    }
                    placements.append(FieldPlacement(field: slot.field, key: consume key, index: c.index,
                                                     sourceValue: consume value))
                }
            }
            // Swapped in rather than assigned: the placements change hands without a count
            // (and an empty array, the usual case, is not handed at all).
            if storedCount > 0 { swap(&feature.storedPlacements, &placements) }
            feature.derivedPlacements = derived
            if let style {
                feature.style = style.normalised
            } else if let existing = feature.style {
                feature.style = existing.normalised
            }
        }
    }

    /// Whether `value` fills `slot`. Inlined, so that a value `consume` looks at in place is
    /// not copied to be asked (the common slots ask only for its case).
    @inline(__always)
    static func fits(_ v: PropertyValue, _ slot: Slot) -> Bool {
        switch slot {
        case .title, .subtitle, .address, .instant, .spanBegin, .spanEnd, .iconHref:
            if case .string = v { return true }
            return false
        case .visibility:
            if case .bool = v { return true }
            return false
        case .strokeColor, .fillColor, .markerColor, .iconColor, .labelColor:
            return v.stringValue.flatMap(Color.init(hex:)) != nil
        case .strokeOpacity, .fillOpacity, .iconOpacity, .labelOpacity:
            return v.doubleValue.map { (0...1).contains($0) } ?? false
        case .strokeWidth:
            return v.doubleValue.map { $0 >= 0 } ?? false
        case .iconScale, .iconHeading, .labelScale:
            return v.doubleValue != nil
        case .markerSymbol:
            if case .string = v { return true }
            return v.doubleValue != nil
        case .markerSize:
            return v.stringValue.flatMap(MarkerSize.init(rawValue:)) != nil
        default:
            // The rarer slots: decoded into a scratch feature.
            var probe = Feature()
            var style = Style()
            return decode(v, slot, into: &probe, style: &style)
        }
    }

    /// Sets the slot's field from `value`; `false` (and nothing set) when the value does not fit.
    @discardableResult
    static func decode(_ v: PropertyValue, _ slot: Slot, into feature: inout Feature, style s: inout Style) -> Bool {
        func color(_ v: PropertyValue) -> Color? { v.stringValue.flatMap(Color.init(hex:)) }
        func unit(_ v: PropertyValue) -> Double? { v.doubleValue.flatMap { (0...1).contains($0) ? $0 : nil } }
        func setMarker(_ body: (inout MarkerStyle) -> Void) {
            var m = s.marker ?? MarkerStyle()
            body(&m)
            s.marker = m
        }
        func setLabel(_ body: (inout LabelStyle) -> Void) {
            var l = s.label ?? LabelStyle()
            body(&l)
            s.label = l
        }
        switch slot {
        case .title, .subtitle, .address, .visibility, .instant, .span, .spanBegin, .spanEnd:
            return decodeField(v, slot, into: &feature)
        case .styleURL:
            guard let url = v.stringValue, url.hasPrefix("#"), url.count > 1 else { return false }
            s.id = String(url.dropFirst())
        case .strokeColor:
            guard let c = color(v) else { return false }
            s.strokeColor = c
        case .strokeOpacity:
            guard let o = unit(v) else { return false }
            s.strokeOpacity = o
        case .strokeWidth:
            guard let w = v.doubleValue, w >= 0 else { return false }
            s.strokeWidth = w
        case .fillColor:
            guard let c = color(v) else { return false }
            s.fillColor = c
        case .fillOpacity:
            guard let o = unit(v) else { return false }
            s.fillOpacity = o
        case .markerColor, .iconColor:
            guard let c = color(v) else { return false }
            setMarker { $0.color = c }
        case .markerSymbol:
            guard let t = v.stringValue ?? v.doubleValue.map({ NumberValue($0).text }) else { return false }
            setMarker { $0.symbol = t }
        case .markerSize:
            guard let size = v.stringValue.flatMap(MarkerSize.init(rawValue:)) else { return false }
            setMarker { $0.size = size }
        case .iconHref:
            guard let t = v.stringValue else { return false }
            setMarker { $0.href = t }
        case .iconOpacity:
            guard let o = unit(v) else { return false }
            setMarker { $0.opacity = o }
        case .iconScale:
            guard let d = v.doubleValue else { return false }
            setMarker { $0.scale = d }
        case .iconHeading:
            guard let d = v.doubleValue else { return false }
            setMarker { $0.heading = d }
        case .iconOffset:
            guard case .array(let xy) = v, xy.count == 2, let x = xy[0].doubleValue, let y = xy[1].doubleValue else { return false }
            setMarker { m in
                m.hotSpot = HotSpot(x: x, y: y, xUnits: m.hotSpot?.xUnits ?? "fraction", yUnits: m.hotSpot?.yUnits ?? "fraction")
            }
        case .iconOffsetUnits:
            guard case .array(let units) = v, units.count == 2, let xu = units[0].stringValue, let yu = units[1].stringValue
            else { return false }
            setMarker { m in m.hotSpot = HotSpot(x: m.hotSpot?.x ?? 0, y: m.hotSpot?.y ?? 0, xUnits: xu, yUnits: yu) }
        case .labelColor:
            guard let c = color(v) else { return false }
            setLabel { $0.color = c }
        case .labelOpacity:
            guard let o = unit(v) else { return false }
            setLabel { $0.opacity = o }
        case .labelScale:
            guard let d = v.doubleValue else { return false }
            setLabel { $0.scale = d }
        }
        return true
    }

    /// `decode` for the slots that fill a field of the feature itself, not of its style.
    @discardableResult
    static func decodeField(_ v: PropertyValue, _ slot: Slot, into feature: inout Feature) -> Bool {
        switch slot {
        case .title:
            guard let t = v.stringValue else { return false }
            feature.title = t
        case .subtitle:
            guard let t = v.stringValue else { return false }
            feature.subtitle = t
        case .address:
            guard let t = v.stringValue else { return false }
            feature.address = t
        case .visibility:
            guard case .bool(let b) = v else { return false }
            feature.visibility = b
        case .instant:
            guard let t = v.stringValue else { return false }
            feature.time = .instant(t)
        case .span:
            guard case .object(let span) = v, !span.isEmpty, span.allSatisfy({ ($0.key == "begin" || $0.key == "end") && $0.value.stringValue != nil })
            else { return false }
            feature.time = .span(begin: span["begin"]?.stringValue, end: span["end"]?.stringValue)
        case .spanBegin, .spanEnd:
            guard let t = v.stringValue else { return false }
            var begin: String?, end: String?
            if case .span(let b, let e)? = feature.time { begin = b; end = e }
            if slot == .spanBegin { begin = t } else { end = t }
            feature.time = .span(begin: begin, end: end)
        default:
            return false
        }
        return true
    }

    // MARK: Writing

    /// The feature's properties with its fields written back: each at its placement (under
    /// the placement's key when this vocabulary reads that key into the same field or knows
    /// the key for nothing, else under the field's first spelling here), then the fields
    /// without one, in this vocabulary's order (those in `leading` before the properties). A field whose keys are all taken by properties is left out and
    /// named in `unplaced`.
    public func properties(of feature: Feature, unplaced: ((PropertyField) -> Void)? = nil) -> Properties {
        var none = NoWriteRecording()
        return properties(of: feature, unplaced: unplaced, recording: &none)
    }

    /// `properties(of:unplaced:)`, telling `recording` each step it takes (see `WritePlan`).
    func properties<R: WriteRecording>(of feature: Feature, unplaced: ((PropertyField) -> Void)?,
                                       recording: inout R) -> Properties {
        let p = feature.properties
        if (feature.placementCount == 0 && !Self.hasFields(feature)) || writesNothing(for: feature) {
            recording.allProperties(p.count)
            return p
        }
        var out = CollectedProperties()
        out.properties.reserveCapacity(p.count + feature.placementCount + 4)
        writeProperties(of: feature, unplaced: unplaced, recording: &recording, to: &out)
        return out.properties
    }

    /// Hands `output` what `properties(of:unplaced:)` gives, one entry at a time and in
    /// order, without making the `Properties`: for a writer that writes each entry as it comes.
    public func writeProperties<O: PropertyOutput>(of feature: Feature, unplaced: ((PropertyField) -> Void)? = nil,
                                                   to output: inout O) {
        var none = NoWriteRecording()
        writeProperties(of: feature, unplaced: unplaced, recording: &none, to: &output)
    }

    /// The one walk behind `properties(of:unplaced:)` and `writeProperties(of:unplaced:to:)`.
    func writeProperties<R: WriteRecording, O: PropertyOutput>(of feature: Feature, unplaced: ((PropertyField) -> Void)?,
                                                               recording: inout R, to out: inout O) {
        feature.withFieldPlacements { placements in
            writeProperties(of: feature, placements: placements, unplaced: unplaced, recording: &recording, to: &out)
        }
    }

    /// `writeProperties(of:unplaced:recording:to:)` with the feature's `placements` spelt out.
    private func writeProperties<R: WriteRecording, O: PropertyOutput>(
        of feature: Feature, placements: UnsafeBufferPointer<FieldPlacement>, unplaced: ((PropertyField) -> Void)?,
        recording: inout R, to out: inout O
    ) {
        let p = feature.properties
        let present = Self.presentFields(feature)
        if (placements.isEmpty && !Self.hasFields(feature)) || writesNothing(for: feature, placements: placements, present: present) {
            recording.allProperties(p.count)
            for e in p { out.append(key: e.key, value: e.value) }
            return
        }
        var written: UInt32 = 0
        // The keys written for fields so far (with the properties' own keys, every key
        // written): a spelling's key as the bit of the first rank with that key (below 64),
        // any other in `otherFieldKeys`. Two keys that match have the same first rank, and a
        // key of no spelling matches none that has one.
        var fieldKeyRanks: UInt64 = 0
        var otherFieldKeys: [String] = []
        // Keys the properties hold (whatever their case, where keys match so), in their normal
        // form: most keys are their own (no string made), compared by length and bytes.
        let held: [String]? = ignoresCase ? p.map { Self.normalised($0.key) } : nil
        /// Whether `key` (the key of the spelling at `rank`, or of none when `nil`) is taken.
        func isTaken(_ key: String, rank: Int?) -> Bool {
            var isFieldKey: Bool {
                if let rank, firstRankOfKey[rank] < 64 { return fieldKeyRanks & (1 << UInt64(firstRankOfKey[rank])) != 0 }
                guard !otherFieldKeys.isEmpty else { return false }
                guard held != nil else { return otherFieldKeys.contains(key) }
                let k = Self.normalised(key)
                return otherFieldKeys.contains { Self.normalised($0) == k }
            }
            guard let held else { return p.contains(key: key) || isFieldKey }
            return held.contains(Self.normalised(key)) || isFieldKey
        }
        /// Writes `value` under `key` (the key of the spelling at `rank`, or of none when
        /// `nil`) unless the key is taken; whether it did.
        func put(_ key: String, rank: Int?, _ slot: Slot, _ field: PropertyField, source: PropertyValue?, placement: Int?,
                 blocked: inout Bool) -> Bool {
            guard let value = Self.encode(feature, slot) else {
                recording.unencodable(slot)
                return false
            }
            guard !isTaken(key, rank: rank) else {
                blocked = true
                return false
            }
            out.append(key: key, value: Self.spelling(value, source: source, slot, feature))
            if let rank, firstRankOfKey[rank] < 64 {
                fieldKeyRanks |= 1 << UInt64(firstRankOfKey[rank])
            } else {
                otherFieldKeys.append(key)
            }
            recording.field(key: key, slot: slot, placement: placement)
            written |= field.bit
            return true
        }
        func emit(_ field: PropertyField, preferring key: String?, source: PropertyValue?, placement: Int?) {
            guard written & field.bit == 0, fieldsMask & field.bit != 0 else { return }
            var blocked = false
            // The placement's own key: when this vocabulary reads it into the same field, or
            // knows it for nothing else (a title taken from any property, `--title-property`).
            if let key {
                if let r = rank(of: key) {
                    let s = spellings[r]
                    if s.slot.field == field, key == field.key ? s.isRead : s.isWritten,
                       put(key, rank: r, s.slot, field, source: source, placement: placement, blocked: &blocked) { return }
                } else if key != field.key, let r = firstRank[Int(field.rawValue)],
                          put(key, rank: nil, spellings[r].slot, field, source: source, placement: placement, blocked: &blocked) { return }
            }
            for r in readRanks[Int(field.rawValue)] where put(spellings[r].key, rank: r, spellings[r].slot, field, source: source, placement: placement, blocked: &blocked) {
                return
            }
            if blocked {
                recording.unplaced(field)
                unplaced?(field)
            }
        }
        var placed: UInt32 = 0
        for pl in placements { placed |= pl.field.bit }
        if leadingMask & present & ~placed != 0 {
            for field in PropertyField.allCases where leadingMask & present & ~placed & field.bit != 0 {
                emit(field, preferring: nil, source: nil, placement: nil)
            }
        }
        // The properties with the placements among them (`forEachSourceEntry`, without making entries).
        var next = 0
        for i in p.indices {
            while next < placements.count, placements[next].index <= i + next {
                emit(placements[next].field, preferring: placements[next].key, source: placements[next].sourceValue,
                     placement: next)
                next += 1
            }
            out.append(key: p[i].key, value: p[i].value)
            recording.property(i)
        }
        while next < placements.count {
            emit(placements[next].field, preferring: placements[next].key, source: placements[next].sourceValue,
                     placement: next)
            next += 1
        }
        // The fields without a place, in this vocabulary's order.
        if present & ~written != 0 {
            for s in spellings where s.isRead && present & ~written & s.slot.field.bit != 0 {
                emit(s.slot.field, preferring: nil, source: nil, placement: nil)
            }
        }
    }

    /// Whether `properties(of:)` would add nothing to `feature`'s properties: each field it
    /// holds is one this vocabulary does not write (KML's title, an element there), placed, if
    /// at all, under its own key, or not known here at all. Spares the copy. (`present`:
    /// `presentFields(feature)`, when known.)
    private func writesNothing(for feature: Feature) -> Bool {
        guard Self.presentFields(feature) & readFieldsMask == 0 else { return false }
        for pl in feature.storedPlacements where fieldsMask & pl.field.bit != 0 {
            guard readFieldsMask & pl.field.bit == 0, pl.key == pl.field.key else { return false }
        }
        // A derived placement is under its field's own key.
        for field in [PropertyField.title, .subtitle] where feature.derivedPlacements.has(field) && fieldsMask & field.bit != 0 {
            guard readFieldsMask & field.bit == 0 else { return false }
        }
        return true
    }

    /// `writesNothing(for:)` with the feature's `placements` spelt out.
    private func writesNothing(for feature: Feature, placements: UnsafeBufferPointer<FieldPlacement>,
                               present: UInt32? = nil) -> Bool {
        guard (present ?? Self.presentFields(feature)) & readFieldsMask == 0 else { return false }
        for pl in placements where fieldsMask & pl.field.bit != 0 {
            guard readFieldsMask & pl.field.bit == 0, pl.key == pl.field.key else { return false }
        }
        return true
    }

    /// The fields `f` holds a value for, as bits (`PropertyField.bit`).
    static func presentFields(_ f: Feature) -> UInt32 {
        var m: UInt32 = 0
        func set(_ field: PropertyField, _ has: Bool) { if has { m |= field.bit } }
        set(.title, f.title != nil)
        set(.subtitle, f.subtitle != nil)
        set(.address, f.address != nil)
        set(.visibility, f.visibility != nil)
        if let t = f.time {
            m |= PropertyField.time.bit
            if case .span(let b, let e) = t {
                set(.timeBegin, b != nil)
                set(.timeEnd, e != nil)
            }
        }
        if let s = f.style {
            set(.styleID, s.id != nil)
            set(.strokeColor, s.strokeColor != nil)
            set(.strokeOpacity, s.strokeOpacity != nil)
            set(.strokeWidth, s.strokeWidth != nil)
            set(.fillColor, s.fillColor != nil)
            set(.fillOpacity, s.fillOpacity != nil || s.fill == false)
            if let mk = s.marker {
                set(.markerColor, mk.color != nil)
                set(.markerSymbol, mk.symbol != nil)
                set(.markerSize, mk.size != nil)
                set(.iconHref, mk.href != nil)
                set(.iconOpacity, mk.opacity != nil)
                set(.iconScale, mk.scale != nil)
                set(.iconHeading, mk.heading != nil)
                set(.hotSpotOffset, mk.hotSpot != nil)
                set(.hotSpotUnits, mk.hotSpot != nil)
            }
            if let l = s.label {
                set(.labelColor, l.color != nil)
                set(.labelOpacity, l.opacity != nil)
                set(.labelScale, l.scale != nil)
            }
        }
        return m
    }

    /// Whether `feature` carries a field or a placement, which `properties(of:)` writes among
    /// its properties; without either it gives the properties as they are.
    public static func carriesFields(_ f: Feature) -> Bool { f.placementCount > 0 || hasFields(f) }

    /// Whether `feature` has any field a vocabulary writes.
    private static func hasFields(_ f: Feature) -> Bool {
        f.title != nil || f.subtitle != nil || f.address != nil || f.visibility != nil || f.time != nil || f.style != nil
    }

    /// What is written for a field whose value is `value`: the source's spelling `source`
    /// while it still says the same, else `value`.
    static func spelling(_ value: PropertyValue, source: PropertyValue?, _ slot: Slot, _ feature: Feature) -> PropertyValue {
        if let source, source != value, means(source, slot, sameAs: feature) { return source }
        return value
    }

    /// Whether the source's spelling `value` reads as what the feature's field holds.
    private static func means(_ value: PropertyValue, _ slot: Slot, sameAs feature: Feature) -> Bool {
        // A title or other text taken from a number keeps the number.
        if case .number(let n) = value, case .string(let text)? = encode(feature, slot) { return n.text == text }
        var probe = Feature(time: feature.time)
        var style = Style(marker: feature.style?.marker.map { m in
            MarkerStyle(hotSpot: m.hotSpot)
        })
        guard decode(value, slot, into: &probe, style: &style) else { return false }
        probe.style = style
        return encode(probe, slot) == encode(feature, slot)
    }

    /// The slot's value for `feature`, or `nil` when the field is unset or the slot cannot say it.
    static func encode(_ f: Feature, _ slot: Slot) -> PropertyValue? {
        if slot.isNumber { return number(f, slot).map { .number(NumberValue($0)) } }
        func hex(_ c: Color?) -> PropertyValue? { c.map { .string($0.hex) } }
        func text(_ t: String?) -> PropertyValue? { t.map { .string($0) } }
        // Each member read where it stands: no copy of the style (and no retain of its strings).
        switch slot {
        case .title: return text(f.title)
        case .subtitle: return text(f.subtitle)
        case .address: return text(f.address)
        case .visibility: return f.visibility.map { .bool($0) }
        case .instant:
            if case .instant(let t)? = f.time { return .string(t) }
            return nil
        case .span:
            if case .span? = f.time { return f.time?.propertyValue }
            return nil
        case .spanBegin:
            if case .span(let b?, _)? = f.time { return .string(b) }
            return nil
        case .spanEnd:
            if case .span(_, let e?)? = f.time { return .string(e) }
            return nil
        case .styleURL: return f.style?.id.map { .string("#" + $0) }
        case .strokeColor: return hex(f.style?.strokeColor)
        case .fillColor: return hex(f.style?.fillColor)
        case .markerColor: return f.style?.marker?.href == nil ? hex(f.style?.marker?.color) : nil
        case .iconColor: return f.style?.marker?.href != nil ? hex(f.style?.marker?.color) : nil
        case .markerSymbol: return text(f.style?.marker?.symbol)
        case .markerSize: return f.style?.marker?.size.map { .string($0.rawValue) }
        case .iconHref: return text(f.style?.marker?.href)
        case .iconOffset: return f.style?.marker?.hotSpot.map { .array([.number(NumberValue($0.x)), .number(NumberValue($0.y))]) }
        case .iconOffsetUnits: return f.style?.marker?.hotSpot.map { .array([.string($0.xUnits), .string($0.yUnits)]) }
        case .labelColor: return hex(f.style?.label?.color)
        case .strokeOpacity, .strokeWidth, .fillOpacity, .iconOpacity, .iconScale, .iconHeading, .labelOpacity, .labelScale:
            return nil  // answered above
        }
    }

    /// The number a slot that says a single number (`Slot.isNumber`) says for `f`, or `nil`
    /// when the field is unset or the slot says no number.
    static func number(_ f: Feature, _ slot: Slot) -> Double? {
        switch slot {
        case .strokeOpacity: f.style?.strokeOpacity
        case .strokeWidth: f.style?.strokeWidth
        // simplestyle has no fill switch: an area drawn without fill has fill-opacity 0.
        case .fillOpacity: f.style?.fillOpacity ?? (f.style?.fill == false ? 0 : nil)
        case .iconOpacity: f.style?.marker?.opacity
        case .iconScale: f.style?.marker?.scale
        case .iconHeading: f.style?.marker?.heading
        case .labelOpacity: f.style?.label?.opacity
        case .labelScale: f.style?.label?.scale
        default: nil
        }
    }
}

extension Style {
    /// The style, or `nil` when it says nothing (an empty marker or label dropped).
    var normalised: Style? {
        var s = self
        if s.marker?.isEmpty == true { s.marker = nil }
        if s.label?.isEmpty == true { s.label = nil }
        return s.isEmpty && s.id == nil ? nil : s
    }
}

extension Feature {
    /// Records that `field`, just filled from an element of the source, stands next among the
    /// properties under `key` (GPX's `desc`), so that writers built on properties spell it so.
    public mutating func placeField(_ field: PropertyField, key: String, sourceValue: PropertyValue) {
        fieldPlacements.removeAll { $0.field == field }
        fieldPlacements.append(FieldPlacement(field: field, key: key, index: properties.count + fieldPlacements.count,
                                              sourceValue: sourceValue))
    }

    /// The placement of `field`, if it has one.
    public func placement(of field: PropertyField) -> FieldPlacement? {
        withFieldPlacements { $0.first { $0.field == field } }
    }
}

extension Feature {
    /// Makes the property `key` the source of `field` (`--title-property`): its text fills the
    /// field, and it becomes the field's placement; a property the field came from before
    /// goes back among the properties, where it stood.
    /// - Returns: whether the property exists and has a text (a string, or a number's text).
    @discardableResult
    public mutating func takeField(_ field: PropertyField, fromProperty key: String, setting set: (inout Feature, String) -> Void) -> Bool {
        // The source's order: properties and placements as one list.
        var all: [(entry: Properties.Entry, field: PropertyField?)] = []
        all.reserveCapacity(properties.count + fieldPlacements.count)
        forEachSourceEntry { entry, placement in all.append((entry, placement?.field)) }
        guard let j = all.firstIndex(where: { $0.field == nil && $0.entry.key == key }) else { return false }
        let text: String
        switch all[j].entry.value {
        case .string(let s): text = s
        case .number(let n): text = n.text
        default: return false
        }
        for k in all.indices where all[k].field == field { all[k].field = nil }
        all[j].field = field
        set(&self, text)
        var rest = Properties()
        var kept: [FieldPlacement] = []
        for (i, item) in all.enumerated() {
            if let f = item.field {
                kept.append(FieldPlacement(field: f, key: item.entry.key, index: i, sourceValue: item.entry.value))
            } else {
                rest.append(key: item.entry.key, value: item.entry.value)
            }
        }
        properties = rest
        fieldPlacements = kept
        return true
    }
}

extension Feature {
    /// The properties and the fields' placements in the source's order, as one walk: `body`
    /// gets each property with `nil`, and each placement as its key and source value with the
    /// placement.
    public func forEachSourceEntry(_ body: (Properties.Entry, FieldPlacement?) throws -> Void) rethrows {
        try withFieldPlacements { placements in try forEachSourceEntry(placements: placements, body) }
    }

    /// `forEachSourceEntry(_:)` with the feature's `placements` spelt out.
    private func forEachSourceEntry(placements: UnsafeBufferPointer<FieldPlacement>,
                                    _ body: (Properties.Entry, FieldPlacement?) throws -> Void) rethrows {
        var next = 0
        for (i, entry) in properties.enumerated() {
            while next < placements.count, placements[next].index <= i + next {
                try body(Properties.Entry(key: placements[next].key, value: placements[next].sourceValue), placements[next])
                next += 1
            }
            try body(entry, nil)
        }
        for p in placements[next...] { try body(Properties.Entry(key: p.key, value: p.sourceValue), p) }
    }
}
