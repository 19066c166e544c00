/// Typed access to a property value, for apps that read and build properties by hand.
///
///     var p = feature.properties
///     let elevation = p["elevation"]?.intValue        // 13, or nil when not an integer
///     p["hub"] = PropertyValue(true)
///     p["runways"] = PropertyValue(4)
///     p["name"] = PropertyValue("John F. Kennedy")
///
/// Reading never converts between JSON types: the string `"13"` has no `intValue`, the number
/// `1` has no `boolValue`.
extension PropertyValue {
    /// The number as an `Int`, when this is a number with an integral value that `Int` holds
    /// exactly (`42`, `-7`, `1.0`, `1e3`); `nil` for `1.5`, for numbers beyond `Int`'s range
    /// and for every other type.
    public var intValue: Int? {
        guard case .number(let n) = self else { return nil }
        if let exact = n.int64Value { return Int(exactly: exact) }
        // `1.0` or `1e3`: integral in value though not in text. Beyond 2^53 a double no longer
        // tells neighbouring integers apart, so such text is no integer here.
        guard n.value == n.value.rounded(), abs(n.value) <= 9_007_199_254_740_992 else { return nil }
        return Int(exactly: n.value)
    }

    /// The boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements in order, when this is an array.
    public var arrayValue: [PropertyValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members in their original order, when this is an object.
    public var objectValue: Properties? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// An integer number: `PropertyValue(4)` is the JSON number `4`.
    public init(_ integer: Int) { self = .number(NumberValue(integer)) }

    /// A number written in its shortest round-trip form (`2.5`; `3.0` is written `3`).
    /// JSON has no infinities or NaN: a value that is not finite becomes `null`.
    public init(_ double: Double) { self = double.isFinite ? .number(NumberValue(double)) : .null }

    /// A boolean.
    public init(_ bool: Bool) { self = .bool(bool) }

    /// A string.
    public init(_ string: String) { self = .string(string) }

    /// An array of values, in order.
    public init(_ elements: [PropertyValue]) { self = .array(elements) }

    /// An object whose members keep their order.
    public init(_ members: Properties) { self = .object(members) }
}
