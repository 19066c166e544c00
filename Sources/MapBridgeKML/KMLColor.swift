import MapBridgeModel

/// KML colours: `aabbggrr` hexadecimal (alpha, blue, green, red), sometimes with a leading `#`.
enum KMLColor {
    /// The colour and opacity (0...1) of a KML colour text, or nil when it is not one.
    ///
    /// Eight digits are `aabbggrr`. Six digits, which hand-written files use, are read as a
    /// literal `rrggbb` with no opacity. Anything else is not a colour.
    static func parse(_ text: String) -> (color: Color, opacity: Double?)? {
        var text = text.trimmingSpaces()
        return text.withUTF8 { parse($0) }
    }

    /// `parse(_:)` on the text's UTF-8 bytes, already trimmed of spaces; nothing allocated.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (color: Color, opacity: Double?)? {
        var start = 0
        if bytes.first == UInt8(ascii: "#") { start = 1 }
        let count = bytes.count - start
        guard count == 8 || count == 6 else { return nil }
        // The digits' values, eight at most.
        var values: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &values) { digits -> (color: Color, opacity: Double?)? in
            for i in 0..<count {
                guard let v = Color.hexDigit(bytes[start + i]) else { return nil }
                digits[i] = v
            }
            func byte(_ i: Int) -> UInt8 { digits[i] << 4 | digits[i + 1] }
            if count == 8 {
                return (Color(red: byte(6), green: byte(4), blue: byte(2)), Double(byte(0)) / 255)
            }
            return (Color(red: byte(0), green: byte(2), blue: byte(4)), nil)
        }
    }
}
