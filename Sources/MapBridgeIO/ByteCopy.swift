/// Copies of bytes that are usually few — a key, a short value, a colour — made in place
/// with two loads and two stores when they are 16 or fewer, rather than through a call to
/// `memcpy`, which costs more than such a copy itself. Longer runs go to `memcpy`.
public enum ByteCopy {
    /// Copies `count` bytes (≥ 0) from `source` to `target`; the two ranges must not overlap.
    @inlinable @inline(__always)
    public static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count n: Int) {
        if n <= 16 {
            copyShort(source, to: target, n)
        } else {
            target.update(from: source, count: n)
        }
    }

    /// Copies `n` bytes (0...16) with two loads and two stores at most, the second pair
    /// overlapping the first.
    @inlinable @inline(__always)
    public static func copyShort(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, _ n: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if n >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: n - 4, as: UInt32.self)
        } else {
            for k in 0..<n { target[k] = source[k] }
        }
    }
}
