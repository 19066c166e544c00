/// An sRGB colour without opacity (opacity is kept beside it, in [0, 1]).
///
///     Color(hex: "#f80")      // red 255, green 136, blue 0
///     Color(hex: "ff8800")    // the same
///     Color(red: 255, green: 136, blue: 0).hex  // "#ff8800"
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rrggbb`, `#rgb`, `rrggbb` or `rgb` (case-insensitive); `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex.trimmingSpaces())
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        var values: [UInt8] = []
        for ch in digits.utf8 {
            guard let v = Color.hexDigit(ch) else { return nil }
            values.append(v)
        }
        switch values.count {
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6:
            self.init(red: values[0] << 4 | values[1], green: values[2] << 4 | values[3],
                      blue: values[4] << 4 | values[5])
        default:
            return nil
        }
    }

    /// `#rrggbb` in lower case.
    public var hex: String {
        // Seven bytes: a small string, made in place without an array.
        String(unsafeUninitializedCapacity: 7) { out in
            func digit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }
            out[0] = UInt8(ascii: "#")
            out[1] = digit(red >> 4); out[2] = digit(red & 15)
            out[3] = digit(green >> 4); out[4] = digit(green & 15)
            out[5] = digit(blue >> 4); out[6] = digit(blue & 15)
            return 7
        }
    }

    public var description: String { hex }

    /// The value of one hexadecimal digit, or `nil`. Inlinable: readers call it for every digit
    /// of a colour, and a call costs more than its body.
    @inlinable
    public static func hexDigit(_ ch: UInt8) -> UInt8? {
        switch ch {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): ch - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): ch - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): ch - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    public func trimmingSpaces() -> String {
        // Over scalars, not Characters: "\r\n" is one Character that equals neither "\r" nor "\n".
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        // Most text has no space at either end: kept as it is, without a look at its scalars.
        let isSpaceByte = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        let keeps = utf8.withContiguousStorageIfAvailable { b in
            !b.isEmpty && !isSpaceByte(b[0]) && !isSpaceByte(b[b.count - 1])
        }
        if keeps == true { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
