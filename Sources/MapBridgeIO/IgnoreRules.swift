/// The `.gitignore` files of a tree, as git applies them: each file's patterns hold for the
/// folder it is in and everything below; of all patterns that match a path the last wins, a
/// deeper file's after a shallower one's; and a path inside an ignored folder stays ignored
/// (git does not look inside it, so `!` cannot bring it back).
///
///     var rules = IgnoreRules()
///     rules.add(Array("build/\n!keep.geojson\n".utf8), in: [])
///     rules.isIgnored(Array("build/a.geojson".utf8), isFolder: false)   // true
public struct IgnoreRules: Hashable, Sendable {
    /// One file's patterns and the folder they are relative to.
    struct Layer: Hashable, Sendable {
        /// The folder, relative to the tree's root with no leading or trailing `/` (empty for
        /// the root).
        let base: [UInt8]
        let patterns: [IgnorePattern]
    }

    private(set) var layers: [Layer] = []

    public init() {}

    /// Adds the patterns of one `.gitignore` file (or a list of globs, one a line), for the
    /// folder `base` relative to the root (empty for the root itself).
    public mutating func add(_ contents: [UInt8], in base: [UInt8]) {
        let patterns = contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .compactMap { IgnorePattern(line: Array($0)) }
        add(patterns, in: base)
    }

    /// Adds `patterns` for the folder `base` relative to the root.
    public mutating func add(_ patterns: [IgnorePattern], in base: [UInt8]) {
        guard !patterns.isEmpty else { return }
        layers.append(Layer(base: base, patterns: patterns))
    }

    /// Drops the layers of `base` (the walk leaves that folder).
    public mutating func removeLayers(in base: [UInt8]) {
        while layers.last?.base == base { layers.removeLast() }
    }

    /// What the last matching pattern says about `path` itself (relative to the root):
    /// true ignored, false un-ignored by a `!` pattern, nil when nothing matches. Folders
    /// above `path` are not looked at; `isIgnored` does.
    public func verdict(_ path: [UInt8], isFolder: Bool) -> Bool? {
        for layer in layers.reversed() {
            guard let relative = relativePath(path, below: layer.base) else { continue }
            if let pattern = layer.patterns.last(where: { $0.matches(relative, isFolder: isFolder) }) {
                return !pattern.isNegated
            }
        }
        return nil
    }

    /// Whether `path` (relative to the root) is ignored: it, or a folder above it.
    public func isIgnored(_ path: [UInt8], isFolder: Bool) -> Bool {
        let slash = UInt8(ascii: "/")
        for (i, b) in path.enumerated() where b == slash && i > 0 {
            if verdict(Array(path[..<i]), isFolder: true) == true { return true }
        }
        return verdict(path, isFolder: isFolder) == true
    }

    private func relativePath(_ path: [UInt8], below base: [UInt8]) -> [UInt8]? {
        if base.isEmpty { return path }
        guard path.count > base.count + 1, path.starts(with: base), path[base.count] == UInt8(ascii: "/") else { return nil }
        return Array(path[(base.count + 1)...])
    }
}
