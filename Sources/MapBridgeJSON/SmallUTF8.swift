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
        return SmallASCII.string(words: (low, high))
    }

    /// Whether `bytes` are well-formed UTF-8 (`UTF8WellFormedness`): what the standard
    /// library's decoder accepts without a repair.
    @inline(__always)
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8WellFormedness.firstInvalidOffset(bytes) == nil
    }
}
