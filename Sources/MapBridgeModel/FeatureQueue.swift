/// Features a reader has parsed but not yet handed out: for readers whose parser finishes
/// several features per chunk of input (the KML and GPX readers), so that `next()` can hand
/// them out one at a time. Memory holds one chunk's features at most.
///
///     mutating func next() throws -> Feature? {
///         try queue.next { parserFinished ? nil : try parseNextChunk() }
///     }
///
/// Features are moved in and out, never copied (a copy of a feature retains and releases
/// each of its many parts): the waiting features are kept last-first, so that each is taken
/// with `popLast`.
public struct FeatureQueue {
    /// The waiting features, the next one last.
    private var items: [Feature] = []

    public init() {}

    /// Whether no feature waits.
    public var isEmpty: Bool { items.isEmpty }

    /// Queues features behind those waiting; takes the caller's array, so that reversing it
    /// in place copies no feature.
    public mutating func append(contentsOf features: consuming [Feature]) {
        guard !features.isEmpty else { return }
        Self.reverseByMoving(&features)
        if items.isEmpty {
            items = features
        } else {
            items.insert(contentsOf: features, at: 0)
        }
    }

    /// The next waiting feature; while none waits, calls `refill` for more (an empty array
    /// when a chunk finished none), until it returns `nil` at the end of the input.
    public mutating func next(refill: () throws -> [Feature]?) rethrows -> Feature? {
        while items.isEmpty {
            guard var more = try refill() else { return nil }
            Self.reverseByMoving(&more)
            items = more
        }
        return items.popLast()
    }

    /// Reverses `features` in place by moving each one, where `Array.reverse()` swaps through
    /// a copy (a retain and a release of each of a feature's parts).
    /// - Complexity: O(n) moves of a feature's bytes; no retain, release or allocation when
    ///   the array is not shared.
    private static func reverseByMoving(_ features: inout [Feature]) {
        // The buffer's `swapAt` moves the elements through memory instead of copying them.
        features.withUnsafeMutableBufferPointer { $0.reverse() }
    }
}
