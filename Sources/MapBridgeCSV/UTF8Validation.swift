import MapBridgeJSON

/// UTF-8 well-formedness for messages that point at the bad byte.
enum UTF8Validation {
    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence, or
    /// `nil` when all of `bytes` is well-formed (`UTF8WellFormedness`).
    ///
    ///     UTF8Validation.firstInvalidOffset([0x41, 0xE9, 0x42])   // 1 (Latin-1 "é")
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8WellFormedness.firstInvalidOffset($0) }
    }

    /// A hint for a file that is not UTF-8: Latin-1 and Windows-1252 are the usual suspects.
    static func conversionHint(for byte: UInt8) -> String {
        byte >= 0x80
            ? "the file is probably Latin-1 or Windows-1252; convert it to UTF-8 (for example `iconv -f windows-1252 -t utf-8`)"
            : "convert the file to UTF-8"
    }
}
