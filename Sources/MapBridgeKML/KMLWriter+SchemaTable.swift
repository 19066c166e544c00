import MapBridgeModel

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
        init(of value: PropertyValue) {
            switch value {
            case .number(let n): self = n.isInteger && Int32(n.text) != nil ? .int : .double
            case .bool: self = .bool
            case .array, .object: self = .json
            case .string, .null: self = .string
            }
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
    struct SchemaTable {
        /// The most fields over all schemas.
        let capacity: Int
        private(set) var schemas: [Schema] = []
        private var fieldCount = 0
        private var nextNumber = 1

        /// The `name` of the schemas whose fields hold JSON text (arrays and objects).
        static let jsonSchemaName = "mapbridge-json"

        struct Schema {
            var id: String
            /// Whether the fields hold JSON text: such schemas hold nothing else.
            var holdsJSON = false
            /// The fields in order of first use.
            var fields: [(name: String, type: FieldType)] = []
            var types: [String: FieldType] = [:]
        }

        init(capacity: Int) { self.capacity = capacity }

        /// The index of the schema where a null value of `key` goes: a field of `key` that is a
        /// number or a boolean (an empty value there reads back as null), added as an `int` field
        /// when `key` has none; `nil` when the table is full.
        mutating func schemaIndexForNull(of key: String, identifiers: inout IdentifierRegistry) -> Int? {
            for (index, schema) in schemas.enumerated() {
                if let type = schema.types[key], type != .string { return index }
            }
            return schemaIndex(for: key, type: .int, identifiers: &identifiers)
        }

        /// The index of the schema whose field `key` of `type` is, adding the field (and the
        /// schema) when new; `nil` when the table is full.
        ///
        /// - Complexity: O(schemas): the field is added after the search, not while a copy of
        ///   the schema being searched is alive (which made each `add` copy its fields).
        mutating func schemaIndex(for key: String, type: FieldType, identifiers: inout IdentifierRegistry) -> Int? {
            var free: Int?
            search: for index in schemas.indices where schemas[index].holdsJSON == (type == .json) {
                switch schemas[index].types[key] {
                case type?: return index
                case nil:
                    free = index
                    break search
                default: continue
                }
            }
            if let free { return add(key, type, to: free) }
            guard fieldCount < capacity else { return nil }
            var id: String
            repeat {
                id = "schema-\(nextNumber)"
                nextNumber += 1
            } while !identifiers.claimSharedID(id)
            schemas.append(Schema(id: id, holdsJSON: type == .json))
            return add(key, type, to: schemas.count - 1)
        }

        private mutating func add(_ key: String, _ type: FieldType, to index: Int) -> Int? {
            guard fieldCount < capacity else { return nil }
            fieldCount += 1
            schemas[index].fields.append((key, type))
            schemas[index].types[key] = type
            return index
        }
    }
}
