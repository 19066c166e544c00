/// Vertices written straight into columns laid out as a `CoordinateList` chunk's: a reader's
/// hot loop fills them (`CoordinateList.appendInPlace`) without making a `Coordinate` for
/// each and copying it in.
///
///     list.appendInPlace(upTo: 100, altitudes: false) { room in
///         room.set(0, longitude: 7.5, latitude: 29.25, code: CoordinateColumns.code(lon, lat, nil))
///         return 1
///     }
///
/// The columns are those of the vertices `0..<count` of the room; a writer sets each vertex
/// it reports written, all of its columns (`set`).
@usableFromInline package struct CoordinateColumns {
    /// Longitude/latitude pairs, degrees: `2 × count` doubles.
    @usableFromInline package let pairs: UnsafeMutablePointer<Double>
    /// The vertices' text codes, 4 bytes each (`code`).
    @usableFromInline package let codes: UnsafeMutableRawPointer
    /// The altitudes, metres, when the list has the column (else an altitude cannot be set).
    @usableFromInline package let altitudes: UnsafeMutablePointer<Double>?
    /// The vertices there is room for, ≥ 1.
    @usableFromInline package let count: Int

    /// Columns at the given places, e.g. a reader's own room for one vertex on the stack.
    @inlinable
    package init(pairs: UnsafeMutablePointer<Double>, codes: UnsafeMutableRawPointer,
                 altitudes: UnsafeMutablePointer<Double>?, count: Int) {
        self.pairs = pairs
        self.codes = codes
        self.altitudes = altitudes
        self.count = count
    }

    /// The text code of a vertex whose numbers are spelt so (`FixedPointSpelling`); `altitude`
    /// `nil` for a vertex without one.
    @inlinable @inline(__always)
    package static func code(_ longitude: FixedPointSpelling, _ latitude: FixedPointSpelling,
                             _ altitude: FixedPointSpelling?) -> UInt32 {
        Coordinate.Spelling.pack(longitude, latitude, altitude)
    }

    /// Sets vertex `i` (< count), without an altitude: longitude and latitude in degrees,
    /// `code` its text's (`code(_:_:_:)`).
    @inlinable @inline(__always)
    package func set(_ i: Int, longitude: Double, latitude: Double, code: UInt32) {
        pairs[2 &* i] = longitude
        pairs[2 &* i &+ 1] = latitude
        codes.storeBytes(of: code, toByteOffset: 4 &* i, as: UInt32.self)
        if let altitudes { altitudes[i] = Double(bitPattern: Coordinate.noAltitude) }
    }

    /// Sets vertex `i` (< count) with an altitude (metres).
    /// - Precondition: the columns have altitudes (`altitudes` is not `nil`).
    @inlinable @inline(__always)
    package func set(_ i: Int, longitude: Double, latitude: Double, altitude: Double, code: UInt32) {
        pairs[2 &* i] = longitude
        pairs[2 &* i &+ 1] = latitude
        codes.storeBytes(of: code, toByteOffset: 4 &* i, as: UInt32.self)
        altitudes.unsafelyUnwrapped[i] = altitude
    }

    /// Vertex `i` (< count) as set: the coordinate whose parts these are.
    @inlinable
    package func coordinate(at i: Int) -> Coordinate {
        let code = codes.load(fromByteOffset: 4 &* i, as: UInt32.self)
        return Coordinate(longitude: pairs[2 &* i], latitude: pairs[2 &* i &+ 1],
                          storedAltitude: altitudes.map { $0[i] } ?? Double(bitPattern: Coordinate.noAltitude),
                          spelling: code == coordinateListNoText ? .none : .fixed(code))
    }
}

extension CoordinateList {
    /// Appends vertices written in place: makes room at the end for up to `maximum` of them
    /// (the list unique, with the altitude column when `altitudes` asks for it), calls `write`
    /// with that room's columns, and keeps as many vertices as `write` says it set, from the
    /// first. The room is what the last chunk has, at most `maximum`: a writer with more to
    /// write asks again. An empty first chunk is made for `maximum` vertices (at most a chunk's
    /// worth), and one with too little room grows to hold them (or to twice its size, when
    /// more), so that a list filled again and again (`takeCompacted`) settles at the size the
    /// longest text needs.
    /// - Precondition: `maximum` ≥ 1; `write` returns 0...room.count and sets each vertex it
    ///   counts (texts by `CoordinateColumns.code`, never boxed).
    @inlinable
    package mutating func appendInPlace(upTo maximum: Int, altitudes: Bool,
                                        _ write: (_ room: CoordinateColumns) throws -> Int) rethrows {
        precondition(maximum > 0, "appendInPlace needs room for a vertex")
        if !hasRoom(for: maximum, altitudes: altitudes) { makeRoom(for: maximum, altitudes: altitudes) }
        let offset = storedCount &- tailStart
        let columns = tail.unsafelyUnwrapped
        let room = CoordinateColumns(
            pairs: columns + 2 &* offset, codes: Self.codes(columns, capacity: tailCapacity) + 4 &* offset,
            altitudes: hasAltitude ? Self.altitudes(columns, capacity: tailCapacity) + offset : nil,
            count: Swift.min(maximum, tailCapacity &- offset))
        let written = try write(room)
        precondition(written >= 0 && written <= room.count, "appendInPlace: more vertices reported than there was room for")
        storedCount &+= written
    }

    /// Whether the last chunk is the list's own, with room for at least one more vertex (for
    /// `maximum` more in a first chunk that can grow to hold them), with the altitude column
    /// when `altitudes`: as a list filled again and again usually is, with nothing for
    /// `makeRoom` to do.
    @inlinable @inline(__always)
    mutating func hasRoom(for maximum: Int, altitudes: Bool) -> Bool {
        let offset = storedCount &- tailStart
        if offset >= tailCapacity { return false }
        // Below `chunkSize` there is only the first chunk (`tailStart` is 0).
        if storedCount < Self.chunkSize, tailCapacity &- offset < maximum, tailCapacity < Self.chunkSize { return false }
        return (hasAltitude || !altitudes) && isKnownUniquelyReferenced(&head)
    }

    /// Makes what `hasRoom` asks for: the last chunk the list's own with room for at least one
    /// more vertex (for `maximum` more in a first chunk that can grow to hold them), with the
    /// altitude column when `altitudes`.
    @usableFromInline
    mutating func makeRoom(for maximum: Int, altitudes: Bool) {
        makeUnique(altitude: altitudes)
        let index = storedCount
        guard let first = head else {
            let capacity = Swift.max(Swift.min(maximum, Self.chunkSize), Self.minimumCapacity)
            head = CoordinateChunk.make(capacity: capacity, hasAltitude: altitudes)
            refreshTail()
            return
        }
        let room = tailStart + tailCapacity - index
        if index < Self.chunkSize {
            // The first chunk: grown once to hold `maximum` more when it has less room.
            guard room < maximum, tailCapacity < Self.chunkSize else { return }
            let capacity = Swift.min(Swift.max(index + maximum, 2 * tailCapacity), Self.chunkSize)
            let grown = first.copy(capacity: capacity, used: index, hasAltitude: hasAltitude)
            grown.header.extras = first.header.extras
            head = grown
        } else {
            guard room == 0 else { return }
            let extras = first.header.extras ?? CoordinateListExtras()
            first.header.extras = extras
            extras.more.append(CoordinateChunk.make(capacity: Self.chunkSize, hasAltitude: hasAltitude))
        }
        refreshTail()
    }

    /// Removes the last `k` vertices (at once, where the default removes them one by one).
    /// - Precondition: 0 ≤ `k` ≤ count.
    /// - Complexity: O(1) for vertices without boxed text, else O(boxed texts).
    public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= storedCount, "removeLast: fewer vertices than to remove")
        guard k > 0 else { return }
        let kept = storedCount - k
        if head?.header.extras != nil {
            makeUnique(altitude: false)
            if let extras = head?.header.extras {
                if !extras.texts.isEmpty { extras.texts = extras.texts.filter { $0.key < kept } }
                // The chunks past the one that holds the last vertex kept go, as `removeLast()` drops them.
                let chunks = kept == 0 ? 0 : (kept - 1) >> Self.chunkShift
                if extras.more.count > chunks { extras.more.removeLast(extras.more.count - chunks) }
            }
            refreshTail()
        }
        storedCount = kept
    }
}
