import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import MapBridgeXML

/// Properties as `ExtendedData`, in their order.
///
/// With `PropertyTypes.schema` (the default) they are `SchemaData/SimpleData` typed by
/// shared `Schema`s in the header (see `SchemaTable`), so numbers (with their text) and
/// booleans come back as such; with `PropertyTypes.text` they are `Data name="…"/value`.
/// Either way the text of a value is:
///
/// | property value | text | `SimpleField` type |
/// |---|---|---|
/// | string | the string | `string` |
/// | number | its original text (`0.10` stays `0.10`) | `int` (integers within 32 bits), else `double` |
/// | boolean | `1` or `0` (`true` or `false` as untyped `Data`) | `bool` |
/// | null | empty | a number or boolean field of the key, else a `string` field of the schema named `mapbridge-null`, so it reads back as null; untyped `Data` reads back as an empty string |
/// | array, object | its compact JSON text, e.g. `[1,2]` | `string`, in a schema named `mapbridge-json` that the reader parses back (as untyped `Data`: text, reported once) |
///
/// The properties hold no field (readers move those into the fields), so each is data. The
/// fields KML has no element for join them in place (`KMLDataMapping`: the marker's symbol
/// and size, a title spelt `NAME`), and, when the properties lack the key: `@id` (an id that
/// cannot be the attribute), `radius` (a circle's, in metres), `timestamp` or `timespan` (a
/// time KML cannot read; a span as a JSON object `{"begin":…,"end":…}`). A track's per-point
/// values leave `coordinateProperties` for `gx:SimpleArrayData`.
extension KMLWriter {
    /// `idAsData` is the id's value when it goes to the data as `@id` (see `writePlacemark`).
    func writeExtendedData(of feature: Feature, as element: FeatureElement, idAsData: PropertyValue?, timeIsWritten: Bool) throws {
        let isPlacemark = if case .placemark = element { true } else { false }
        let entries = DataEntries(of: feature, isPlacemark: isPlacemark, idAsData: idAsData, timeIsWritten: timeIsWritten,
                                  trackArrays: trackArrays)
        // The feature goes along, borrowed, for the values' notes (its time and location),
        // which are read only when one is made.
        try entries.withRuns { runs in
            if options.propertyTypes == .schema {
                try writeSchemaData(runs, of: feature)
            } else {
                try writeUntypedData(runs, of: feature)
            }
        }
    }

    /// The entries as untyped `Data`, in order.
    private func writeUntypedData(_ runs: DataEntries.Runs, of feature: Feature) throws {
        let count = runs.count
        guard count > 0 else { return }
        try xml.open("ExtendedData")
        for i in 0..<count {
            let entry = runs[i]
            try writeData(entry.pointee.key, entry.pointee.value, of: feature)
        }
        try xml.close("ExtendedData")
    }

    /// The entries as typed `SchemaData`, after the few the schemas have no room for as `Data`.
    private func writeSchemaData(_ runs: DataEntries.Runs, of feature: Feature) throws {
        let placed = placeEntries(runs, of: feature)
        let count = runs.count
        guard count > 0 else { return }
        try xml.open("ExtendedData")
        // Data must precede SchemaData: the few entries the schemas have no room for go first.
        if placed.hasUntyped {
            for i in 0..<count where slotCache.current[i] == nil {
                let entry = runs[i]
                try writeData(entry.pointee.key, entry.pointee.value, of: feature)
            }
        }
        // Each schema the entries are in, lowest first (most placemarks fill one). The tags
        // are read in place, by the index each slot holds.
        try schemaTable.startTags.withBytes { tags in
            try slotCache.current.withUnsafeBufferPointer { slots in
                var next = placed.lowestSchema
                while let schema = next {
                    next = nil
                    try xml.open(schemaTable.schemas[schema].dataTag, of: tags)
                    for i in 0..<count {
                        guard let slot = slots[i] else { continue }
                        if slot.schema == schema {
                            try xml.open(slot.tag, of: tags)
                            try writeValueText(&UnsafeMutablePointer(mutating: runs[i]).pointee.value, of: feature, typed: true)
                            try xml.close("SimpleData")
                        } else if slot.schema > schema, next.map({ slot.schema < $0 }) ?? true {
                            next = slot.schema
                        }
                    }
                    try xml.close("SchemaData")
                }
            }
        }
        try xml.close("ExtendedData")
    }

    /// What `placeEntries` found: whether any entry is untyped `Data`, and the lowest schema
    /// any is in.
    private struct Placement {
        var hasUntyped = false
        var lowestSchema: Int?
    }

    /// Finds the slot of each entry of `runs` in the schemas (into `slotCache.current`, in
    /// order), adding the fields that are new. A key and type at the same place as in an
    /// earlier placemark is not looked up again (most documents repeat one layout of keys, or
    /// a few, and a null here and there): see `SlotCache`.
    private func placeEntries(_ runs: DataEntries.Runs, of feature: Feature) -> Placement {
        var placed = Placement()
        // The cache is read and changed where it is (a stored property, changed in place).
        for i in 0..<runs.count {
            // The key and value are read in place: copied only for a lookup.
            let entry = runs[i]
            let type = FieldType.ofNonNull(&UnsafeMutablePointer(mutating: entry).pointee.value)
            if i == slotCache.keys.count {
                slotCache.append(key: entry.pointee.key)
            } else if slotCache.keys[i] != entry.pointee.key {
                slotCache.reset(i, key: entry.pointee.key)
            }
            let slot: SchemaTable.Slot?
            if let known = slotCache.slot(at: i, of: type, generation: schemaTable.generation) {
                slot = known
            } else {
                let key = entry.pointee.key
                slot = if let type {
                    schemaTable.slot(for: key, type: type, identifiers: &identifiers)
                } else {
                    schemaTable.slotForNull(of: key, identifiers: &identifiers)
                }
                if slot == nil {
                    note("schema-limit", "more than \(options.maximumSchemaFields) typed property fields: the properties beyond them are written as untyped Data",
                         at: feature.location)
                }
                slotCache.remember(slot, at: i, of: type, generation: schemaTable.generation)
            }
            slotCache.current[i] = slot
            if let schema = slot?.schema {
                if placed.lowestSchema.map({ schema < $0 }) ?? true { placed.lowestSchema = schema }
            } else {
                placed.hasUntyped = true
            }
        }
        return placed
    }

    /// Writes the typed `Schema`s collected so far.
    func writeSchemas() throws {
        for schema in schemaTable.declarationOrder {
            if let name = schema.kind.name {
                try xml.open("Schema", attributes: [("name", name), ("id", schema.id)], break: .before)
            } else {
                try xml.open("Schema", ("id", schema.id), break: .before)
            }
            for field in schema.fields {
                try xml.empty(schema.kind == .arrays ? "gx:SimpleArrayField" : "SimpleField",
                              [("type", field.type.kmlType), ("name", field.name)])
            }
            try xml.close("Schema")
        }
    }

    /// The slots the entries of the placemarks' data went to, remembered by their place among
    /// a placemark's entries, so that the next placemark with the same keys in the same order
    /// finds its slots without a lookup.
    ///
    /// A slot remembered is always the one a lookup would give now. A value's field, once
    /// found, stays where it is: fields are only ever added, and a key's value of one type
    /// goes to the first schema that has the key with that type (or, when the table was full,
    /// to none, for good). Where a null goes can change as fields are added (see
    /// `SchemaTable.slotForNull`), so a null's slot holds only while the table is unchanged.
    struct SlotCache {
        /// A slot lookup's answer, or none yet.
        enum CachedSlot {
            case unknown
            /// `nil` for untyped `Data` (the table is full).
            case known(SchemaTable.Slot?)
        }

        /// How many types `typed` has a slot for at each place (see `FieldType.index`).
        static let typeCount = 5

        /// By place among a placemark's entries: the key seen there last.
        private(set) var keys: [String] = []
        /// By place, `typeCount` to a place, then by `FieldType.index`: the slot a value of that
        /// type went to, once looked up. Flat, so that one is read without copying a place's.
        private var typed: [CachedSlot] = []
        /// By place: the slot a null went to, and the table's `generation` it holds at.
        private var nulls: [CachedSlot] = []
        private var nullGenerations: [Int] = []
        /// The slots of the placemark being written, one per entry (`nil`: untyped `Data`);
        /// the entries after its last are left from earlier placemarks. One per place.
        var current: [SchemaTable.Slot?] = []

        /// Adds a place, after the others, for entries of `key`.
        mutating func append(key: String) {
            keys.append(key)
            typed.append(contentsOf: repeatElement(.unknown, count: Self.typeCount))
            nulls.append(.unknown)
            nullGenerations.append(-1)
            current.append(nil)
        }

        /// Forgets what place `i` remembered, now for entries of `key`.
        mutating func reset(_ i: Int, key: String) {
            keys[i] = key
            for t in 0..<Self.typeCount { typed[i * Self.typeCount + t] = .unknown }
            nulls[i] = .unknown
            nullGenerations[i] = -1
        }

        /// The slot remembered at place `i` for a value of `type` (`nil` for a null) while the
        /// schema table is at `generation`; `nil` when it is to be looked up.
        func slot(at i: Int, of type: FieldType?, generation: Int) -> SchemaTable.Slot?? {
            let cached = if let type {
                typed[i * Self.typeCount + type.index]
            } else {
                nullGenerations[i] == generation ? nulls[i] : .unknown
            }
            guard case .known(let slot) = cached else { return nil }
            return .some(slot)
        }

        /// Remembers at place `i` the slot a lookup gave a value of `type`, with the table now
        /// at `generation`.
        mutating func remember(_ slot: SchemaTable.Slot?, at i: Int, of type: FieldType?, generation: Int) {
            if let type {
                typed[i * Self.typeCount + type.index] = .known(slot)
            } else {
                nulls[i] = .known(slot)
                nullGenerations[i] = generation
            }
        }
    }

    /// The properties and the model's extra data, in order (see `KMLDataMapping`), walked
    /// without copying them into a list: `@id` first, the data with the fields put in place
    /// (a track's `coordinateProperties` without the values the track carries), then the
    /// circle's radius, the overlay kind and a time KML cannot hold, each unless the data has
    /// its key.
    struct DataEntries {
        /// The data's entries (the properties with the fields put in place, `coordinateProperties`
        /// without what the tracks carry).
        let data: [Properties.Entry]
        let lead: Properties.Entry?
        let trail: [Properties.Entry]

        /// Borrows `feature` (an initialiser's arguments are otherwise passed owned, which
        /// would copy the caller's feature for each placemark).
        init(of feature: borrowing Feature, isPlacemark: Bool, idAsData: PropertyValue?, timeIsWritten: Bool,
             trackArrays: TrackArrays?)
        {
            var data = KMLDataMapping.data(of: feature).entries
            if KMLWriter.hasWritableTrack(feature.shape) {
                // The tracks carry the per-point values they can; the rest stays.
                for k in data.indices.reversed() where data[k].key == "coordinateProperties" {
                    if let left = KMLWriter.coordinatePropertiesLeft(data[k].value, besides: trackArrays) {
                        data[k].value = left
                    } else {
                        data.remove(at: k)
                    }
                }
            }
            self.data = data
            func free(_ key: String) -> Bool {
                // Lengths first: most keys differ in length, which is read without comparing.
                let length = key.utf8.count
                return data.withUnsafeBufferPointer { entries in
                    !entries.contains { $0.key.utf8.count == length && $0.key == key }
                }
            }
            if let idAsData, free(KMLDataMapping.idKey) {
                lead = Properties.Entry(key: KMLDataMapping.idKey, value: idAsData)
            } else {
                lead = nil
            }
            var trail: [Properties.Entry] = []
            func add(_ key: String, _ value: PropertyValue) {
                if free(key) { trail.append(Properties.Entry(key: key, value: value)) }
            }
            if case .circle(let circle)? = feature.shape { add("radius", .number(NumberValue(circle.radius))) }
            if let kind = feature.overlay, isPlacemark {
                // An overlay KML cannot write as its element says what it was, to come back as one.
                add(OverlayKind.geometryTypeKey, .string(kind.rawValue))
            }
            if !timeIsWritten, let time = feature.time { add(time.propertyKey, time.propertyValue) }
            self.trail = trail
        }

        /// Calls `body` with the entries' addresses, in order (valid only inside the call).
        /// The entries are borrowed where they are: neither they nor their keys and values are
        /// copied out and destroyed again for each walk.
        @inline(__always)
        func withRuns<R>(_ body: (Runs) throws -> R) rethrows -> R {
            try data.withUnsafeBufferPointer { data in
                try trail.withUnsafeBufferPointer { trail in
                    if let lead {
                        return try withUnsafePointer(to: lead) { try body(Runs(lead: $0, data: data, trail: trail)) }
                    }
                    return try body(Runs(lead: nil, data: data, trail: trail))
                }
            }
        }

        /// The entries' addresses, in order: the lead, the data, the trail.
        struct Runs {
            let lead: UnsafePointer<Properties.Entry>?
            let data: UnsafeBufferPointer<Properties.Entry>
            let trail: UnsafeBufferPointer<Properties.Entry>

            var count: Int { (lead == nil ? 0 : 1) + data.count + trail.count }

            /// The address of entry `i` (in `0..<count`).
            @inline(__always)
            subscript(i: Int) -> UnsafePointer<Properties.Entry> {
                var k = i
                if let lead {
                    if k == 0 { return lead }
                    k -= 1
                }
                if k < data.count, let base = data.baseAddress { return base + k }
                return trail.baseAddress.unsafelyUnwrapped + (k - data.count)
            }
        }
    }

    private func writeData(_ name: String, _ value: PropertyValue, of feature: Feature) throws {
        try xml.open("Data", ("name", name))
        if case .null = value {
            try xml.empty("value")
        } else {
            try xml.open("value")
            var value = value
            try writeValueText(&value, of: feature, typed: false)
            try xml.close("value")
        }
        try xml.close("Data")
    }

    /// A property value's text, escaped. A boolean in a typed `bool` field is `1` or `0`
    /// (xsd:boolean either way; GDAL reads `true` there as the integer 0), as untyped text
    /// `true` or `false`. `value` is `inout` only to be read where the entry holds it, not
    /// copied out for the call (see `FieldType.init(of:)`); it is not changed.
    @inline(__always)
    private func writeValueText(_ value: inout PropertyValue, of feature: Feature, typed: Bool) throws {
        switch value {
        case .null:
            break
        case .string(let s):
            try xml.escaped(s, inAttribute: false)
        case .number(let n):
            try xml.raw(n.text)
        case .bool(let b):
            try xml.raw((typed ? (b ? "1" : "0") : (b ? "true" : "false")) as StaticString)
        case .array, .object:
            if options.propertyTypes == .text && (feature.time == nil || !Self.isTimeFallback(value, feature.time)) {
                note("json-text", "KML data values are text: array and object values are written as their JSON text", at: feature.location)
            }
            let scratch = ByteSink(collectingInMemoryNamed: "JSON text")
            try JSONEmitter(sink: scratch).value(value)
            try scratch.flush()
            try scratch.collectedBytes.withUnsafeBufferPointer { try xml.escaped($0, inAttribute: false) }
        }
    }

    /// Whether `value` is the timespan the writer itself moved into the data (already reported).
    private static func isTimeFallback(_ value: PropertyValue, _ time: FeatureTime?) -> Bool {
        guard case .span(let begin, let end)? = time, case .object(let span) = value else { return false }
        return span["begin"]?.stringValue == begin && span["end"]?.stringValue == end
    }
}
