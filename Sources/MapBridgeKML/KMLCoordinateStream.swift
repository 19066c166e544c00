import MapBridgeModel

/// A `<coordinates>` text parsed as libxml2 hands it over, so that a long line's text is never
/// held whole. The text gathers in the reader's text buffer as any other; once the buffer
/// holds `nextCut` bytes, `cut` parses the part before the last place where a tuple surely
/// starts (`KMLCoordinates.lastTupleStart`) and drops it, and the rest (the unfinished tuple,
/// cut anywhere, even inside a number) waits for the next piece. A text shorter than `block`
/// is never cut: `finish` reads it whole, as a text not streamed. The coordinates, the problem
/// and the note on an overlong tuple are those of parsing the whole text at once: the parser
/// ends a tuple where the next one starts, whatever follows. A text with no such place (one
/// tuple of many numbers and no whitespace) stays whole in the buffer, tried again each time
/// the buffer has doubled.
///
///     var stream = KMLCoordinateStream()
///     stream.start()
///     text.append(piece)                                   // as often as pieces come
///     if text.count >= stream.nextCut { stream.cut(&text, into: &positions) }
///     try stream.finish(text.bytes, into: &positions, overlong: &overlong)
///
/// It also keeps the room where the parser's fast path puts a text's (or a piece's) tuples
/// before they go into the array, from text to text, so that no text needs room of its own.
/// Noncopyable: it owns that room.
struct KMLCoordinateStream: ~Copyable {
    /// Whether a text is being read (from `start` to `finish` or `cancel`).
    private(set) var isActive = false
    /// The text buffer's length at which `cut` is to be called (`Int.max` while no text is read).
    private(set) var nextCut = Int.max
    /// Bytes of the text parsed (or, after a problem, counted) and dropped from the buffer.
    private(set) var consumed = 0
    /// The text's first problem; the rest of the text is then only counted.
    private var problem: KMLCoordinates.Problem?
    /// The note on the first tuple with more than three numbers, in the parts cut so far.
    private var overlong: String?
    /// The bytes gathered before a cut is first tried (at least 1).
    let block: Int
    /// The fast path's room (uninitialized between uses), grown to the most a text needed.
    private var scratch = UnsafeMutableBufferPointer<Coordinate>(start: nil, count: 0)

    /// A stream that cuts a text once it holds `block` bytes (the default: 16 KiB).
    init(block: Int = 16 << 10) {
        self.block = max(block, 1)
    }

    deinit { scratch.deallocate() }

    /// `scratch`, with room for the fast path's tuples of a text of `length` bytes.
    private mutating func room(for length: Int) -> UnsafeMutableBufferPointer<Coordinate> {
        let needed = KMLCoordinates.plainTupleRoom(length)
        if scratch.count < needed {
            scratch.deallocate()
            scratch = .allocate(capacity: max(needed, min(2 * scratch.count, KMLCoordinates.blockTuples)))
        }
        return scratch
    }

    /// A text starts (in an empty buffer).
    mutating func start() {
        isActive = true
        nextCut = block
    }

    /// Parses `text` up to the last place where a tuple surely starts into `result` (emptied
    /// at the text's first cut, its capacity kept) and drops that part from `text`.
    mutating func cut(_ text: inout KMLText, into result: inout [Coordinate]) {
        guard problem == nil else {
            // Counted only: nothing after a problem is read.
            consumed += text.count
            text.removeAll()
            return
        }
        guard let at = KMLCoordinates.lastTupleStart(in: text.bytes) else {
            // No such place: tried again once the buffer has doubled (linear in all).
            nextCut = 2 * text.count
            return
        }
        if consumed == 0 {
            if result.count == 1 { result.removeLast() } else { result.removeAll(keepingCapacity: true) }
        }
        do throws(KMLCoordinates.Problem) {
            try KMLCoordinates.parse(UnsafeBufferPointer(rebasing: text.bytes[..<at]), appendingTo: &result,
                                     firstTuple: result.count, overlong: &overlong, scratch: room(for: at))
            text.removeFirst(at)
            consumed += at
        } catch {
            problem = error
            consumed += text.count
            text.removeAll()
        }
        nextCut = max(block, 2 * text.count)
    }

    /// The text ends with `rest` (what the buffer holds): the coordinates go to `result` (all
    /// of them, read from `rest` alone, when the text was never cut; else the last ones,
    /// appended). `overlong` receives the note on the first tuple with more than three
    /// numbers; throws the text's first problem. The stream is then inactive.
    mutating func finish(_ rest: UnsafeBufferPointer<UInt8>, into result: inout [Coordinate],
                         overlong note: inout String?) throws(KMLCoordinates.Problem)
    {
        defer { cancel() }
        guard consumed > 0 else {
            try KMLCoordinates.parse(rest, into: &result, overlong: &note, scratch: room(for: rest.count))
            return
        }
        if let problem { throw problem }
        try KMLCoordinates.parse(rest, appendingTo: &result, firstTuple: result.count, overlong: &overlong,
                                 scratch: room(for: rest.count))
        note = overlong
    }

    /// Forgets the text (an element started inside it, after which the text is read afresh).
    mutating func cancel() {
        isActive = false
        nextCut = .max
        if consumed > 0 {
            consumed = 0
            problem = nil
            overlong = nil
        }
    }
}
