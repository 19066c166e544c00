/// UTF-8 well-formedness (Unicode's table 3-7): the one check behind the readers that must
/// refuse bytes rather than repair them (a JSON string made in place, a CSV field).
package enum UTF8WellFormedness {
    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (an
    /// overlong form, a surrogate, a value above U+10FFFF, a stray continuation byte or a
    /// sequence cut short), or `nil` when all of `bytes` is well-formed.
    ///
    ///     firstInvalidOffset([0x41, 0xE9, 0x42])   // 1 (Latin-1 "é")
    ///
    /// - Complexity: O(n), one step per scalar.
    @inline(__always)
    package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        var i = 0
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            if b0 < 0xC2 { return i }  // a continuation byte, or an overlong two-byte lead
            if b0 < 0xE0 {
                guard i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return i }
                i += 2
                continue
            }
            if b0 < 0xF0 {
                guard i + 2 < n else { return i }
                let b1 = bytes[i + 1]
                // E0 needs A0...BF (no overlong form); ED needs 80...9F (no surrogate).
                let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
                let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
                guard b1 >= low, b1 <= high, bytes[i + 2] & 0xC0 == 0x80 else { return i }
                i += 3
                continue
            }
            guard b0 < 0xF5, i + 3 < n else { return i }
            let b1 = bytes[i + 1]
            // F0 needs 90...BF (no overlong form); F4 needs 80...8F (nothing past U+10FFFF).
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= low, b1 <= high, bytes[i + 2] & 0xC0 == 0x80, bytes[i + 3] & 0xC0 == 0x80 else { return i }
            i += 4
        }
        return nil
    }
}
