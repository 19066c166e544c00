import MapBridgeJSON

/// A "coordinates" value as read, with where each part starts: kept until the object's type is
/// known (it may come after the coordinates), then checked and dropped.
///
/// Not `indirect`: arrays box their elements already, and a position of two or three numbers
/// is one `.position` element of 40 bytes rather than an array of number nodes.
enum CoordinateNode {
    /// A number, with its count of decimals (digits after the point, before any exponent).
    case number(Double, decimals: Int, line: Int, column: Int)
    case array([CoordinateNode], line: Int, column: Int)
    /// An array of two or three numbers, held without an array of its own.
    case position(PositionNode)
    /// Anything else (string, object, boolean, null).
    case other(JSONToken, line: Int, column: Int)

    var position: (line: Int, column: Int) {
        switch self {
        case .number(_, _, let l, let c), .array(_, let l, let c), .other(_, let l, let c): (l, c)
        case .position(let p): (Int(p.line), Int(p.column))
        }
    }

    var kindName: String {
        switch self {
        case .number: "a number"
        case .array, .position: "an array"
        case .other(let t, _, _): t.displayName
        }
    }

    /// The elements of an array; a `.position`'s numbers are given the array's place (a
    /// number's own place is never reported: messages name the array that holds it).
    var items: [CoordinateNode]? {
        switch self {
        case .array(let items, _, _): items
        case .position(let p):
            (0..<p.count).map { .number(p.value($0), decimals: Int(p.decimals($0)), line: Int(p.line), column: Int(p.column)) }
        case .number, .other: nil
        }
    }
}

/// The two or three numbers of a position with their decimals, and where its array starts.
struct PositionNode {
    var longitude: Double, latitude: Double, altitude: Double
    var longitudeDecimals: UInt8, latitudeDecimals: UInt8, altitudeDecimals: UInt8
    var hasAltitude: Bool
    var line: UInt32, column: UInt32

    /// 2 or 3.
    var count: Int { hasAltitude ? 3 : 2 }

    /// Number `i` (0, 1 or 2).
    func value(_ i: Int) -> Double { i == 0 ? longitude : i == 1 ? latitude : altitude }

    /// The decimals of number `i`.
    func decimals(_ i: Int) -> UInt8 { i == 0 ? longitudeDecimals : i == 1 ? latitudeDecimals : altitudeDecimals }

    /// The position from up to three numbers read (value, decimals), or `nil` when it does not
    /// fit this form (fewer than 2 numbers, over 255 decimals, a place past 2^32).
    init?(_ numbers: NumberRun, line: Int, column: Int) {
        guard numbers.count == 2 || numbers.count == 3, (0..<numbers.count).allSatisfy({ numbers[$0].decimals <= 255 }),
            let line = UInt32(exactly: line), let column = UInt32(exactly: column) else { return nil }
        longitude = numbers[0].value
        latitude = numbers[1].value
        hasAltitude = numbers.count == 3
        altitude = hasAltitude ? numbers[2].value : 0
        longitudeDecimals = UInt8(numbers[0].decimals)
        latitudeDecimals = UInt8(numbers[1].decimals)
        altitudeDecimals = hasAltitude ? UInt8(numbers[2].decimals) : 0
        self.line = line
        self.column = column
    }
}

/// The first numbers (up to `capacity`) of an array of coordinates, with where each starts,
/// held in place: a position is read without an array of its own.
struct NumberRun {
    typealias Number = (value: Double, decimals: Int, line: Int, column: Int)
    static let capacity = 4
    private var numbers: (Number, Number, Number, Number) = ((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    private(set) var count = 0

    var isFull: Bool { count == Self.capacity }

    /// Number `i` (below `count`).
    subscript(i: Int) -> Number {
        switch i {
        case 0: numbers.0
        case 1: numbers.1
        case 2: numbers.2
        default: numbers.3
        }
    }

    /// Adds a number.
    /// - Precondition: `!isFull`.
    mutating func append(_ n: Number) {
        switch count {
        case 0: numbers.0 = n
        case 1: numbers.1 = n
        case 2: numbers.2 = n
        default: numbers.3 = n
        }
        count += 1
    }
}

extension GeoJSONValidator {
    /// Reads the value that starts with `token` as a coordinate tree.
    func readCoordinates(startingWith token: JSONToken) throws -> CoordinateNode {
        let line = tokenizer.tokenLine, column = tokenizer.tokenColumn
        switch token {
        case .number:
            return .number(tokenizer.numberValue(), decimals: numberDecimals(), line: line, column: column)
        case .beginArray:
            var items: [CoordinateNode] = []
            var t = try tokenizer.next()
            if t == .number {
                // A position: its numbers go into one compact node, with no array of their own.
                var numbers = NumberRun()
                while t == .number && !numbers.isFull {
                    numbers.append((tokenizer.numberValue(), numberDecimals(), tokenizer.tokenLine, tokenizer.tokenColumn))
                    t = try tokenizer.next()
                }
                if t == .endArray, let p = PositionNode(numbers, line: line, column: column) {
                    return .position(p)
                }
                items = (0..<numbers.count).map {
                    let n = numbers[$0]
                    return .number(n.value, decimals: n.decimals, line: n.line, column: n.column)
                }
            }
            while t != .endArray {
                items.append(try readCoordinates(startingWith: t))
                t = try tokenizer.next()
            }
            return .array(items, line: line, column: column)
        default:
            try skip(startingWith: token)
            return .other(token, line: line, column: column)
        }
    }

    /// The current number's count of decimals (digits after the point, before any exponent).
    private func numberDecimals() -> Int {
        // Without an exponent, the scan counted them already.
        if let digits = tokenizer.numberDigits { return digits.fractionDigits }
        return tokenizer.withPayload { bytes -> Int in
            var n = 0, after = false
            for b in bytes {
                if b == UInt8(ascii: ".") { after = true } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") { break } else if after { n += 1 }
            }
            return n
        }
    }
}
