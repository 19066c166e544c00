/// What a Schema's `SimpleField` type makes of its `SimpleData` text, read once from the
/// type's name (per schema, not per value).
///
///     KMLFieldType("double")   // .number("double")
///     KMLFieldType("date")     // .text
enum KMLFieldType: Equatable, Sendable {
    /// int, uint, short, ushort, float, double: a number (the type's name kept for messages).
    case number(String)
    /// bool: `1`/`true` and `0`/`false`.
    case bool
    /// JSON text (the fields of MapBridge's `mapbridge-json` schema).
    case json
    /// The fields of MapBridge's `mapbridge-null` schema: empty is null.
    case null
    /// Any other type (string, date …): the text as it is.
    case text

    init(_ type: String) {
        switch type {
        case "int", "uint", "short", "ushort", "float", "double": self = .number(type)
        case "bool": self = .bool
        case "json": self = .json
        case "null": self = .null
        default: self = .text
        }
    }
}
