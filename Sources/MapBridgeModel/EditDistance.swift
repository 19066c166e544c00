/// The edit distance between two strings: the fewest single-character insertions, deletions,
/// substitutions and swaps of two neighbouring characters that turn one into the other (the
/// optimal string alignment distance), for "did you mean" hints. A swap counts as one edit,
/// as a typist makes it: `JKF` is one edit from `JFK`, as close as `JKG`.
///
///     editDistance("--pretty", "--prety")  // 1
///     editDistance("JKF", "JFK")           // 1
///
/// Characters are compared as Swift `Character`s (grapheme clusters), case-sensitively.
/// - Complexity: O(m × n) time, O(n) memory.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    guard !x.isEmpty else { return y.count }
    guard !y.isEmpty else { return x.count }
    // Three rows: the one before the previous is where a swap of x[i-2...i-1] comes from.
    var beforePrevious = Array(repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = previous
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1], x[i - 1] != y[j - 1] {
                best = min(best, beforePrevious[j - 2] + 1)
            }
            current[j] = best
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[y.count]
}
