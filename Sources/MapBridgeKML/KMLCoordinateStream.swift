import MapBridgeModel

/// A `<coordinates>` text parsed as libxml2 hands it over, so that a long line's text is never
/// held whole. The text gathers in the reader's text buffer as any other; once the buffer
/// holds `nextCut` bytes (`block` at first), the reader asks whether the text is one to cut
/// (a line's or point's coordinates; see `KMLFeatureBuilder`), then `start`s the stream and
/// `cut`s, or `skip`s the text. A cut parses the part before the last place where a tuple
/// surely starts (`KMLCoordinates.lastTupleStart`) and drops it, and the rest (the unfinished
/// tuple, cut anywhere, even inside a number) waits for the next piece. A text shorter than
/// `block` is never cut: it is read whole at its end, as before. The coordinates, the problem
/// and the note on an overlong tuple are those of parsing the whole text at once: the parser
/// ends a tuple where the next one starts, whatever follows. A text with no such place (one
/// tuple of many numbers and no whitespace) stays whole in the buffer, tried again each time
/// the buffer has doubled.
///
///     var stream = KMLCoordinateStream(maximumBytes: limits.maximumFeatureBytes)
///     text.append(piece)                                   // as often as pieces come
///     if text.count >= stream.nextCut {
///         if !stream.isActive { stream.start(depth: stack.count) }
///         stream.cut(&text, into: &positions)
///     }
///     try stream.finish(text.bytes, into: &positions, overlong: &overlong)
struct KMLCoordinateStream {
    /// Whether a text is being cut (from `start` to `finish` or `cancel`).
    private(set) var isActive = false
    /// Whether anything differs from a fresh stream (a text started, skipped or cut): then
    /// `cancel` is due before another element's text.
    private(set) var touched = false
    /// The text buffer's length at which the reader is to call `cut` or `skip`.
    private(set) var nextCut: Int {
        didSet { updateFastLimit() }
    }
    /// Bytes of the text parsed (or, after a problem, counted) and dropped from the buffer.
    /// While it is more than 0, the buffer is not empty (a cut leaves at least a byte).
    private(set) var consumed = 0 {
        didSet { updateFastLimit() }
    }
    /// The most bytes an element's text may have (`ReadLimits.maximumFeatureBytes`).
    let maximumBytes: Int
    /// The longest the text buffer may grow to with no more to do than append (no cut due, the
    /// limit on the text not reached): `characters` tests only this.
    private(set) var fastLimit: Int
    /// The depth of the `<coordinates>` element whose text is cut.
    private(set) var depth = 0
    /// The text's first problem; the rest of the text is then only counted.
    private var problem: KMLCoordinates.Problem?
    /// The note on the first tuple with more than three numbers, in the parts cut so far.
    private var overlong: String?
    /// The bytes gathered before a cut is first tried (at least 1).
    let block: Int

    /// A stream that cuts a text once it holds `block` bytes (the default: 16 KiB), for texts
    /// of at most `maximumBytes`.
    init(block: Int = 16 << 10, maximumBytes: Int = ReadLimits().maximumFeatureBytes) {
        self.block = max(block, 1)
        self.maximumBytes = maximumBytes
        nextCut = self.block
        fastLimit = min(maximumBytes, self.block - 1)
    }

    private mutating func updateFastLimit() {
        fastLimit = min(maximumBytes - consumed, nextCut - 1)
    }

    /// The text in the buffer (all of it since the element's start, or since the last element
    /// inside it) is a line's or point's coordinates, in the element at `depth` (the open
    /// elements' count with it): it is cut from now on.
    mutating func start(depth: Int) {
        cancel()
        isActive = true
        touched = true
        self.depth = depth
    }

    /// The text in the buffer is not one to cut: asked again once it has doubled.
    mutating func skip(_ length: Int) {
        touched = true
        nextCut = max(block, 2 * length)
    }

    /// Parses `text` up to the last place where a tuple surely starts into `result` (emptied
    /// at the text's first cut, its capacity kept) and drops that part from `text`.
    mutating func cut(_ text: inout KMLText, into result: inout CoordinateList) {
        guard problem == nil else {
            dropAllButLast(&text)
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
            // The part before `at` ends in whitespace, and the rest and the padding follow it.
            let bytes = text.paddedBytes()
            try KMLCoordinates.parse(UnsafeBufferPointer(rebasing: bytes[..<at]), appendingTo: &result,
                                     firstTuple: result.count, overlong: &overlong, padded: true)
            text.removeFirst(at)
            consumed += at
        } catch {
            problem = error
            dropAllButLast(&text)
        }
        nextCut = max(block, 2 * text.count)
    }

    /// After a problem the text is only counted: all of it but its last byte is dropped (so
    /// that the buffer of a text cut is never empty).
    private mutating func dropAllButLast(_ text: inout KMLText) {
        let n = text.count - 1
        guard n > 0 else { return }
        consumed += n
        text.removeFirst(n)
    }

    /// The text of the `<coordinates>` at `depth` ends with `rest` (what the buffer holds): its
    /// coordinates go to `result` (all of them, read from `rest` alone, when the text was not
    /// cut; else the last ones, appended). `overlong` receives the note on the first tuple with
    /// more than three numbers; throws the text's first problem. The stream is then fresh.
    /// `padded` as for `KMLCoordinates.parsePlainTuples` (`KMLText.paddedBytes`).
    mutating func finish(_ rest: UnsafeBufferPointer<UInt8>, padded: Bool = false, depth: Int,
                         into result: inout CoordinateList, overlong note: inout String?) throws(KMLCoordinates.Problem)
    {
        defer { if touched { cancel() } }
        guard isActive, consumed > 0, depth == self.depth else {
            try KMLCoordinates.parse(rest, into: &result, overlong: &note, padded: padded)
            return
        }
        if let problem { throw problem }
        try KMLCoordinates.parse(rest, appendingTo: &result, firstTuple: result.count, overlong: &overlong,
                                 padded: padded)
        note = overlong
    }

    /// Makes the stream fresh: the text cut (if any) is forgotten (an element started inside
    /// it, after which the text is read afresh, or another element's text begins).
    mutating func cancel() {
        isActive = false
        touched = false
        nextCut = block
        if consumed > 0 {
            consumed = 0
            problem = nil
            overlong = nil
        }
    }
}
