/// The Levenshtein distance between two strings: the fewest single-character insertions,
/// deletions and substitutions that turn one into the other, for "did you mean" hints.
///
///     editDistance("--pretty", "--prety")  // 1
///     editDistance("JKF", "JFK")           // 2
///
/// Characters are compared as Swift `Character`s (grapheme clusters), case-sensitively.
/// - Complexity: O(m × n) time, O(n) memory.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    guard !x.isEmpty else { return y.count }
    guard !y.isEmpty else { return x.count }
    var previous = Array(0...y.count)
    var current = previous
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[y.count]
}
