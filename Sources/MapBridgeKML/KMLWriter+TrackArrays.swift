import MapBridgeModel
import MapBridgeXML

/// Per-point values of tracks (GPX heart rate, cadence, temperature …, held in the
/// `coordinateProperties` property) as `gx:SimpleArrayData` inside each `gx:Track`, typed by a
/// `gx:SimpleArrayField` of a schema in the header, as Google Earth shows them in its
/// elevation profile and MapBridge's reader takes them back.
///
/// A member of `coordinateProperties` goes with the tracks when every line of the feature is
/// written as a `gx:Track` and the member holds a value per vertex (for several lines an array
/// per line, or null for a line without it), all numbers, all booleans, or all text (text
/// with nulls would come back as empty text, so such a member stays data). `times` restates
/// the tracks' own `when`s. What is left of `coordinateProperties` stays in the data as JSON.
extension KMLWriter {
    /// One per-point value column of one track.
    struct TrackColumn {
        var name: String
        var type: FieldType
        /// A value per vertex.
        var values: [PropertyValue]
    }

    /// The columns each line of a feature's shape carries (in the order the lines are written),
    /// and the `coordinateProperties` members they take.
    struct TrackArrays {
        var lines: [[TrackColumn]]
        var members: Set<String>
    }

    /// The columns of `feature`'s tracks, or `nil` when none go with them.
    static func trackArrays(of feature: Feature) -> TrackArrays? {
        // The shape first: most features have no track, and looking the key up costs more.
        let lines: [Polyline]
        let isMulti: Bool
        switch feature.shape {
        case .polyline(let line)?: (lines, isMulti) = ([line], false)
        case .multiPolyline(let ls)?: (lines, isMulti) = (ls, true)
        default: return nil
        }
        guard lines.allSatisfy(isWritableTrack), case .object(let perPoint)? = feature.properties["coordinateProperties"] else {
            return nil
        }
        var result = TrackArrays(lines: Array(repeating: [], count: lines.count), members: [])
        for entry in perPoint where entry.key != "times" {
            // One array of values per line, or nil for a line without the member.
            var perLine: [[PropertyValue]?] = []
            switch (isMulti, entry.value) {
            case (false, .array(let values)):
                perLine = [values]
            case (true, .array(let parts)) where parts.count == lines.count:
                perLine = parts.map { if case .array(let values) = $0 { values } else { nil } }
                guard zip(parts, perLine).allSatisfy({ $1 != nil || $0 == .null }) else { continue }
            default:
                continue
            }
            guard zip(lines, perLine).allSatisfy({ $1 == nil || $1?.count == $0.coordinates.count }),
                  let type = columnType(perLine.compactMap { $0 }.joined())
            else { continue }
            for (k, values) in perLine.enumerated() {
                if let values { result.lines[k].append(TrackColumn(name: entry.key, type: type, values: values)) }
            }
            result.members.insert(entry.key)
        }
        return result.members.isEmpty ? nil : result
    }

    /// The field type of a column of per-point values, or `nil` when no type reads them all
    /// back: `int` or `double` for numbers, `bool`, `string` for text without nulls (an empty
    /// value in a number field reads back as null; all nulls: `int`).
    static func columnType<C: Collection>(_ values: C) -> FieldType? where C.Element == PropertyValue {
        var type: FieldType?
        var hasNull = false
        for value in values {
            let next: FieldType
            switch value {
            case .null:
                hasNull = true
                continue
            case .number(let n): next = n.isInteger && Int32(n.text) != nil ? .int : .double
            case .bool: next = .bool
            case .string: next = .string
            case .array, .object: return nil
            }
            switch (type, next) {
            case (nil, _): type = next
            case (.int?, .double), (.double?, .int): type = .double
            case (let t?, let n) where t == n: break
            default: return nil
            }
        }
        if type == .string && hasNull { return nil }
        return type ?? .int
    }

    /// `coordinateProperties` as the data writes it beside tracks: without `times` (the
    /// tracks' `when`s) and the members the tracks carry; `nil` when nothing is left.
    static func coordinatePropertiesLeft(_ value: PropertyValue, besides arrays: TrackArrays?) -> PropertyValue? {
        guard case .object(let perPoint) = value else { return value }
        let left = perPoint.entries.filter { $0.key != "times" && arrays?.members.contains($0.key) != true }
        return left.isEmpty ? nil : .object(Properties(left))
    }

    /// Writes a track's columns as `ExtendedData`: a `SchemaData` per schema their fields are in,
    /// each with a `gx:SimpleArrayData` per column.
    func writeTrackColumns(_ columns: [TrackColumn]) throws {
        var groups: [(index: Int, columns: [TrackColumn])] = []
        for column in columns {
            guard let index = schemaTable.schemaIndexForArray(of: column.name, type: column.type, identifiers: &identifiers) else {
                note("schema-limit", "more than \(options.maximumSchemaFields) typed property fields: a track's per-point values beyond them are not written",
                     at: nil)
                continue
            }
            if let k = groups.firstIndex(where: { $0.index == index }) {
                groups[k].columns.append(column)
            } else {
                groups.append((index, [column]))
            }
        }
        guard !groups.isEmpty else { return }
        try xml.open("ExtendedData")
        for group in groups {
            let dataTag = schemaTable.schemas[group.index].dataTag
            try schemaTable.startTags.withBytes { try xml.open(dataTag, of: $0) }
            for column in group.columns {
                try xml.open("gx:SimpleArrayData", ("name", column.name))
                for value in column.values {
                    switch value {
                    case .number(let n): try xml.leaf("gx:value", n.text)
                    case .bool(let b): try xml.leaf("gx:value", literal: b ? "1" : "0")
                    case .string(let s): try xml.leaf("gx:value", s)
                    default: try xml.empty("gx:value")
                    }
                }
                try xml.close("gx:SimpleArrayData")
            }
            try xml.close("SchemaData")
        }
        try xml.close("ExtendedData")
    }
}
