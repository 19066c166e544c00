/// `PropertyValue` and `Properties` as the JSON values they are, for apps that use `Codable`
/// (Foundation's `JSONEncoder` and `JSONDecoder`, say); the data path uses MapBridge's own
/// streaming reader and writer instead.
///
///     let data = try JSONEncoder().encode(feature.properties)   // {"name":"JFK","elevation":13}
///     let back = try JSONDecoder().decode(Properties.self, from: data)
///
/// Numbers: an integer that fits `Int64` is encoded as one, any other number as a `Double`
/// (the number's source text, such as `1.50`, is not kept: encoders take values). Objects are
/// handed to the encoder member by member in order, and decoded in the order the decoder lists
/// its keys; Foundation's `JSONEncoder` and `JSONDecoder` keep no member order (on Linux they
/// hash it away), so an app that needs the order uses `GeoJSONWriter` and `GeoJSONReader`,
/// which keep it.
extension PropertyValue: Codable {
    /// A member name, for objects.
    struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    /// Encodes the value as the JSON value it is.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            if let i = n.int64Value { try c.encode(i) } else { try c.encode(n.value) }
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let elements):
            var c = encoder.unkeyedContainer()
            for e in elements { try c.encode(e) }
        case .object(let members):
            try members.encode(to: encoder)
        }
    }

    /// Decodes any JSON value.
    /// - Throws: `DecodingError.dataCorrupted` for a value that is none of JSON's (or a
    ///   number that is not finite).
    public init(from decoder: any Decoder) throws {
        if let c = try? decoder.singleValueContainer() {
            if c.decodeNil() { self = .null; return }
            if let b = try? c.decode(Bool.self) { self = .bool(b); return }
            if let i = try? c.decode(Int64.self) { self = .number(NumberValue(text: String(i), value: Double(i))); return }
            if let d = try? c.decode(Double.self) {
                guard d.isFinite else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a number that is not finite is no JSON number"))
                }
                self = .number(NumberValue(d))
                return
            }
            if let s = try? c.decode(String.self) { self = .string(s); return }
        }
        if var c = try? decoder.unkeyedContainer() {
            var elements: [PropertyValue] = []
            while !c.isAtEnd { elements.append(try c.decode(PropertyValue.self)) }
            self = .array(elements)
            return
        }
        if (try? decoder.container(keyedBy: MemberKey.self)) != nil {
            self = .object(try Properties(from: decoder))
            return
        }
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a JSON value"))
    }
}

/// `Properties` as a JSON object, members in order (see `PropertyValue`'s `Codable`).
extension Properties: Codable {
    /// Encodes the members in order as one object.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: PropertyValue.MemberKey.self)
        for entry in entries { try c.encode(entry.value, forKey: PropertyValue.MemberKey(stringValue: entry.key)) }
    }

    /// Decodes an object's members, in the order the decoder lists them.
    /// - Throws: `DecodingError` when the value is not an object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: PropertyValue.MemberKey.self)
        self.init()
        for key in c.allKeys { append(key: key.stringValue, value: try c.decode(PropertyValue.self, forKey: key)) }
    }
}
