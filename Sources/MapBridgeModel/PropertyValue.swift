/// A property value whose JSON type survives every conversion: a KML `<Data>` value typed by
/// its schema becomes a number or boolean here, and a GeoJSON property keeps its type and
/// number text.
public enum PropertyValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number with its original text.
    case number(NumberValue)
    case string(String)
    case array([PropertyValue])
    /// An object with its members in their original order.
    case object(Properties)

    /// The JSON type name: `null`, `boolean`, `integer`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let n): n.isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number as a double, when this is a number.
    public var doubleValue: Double? {
        if case .number(let n) = self { return n.value }
        return nil
    }
}

extension PropertyValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(NumberValue(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(floatLiteral value: Double) { self = .number(NumberValue(value)) }
}
