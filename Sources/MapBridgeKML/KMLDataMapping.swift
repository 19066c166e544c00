import MapBridgeModel

/// The model fields KML keeps in `ExtendedData` because it has no element for them, and the
/// spellings of fields that must come back under their own key.
///
/// | model | data |
/// |---|---|
/// | `style.marker.symbol` | `marker-symbol` |
/// | `style.marker.size` | `marker-size` |
/// | `id` that is not an XML name, or repeats one | `@id` |
/// | a title that the source spelt `title`, `NAME` or `Name` (or took from any other property) | that key, beside the `name` element, so that GeoJSON output spells it the same way again |
/// | GPX's `desc`, `time` and `sym` | nothing: `description`, `TimeStamp` and `marker-symbol` say them |
///
/// The reader takes such data back into the fields: the symbol and size always, a spelling
/// (`name`, `description` and `address` too) only when it holds exactly what the element
/// says. The writer never repeats a field under its own key (`name` for the title).
enum KMLDataMapping {
    /// The data that holds a feature id KML's `id` attribute cannot (not an XML name, or
    /// used twice); data named `id` is a property like any other.
    static let idKey = "@id"

    static let vocabulary = PropertyVocabulary([
        .init("marker-symbol", .markerSymbol), .init("marker-size", .markerSize),
        .init("name", .title, isRead: false), .init("title", .title, isRead: false), .init("NAME", .title, isRead: false),
        .init("Name", .title, isRead: false), .init("description", .subtitle, isRead: false),
        .init("address", .address, isRead: false),
        // GPX's names: the elements say these in KML.
        .init("desc", .subtitle, isRead: false, isWritten: false), .init("time", .instant, isRead: false, isWritten: false),
        .init("sym", .markerSymbol, isRead: false, isWritten: false),
    ])

    /// Moves the data KML keeps for the model's fields into them (after the elements and the
    /// style have been read).
    static func restoreFields(of feature: inout Feature) {
        if let value = feature.properties[idKey] {
            switch value {
            case .string(let s): feature.id = .string(s)
            case .number(let n): feature.id = .number(n)
            default: break
            }
            if feature.id != nil { feature.properties[idKey] = nil }
        }
        vocabulary.consume(into: &feature, restating: true)
    }

    /// Every key the reader looks for among a placemark's data once it is read: the fields'
    /// spellings, `@id`, the element names data may repeat, the Multi* geometry marker and
    /// `coordinateProperties`.
    static let specialKeys: [String] = vocabulary.spellings.map(\.key)
        + [idKey, "name", "description", "address", KMLMultiGeometryMarker.key, "coordinateProperties"]

    /// For each first byte of a special key, a bit for each length one has (bit 63: 63 bytes or more).
    private static let specialShapes: [UInt64] = {
        var shapes = [UInt64](repeating: 0, count: 256)
        for key in specialKeys {
            guard let first = key.utf8.first else { continue }
            shapes[Int(first)] |= 1 << UInt64(min(key.utf8.count, 63))
        }
        return shapes
    }()

    /// Whether `key` is one of `specialKeys`. Most keys are ruled out by two loads (their first
    /// byte and length match no special key's); only a key of a special key's shape is compared.
    ///
    ///     KMLDataMapping.isSpecial("population")   // false: no special key has its shape
    ///     KMLDataMapping.isSpecial("area_ha")      // false: `address`'s shape, compared
    ///     KMLDataMapping.isSpecial("name")         // true
    static func isSpecial(_ key: String) -> Bool {
        // A string's first byte and length are read in place, nothing copied.
        let utf8 = key.utf8
        guard let first = utf8.first, specialShapes[Int(first)] & (1 << UInt64(min(utf8.count, 63))) != 0 else {
            return false
        }
        // Compared, not taken on its shape: a data name asked about once per file (the builder
        // caches the answer with the name) would otherwise send every placemark that has it
        // through the lookups `finishFeature` and `restoreFields` make for special keys.
        return specialKeys.contains(key)
    }

    /// The feature's data: its properties, with the fields that live in data put in place.
    static func data(of feature: Feature) -> Properties {
        vocabulary.properties(of: feature)
    }
}
