/// Short ASCII text made into a `String` straight from its bytes, in the standard library's
/// small-string form: up to 15 bytes held in the string's two words themselves, in order and
/// little-endian, the second word's top byte 0xE0 plus the count (an immortal, small, ASCII
/// string). Making one so costs a few loads: no allocation, and none of the checks
/// `String(decoding:as:)` or `String(unsafeUninitializedCapacity:initializingUTF8With:)`
/// make of bytes that the tokenizer knows to be ASCII already.
///
/// The form is checked once against strings the runtime made itself (`layoutHolds`); where it
/// differs, callers make their strings the general way.
@usableFromInline package enum SmallASCII {
    /// The most bytes a small string holds.
    @usableFromInline package static let capacity = 15

    /// Whether the runtime's small ASCII strings are laid out as `words(_:)` lays them out,
    /// for every count from 0 to `capacity`.
    @usableFromInline package static let layoutHolds: Bool = {
        let probe = "0123456789abcde"
        for n in 0...capacity {
            let expected = String(probe.prefix(n))
            var text = expected
            let built = text.withUTF8 { words($0) }
            guard unsafeBitCast(expected, to: (UInt64, UInt64).self) == built else { return false }
        }
        return true
    }()

    /// The string of `bytes` when they are at most `capacity` bytes, all ASCII, and the layout
    /// holds; `nil` otherwise (the caller makes it the general way). For bytes not known to be
    /// ASCII, such as XML text: the test is one mask over the two words.
    ///
    /// `holds` is `layoutHolds`, which a caller making many strings reads once and keeps: each
    /// read of the static checks its lazy initialiser (a call to `swift_once`).
    @inlinable @inline(__always)
    package static func string(ifASCII bytes: UnsafeBufferPointer<UInt8>, layoutHolds holds: Bool = layoutHolds) -> String? {
        guard bytes.count <= capacity, holds else { return nil }
        let (low, high) = words(bytes)
        // The top byte of `high` holds the flags and the count; every byte below it is text or zero.
        guard (low | high & 0x00FF_FFFF_FFFF_FFFF) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return string(words: (low, high))
    }

    /// The string of `bytes`.
    /// - Precondition: `layoutHolds`; `bytes` are ASCII (each below 0x80), at most `capacity`.
    @inline(__always)
    package static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        string(words: words(bytes))
    }

    /// The small string whose two words are `words` (as `words(_:)` makes them).
    ///
    /// Moved out of the words' memory rather than bit-cast: a value cast with
    /// `unsafeBitCast` is a copy of its source, so the compiler retained it (two calls into
    /// the runtime, for a string that holds no reference), once per string made; a move
    /// takes the string as it is. The words, plain integers, need no destroying after.
    /// - Precondition: `layoutHolds`, and `words` are those of a small string.
    @inlinable @inline(__always)
    package static func string(words: (UInt64, UInt64)) -> String {
        var words = words
        return withUnsafeMutablePointer(to: &words) { pointer in
            pointer.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
        }
    }

    /// The two words of the small string of `bytes` (at most `capacity` of them): the first
    /// eight bytes, then the rest with the discriminator and count on top; unused bytes zero.
    @inlinable @inline(__always)
    package static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let n = bytes.count
        var low: UInt64 = 0, high: UInt64 = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            if n >= 8 {
                low = raw.loadUnaligned(as: UInt64.self)
                // The last eight bytes, shifted so that byte 8 comes first.
                if n > 8 { high = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64(8 * (16 - n)) }
            } else if n >= 4 {
                // Two overlapping four-byte loads.
                low = UInt64(raw.loadUnaligned(as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << UInt64(8 * (n - 4))
            } else {
                for k in 0..<n { low |= UInt64(base[k]) << UInt64(8 * k) }
            }
        }
        high |= (0xE0 | UInt64(n)) << 56
        return (low, high)
    }
}
