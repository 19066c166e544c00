/// The quick hash of a member name that the duplicate-key ledger and the key table share,
/// computed once per key by the tokenizer (`JSONTokenizer.lastKeyHash`).
@usableFromInline enum KeyHash {
    /// The words of a name that its quick hash mixes: the first and last eight bytes (for a
    /// name of 4 to 7 bytes, its first and last four in `head`; for a shorter one, its bytes in
    /// `head`). A name of at most `wholeNameBytes` bytes is all in them: two names of that
    /// length with equal words are equal, without a look at their bytes.
    @usableFromInline struct Words: Equatable {
        @usableFromInline var head: UInt64 = 0
        @usableFromInline var tail: UInt64 = 0
    }

    /// The longest name whose `Words` hold all of it.
    static let wholeNameBytes = 16

    /// The words of `name`.
    @inline(__always)
    static func words(_ name: UnsafeBufferPointer<UInt8>) -> Words {
        let n = name.count
        guard let base = name.baseAddress, n > 0 else { return Words() }
        let raw = UnsafeRawPointer(base)
        var words = Words()
        if n >= 8 {
            words.head = raw.loadUnaligned(as: UInt64.self)
            words.tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            // Two overlapping four-byte loads cover the name (no loop for most short names).
            words.head = UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << 32
        } else {
            for k in 0..<n { words.head |= UInt64(base[k]) << (8 * UInt64(k)) }
        }
        return words
    }

    /// The length and the first and last eight bytes, mixed once. Equal names always hash
    /// alike; users compare the bytes on a match, so a collision costs only time (and both
    /// users bound that: the ledger indexes large objects with a seeded hash, the key table
    /// probes a few slots at most).
    @inline(__always)
    static func quick(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        quick(words(name), count: name.count)
    }

    /// `quick(_:)` of the name of `count` bytes whose words are `words`.
    @inline(__always)
    static func quick(_ words: Words, count n: Int) -> UInt64 {
        // An empty name's words are 0, and so is its hash.
        var h = words.head &* 0x9E37_79B9_7F4A_7C15 ^ (words.tail &+ UInt64(n)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return h
    }
}
