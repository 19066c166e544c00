/// An append-only array kept in chunks of about 64 KiB, for tables that grow to millions of
/// small records: growing never copies what is held past the first chunk (an `Array` doubles,
/// copying everything and leaving the old buffer to the allocator, which often keeps it), so
/// memory stays within one chunk of what the elements take. The first chunk grows as an array
/// does, so that a short table (one of many) takes about what its elements do.
///
///     var records = ChunkedArray<Int64>()
///     records.append(7)
///     records[0] += 1
///
/// Inlinable, so that it is specialised for its element type in the modules that use it.
public struct ChunkedArray<Element> {
    @usableFromInline var chunks: [[Element]] = []
    /// log2 of the elements per chunk.
    @usableFromInline let shift: Int
    @usableFromInline var storedCount = 0

    /// The number of elements held.
    @inlinable public var count: Int { storedCount }

    /// An empty array whose chunks hold about `chunkBytes` bytes (a power of two of elements).
    @inlinable
    public init(chunkBytes: Int = 1 << 16) {
        let perChunk = max(chunkBytes / max(MemoryLayout<Element>.stride, 1), 1)
        shift = Int.bitWidth - 1 - perChunk.leadingZeroBitCount
    }

    /// Whether it holds nothing.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// Adds `element` at the end.
    /// - Complexity: O(1).
    @inlinable
    public mutating func append(_ element: Element) {
        if storedCount & ((1 << shift) - 1) == 0 {
            var chunk: [Element] = []
            if storedCount > 0 { chunk.reserveCapacity(1 << shift) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        storedCount += 1
    }

    /// The element at `index` (0 ≤ index < count).
    /// - Complexity: O(1).
    @inlinable
    public subscript(index: Int) -> Element {
        get { chunks[index >> shift][index & ((1 << shift) - 1)] }
        set { chunks[index >> shift][index & ((1 << shift) - 1)] = newValue }
    }

    /// The number of elements the chunks have room for without allocating again.
    @inlinable public var capacity: Int { chunks.reduce(0) { $0 + $1.capacity } }

    /// The last element, if any.
    @inlinable public var last: Element? { isEmpty ? nil : self[count - 1] }
}

extension ChunkedArray: Sendable where Element: Sendable {}
