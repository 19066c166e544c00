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
/// The properties hold no field (readers move those into the fields), so each is data. The
/// fields KML has no element for join them in place (`KMLDataMapping`: the marker's symbol
/// and size, a title spelt `NAME`), and, when the properties lack the key: `@id` (an id that
/// cannot be the attribute), `radius` (a circle's, in metres), `timestamp` or `timespan` (a
/// time KML cannot read; a span as a JSON object `{"begin":…,"end":…}`). A track's per-point
/// values leave `coordinateProperties` for `gx:SimpleArrayData`.
extension KMLWriter {
    func writeExtendedData(of feature: Feature, as element: FeatureElement, idAsData: String?, timeIsWritten: Bool) throws {
        let entries = dataEntries(of: feature, as: element, idAsData: idAsData, timeIsWritten: timeIsWritten)
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

    /// The properties and the model's extra data, in order (see `KMLDataMapping`).
    private func dataEntries(of feature: Feature, as element: FeatureElement, idAsData: String?, timeIsWritten: Bool) -> [Properties.Entry] {
        var entries: [Properties.Entry] = []
        let data = KMLDataMapping.data(of: feature)
        entries.reserveCapacity(data.count + 1)
        func add(_ key: String, _ value: PropertyValue) {
            if !data.contains(key: key) { entries.append(Properties.Entry(key: key, value: value)) }
        }
        if let idAsData {
            // Typed as given, so a number id comes back a number.
            if case .number(let n)? = feature.id { add(KMLDataMapping.idKey, .number(n)) } else { add(KMLDataMapping.idKey, .string(idAsData)) }
        }
        let hasTrack = feature.shape.map(KMLWriter.hasWritableTrack) ?? false
        for entry in data {
            if entry.key == "coordinateProperties", hasTrack {
                // The tracks carry the per-point values they can; the rest stays.
                if let left = Self.coordinatePropertiesLeft(entry.value, besides: trackArrays) {
                    entries.append(Properties.Entry(key: entry.key, value: left))
                }
                continue
            }
            entries.append(entry)
        }
        if case .circle(let circle)? = feature.shape { add("radius", .number(NumberValue(circle.radius))) }
        if let kind = feature.overlay, element == .placemark {
            // An overlay KML cannot write as its element says what it was, to come back as one.
            add(OverlayKind.geometryTypeKey, .string(kind.rawValue))
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
}
