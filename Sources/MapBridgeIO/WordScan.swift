/// Eight bytes at a time in a 64-bit word (SWAR): the tests the byte scanners of JSON and XML
/// output share. Each returns a flag (0x80) in every byte lane that matches; the lowest flag is
/// exact, a flag above a true one may be false, so callers take `trailingZeroBitCount >> 3`.
public enum WordScan {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Lanes of `word` equal to `byte`.
    @inlinable @inline(__always)
    public static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Lanes of `word` below `limit` (at most 0x80; a byte ≥ 0x80 never counts).
    @inlinable @inline(__always)
    public static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- (ones &* UInt64(limit))) & ~word & highs
    }

    /// Lanes of `word` at or above 0x80.
    @inlinable @inline(__always)
    public static func high(_ word: UInt64) -> UInt64 { word & highs }

    /// The eight bytes at `offset`, little-endian, so lane 0 is the first byte.
    @inlinable @inline(__always)
    public static func word(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
