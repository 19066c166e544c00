import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

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
/// Properties the placemark already carries in its own elements are not repeated: `name`
/// (and `title`) equal to the title, `description` equal to the subtitle, `address` equal
/// to the address, `visibility` when written, `timestamp`/`timespan` when the time is
/// written, `coordinateProperties` when a track carries the times, `styleUrl` when a style is
/// written, and the simplestyle keys whose style member is written (`stroke`,
/// `stroke-opacity`, `stroke-width`, `fill`, `fill-opacity`, `marker-color`, `icon`,
/// `icon-color`, `icon-opacity`, `icon-scale`, `icon-heading`, `icon-offset`,
/// `icon-offset-units`, `label-color`, `label-opacity`, `label-scale`), GPX's `desc`, `time`
/// and `sym` where they repeat the description, the time and the symbol, and an empty
/// `coordinateProperties`. `marker-symbol` and `marker-size` have no KML element and stay data.
///
/// Data the model holds elsewhere, added when the properties lack the key: `id` (an id that
/// cannot be the attribute), `radius` (a circle's, in metres), `marker-symbol` and
/// `marker-size` (from the style), `timestamp` or `timespan` (a time KML cannot read; a span
/// as a JSON object `{"begin":…,"end":…}`).
extension KMLWriter {
    func writeExtendedData(of feature: Feature, idAsData: String?, timeIsWritten: Bool) throws {
        let entries = dataEntries(of: feature, idAsData: idAsData, timeIsWritten: timeIsWritten)
        guard !entries.isEmpty else { return }
        try xml.open("ExtendedData")
        if options.propertyTypes == .schema {
            // Data must precede SchemaData: the few entries the schemas have no room for go first.
            var untyped: [Properties.Entry] = []
            var typed: [[Properties.Entry]] = []
            for entry in entries {
                let slot = if case .null = entry.value {
                    schemaTable.schemaIndexForNull(of: entry.key, identifiers: &identifiers)
                } else {
                    schemaTable.schemaIndex(for: entry.key, type: FieldType(of: entry.value), identifiers: &identifiers)
                }
                guard let index = slot else {
                    note("schema-limit", "more than \(options.maximumSchemaFields) typed property fields: the properties beyond them are written as untyped Data",
                         at: feature.location)
                    untyped.append(entry)
                    continue
                }
                while typed.count <= index { typed.append([]) }
                typed[index].append(entry)
            }
            for entry in untyped { try writeData(entry.key, entry.value, feature) }
            for (index, group) in typed.enumerated() where !group.isEmpty {
                try xml.open("SchemaData", ("schemaUrl", "#" + schemaTable.schemas[index].id))
                for entry in group {
                    try xml.open("SimpleData", ("name", entry.key))
                    try writeValueText(entry.value, feature, typed: true)
                    try xml.close("SimpleData")
                }
                try xml.close("SchemaData")
            }
        } else {
            for entry in entries { try writeData(entry.key, entry.value, feature) }
        }
        try xml.close("ExtendedData")
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

    /// The properties and the model's extra data, in order, without what the placemark's
    /// own elements carry.
    private func dataEntries(of feature: Feature, idAsData: String?, timeIsWritten: Bool) -> [Properties.Entry] {
        var entries: [Properties.Entry] = []
        let properties = feature.properties
        func add(_ key: String, _ value: PropertyValue) {
            if !properties.contains(key: key) { entries.append(Properties.Entry(key: key, value: value)) }
        }
        if let idAsData { add("id", .string(idAsData)) }
        let carried = CarriedFields(feature, timeIsWritten: timeIsWritten)
        for entry in properties where !carried.carries(entry, in: properties) {
            if entry.key == "coordinateProperties", carried.hasTrack {
                // The tracks carry the times and the per-point values they can; the rest stays.
                if let left = Self.coordinatePropertiesLeft(entry.value, besides: trackArrays) {
                    entries.append(Properties.Entry(key: entry.key, value: left))
                }
                continue
            }
            entries.append(entry)
        }
        if case .circle(let circle)? = feature.shape { add("radius", .number(NumberValue(circle.radius))) }
        if let marker = feature.style?.marker {
            if let symbol = marker.symbol { add("marker-symbol", .string(symbol)) }
            if let size = marker.size { add("marker-size", .string(size.rawValue)) }
        }
        if !timeIsWritten, let time = feature.time { add(time.propertyKey, time.propertyValue) }
        return entries
    }

    private func writeData(_ name: String, _ value: PropertyValue, _ feature: Feature) throws {
        try xml.open("Data", ("name", name))
        if case .null = value {
            try xml.empty("value")
        } else {
            try xml.open("value")
            try writeValueText(value, feature, typed: false)
            try xml.close("value")
        }
        try xml.close("Data")
    }

    /// A property value's text, escaped. A boolean in a typed `bool` field is `1` or `0`
    /// (xsd:boolean either way; GDAL reads `true` there as the integer 0), as untyped text
    /// `true` or `false`.
    private func writeValueText(_ value: PropertyValue, _ feature: Feature, typed: Bool) throws {
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
            if options.propertyTypes == .text && (feature.time == nil || !Self.isTimeFallback(value, feature)) {
                note("json-text", "KML data values are text: array and object values are written as their JSON text", at: feature.location)
            }
            let scratch = ByteSink(collectingInMemoryNamed: "JSON text")
            try JSONEmitter(sink: scratch).value(value)
            try scratch.flush()
            try scratch.collectedBytes.withUnsafeBufferPointer { try xml.escaped($0, inAttribute: false) }
        }
    }

    /// Whether `value` is the timespan the writer itself moved into the data (already reported).
    private static func isTimeFallback(_ value: PropertyValue, _ feature: Feature) -> Bool {
        guard case .span(let begin, let end)? = feature.time, case .object(let span) = value else { return false }
        return span["begin"]?.stringValue == begin && span["end"]?.stringValue == end
    }

    /// Which property keys the placemark's own elements carry.
    private struct CarriedFields {
        let feature: Feature
        let timeIsWritten: Bool
        let hasTrack: Bool
        let hasStyle: Bool

        init(_ feature: Feature, timeIsWritten: Bool) {
            self.feature = feature
            self.timeIsWritten = timeIsWritten
            hasTrack = feature.shape.map(KMLWriter.hasWritableTrack) ?? false
            hasStyle = feature.style != nil || feature.highlightStyle != nil
        }

        /// The keys `carries` can say yes to: one hash lookup turns away every other key before the
        /// string comparisons of the switch (most properties are none of these).
        private static let candidateKeys: Set<String> = [
            "name", "title", "description", "address", "visibility", "timestamp", "timespan", "coordinateProperties",
            "desc", "time", "sym", "styleUrl", "stroke", "stroke-opacity", "stroke-width", "fill", "fill-opacity",
            "marker-color", "icon-color", "icon", "icon-opacity", "icon-scale", "icon-heading", "icon-offset",
            "icon-offset-units", "label-color", "label-opacity", "label-scale",
        ]

        func carries(_ entry: Properties.Entry, in properties: Properties) -> Bool {
            guard Self.candidateKeys.contains(entry.key) else { return false }
            let f = feature
            let s = f.style
            switch entry.key {
            case "name": return f.title != nil && entry.value == .string(f.title ?? "")
            case "title":
                return f.title != nil && entry.value == .string(f.title ?? "") && properties["name"] != entry.value
            case "description": return f.subtitle != nil && entry.value == .string(f.subtitle ?? "")
            case "address": return f.address != nil && entry.value == .string(f.address ?? "")
            case "visibility": return f.visibility != nil
            case "timestamp":
                if case .instant? = f.time { return timeIsWritten }
                return false
            case "timespan":
                if case .span? = f.time { return timeIsWritten }
                return false
            case "coordinateProperties": return entry.value == .object([:])
            case "desc", "time", "sym":
                // GPX's names for the description, an instant and the symbol (see `fieldRestated`).
                switch f.fieldRestated(by: entry) {
                case .subtitle?, .markerSymbol?: return true
                case .instant?: return timeIsWritten
                case nil: return false
                }
            case "styleUrl": return hasStyle
            case "stroke": return s?.strokeColor != nil
            case "stroke-opacity": return s?.strokeOpacity != nil
            case "stroke-width": return s?.strokeWidth != nil
            case "fill": return s?.fillColor != nil
            case "fill-opacity": return s?.fillOpacity != nil
            case "marker-color", "icon-color": return s?.marker?.color != nil
            case "icon": return s?.marker?.href != nil
            case "icon-opacity": return s?.marker?.opacity != nil
            case "icon-scale": return s?.marker?.scale != nil
            case "icon-heading": return s?.marker?.heading != nil
            case "icon-offset", "icon-offset-units": return s?.marker?.hotSpot.map(KMLWriter.isWritableHotSpot) ?? false
            case "label-color": return s?.label?.color != nil
            case "label-opacity": return s?.label?.opacity != nil
            case "label-scale": return s?.label?.scale != nil
            default: return false
            }
        }
    }
}
