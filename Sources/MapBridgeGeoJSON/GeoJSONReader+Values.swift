import MapBridgeJSON
import MapBridgeModel

extension GeoJSONReader {
    /// Parses any JSON value that starts with `token` into a `PropertyValue`, keeping number
    /// text and member order. Duplicate names in an object are reported; the last one wins.
    func parseValue(startingWith token: JSONToken) throws -> PropertyValue {
        let t = tokenizer
        try checkRecordBytes()
        switch token {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string: return .string(try t.stringValue())
        case .number: return .number(try numberValue())
        case .beginObject: return .object(try parseObjectBody())
        case .beginArray:
            var items: [PropertyValue] = []
            while true {
                let next = try t.next()
                if next == .endArray { return .array(items) }
                path.append(.index(items.count))
                items.append(try parseValue(startingWith: next))
                path.removeLast()
            }
        case .endObject, .endArray, .key, .endOfInput:
            throw fail("expected a value, found \(token.displayName)")
        }
    }

    /// Parses the members of an object whose `{` was just read.
    func parseObjectBody() throws -> Properties {
        let t = tokenizer
        var members = Properties()
        while true {
            let token = try t.next()
            if token == .endObject { return members }
            if members.count >= limits.maximumKeys {
                throw limits.exceeded(.keys, "this object has more than \(limits.maximumKeys) members", at: t.location(pointer: pointer()))
            }
            let key = try t.stringValue()
            let duplicate = t.lastKeyIsDuplicate
            path.append(.key(key))
            if duplicate {
                warn("duplicate-key", "the member '\(key)' appears twice in this object; the last one is kept",
                     at: t.location(pointer: pointer()))
            }
            let value = try parseValue(startingWith: try t.next())
            path.removeLast()
            if duplicate { members[key] = value } else { members.append(key: key, value: value) }
        }
    }

    /// Starts counting the bytes and positions of a feature (or top-level object) at the
    /// current token.
    func startRecord() {
        featureStart = tokenizer.tokenOffset
        featureVertices = 0
    }

    /// Throws when the feature being read has passed `limits.maximumFeatureBytes`.
    @inline(__always)
    func checkRecordBytes() throws {
        guard tokenizer.tokenOffset - featureStart > Int64(limits.maximumFeatureBytes) else { return }
        throw limits.exceeded(.featureBytes, "this feature is longer than \(limits.maximumFeatureBytes) bytes",
                              at: tokenizer.location(pointer: pointer()))
    }

    /// Counts one more position of the feature being read; throws past `limits.maximumVertices`.
    @inline(__always)
    func countVertex() throws {
        featureVertices += 1
        guard featureVertices > limits.maximumVertices else { return }
        throw limits.exceeded(.vertices, "this feature has more than \(limits.maximumVertices) positions",
                              at: tokenizer.location(pointer: pointer()))
    }

    /// The current number token as a `NumberValue`.
    /// - Throws: when it is too large for a double (such as `1e400`).
    func numberValue() throws -> NumberValue {
        let value = tokenizer.numberValue()
        let text = tokenizer.numberText()
        guard value.isFinite else {
            throw fail("the number \(text) is too large to represent; numbers must be within ±1.8e308")
        }
        return NumberValue(text: text, value: value)
    }
}
