/// UTF-8 well-formedness (Unicode 15, table 3-7), for messages that point at the bad byte.
enum UTF8Validation {
    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (an
    /// overlong form, a surrogate, a value above U+10FFFF, a stray continuation byte or a
    /// sequence cut short), or `nil` when all of `bytes` is well-formed.
    ///
    ///     UTF8Validation.firstInvalidOffset([0x41, 0xE9, 0x42])   // 1 (Latin-1 "é")
    ///
    /// - Complexity: O(n).
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            var length = 0
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    /// A hint for a file that is not UTF-8: Latin-1 and Windows-1252 are the usual suspects.
    static func conversionHint(for byte: UInt8) -> String {
        byte >= 0x80
            ? "the file is probably Latin-1 or Windows-1252; convert it to UTF-8 (for example `iconv -f windows-1252 -t utf-8`)"
            : "convert the file to UTF-8"
    }
}
