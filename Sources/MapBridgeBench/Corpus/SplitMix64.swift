/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast, seeded generator, so that the
/// benchmark corpus is the same bytes on every run and every machine.
///
///     var rng = SplitMix64(seed: 1)
///     let dice = rng.int(in: 1...6)
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `range` (the slight modulo bias does not matter for test data).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// Uniform in [`low`, `high`).
    mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// `true` with probability `p`, [0, 1].
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// An element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    /// Roughly normal with mean 0 and standard deviation 1 (sum of four uniforms, Irwin-Hall):
    /// no logarithm or square root of libm, so the value is the same on every platform.
    mutating func gaussian() -> Double {
        (unit() + unit() + unit() + unit() - 2) * 1.7320508075688772
    }
}
