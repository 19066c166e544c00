/// Features a reader has parsed but not yet handed out: for readers whose parser finishes
/// several features per chunk of input (the KML and GPX readers), so that `next()` can hand
/// them out one at a time. Memory holds one chunk's features at most.
///
///     mutating func next() throws -> Feature? {
///         try queue.next { parserFinished ? nil : try parseNextChunk() }
///     }
public struct FeatureQueue {
    private var items: [Feature] = []
    private var index = 0

    public init() {}

    /// Whether no feature waits.
    public var isEmpty: Bool { index >= items.count }

    /// Queues features behind those waiting.
    public mutating func append(contentsOf features: [Feature]) {
        items.append(contentsOf: features)
    }

    /// The next waiting feature; while none waits, calls `refill` for more (an empty array
    /// when a chunk finished none), until it returns `nil` at the end of the input.
    public mutating func next(refill: () throws -> [Feature]?) rethrows -> Feature? {
        while index >= items.count {
            items.removeAll(keepingCapacity: true)
            index = 0
            guard let more = try refill() else { return nil }
            items.append(contentsOf: more)
        }
        defer { index += 1 }
        return items[index]
    }
}
