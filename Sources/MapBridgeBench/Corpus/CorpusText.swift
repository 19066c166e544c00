/// Appending text to a byte buffer: numbers from integers (no floating-point formatting, so
/// the bytes are the same everywhere), JSON strings and XML text with their escapes.
extension Array where Element == UInt8 {
    mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) { append(contentsOf: text.utf8) }

    mutating func appendInteger(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    /// `units` × 10^-`decimals` in decimal notation, trailing zeros of the fraction left out
    /// but one kept (`12.0`, `-0.5`, `3.25`).
    mutating func appendFixed(_ units: Int, decimals: Int) {
        let scale = CorpusFixed.powers[decimals]
        if units < 0 { append(UInt8(ascii: "-")) }
        let magnitude = Int(units.magnitude)
        appendInteger(magnitude / scale)
        append(UInt8(ascii: "."))
        var fraction = magnitude % scale
        var width = decimals
        while width > 1, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        var divisor = CorpusFixed.powers[width - 1]
        for _ in 0..<width {
            append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// `text` as a JSON string, quotes included.
    mutating func appendJSONString(_ text: String) {
        append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\t"): append("\\t")
            default: append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }

    /// `text` as XML character data.
    mutating func appendXMLText(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            default: append(byte)
            }
        }
    }

    /// Two lowercase hexadecimal digits.
    mutating func appendHexByte(_ value: UInt32) {
        let digits: StaticString = "0123456789abcdef"
        append(digits.utf8Start[Int(value >> 4 & 0xF)])
        append(digits.utf8Start[Int(value & 0xF)])
    }
}

enum CorpusFixed {
    static let powers = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000]
}
