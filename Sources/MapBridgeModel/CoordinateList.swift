/// The vertices of one line, ring or multi-point, kept compactly: what `[Coordinate]` holds in
/// 32 bytes per vertex (and, while growing, in up to twice that) takes about 20 here.
///
///     var ring: CoordinateList = [a, b, c, a]
///     ring.append(d)
///     for vertex in ring { … }
///
/// Each vertex keeps its longitude and latitude (16 bytes, degrees) and a 4-byte code for its
/// text: the fraction digits of `FixedPointSpelling` (nearly all text read from files), or one
/// of two reserved codes for a vertex made from values and for the rare text kept as text, whose
/// box then lives in a side table keyed by the vertex's index. An altitude column (8 bytes per
/// vertex, metres) exists only once some vertex has an altitude. Reading an element rebuilds the
/// `Coordinate`, equal to the one appended, text included.
///
/// Growing never copies what the list holds once it is long: the first chunk grows by doubling
/// up to `chunkSize` vertices (a ring of a few hundred vertices is one allocation), then whole
/// chunks are added. A copy shares the storage until either copy is changed (copy-on-write).
///
/// Equality and hashing compare the elements in order, as for `[Coordinate]` (values only).
///
/// `@unchecked Sendable` (a `ManagedBuffer` subclass cannot declare it): a chunk is written
/// only through a list that holds the only reference to its first chunk (checked with
/// `isKnownUniquelyReferenced`, else the list copies every chunk first), and the later chunks
/// are reachable only through the first. A chunk that two lists or threads can see is never
/// written again.
public struct CoordinateList: @unchecked Sendable {
    /// The first chunk, which also holds the later chunks and the text side table; `nil` while
    /// the list is empty and has reserved nothing.
    @usableFromInline var head: CoordinateChunk?
    /// The number of vertices held.
    @usableFromInline var storedCount: Int
    /// The columns of the last chunk (the one that takes the next vertex), so that appending
    /// and reading a short list touch no reference; `nil` with `head`.
    @usableFromInline var tail: UnsafeMutablePointer<Double>?
    /// The index of the last chunk's first vertex (0 while there is one chunk).
    @usableFromInline var tailStart: Int
    /// The vertices the last chunk has room for (0 without chunks).
    @usableFromInline var tailCapacity: Int
    /// Whether the chunks have the altitude column.
    @usableFromInline var hasAltitude: Bool

    /// An empty list; it allocates nothing until the first vertex.
    @inlinable public init() {
        head = nil
        storedCount = 0
        tail = nil
        tailStart = 0
        tailCapacity = 0
        hasAltitude = false
    }

    /// log2 of `chunkSize`.
    @inlinable static var chunkShift: Int { 12 }
    /// Vertices per full chunk: 4,096 (80 KiB for two dimensions, 112 KiB with altitudes).
    @inlinable static var chunkSize: Int { 1 << chunkShift }
    /// The smallest first chunk, in vertices.
    @inlinable static var minimumCapacity: Int { 8 }
}

// MARK: Storage

/// The code of a vertex made from values (no text).
@usableFromInline let coordinateListNoText: UInt32 = 0xFFFF_FFFF
/// The code of a vertex whose text is boxed; the box is in the head's side table.
@usableFromInline let coordinateListBoxedText: UInt32 = 0xFFFF_FFFE

/// A chunk's bookkeeping.
@usableFromInline struct CoordinateChunkHeader {
    /// Vertices the chunk has room for.
    @usableFromInline var capacity: Int
    /// Whether the chunk has the altitude column.
    @usableFromInline var hasAltitude: Bool
    /// In the first chunk only: the later chunks and the boxed texts, once there are any.
    @usableFromInline var extras: CoordinateListExtras?

    @usableFromInline init(capacity: Int, hasAltitude: Bool) {
        self.capacity = capacity
        self.hasAltitude = hasAltitude
        extras = nil
    }
}

/// What few lists have: chunks after the first, and text kept boxed. Owned by the first chunk
/// and written only under the same rule (see `CoordinateList`).
@usableFromInline final class CoordinateListExtras {
    /// The chunks after the first, each `CoordinateList.chunkSize` vertices.
    @usableFromInline var more: [CoordinateChunk] = []
    /// The boxed text of vertices whose code is `coordinateListBoxedText`, by vertex index.
    @usableFromInline var texts: [Int: Coordinate.Spelling.Box] = [:]

    @usableFromInline init() {}
}

/// One allocation holding `capacity` vertices as columns: longitude/latitude pairs
/// (2 × capacity doubles, degrees), the text codes (capacity × 4 bytes, rounded up to whole
/// doubles), then the altitudes (capacity doubles, metres) when the chunk has them.
/// Written only through a `CoordinateList` that holds the only reference to it (see there).
@usableFromInline final class CoordinateChunk: ManagedBuffer<CoordinateChunkHeader, Double> {
    /// The doubles a chunk of `capacity` vertices takes.
    @inlinable static func doubles(capacity: Int, hasAltitude: Bool) -> Int {
        2 * capacity + (capacity + 1) / 2 + (hasAltitude ? capacity : 0)
    }

    /// A new chunk; only the altitudes are set (to "none").
    @usableFromInline static func make(capacity: Int, hasAltitude: Bool) -> CoordinateChunk {
        let buffer = create(minimumCapacity: doubles(capacity: capacity, hasAltitude: hasAltitude)) { _ in
            CoordinateChunkHeader(capacity: capacity, hasAltitude: hasAltitude)
        }
        let chunk = unsafeDowncast(buffer, to: CoordinateChunk.self)
        if hasAltitude {
            CoordinateList.altitudes(chunk.columns, capacity: capacity)
                .initialize(repeating: Double(bitPattern: Coordinate.noAltitude), count: capacity)
        }
        return chunk
    }

    /// The columns' start (the longitude/latitude pairs).
    @inlinable var columns: UnsafeMutablePointer<Double> { withUnsafeMutablePointerToElements { $0 } }

    /// A copy with room for `capacity` vertices (≥ `used`), holding the first `used` vertices,
    /// with the altitude column when `hasAltitude`. The copy has no extras.
    @usableFromInline func copy(capacity: Int, used: Int, hasAltitude: Bool) -> CoordinateChunk {
        let copy = CoordinateChunk.make(capacity: capacity, hasAltitude: hasAltitude)
        let from = columns, to = copy.columns, old = header.capacity
        // Copied as bytes (one call to copy memory, not a loop over the doubles).
        UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: 16 * used)
        CoordinateList.codes(to, capacity: capacity)
            .copyMemory(from: CoordinateList.codes(from, capacity: old), byteCount: 4 * used)
        if hasAltitude && header.hasAltitude {
            CoordinateList.altitudes(to, capacity: capacity).update(from: CoordinateList.altitudes(from, capacity: old), count: used)
        }
        return copy
    }
}

extension Coordinate {
    /// Rebuilds a coordinate from its stored parts (`CoordinateList`).
    @inlinable init(longitude: Double, latitude: Double, storedAltitude: Double, spelling: Spelling) {
        self.longitude = longitude
        self.latitude = latitude
        self.storedAltitude = storedAltitude
        self.spelling = spelling
    }
}

extension CoordinateList {
    /// The text codes of a chunk whose columns start at `columns`.
    @inlinable @inline(__always)
    static func codes(_ columns: UnsafeMutablePointer<Double>, capacity: Int) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(columns + 2 * capacity)
    }

    /// The altitudes of a chunk whose columns start at `columns` (when it has them).
    @inlinable @inline(__always)
    static func altitudes(_ columns: UnsafeMutablePointer<Double>, capacity: Int) -> UnsafeMutablePointer<Double> {
        columns + (2 * capacity + (capacity + 1) / 2)
    }

    /// The chunk with number `number` (0: the first).
    @inlinable
    func chunk(number: Int) -> CoordinateChunk {
        let head = self.head.unsafelyUnwrapped
        return number == 0 ? head : head.header.extras.unsafelyUnwrapped.more[number - 1]
    }

    /// Vertex `index` (0 ≤ index < count).
    @inlinable @inline(__always)
    func element(at index: Int) -> Coordinate {
        if index >= tailStart {
            return coordinate(in: tail.unsafelyUnwrapped, capacity: tailCapacity, at: index - tailStart, index: index)
        }
        return earlierElement(at: index)
    }

    /// Vertex `index` when it lies before the last chunk.
    @usableFromInline
    func earlierElement(at index: Int) -> Coordinate {
        let chunk = chunk(number: index >> Self.chunkShift)
        return coordinate(in: chunk.columns, capacity: chunk.header.capacity, at: index & (Self.chunkSize - 1), index: index)
    }

    /// The vertex at `offset` in the chunk whose columns start at `columns`; it is vertex
    /// `index` of the list.
    @inlinable @inline(__always)
    func coordinate(in columns: UnsafeMutablePointer<Double>, capacity: Int, at offset: Int, index: Int) -> Coordinate {
        let pair = columns + 2 * offset
        let code = Self.codes(columns, capacity: capacity).load(fromByteOffset: 4 * offset, as: UInt32.self)
        let altitude = hasAltitude
            ? Self.altitudes(columns, capacity: capacity)[offset] : Double(bitPattern: Coordinate.noAltitude)
        let spelling: Coordinate.Spelling
        if code < coordinateListBoxedText {
            spelling = .fixed(code)
        } else if code == coordinateListNoText {
            spelling = .none
        } else {
            spelling = boxedText(at: index)
        }
        return Coordinate(longitude: pair[0], latitude: pair[1], storedAltitude: altitude, spelling: spelling)
    }

    /// The boxed text of vertex `index`.
    @usableFromInline func boxedText(at index: Int) -> Coordinate.Spelling {
        guard let box = head?.header.extras?.texts[index] else { return .none }
        return .text(box)
    }

    /// Writes the parts of a vertex at `offset` of the chunk whose columns start at `columns`.
    @inlinable @inline(__always)
    func write(_ coordinate: Coordinate, code: UInt32, in columns: UnsafeMutablePointer<Double>, capacity: Int,
               at offset: Int) {
        let pair = columns + 2 * offset
        pair[0] = coordinate.longitude
        pair[1] = coordinate.latitude
        Self.codes(columns, capacity: capacity).storeBytes(of: code, toByteOffset: 4 * offset, as: UInt32.self)
        if hasAltitude { Self.altitudes(columns, capacity: capacity)[offset] = coordinate.storedAltitude }
    }

    /// Points `tail` at the last chunk.
    @usableFromInline
    mutating func refreshTail() {
        guard let head else {
            tail = nil
            tailStart = 0
            tailCapacity = 0
            hasAltitude = false
            return
        }
        hasAltitude = head.header.hasAltitude
        if let more = head.header.extras?.more, let last = more.last {
            tail = last.columns
            tailStart = more.count << Self.chunkShift
            tailCapacity = last.header.capacity
        } else {
            tail = head.columns
            tailStart = 0
            tailCapacity = head.header.capacity
        }
    }

    /// Makes the list the only owner of its chunks (copying them when shared) and gives them
    /// the altitude column when `altitude` asks for it.
    @usableFromInline
    mutating func makeUnique(altitude: Bool) {
        let unique = isKnownUniquelyReferenced(&head)
        guard let current = head else { return }
        let withAltitude = altitude || current.header.hasAltitude
        if unique && withAltitude == current.header.hasAltitude { return }
        // Copy every chunk (or give each the altitude column), one chunk at a time.
        let first = current.copy(capacity: current.header.capacity, used: Swift.min(storedCount, Self.chunkSize),
                                 hasAltitude: withAltitude)
        if let extras = current.header.extras {
            let copied = CoordinateListExtras()
            copied.texts = extras.texts
            copied.more = extras.more.indices.map { i in
                let used = Swift.max(0, Swift.min(storedCount - (i + 1) * Self.chunkSize, Self.chunkSize))
                return extras.more[i].copy(capacity: Self.chunkSize, used: used, hasAltitude: withAltitude)
            }
            first.header.extras = copied
        }
        head = first
        refreshTail()
    }

    /// Appends `coordinate` when the fast path cannot: no room in the last chunk, a shared
    /// list, an altitude the list has no column for yet, or boxed text.
    @usableFromInline
    mutating func slowAppend(_ coordinate: Coordinate) {
        let index = storedCount
        let altitude = coordinate.storedAltitude.bitPattern != Coordinate.noAltitude
        makeUnique(altitude: altitude)
        if head == nil {
            head = CoordinateChunk.make(capacity: Self.minimumCapacity, hasAltitude: altitude)
            refreshTail()
        }
        if index == tailStart + tailCapacity, let first = head {
            if index < Self.chunkSize {
                // The first chunk grows geometrically up to a full chunk.
                let grown = first.copy(capacity: Swift.min(2 * tailCapacity, Self.chunkSize), used: index,
                                       hasAltitude: hasAltitude)
                grown.header.extras = first.header.extras
                head = grown
            } else {
                let extras = first.header.extras ?? CoordinateListExtras()
                first.header.extras = extras
                extras.more.append(CoordinateChunk.make(capacity: Self.chunkSize, hasAltitude: hasAltitude))
            }
            refreshTail()
        }
        let code = textCode(of: coordinate, at: index)
        write(coordinate, code: code, in: tail.unsafelyUnwrapped, capacity: tailCapacity, at: index - tailStart)
        storedCount = index + 1
    }

    /// The 4-byte text code vertex `index` keeps for `coordinate`: its fixed-point code, or a
    /// reserved code, with boxed text kept in the side table; the list is unique.
    @usableFromInline @inline(__always)
    mutating func textCode(of coordinate: Coordinate, at index: Int) -> UInt32 {
        switch coordinate.spelling {
        case .fixed(let fixed): return fixed
        case .none: return coordinateListNoText
        case .text(let box):
            setBoxedText(box, at: index)
            return coordinateListBoxedText
        }
    }

    /// Keeps `box` as the text of vertex `index` (nil: drops it); the list is unique.
    @usableFromInline
    mutating func setBoxedText(_ box: Coordinate.Spelling.Box?, at index: Int) {
        guard let first = head else { return }
        if box == nil && first.header.extras == nil { return }
        let extras = first.header.extras ?? CoordinateListExtras()
        first.header.extras = extras
        extras.texts[index] = box
    }

    /// Replaces vertex `index` (< count).
    @usableFromInline
    mutating func replace(at index: Int, with coordinate: Coordinate) {
        makeUnique(altitude: coordinate.storedAltitude.bitPattern != Coordinate.noAltitude)
        let chunk = chunk(number: index >> Self.chunkShift)
        let columns = chunk.columns, capacity = chunk.header.capacity, offset = index & (Self.chunkSize - 1)
        let old = Self.codes(columns, capacity: capacity).load(fromByteOffset: 4 * offset, as: UInt32.self)
        let code = textCode(of: coordinate, at: index)
        if old == coordinateListBoxedText && code != coordinateListBoxedText { setBoxedText(nil, at: index) }
        write(coordinate, code: code, in: columns, capacity: capacity, at: offset)
    }
}

// MARK: Collection

extension CoordinateList: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    /// 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of vertices.
    @inlinable public var endIndex: Int { storedCount }
    /// The number of vertices.
    @inlinable public var count: Int { storedCount }
    /// Whether the list holds no vertex.
    @inlinable public var isEmpty: Bool { storedCount == 0 }
    /// `0..<count`.
    @inlinable public var indices: Range<Int> { 0..<storedCount }

    @inlinable public func index(after i: Int) -> Int { i + 1 }
    @inlinable public func index(before i: Int) -> Int { i - 1 }
    @inlinable public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }
    @inlinable public func distance(from start: Int, to end: Int) -> Int { end - start }

    /// The vertex at `position` (0 ≤ position < count).
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> Coordinate {
        @inline(__always) get {
            precondition(position >= 0 && position < storedCount, "CoordinateList index out of range")
            return element(at: position)
        }
        set {
            precondition(position >= 0 && position < storedCount, "CoordinateList index out of range")
            replace(at: position, with: newValue)
        }
    }

    /// An iterator that reads a chunk's columns directly.
    @inlinable public func makeIterator() -> Iterator { Iterator(self) }

    /// Walks the vertices in order, one chunk at a time.
    public struct Iterator: IteratorProtocol {
        /// The list (which keeps its chunks alive).
        @usableFromInline let list: CoordinateList
        @usableFromInline var index = 0
        /// The index of the current chunk's first vertex, and the end (exclusive) of its vertices.
        @usableFromInline var chunkStart = 0
        @usableFromInline var chunkEnd = 0
        /// The current chunk's columns (`nil` before the first).
        @usableFromInline var pairs: UnsafeMutablePointer<Double>?
        @usableFromInline var codes: UnsafeMutableRawPointer?
        @usableFromInline var altitudes: UnsafeMutablePointer<Double>?

        @inlinable init(_ list: CoordinateList) {
            self.list = list
        }

        /// The next vertex, or `nil` after the last.
        @inlinable
        public mutating func next() -> Coordinate? {
            let i = index
            if i == chunkEnd {
                guard i < list.storedCount else { return nil }
                enterChunk()
            }
            index = i &+ 1
            let offset = i &- chunkStart
            let pair = pairs.unsafelyUnwrapped + 2 &* offset
            let code = codes.unsafelyUnwrapped.load(fromByteOffset: 4 &* offset, as: UInt32.self)
            let altitude = altitudes.map { $0[offset] } ?? Double(bitPattern: Coordinate.noAltitude)
            let spelling: Coordinate.Spelling
            if code < coordinateListBoxedText {
                spelling = .fixed(code)
            } else if code == coordinateListNoText {
                spelling = .none
            } else {
                spelling = list.boxedText(at: i)
            }
            return Coordinate(longitude: pair[0], latitude: pair[1], storedAltitude: altitude, spelling: spelling)
        }

        /// Moves to the chunk holding vertex `index`.
        @usableFromInline
        mutating func enterChunk() {
            let columns: UnsafeMutablePointer<Double>, capacity: Int
            if index >= list.tailStart {
                columns = list.tail.unsafelyUnwrapped
                capacity = list.tailCapacity
                chunkStart = list.tailStart
            } else {
                let chunk = list.chunk(number: index >> CoordinateList.chunkShift)
                columns = chunk.columns
                capacity = chunk.header.capacity
                chunkStart = index & ~(CoordinateList.chunkSize - 1)
            }
            chunkEnd = Swift.min(list.storedCount, chunkStart + capacity)
            pairs = columns
            codes = CoordinateList.codes(columns, capacity: capacity)
            altitudes = list.hasAltitude ? CoordinateList.altitudes(columns, capacity: capacity) : nil
        }
    }

    /// Calls `body` with each vertex's longitude and latitude (degrees) in order, without
    /// making the coordinates: for scans that need no altitude or text.
    @inlinable
    public func forEachPosition(_ body: (_ longitude: Double, _ latitude: Double) throws -> Void) rethrows {
        var start = 0
        while start < storedCount {
            let columns: UnsafeMutablePointer<Double>, capacity: Int
            if start >= tailStart {
                columns = tail.unsafelyUnwrapped
                capacity = tailCapacity
            } else {
                let chunk = chunk(number: start >> Self.chunkShift)
                columns = chunk.columns
                capacity = chunk.header.capacity
            }
            let end = Swift.min(storedCount, start + capacity)
            var pair = columns
            for _ in start..<end {
                try body(pair[0], pair[1])
                pair += 2
            }
            start = end
        }
    }
}

extension CoordinateList: RangeReplaceableCollection {
    /// Adds `coordinate` at the end.
    /// - Complexity: amortised O(1); never copies the vertices held past the first chunk.
    @inlinable @inline(__always)
    public mutating func append(_ coordinate: Coordinate) {
        let index = storedCount
        let code: UInt32
        switch coordinate.spelling {
        case .fixed(let fixed): code = fixed
        case .none: code = coordinateListNoText
        case .text: return slowAppend(coordinate)
        }
        let offset = index &- tailStart
        if offset < tailCapacity, hasAltitude || coordinate.storedAltitude.bitPattern == Coordinate.noAltitude,
           isKnownUniquelyReferenced(&head)
        {
            write(coordinate, code: code, in: tail.unsafelyUnwrapped, capacity: tailCapacity, at: offset)
            storedCount = index &+ 1
        } else {
            slowAppend(coordinate)
        }
    }

    /// Adds every coordinate of `newElements` at the end.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Coordinate {
        let expected = newElements.underestimatedCount
        if expected > 0 { reserveCapacity(storedCount + expected) }
        for c in newElements { append(c) }
    }

    /// Makes room for `minimumCapacity` vertices in all; within the first chunk's size that is
    /// one allocation of exactly that size (later chunks are made as they are needed).
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        let target = Swift.min(minimumCapacity, Self.chunkSize)
        guard let first = head else {
            head = CoordinateChunk.make(capacity: Swift.max(target, Self.minimumCapacity), hasAltitude: false)
            refreshTail()
            return
        }
        guard first.header.capacity < target else { return }
        // A first chunk below full size has no later chunks; a shared one is copied anyway.
        let grown = first.copy(capacity: target, used: storedCount, hasAltitude: hasAltitude)
        if let extras = first.header.extras {
            let copied = CoordinateListExtras()
            copied.texts = extras.texts
            grown.header.extras = copied
        }
        head = grown
        refreshTail()
    }

    /// Hands the vertices over as a list of their own and leaves this one empty, to be filled
    /// again: a list within one chunk is copied into one allocation of its exact size (this one
    /// keeps its storage, so a reader that fills one list per line grows it only for the
    /// longest), a longer or shared one is handed over whole, without a copy.
    public mutating func takeCompacted() -> CoordinateList {
        if storedCount == 0 { return CoordinateList() }
        guard storedCount <= Self.chunkSize, isKnownUniquelyReferenced(&head), let first = head else {
            let taken = self
            self = CoordinateList()
            return taken
        }
        var result = CoordinateList()
        let copy = first.copy(capacity: storedCount, used: storedCount, hasAltitude: hasAltitude)
        copy.header.extras = first.header.extras
        result.head = copy
        result.storedCount = storedCount
        result.tail = copy.columns
        result.tailCapacity = storedCount
        result.hasAltitude = hasAltitude
        storedCount = 0
        if first.header.extras != nil { first.header.extras = nil }
        // A kept altitude column would follow every later list: a list with altitudes is let go.
        if hasAltitude {
            head = nil
            refreshTail()
        }
        return result
    }

    /// Removes and returns the last vertex.
    /// - Precondition: the list is not empty.
    @discardableResult
    public mutating func removeLast() -> Coordinate {
        precondition(storedCount > 0, "removeLast from an empty CoordinateList")
        let index = storedCount - 1
        let last = self[index]
        if case .text = last.spelling {
            makeUnique(altitude: false)
            setBoxedText(nil, at: index)
        }
        if index == tailStart && index > 0 {
            // The last chunk empties: it goes, so that the next vertex lands in the one before.
            makeUnique(altitude: false)
            head?.header.extras?.more.removeLast()
            refreshTail()
        }
        storedCount = index
        return last
    }

    /// Removes every vertex (keeping the first chunk when `keepCapacity` and unshared).
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        if keepCapacity, isKnownUniquelyReferenced(&head) {
            head.unsafelyUnwrapped.header.extras = nil
        } else {
            head = nil
        }
        storedCount = 0
        refreshTail()
    }

    /// Replaces the vertices in `subrange` with `newElements`.
    /// - Complexity: O(count + newElements.count), except at the end, where it appends.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Coordinate {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= storedCount, "CoordinateList range out of range")
        if subrange.isEmpty && subrange.lowerBound == storedCount {
            append(contentsOf: newElements)
            return
        }
        var result = CoordinateList()
        result.reserveCapacity(storedCount - subrange.count + newElements.count)
        for i in 0..<subrange.lowerBound { result.append(self[i]) }
        for c in newElements { result.append(c) }
        for i in subrange.upperBound..<storedCount { result.append(self[i]) }
        self = result
    }
}

extension CoordinateList: ExpressibleByArrayLiteral {
    /// A list of the given vertices.
    @inlinable public init(arrayLiteral elements: Coordinate...) {
        self.init()
        append(contentsOf: elements)
    }
}

extension CoordinateList: Hashable {
    /// Whether both hold equal vertices (by value, as `Coordinate ==`) in the same order.
    @inlinable
    public static func == (lhs: CoordinateList, rhs: CoordinateList) -> Bool {
        if lhs.storedCount != rhs.storedCount { return false }
        if lhs.head === rhs.head { return true }
        return lhs.elementsEqual(rhs)
    }

    /// Hashes the count and then every vertex, as `[Coordinate]` does.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedCount)
        for c in self { hasher.combine(c) }
    }
}

extension CoordinateList: CustomStringConvertible {
    /// The vertices as an array would print them.
    public var description: String { Array(self).description }
}
