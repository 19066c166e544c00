/// Short text that is not all ASCII made into a `String` straight from its bytes, once they
/// are checked to be well-formed UTF-8: the standard library's small-string form (as
/// `SmallASCII` makes it) with the discriminator of a small string that is not ASCII.
///
/// A place name such as `Dvůr 744` or `Šumperk` is nearly always that short: made through
/// `String(decoding:as:)` and compared back with its bytes (`JSONTokenizer.strictString`,
/// which must refuse invalid UTF-8 rather than repair it), each one cost several hundred
/// instructions; checked here, a few per byte.
package enum SmallUTF8 {
    /// Whether the runtime's small strings that are not all ASCII are laid out as `make(_:)`
    /// lays them out, for every count from 2 to `SmallASCII.capacity` (one byte is ASCII or
    /// not UTF-8).
    package static let layoutHolds: Bool = {
        guard SmallASCII.layoutHolds else { return false }
        for n in 2...SmallASCII.capacity {
            // "é" (two bytes) followed by ASCII, and ASCII followed by "é".
            for expected in ["é" + String(repeating: "a", count: n - 2), String(repeating: "b", count: n - 2) + "é"] {
                var text = expected
                let built = text.withUTF8 { make($0) }
                guard unsafeBitCast(expected, to: (UInt64, UInt64).self) == unsafeBitCast(built, to: (UInt64, UInt64).self)
                else { return false }
            }
        }
        return true
    }()

    /// The string of `bytes`.
    /// - Precondition: `layoutHolds`; `bytes` are well-formed UTF-8, not all ASCII, at most
    ///   `SmallASCII.capacity` of them.
    @inline(__always)
    package static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var (low, high) = SmallASCII.words(bytes)
        // `words` set the discriminator of an ASCII small string (0xE0): clear its ASCII bit.
        high &= ~(UInt64(0x40) << 56)
        return unsafeBitCast((low, high), to: String.self)
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
    /// surrogates, nothing past U+10FFFF, no sequence cut short): what the standard
    /// library's decoder accepts without a repair.
    /// - Complexity: O(n), one step per scalar.
    @inline(__always)
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            if b0 < 0xC2 { return false }  // a continuation byte, or an overlong two-byte lead
            if b0 < 0xE0 {
                guard i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return false }
                i += 2
                continue
            }
            if b0 < 0xF0 {
                guard i + 2 < n else { return false }
                let b1 = bytes[i + 1]
                // E0 needs A0...BF (no overlong form); ED needs 80...9F (no surrogate).
                let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
                let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
                guard b1 >= low, b1 <= high, bytes[i + 2] & 0xC0 == 0x80 else { return false }
                i += 3
                continue
            }
            guard b0 < 0xF5, i + 3 < n else { return false }
            let b1 = bytes[i + 1]
            // F0 needs 90...BF (no overlong form); F4 needs 80...8F (nothing past U+10FFFF).
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= low, b1 <= high, bytes[i + 2] & 0xC0 == 0x80, bytes[i + 3] & 0xC0 == 0x80 else { return false }
            i += 4
        }
        return true
    }
}
