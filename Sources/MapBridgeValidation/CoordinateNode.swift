import MapBridgeJSON

/// A "coordinates" value as read, with where each part starts: kept until the object's type is
/// known (it may come after the coordinates), then checked and dropped.
indirect enum CoordinateNode {
    /// A number, with its count of decimals (digits after the point, before any exponent).
    case number(Double, decimals: Int, line: Int, column: Int)
    case array([CoordinateNode], line: Int, column: Int)
    /// Anything else (string, object, boolean, null).
    case other(JSONToken, line: Int, column: Int)

    var position: (line: Int, column: Int) {
        switch self {
        case .number(_, _, let l, let c), .array(_, let l, let c), .other(_, let l, let c): (l, c)
        }
    }

    var kindName: String {
        switch self {
        case .number: "a number"
        case .array: "an array"
        case .other(let t, _, _): t.displayName
        }
    }
}

extension GeoJSONValidator {
    /// Reads the value that starts with `token` as a coordinate tree.
    func readCoordinates(startingWith token: JSONToken) throws -> CoordinateNode {
        let line = tokenizer.tokenLine, column = tokenizer.tokenColumn
        switch token {
        case .number:
            let decimals = tokenizer.withPayload { bytes -> Int in
                var n = 0, after = false
                for b in bytes {
                    if b == UInt8(ascii: ".") { after = true } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { break } else if after { n += 1 }
                }
                return n
            }
            return .number(tokenizer.numberValue(), decimals: decimals, line: line, column: column)
        case .beginArray:
            var items: [CoordinateNode] = []
            while true {
                let t = try tokenizer.next()
                if t == .endArray { break }
                items.append(try readCoordinates(startingWith: t))
            }
            return .array(items, line: line, column: column)
        default:
            try skip(startingWith: token)
            return .other(token, line: line, column: column)
        }
    }
}
