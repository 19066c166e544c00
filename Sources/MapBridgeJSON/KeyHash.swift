/// The quick hash of a member name that the duplicate-key ledger and the key table share,
/// computed once per key by the tokenizer (`JSONTokenizer.lastKeyHash`).
enum KeyHash {
    /// The length and the first and last eight bytes, mixed once. Equal names always hash
    /// alike; users compare the bytes on a match, so a collision costs only time (and both
    /// users bound that: the ledger indexes large objects with a seeded hash, the key table
    /// probes a few slots at most).
    @inline(__always)
    static func quick(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = name.count
        guard let base = name.baseAddress, n > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        var head: UInt64 = 0, tail: UInt64 = 0
        if n >= 8 {
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            // Two overlapping four-byte loads cover the name (no loop for most short names).
            head = UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << 32
        } else {
            for k in 0..<n { head |= UInt64(base[k]) << (8 * UInt64(k)) }
        }
        var h = head &* 0x9E37_79B9_7F4A_7C15 ^ (tail &+ UInt64(n)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return h
    }
}
