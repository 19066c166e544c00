/// One line of a `.gitignore` file (or an `--include`/`--exclude` glob), with git's rules:
/// `!` negates, a trailing `/` matches folders only, a pattern holding a `/` elsewhere is
/// anchored to the folder it is relative to, any other matches a name at any depth below it;
/// `*` and `?` match anything but `/`, `[...]` a set of bytes (`!` or `^` negates, `a-z` a
/// range), `\` quotes the next byte, and `**` spans folders (`**/x`, `x/**`, `x/**/y`).
/// Paths and patterns are bytes: a name need not be UTF-8. Matching is case-sensitive.
///
///     let pattern = IgnorePattern(line: Array("build/".utf8))
///     pattern?.matches(Array("src/build".utf8), isFolder: true)   // true
public struct IgnorePattern: Hashable, Sendable {
    /// The glob with the leading `!`, a leading `/` and the trailing `/` taken off.
    public let glob: [UInt8]
    /// The line began with `!`: a match un-ignores.
    public let isNegated: Bool
    /// The line ended in `/`: only folders match.
    public let matchesFoldersOnly: Bool
    /// The glob holds a `/` (not at its end): it matches the whole relative path, else only
    /// the last name.
    public let isAnchored: Bool

    /// Parses one line; nil for a blank line or a `#` comment. Trailing spaces are dropped
    /// unless quoted with `\`; `\#` and `\!` start a pattern with those bytes.
    public init?(line: [UInt8]) {
        var bytes = Array(line)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        while bytes.last == UInt8(ascii: " ") {
            // "\ " at the end keeps its space: count the backslashes before it.
            var backslashes = 0
            var i = bytes.count - 2
            while i >= 0 && bytes[i] == UInt8(ascii: "\\") { backslashes += 1; i -= 1 }
            if backslashes % 2 == 1 { break }
            bytes.removeLast()
        }
        guard let first = bytes.first, first != UInt8(ascii: "#") else { return nil }
        isNegated = first == UInt8(ascii: "!")
        if isNegated { bytes.removeFirst() }
        matchesFoldersOnly = bytes.last == UInt8(ascii: "/")
        if matchesFoldersOnly { bytes.removeLast() }
        guard !bytes.isEmpty else { return nil }
        isAnchored = bytes.contains(UInt8(ascii: "/"))
        if bytes.first == UInt8(ascii: "/") { bytes.removeFirst() }
        glob = bytes
    }

    /// Whether the pattern matches `path`, relative to the folder the pattern belongs to
    /// (names separated by `/`, no leading `/`), ignoring `isNegated`. Folders above `path`
    /// are not considered here (see `IgnoreRules`).
    public func matches(_ path: [UInt8], isFolder: Bool) -> Bool {
        if matchesFoldersOnly && !isFolder { return false }
        if isAnchored { return wildMatch(glob[...], path[...]) }
        let name = path.lastIndex(of: UInt8(ascii: "/")).map { path[($0 + 1)...] } ?? path[...]
        return wildMatch(glob[...], name)
    }
}

/// git's `wildmatch` with `WM_PATHNAME`: `*`, `?` and `[...]` stop at `/`; `**` between
/// slashes (or at an end) spans folders.
/// - Complexity: O(p × t) for patterns with one star; backtracks over each further star.
func wildMatch(_ p: ArraySlice<UInt8>, _ t: ArraySlice<UInt8>) -> Bool {
    let slash = UInt8(ascii: "/")
    var pi = p.startIndex
    var ti = t.startIndex
    while pi < p.endIndex {
        let c = p[pi]
        switch c {
        case UInt8(ascii: "*"):
            var end = pi
            while end < p.endIndex && p[end] == UInt8(ascii: "*") { end += 1 }
            let atStart = pi == p.startIndex || p[pi - 1] == slash
            let spansFolders = end - pi >= 2 && atStart && (end == p.endIndex || p[end] == slash)
            if spansFolders {
                if end == p.endIndex { return true }                 // "x/**": all that is inside
                // "**/": none or any folders, then the rest.
                if wildMatch(p[(end + 1)...], t[ti...]) { return true }
                var k = ti
                while k < t.endIndex {
                    if t[k] == slash && wildMatch(p[(end + 1)...], t[(k + 1)...]) { return true }
                    k += 1
                }
                return false
            }
            // A star within a name: any bytes but "/".
            var k = ti
            while true {
                if wildMatch(p[end...], t[k...]) { return true }
                if k == t.endIndex || t[k] == slash { return false }
                k += 1
            }
        case UInt8(ascii: "?"):
            guard ti < t.endIndex, t[ti] != slash else { return false }
        case UInt8(ascii: "["):
            guard ti < t.endIndex else { return false }
            if let (matched, next) = matchClass(p, from: pi, byte: t[ti]) {
                guard matched, t[ti] != slash else { return false }
                pi = next
                ti += 1
                continue
            }
            guard t[ti] == c else { return false }   // an unclosed "[" is a plain byte
        case UInt8(ascii: "\\") where pi + 1 < p.endIndex:
            pi += 1
            guard ti < t.endIndex, t[ti] == p[pi] else { return false }
        default:
            guard ti < t.endIndex, t[ti] == c else { return false }
        }
        pi += 1
        ti += 1
    }
    return ti == t.endIndex
}

/// The bracket expression at `p[start]` (`[`): whether `byte` is in it and the index after
/// its `]`; nil when there is no closing `]`.
private func matchClass(_ p: ArraySlice<UInt8>, from start: Int, byte: UInt8) -> (Bool, Int)? {
    var i = start + 1
    let negated = i < p.endIndex && (p[i] == UInt8(ascii: "!") || p[i] == UInt8(ascii: "^"))
    if negated { i += 1 }
    var matched = false
    var first = true
    while i < p.endIndex {
        var low = p[i]
        if low == UInt8(ascii: "]") && !first { return (matched != negated, i + 1) }
        first = false
        if low == UInt8(ascii: "\\") && i + 1 < p.endIndex { i += 1; low = p[i] }
        var high = low
        if i + 2 < p.endIndex && p[i + 1] == UInt8(ascii: "-") && p[i + 2] != UInt8(ascii: "]") {
            i += 2
            high = p[i]
            if high == UInt8(ascii: "\\") && i + 1 < p.endIndex { i += 1; high = p[i] }
        }
        if low <= byte && byte <= high { matched = true }
        i += 1
    }
    return nil
}
