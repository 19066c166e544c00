/// Word-at-a-time byte searches (SWAR: eight bytes per step in a 64-bit register).
enum ByteScanning {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first byte in `[from, to)` that ends the plain part of a JSON string:
    /// a quote, a backslash or a control character (< 0x20); `to` when there is none in the
    /// whole words scanned. It may stop early at a word boundary short of the end; the caller
    /// finishes byte by byte.
    @inline(__always)
    static func firstStringSpecial(_ base: UnsafeMutablePointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(base)
        while i + 8 <= to {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte is zero in x exactly when (x - 1) borrows into its high bit while x's is clear.
            let hasQuote = (quote &- ones) & ~quote & highs
            let hasBackslash = (backslash &- ones) & ~backslash & highs
            // Bytes below 0x20 (a byte ≥ 0x80 never counts: ~word clears its flag).
            let hasControl = (word &- (ones &* 0x20)) & ~word & highs
            let hits = hasQuote | hasBackslash | hasControl
            if hits != 0 { return i + (hits.trailingZeroBitCount >> 3) }
            i += 8
        }
        return i
    }

    /// The index of the first byte in `[from, to)` that JSON output may have to escape: a
    /// quote, a backslash, a control character (< 0x20), DEL or any byte ≥ 0x80 (the C1
    /// controls hide there); like `firstStringSpecial`, it may stop at the last whole word.
    @inline(__always)
    static func firstEscapeCandidate(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var i = from
        let raw = UnsafeRawPointer(base)
        while i + 8 <= to {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let delete = word ^ (ones &* 0x7F)
            let hasQuote = (quote &- ones) & ~quote & highs
            let hasBackslash = (backslash &- ones) & ~backslash & highs
            let hasDelete = (delete &- ones) & ~delete & highs
            let hasControl = (word &- (ones &* 0x20)) & ~word & highs
            // Each test's lowest flag is exact (a false flag only sits above a true one).
            let hits = hasQuote | hasBackslash | hasDelete | hasControl | (word & highs)
            if hits != 0 { return i + (hits.trailingZeroBitCount >> 3) }
            i += 8
        }
        return i
    }
}
