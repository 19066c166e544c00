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
        // The digits gathered into one number, first digit highest: `aabbggrr` or `rrggbb`.
        var value: UInt32 = 0
        for i in start..<bytes.count {
            guard let digit = Color.hexDigit(bytes[i]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        func byte(_ shift: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        if count == 8 {
            return (Color(red: byte(0), green: byte(8), blue: byte(16)), Double(byte(24)) / 255)
        }
        return (Color(red: byte(16), green: byte(8), blue: byte(0)), nil)
    }
}
