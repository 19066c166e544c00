import MapBridgeModel
import MapBridgeXML

extension KMLWriter {
    /// A property's KML `SimpleField` type.
    enum FieldType: String {
        case string, int, double, bool
        /// An array or object as its JSON text, in a `string` field of a schema named
        /// `SchemaTable.jsonSchemaName`, so the reader parses it back.
        case json

        /// The `SimpleField` type KML knows.
        var kmlType: String { self == .json ? "string" : rawValue }

        /// The type that keeps `value`'s JSON type: `int` for integers that fit 32 bits,
        /// `double` for other numbers, `bool`, and `string` for the rest (arrays and objects as
        /// JSON text; null goes to a number field instead, see `schemaIndexForNull`).
        /// `value` is `inout` only to be read in place: an entry's value read through its
        /// address and passed as an argument is copied (its text retained and released again),
        /// one passed `inout` is not. It is not changed.
        @inline(__always)
        init(of value: inout PropertyValue) {
            switch value {
            case .number(let n): self = Self.fitsInt32(n) ? .int : .double
            case .bool: self = .bool
            case .array, .object: self = .json
            case .string, .null: self = .string
            }
        }

        /// The type of a value that is not null; `nil` for null (whose field is found another
        /// way, see `SchemaTable.slotForNull`). Read in place, as `init(of:)`.
        @inline(__always)
        static func ofNonNull(_ value: inout PropertyValue) -> FieldType? {
            if case .null = value { return nil }
            return FieldType(of: &value)
        }

        /// The type's place among the five, for tables indexed by type.
        var index: Int {
            switch self {
            case .string: 0
            case .int: 1
            case .double: 2
            case .bool: 3
            case .json: 4
            }
        }

        /// Whether a number is an integer (its text has no `.`, `e` or `E`) that `Int32` holds.
        /// Up to nine digits after an optional `-` it is, and with a `.`, `e` or `E` it is not,
        /// both known in one pass over the text without parsing; other texts are parsed. A
        /// value with a fraction, or beyond `Int32` (or not a number), does not fit whatever its
        /// text says (the text parses to the value), known without a look at the text.
        static func fitsInt32(_ n: NumberValue) -> Bool {
            let v = n.value
            guard v >= -2_147_483_648, v <= 2_147_483_647, v == v.rounded(.towardZero) else { return false }
            // Over the UTF-8 in place (a small string's on the stack): no copy of the text.
            if let known = n.text.utf8.withContiguousStorageIfAvailable({ fitsInt32(integralText: $0) }) {
                if let known { return known }
            } else {
                var text = n.text
                if let known = text.withUTF8({ fitsInt32(integralText: $0) }) { return known }
            }
            return n.isInteger && Int32(n.text) != nil
        }

        /// `fitsInt32(_:)` for the UTF-8 text of an integral value within `Int32`: `false` with
        /// a `.`, `e` or `E`, `true` for up to nine digits after an optional `-`, else `nil`
        /// (to be parsed).
        @inline(__always)
        private static func fitsInt32(integralText bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
            let n = bytes.count
            let start = base[0] == UInt8(ascii: "-") ? 1 : 0
            var i = start
            while i < n, base[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            if i == n { return i > start && i - start <= 9 ? true : nil }
            // Something else than a digit: a point or an exponent makes it a double.
            while i < n {
                let b = base[i]
                if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { return false }
                i += 1
            }
            return nil
        }
    }

    /// The typed `Schema`s of the document: each property key gets a `SimpleField` with the
    /// type of its first value, so `SimpleData` brings numbers and booleans back as such.
    ///
    /// A key whose values differ in type across features cannot have one field, so the table
    /// is a stack of schemas, `schema-1`, `schema-2`, …: a key goes into the first schema
    /// that has no field of that name, or one of the same type. Most documents need one
    /// schema; a key seen with a number and with a string needs two. The fields together are
    /// capped (memory stays bounded whatever the keys); a property beyond the cap is written
    /// as untyped `Data`.
    ///
    /// Other readers (GDAL, so QGIS) type a field by the first `SimpleField` of its name in the
    /// document, so a null, which has no type of its own, never declares one ahead of a real
    /// value: it goes into a number or boolean field the key already has, else into a schema
    /// named `nullSchemaName` whose `string` fields MapBridge reads back as null when empty,
    /// written after every other schema.
    struct SchemaTable {
        /// The most fields over all schemas.
        let capacity: Int
        private(set) var schemas: [Schema] = []
        /// The `<SchemaData schemaUrl="#…">` of every schema and the `<SimpleData name="…">` of
        /// every field (but the tracks' array fields), rendered once, in one buffer.
        private(set) var startTags = XMLStartTags()
        private var fieldCount = 0
        private var nextNumber = 1

        /// The `name` of the schemas whose fields hold JSON text (arrays and objects).
        static let jsonSchemaName = "mapbridge-json"
        /// The `name` of the schemas whose fields hold nulls (an empty `SimpleData`).
        static let nullSchemaName = "mapbridge-null"

        /// What a schema's fields hold.
        enum Kind {
            /// Values of the fields' types.
            case typed
            /// Arrays and objects as JSON text (`jsonSchemaName`).
            case json
            /// Nulls only (`nullSchemaName`), for keys with no number or boolean field.
            case nulls
            /// Tracks' per-point values: `gx:SimpleArrayField`s (see `KMLWriter+TrackArrays.swift`).
            case arrays

            /// The schema's `name` attribute, which tells MapBridge's reader the kind.
            var name: String? {
                switch self {
                case .typed, .arrays: nil
                case .json: SchemaTable.jsonSchemaName
                case .nulls: SchemaTable.nullSchemaName
                }
            }
        }

        struct Schema {
            var id: String
            /// What the fields hold: a schema holds one kind only.
            var kind = Kind.typed
            /// The fields in order of first use.
            var fields: [(name: String, type: FieldType)] = []
            /// Each field's position in `fields`, by name.
            var positions: [String: Int] = [:]
            /// The index of its `<SchemaData schemaUrl="#id">` in the table's `startTags`.
            let dataTag: Int
            /// Per field (as `fields`): the index of its `<SimpleData name="…">` in the table's
            /// `startTags`.
            var fieldTags: [Int] = []

            init(id: String, kind: Kind, dataTag: Int) {
                self.id = id
                self.kind = kind
                self.dataTag = dataTag
            }

            /// The type of the field `key`, if the schema has one.
            func type(of key: String) -> FieldType? { positions[key].map { fields[$0].type } }
        }

        /// Where a value goes: the schema (an index in `schemas`) and its field (an index in
        /// that schema's `fields`), with the field's `<SimpleData name="…">` (an index in
        /// `startTags`; -1 for a track's array field, which has none).
        struct Slot: Equatable {
            var schema: Int
            var field: Int
            var tag: Int
        }

        /// The slot of field `position` of schema `index`.
        private func slot(_ index: Int, _ position: Int) -> Slot {
            let tags = schemas[index].fieldTags
            return Slot(schema: index, field: position, tag: position < tags.count ? tags[position] : -1)
        }

        /// How many fields the table holds: it changes whenever a slot lookup adds one, so a
        /// layout of slots remembered at one count still holds while the count is the same.
        var generation: Int { fieldCount }

        /// The schemas in the order the header declares them: the null schemas last, so that
        /// a key's first `SimpleField` has the type of a value.
        var declarationOrder: [Schema] { schemas.filter { $0.kind != .nulls } + schemas.filter { $0.kind == .nulls } }

        init(capacity: Int) { self.capacity = capacity }

        /// The slot where a null value of `key` goes: a field of `key` that is a number, a
        /// boolean or JSON text (an empty value there reads back as null), else a field of a
        /// null schema; `nil` when the table is full.
        mutating func slotForNull(of key: String, identifiers: inout IdentifierRegistry) -> Slot? {
            for (index, schema) in schemas.enumerated() where schema.kind != .nulls {
                if let position = schema.positions[key], schema.fields[position].type != .string {
                    return slot(index, position)
                }
            }
            return slot(for: key, type: .string, kind: .nulls, identifiers: &identifiers)
        }

        /// The index of the schema whose array field `key` of `type` is, adding the field (and
        /// the schema) when new; `nil` when the table is full.
        mutating func schemaIndexForArray(of key: String, type: FieldType, identifiers: inout IdentifierRegistry) -> Int? {
            slot(for: key, type: type, kind: .arrays, identifiers: &identifiers)?.schema
        }

        /// The slot of the field `key` of `type`, adding the field (and the schema) when new;
        /// `nil` when the table is full.
        ///
        /// - Complexity: O(schemas): the field is added after the search, not while a copy of
        ///   the schema being searched is alive (which made each `add` copy its fields).
        mutating func slot(for key: String, type: FieldType, identifiers: inout IdentifierRegistry) -> Slot? {
            slot(for: key, type: type, kind: type == .json ? .json : .typed, identifiers: &identifiers)
        }

        private mutating func slot(for key: String, type: FieldType, kind: Kind,
                                   identifiers: inout IdentifierRegistry) -> Slot?
        {
            var free: Int?
            search: for index in schemas.indices where schemas[index].kind == kind {
                guard let position = schemas[index].positions[key] else {
                    free = index
                    break search
                }
                if schemas[index].fields[position].type == type { return slot(index, position) }
            }
            if let free { return add(key, type, to: free) }
            guard fieldCount < capacity else { return nil }
            var id: String
            repeat {
                id = "schema-\(nextNumber)"
                nextNumber += 1
            } while !identifiers.claimSharedID(id)
            schemas.append(Schema(id: id, kind: kind, dataTag: startTags.append("SchemaData", ("schemaUrl", "#" + id))))
            return add(key, type, to: schemas.count - 1)
        }

        private mutating func add(_ key: String, _ type: FieldType, to index: Int) -> Slot? {
            guard fieldCount < capacity else { return nil }
            fieldCount += 1
            let position = schemas[index].fields.count
            schemas[index].fields.append((key, type))
            schemas[index].positions[key] = position
            // Array fields are written as gx:SimpleArrayData, not from a tag.
            if schemas[index].kind != .arrays {
                schemas[index].fieldTags.append(startTags.append("SimpleData", ("name", key)))
            }
            return slot(index, position)
        }
    }
}
