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
    func writeExtendedData(of feature: Feature, as element: FeatureElement, idAsData: String?, timeIsWritten: Bool) throws {
        let entries = DataEntries(of: feature, as: element, idAsData: idAsData, timeIsWritten: timeIsWritten,
                                  trackArrays: trackArrays)
        // What the values' notes need, rather than the feature (which a closure would copy).
        let origin = ValueOrigin(time: feature.time, location: feature.location)
        guard options.propertyTypes == .schema else {
            var any = false
            try entries.forEach { key, value in
                if !any { try xml.open("ExtendedData") }
                any = true
                try writeData(key, value, origin)
            }
            if any { try xml.close("ExtendedData") }
            return
        }
        var layout = dataLayout
        dataLayout = DataLayout()  // the layout is changed in place, not copied
        let count = placeEntries(entries, in: &layout, origin)
        dataLayout = layout
        guard count > 0 else { return }
        try xml.open("ExtendedData")
        // Data must precede SchemaData: the few entries the schemas have no room for go first.
        if layout.hasUntyped {
            var i = 0
            try entries.forEach { key, value in
                if layout.entries[i].slot == nil { try writeData(key, value, origin) }
                i += 1
            }
        }
        for (schema, dataTag) in layout.schemas {
            try xml.open(dataTag)
            var i = 0
            try entries.forEach { _, value in
                let entry = layout.entries[i]
                if let tag = entry.tag, entry.slot?.schema == schema {
                    try xml.open(tag)
                    try writeValueText(value, origin, typed: true)
                    try xml.close(tag)
                }
                i += 1
            }
            try xml.close(dataTag)
        }
        try xml.close("ExtendedData")
    }

    /// Makes `layout` say where each of `entries` goes in the schemas, and returns how many
    /// there are. An entry with the key and type of the same entry of the last feature keeps
    /// its slot while the schema table is unchanged (most documents repeat one layout, or a
    /// few); the table finds the others, adding the fields that are new.
    private func placeEntries(_ entries: DataEntries, in layout: inout DataLayout, _ origin: ValueOrigin) -> Int {
        let start = schemaTable.generation
        var count = 0
        var changed = false
        entries.forEach { key, value in
            let type = FieldType.ofNonNull(value)
            defer { count += 1 }
            if count < layout.entries.count, layout.generation == schemaTable.generation,
               layout.entries[count].type == type, layout.entries[count].key == key { return }
            let slot = if let type {
                schemaTable.slot(for: key, type: type, identifiers: &identifiers)
            } else {
                schemaTable.slotForNull(of: key, identifiers: &identifiers)
            }
            if slot == nil {
                note("schema-limit", "more than \(options.maximumSchemaFields) typed property fields: the properties beyond them are written as untyped Data",
                     at: origin.location)
            }
            let entry = DataLayout.Entry(key: key, type: type, slot: slot,
                                         tag: slot.map { schemaTable.schemas[$0.schema].fieldTags[$0.field] })
            if count < layout.entries.count { layout.entries[count] = entry } else { layout.entries.append(entry) }
            changed = true
        }
        if count < layout.entries.count {
            layout.entries.removeLast(layout.entries.count - count)
            changed = true
        }
        // Slots of nulls found before a field of their key was added may move: a layout made
        // while the table grew is not reused.
        layout.generation = schemaTable.generation == start ? start : -1
        if changed {
            var schemas: [Int] = []
            layout.hasUntyped = false
            for entry in layout.entries {
                guard let schema = entry.slot?.schema else {
                    layout.hasUntyped = true
                    continue
                }
                if !schemas.contains(schema) { schemas.append(schema) }
            }
            layout.schemas = schemas.sorted().map { ($0, schemaTable.schemas[$0].dataTag) }
        }
        return count
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

    /// Where the entries of a feature's data went in the schemas: remembered from one feature
    /// to the next.
    struct DataLayout {
        struct Entry {
            var key: String
            /// The value's field type; `nil` for a null.
            var type: FieldType?
            /// `nil` for an entry written as untyped `Data` (the table is full).
            var slot: SchemaTable.Slot?
            /// The slot's `SimpleData` tag.
            var tag: XMLTag?
        }

        var entries: [Entry] = []
        /// The schemas the entries are in, in order, with their `SchemaData` tags.
        var schemas: [(index: Int, dataTag: XMLTag)] = []
        var hasUntyped = false
        /// The schema table's `generation` the slots were found at; -1 when they cannot be reused.
        var generation = -1
    }

    /// The properties and the model's extra data, in order (see `KMLDataMapping`), walked
    /// without copying them into a list: `@id` first, the data with the fields put in place
    /// (a track's `coordinateProperties` without the values the track carries), then the
    /// circle's radius, the overlay kind and a time KML cannot hold, each unless the data has
    /// its key.
    struct DataEntries {
        let data: Properties
        let lead: Properties.Entry?
        let trail: [Properties.Entry]
        let hasTrack: Bool
        let trackArrays: TrackArrays?

        /// Borrows `feature` (an initialiser's arguments are otherwise passed owned, which
        /// would copy the caller's feature for each placemark).
        init(of feature: borrowing Feature, as element: FeatureElement, idAsData: String?, timeIsWritten: Bool,
             trackArrays: TrackArrays?)
        {
            let data = KMLDataMapping.data(of: feature)
            self.data = data
            self.trackArrays = trackArrays
            func free(_ key: String) -> Bool { !data.contains(key: key) }
            if let idAsData, free(KMLDataMapping.idKey) {
                // Typed as given, so a number id comes back a number.
                if case .number(let n)? = feature.id {
                    lead = Properties.Entry(key: KMLDataMapping.idKey, value: .number(n))
                } else {
                    lead = Properties.Entry(key: KMLDataMapping.idKey, value: .string(idAsData))
                }
            } else {
                lead = nil
            }
            hasTrack = feature.shape.map(KMLWriter.hasWritableTrack) ?? false
            var trail: [Properties.Entry] = []
            func add(_ key: String, _ value: PropertyValue) {
                if free(key) { trail.append(Properties.Entry(key: key, value: value)) }
            }
            if case .circle(let circle)? = feature.shape { add("radius", .number(NumberValue(circle.radius))) }
            if let kind = feature.overlay, element == .placemark {
                // An overlay KML cannot write as its element says what it was, to come back as one.
                add(OverlayKind.geometryTypeKey, .string(kind.rawValue))
            }
            if !timeIsWritten, let time = feature.time { add(time.propertyKey, time.propertyValue) }
            self.trail = trail
        }

        /// Calls `body` with each entry's key and value, in order.
        func forEach(_ body: (String, PropertyValue) throws -> Void) rethrows {
            if let lead { try body(lead.key, lead.value) }
            for entry in data {
                if hasTrack, entry.key == "coordinateProperties" {
                    // The tracks carry the per-point values they can; the rest stays.
                    if let left = KMLWriter.coordinatePropertiesLeft(entry.value, besides: trackArrays) {
                        try body(entry.key, left)
                    }
                    continue
                }
                try body(entry.key, entry.value)
            }
            for entry in trail { try body(entry.key, entry.value) }
        }
    }

    /// What a value's notes say of its feature.
    struct ValueOrigin {
        var time: FeatureTime?
        var location: SourceLocation?
    }

    private func writeData(_ name: String, _ value: PropertyValue, _ origin: ValueOrigin) throws {
        try xml.open("Data", ("name", name))
        if case .null = value {
            try xml.empty("value")
        } else {
            try xml.open("value")
            try writeValueText(value, origin, typed: false)
            try xml.close("value")
        }
        try xml.close("Data")
    }

    /// A property value's text, escaped. A boolean in a typed `bool` field is `1` or `0`
    /// (xsd:boolean either way; GDAL reads `true` there as the integer 0), as untyped text
    /// `true` or `false`.
    private func writeValueText(_ value: PropertyValue, _ origin: ValueOrigin, typed: Bool) throws {
        switch value {
        case .null:
            break
        case .string(let s):
            try xml.escaped(s, inAttribute: false)
        case .number(let n):
            try xml.raw(n.text)
        case .bool(let b):
            try xml.raw(typed ? (b ? "1" : "0") : (b ? "true" : "false"))
        case .array, .object:
            if options.propertyTypes == .text && (origin.time == nil || !Self.isTimeFallback(value, origin.time)) {
                note("json-text", "KML data values are text: array and object values are written as their JSON text", at: origin.location)
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
