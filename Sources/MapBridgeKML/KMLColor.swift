import MapBridgeModel

/// KML colours: `aabbggrr` hexadecimal (alpha, blue, green, red), sometimes with a leading `#`.
enum KMLColor {
    /// The colour and opacity (0...1) of a KML colour text, or nil when it is not one.
    ///
    /// Eight digits are `aabbggrr`. Six digits, which hand-written files use, are read as a
    /// literal `rrggbb` with no opacity. Anything else is not a colour.
    static func parse(_ text: String) -> (color: Color, opacity: Double?)? {
        var digits = Array(text.trimmingSpaces().utf8)
        if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
        var values: [UInt8] = []
        for d in digits {
            guard let v = Color.hexDigit(d) else { return nil }
            values.append(v)
        }
        func byte(_ i: Int) -> UInt8 { values[i] << 4 | values[i + 1] }
        switch values.count {
        case 8:
            return (Color(red: byte(6), green: byte(4), blue: byte(2)), Double(byte(0)) / 255)
        case 6:
            return (Color(red: byte(0), green: byte(2), blue: byte(4)), nil)
        default:
            return nil
        }
    }
}
