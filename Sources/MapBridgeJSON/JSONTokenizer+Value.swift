import MapBridgeModel

extension JSONTokenizer {
    /// Reads the whole value that starts with `token` (which `next()` just returned) as a
    /// `PropertyValue`: member order and number text are kept; of a repeated member name
    /// the last value wins, in the place of the first.
    ///
    ///     let value = try tokenizer.value(startingWith: try tokenizer.next())
    ///
    /// - Throws: `MapBridgeError` with line and column on malformed JSON, or a number too
    ///   large for a double.
    public func value(startingWith token: JSONToken) throws -> PropertyValue {
        switch token {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string: return .string(try stringValue())
        case .number:
            let v = numberValue()
            guard v.isFinite else { throw error("the number \(numberText()) is too large to represent") }
            return .number(NumberValue(text: numberText(), value: v))
        case .beginArray:
            var items: [PropertyValue] = []
            while true {
                let next = try next()
                if next == .endArray { return .array(items) }
                items.append(try value(startingWith: next))
            }
        case .beginObject:
            var members = Properties()
            while true {
                let next = try next()
                if next == .endObject { return .object(members) }
                let key = try stringValue()
                let duplicate = lastKeyIsDuplicate
                let member = try value(startingWith: try self.next())
                if duplicate { members[key] = member } else { members.append(key: key, value: member) }
            }
        case .endObject, .endArray, .key, .endOfInput:
            throw error("expected a value, found \(token.displayName)")
        }
    }
}
