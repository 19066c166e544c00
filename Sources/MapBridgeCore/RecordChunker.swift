#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// Cuts an input of one record after another (newline-delimited GeoJSON, GeoJSON text
/// sequences) into chunks of about `chunkBytes` bytes at record boundaries, read in order
/// from its source: a chunk ends after the first newline (`LF`), or just before the first
/// `RS`, at or past `chunkBytes` bytes, so a record longer than that makes a longer chunk.
/// Each chunk knows where it starts (offset, line, and where that line starts), so that what
/// is read from it on its own is located as in the whole input.
///
/// A newline is a record boundary only where no record spans lines; a reader of a chunk that
/// ends inside a value finds out (the chunk does not end cleanly) and the input is read on
/// from that chunk in one piece (`rest(after:)`).
///
/// A FeatureCollection (`featureElements`) is cut between the elements of its `features`
/// (`FeatureArrayScan`), just before a separating `,`, the next chunk starting just after it:
/// the first chunk holds the collection's start, each later one a run of elements; where
/// `features` ends, a chunk without bytes (`Kind.collectionEnd`) says that the rest is read
/// in one piece. `probe()` says first whether the input can be cut so at all.
///
/// When the first cut is a line cut (`}`, `,`, a line break, `{`: one element a line, as most
/// large collections are written), the later cuts are looked for as line cuts alone, without
/// scanning the bytes between them: a JSON string holds no line break, so such a cut lies
/// between two values, but it may lie deeper than between two elements. The reader of the
/// chunk before a cut checks it: a chunk that ends inside an element does not parse, and is
/// read again from its start in one piece. Such chunks do not know how many elements come
/// before them (`firstIndex` is `nil`); the reader counts them.
///
///     var chunker = RecordChunker(source: try ByteSource(path: "a.geojsonl"), separator: .newline)
///     while let chunk = try chunker.next() { … chunk.bytes, chunk.origin … }
struct RecordChunker {
    /// The byte that ends (`newline`) or begins (`recordSeparator`) each record.
    enum Separator: Sendable {
        /// `LF`: newline-delimited GeoJSON, one record a line.
        case newline
        /// `RS` (0x1E): GeoJSON text sequences (RFC 8142).
        case recordSeparator
        /// `,` between the elements of a FeatureCollection's `features`.
        case featureElements
    }

    /// What a chunk holds.
    enum Kind: Hashable, Sendable {
        /// Whole records (newline-delimited GeoJSON, text sequences).
        case records
        /// The start of a FeatureCollection, up to the end of an element of its `features`.
        case collectionStart
        /// A run of elements of `features`, the first of them numbered `firstIndex` (`nil`:
        /// after a line cut, not counted).
        case elements(firstIndex: Int?)
        /// No bytes: `features` ends in what follows (`origin` on, starting with the element
        /// numbered `firstIndex`, `nil` when not counted), which is read in one piece to the
        /// end of the input.
        case collectionEnd(firstIndex: Int?)
    }

    /// One chunk: whole records, or the rest of the input.
    struct Chunk: Sendable {
        var bytes: [UInt8]
        var origin: JSONTokenizer.Origin
        var kind = Kind.records
        /// Whether the chunk ends where the input ends (nothing follows it).
        var reachesEnd: Bool
        /// The read error the input ended with, after `bytes`.
        var failure: (any Error)?
        /// The bytes between this chunk and the next that belong to neither (the `,` at a
        /// cut), put back when the input is read on in one piece (`rest(after:)`).
        var skipped: [UInt8] = []
    }

    /// Bytes a chunk holds at least (unless the input ends first), ≥ 1.
    let chunkBytes: Int
    let separator: Separator
    private let source: ByteSource
    /// Read, not yet in a chunk: the first `pendingCount` bytes of `pending`, which start at
    /// `origin`. The bytes after them are room that reads fill in place (never looked at
    /// before), so that a chunk is the storage its bytes were read into, not a copy.
    private var pending: [UInt8] = []
    private var pendingCount = 0
    private var origin = JSONTokenizer.Origin(offset: 0, line: 1, lineStart: 0)
    private var atEnd = false
    private var failure: (any Error)?
    /// Bytes asked of the source at a time.
    private let readSize: Int
    /// Whether a chunk has been handed out (an empty input is one empty chunk).
    private var handedOut = false
    /// For `featureElements`: the scan, how far into `pending` it has looked, a cut it found
    /// but has not made (the index of its `,` in `pending`), and whether `features` has
    /// ended (the `collectionEnd` chunk is handed out).
    private var scan = FeatureArrayScan()
    private var scanned = 0
    private var foundCut: Int?
    private var collectionEnded = false
    /// Whether the cuts after the first are line cuts, found without scanning (see the
    /// type's description).
    private var cutsAtLines = false
    /// The blanks before the `{` of the first line cut: later line cuts must have as many
    /// (in indented JSON the elements of `features` all stand at one depth of indentation,
    /// the objects nested in them deeper), so that few cuts land inside an element.
    private var lineCutIndent = 0
    /// How far `pending` has been searched for the next line cut.
    private var lineSearched = 0
    /// Elements of `features` before the next chunk.
    private var elementsBefore = 0
    /// Bytes one cut may lie beyond the last (a larger element or collection start ends the
    /// cutting: the rest is read in one piece, so memory stays bounded).
    var maximumChunkBytes: Int { max(chunkBytes, 1 << 20) * 4 }
    /// Bytes read at a time (fewer when chunks are smaller): small beside a chunk, so that
    /// what is read past a cut, and copied to start the next chunk, is little.
    static let readBytes = 1 << 17

    init(source: ByteSource, separator: Separator, chunkBytes: Int = 1 << 20) {
        self.source = source
        self.separator = separator
        self.chunkBytes = max(chunkBytes, 1)
        readSize = min(self.chunkBytes, Self.readBytes)
    }

    /// The source's name, for messages.
    var sourceName: String { source.name }
    /// The source's size when known.
    var totalBytes: Int64? { source.totalBytes }

    /// The next chunk, or `nil` once the input is all in chunks (an empty input is one empty
    /// chunk). A read error ends the input:
    /// the chunk with the bytes before it carries it (`failure`).
    mutating func next() -> Chunk? {
        if separator == .featureElements { return nextElements() }
        var searchFrom = separator == .newline ? chunkBytes - 1 : chunkBytes
        while true {
            if pendingCount > searchFrom, let cut = boundary(from: searchFrom) { return take(cut) }
            if atEnd {
                guard pendingCount > 0 || failure != nil || !handedOut else { return nil }
                return take(pendingCount)
            }
            searchFrom = max(searchFrom, pendingCount)
            readMore()
        }
    }

    /// For `featureElements`: reads and scans the input's start until it can tell whether the
    /// input is a FeatureCollection that can be cut (its first cut found), without handing
    /// out a chunk. When it cannot (not a collection, `features` ends before `chunkBytes`, a
    /// start larger than `maximumChunkBytes`), everything read is still there for `rest(after:)`.
    mutating func probe() -> Bool {
        guard separator == .featureElements else { return true }
        while foundCut == nil {
            switch scanPending() {
            case .separator: break
            case .needMore:
                if atEnd || pendingCount > maximumChunkBytes { return false }
                readMore()
            case .arrayEnd, .unsuitable: return false
            }
        }
        // Whether the cut is a line cut may need the bytes after it.
        while let cut = foundCut {
            if let indent = lineCut(at: cut) {
                cutsAtLines = indent >= 0
                lineCutIndent = indent
                break
            }
            if atEnd || pendingCount > maximumChunkBytes { break }
            readMore()
        }
        return true
    }

    /// Whether the `,` at `comma` in `pending` is a line cut: `}` before it, then a line
    /// break and `{` after it, with only whitespace between. - Returns: the count of blanks
    /// between the last line break and the `{`; -1 when it is no line cut; `nil` when
    /// `pending` ends first.
    private func lineCut(at comma: Int) -> Int? {
        withPending { b -> Int? in
            var i = comma - 1
            while i >= 0, Self.isBlank(b[i]) || b[i] == 0x0A { i -= 1 }
            guard i >= 0, b[i] == 0x7D else { return -1 }
            var j = comma + 1
            var lineStart: Int?
            while j < b.count, Self.isBlank(b[j]) || b[j] == 0x0A {
                if b[j] == 0x0A { lineStart = j + 1 }
                j += 1
            }
            guard j < b.count else { return nil }
            guard let lineStart, b[j] == 0x7B else { return -1 }
            return j - lineStart
        }
    }

    /// The `,` of the first line cut whose line break lies at `chunkBytes` or later in
    /// `pending`, or `nil` when none is there yet (`lineSearched` keeps how far it looked).
    private mutating func nextLineCut() -> Int? {
        var from = max(lineSearched, chunkBytes)
        while let newline = withPending({ b -> Int? in
            guard let base = b.baseAddress, from < b.count,
                  let hit = memchr(base + from, 0x0A, b.count - from) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        }) {
            // The comma before the line break, past the blanks at the line's end.
            var comma = newline - 1
            while comma >= 0, Self.isBlank(pending[comma]) { comma -= 1 }
            if comma >= 0, pending[comma] == 0x2C {
                switch lineCut(at: comma) {
                case lineCutIndent?: return comma
                case nil:
                    lineSearched = newline  // the next line's start is not read yet
                    return nil
                default: break
                }
            }
            from = newline + 1
        }
        lineSearched = pendingCount
        return nil
    }

    /// A space, tab or carriage return (a line break is looked at apart).
    private static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D }

    /// Scans `pending` from where the scan stopped to the next thing it reports; a separator
    /// is left in `foundCut`.
    private mutating func scanPending() -> FeatureArrayScan.Step {
        let minimum = chunkBytes
        let (step, next) = withPending { scan.step($0, from: scanned, reportingFrom: minimum) }
        scanned = next
        if step == .separator { foundCut = next - 1 }
        return step
    }

    /// The next chunk of a FeatureCollection (see the type's description).
    private mutating func nextElements() -> Chunk? {
        if collectionEnded { return nil }
        if cutsAtLines && handedOut {
            while true {
                if let comma = nextLineCut() { return takeElements(through: comma) }
                // No line cut within reach, or the input ends: the rest is read in one piece
                // (where `features` ends is not known without a scan).
                if atEnd || pendingCount > maximumChunkBytes { return endOfCollection() }
                readMore()
            }
        }
        while true {
            if let cut = foundCut, cut >= chunkBytes { return takeElements(through: cut) }
            foundCut = nil
            switch scanPending() {
            case .separator:
                continue
            case .needMore:
                if !atEnd && pendingCount <= maximumChunkBytes {
                    readMore()
                    continue
                }
                // The input ends inside `features` (it is cut short), or an element is too
                // large to hold: read on in one piece.
                return endOfCollection()
            case .arrayEnd, .unsuitable:
                return endOfCollection()
            }
        }
    }

    /// A chunk of the pending bytes before the `,` at `cut`; the next starts after it.
    private mutating func takeElements(through cut: Int) -> Chunk {
        let kind: Kind = handedOut ? .elements(firstIndex: counted(elementsBefore)) : .collectionStart
        var chunk = take(cut, skipping: 1)
        chunk.kind = kind
        scanned -= cut + 1
        lineSearched = 0
        foundCut = nil
        elementsBefore = scan.separators
        return chunk
    }

    /// `count`, when the elements are counted (not after line cuts).
    private func counted(_ count: Int) -> Int? { cutsAtLines ? nil : count }

    /// The marker that the rest of the input is read in one piece; no chunk follows it.
    private mutating func endOfCollection() -> Chunk {
        collectionEnded = true
        handedOut = true
        return Chunk(bytes: [], origin: origin, kind: .collectionEnd(firstIndex: counted(elementsBefore)), reachesEnd: false,
                     failure: nil)
    }

    /// Puts `chunks` (the latest chunks handed out, oldest first) back in front of what is
    /// not yet in a chunk, and hands over all of it with the source, for one reader to read on
    /// to the end: the bytes, then what the source still holds, then the read error, if any.
    consuming func rest(after chunks: [Chunk]) -> ByteSource {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chunks.reduce(pendingCount) { $0 + $1.bytes.count + $1.skipped.count })
        for chunk in chunks {
            bytes += chunk.bytes
            bytes += chunk.skipped
        }
        bytes += pending[..<pendingCount]
        // A chunk that carries the read error is the last one there was.
        let failure = chunks.last?.failure ?? failure
        return Self.source(name: source.name, bytes: bytes, then: atEnd ? nil : source, failure: failure,
                           totalBytes: (chunks.first?.origin ?? origin).offset == 0 ? source.totalBytes : nil)
    }

    /// A source of `bytes`, then of what `more` holds, then failing with `failure`; its size
    /// `totalBytes` when known. `bytes` alone are lent (`ByteSource(lending:name:)`): a
    /// tokenizer reads them in place.
    static func source(name: String, bytes: [UInt8], then more: ByteSource?, failure: (any Error)?,
                       totalBytes: Int64? = nil) -> ByteSource
    {
        if more == nil && failure == nil { return ByteSource(lending: bytes, name: name) }
        var offset = 0
        return ByteSource(name: name, totalBytes: totalBytes) { buffer, count in
            if offset < bytes.count {
                let n = min(count, bytes.count - offset)
                bytes.withUnsafeBytes { src in
                    if let base = src.baseAddress { buffer.copyMemory(from: base + offset, byteCount: n) }
                }
                offset += n
                return n
            }
            if let more {
                let n = try more.read(into: buffer, count: count)
                if n > 0 { return n }
            }
            if let failure { throw failure }
            return 0
        }
    }

    /// Where the first record boundary at or after `start` in `pending` is (the count of bytes
    /// before it), or `nil`.
    private func boundary(from start: Int) -> Int? {
        let target: UInt8 = separator == .newline ? 0x0A : 0x1E
        return withPending { b -> Int? in
            guard let base = b.baseAddress, start < b.count,
                  let hit = memchr(base + start, Int32(target), b.count - start) else { return nil }
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            return separator == .newline ? index + 1 : index
        }
    }

    /// The pending bytes, for a look that does not change them.
    private func withPending<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        pending.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<pendingCount])) }
    }

    /// Reads up to `readSize` more bytes into the room after the pending ones (grown first
    /// when short).
    private mutating func readMore() {
        if pending.count - pendingCount < readSize {
            // Rare: before the first cut, or an element longer than a chunk.
            pending = Self.storage(holding: pending[..<pendingCount], room: max(pending.count, chunkBytes + readSize))
        }
        do {
            let (start, size) = (pendingCount, readSize)
            let n = try pending.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return try source.read(into: base + start, count: size)
            }
            if n == 0 { atEnd = true } else { pendingCount += n }
        } catch {
            failure = error
            atEnd = true
        }
    }

    /// Storage for pending bytes: `bytes`, then `room` bytes more that are not set (each is
    /// read into before it is looked at: see `pending`).
    private static func storage(holding bytes: ArraySlice<UInt8>, room: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count + room) { target, initialized in
            if let base = target.baseAddress {
                bytes.withUnsafeBufferPointer { source in
                    if let from = source.baseAddress { base.update(from: from, count: source.count) }
                }
            }
            initialized = target.count
        }
    }

    /// Makes a chunk of the first `count` pending bytes, dropping `skipping` more after them
    /// (a separator that belongs to no chunk).
    private mutating func take(_ count: Int, skipping: Int = 0) -> Chunk {
        handedOut = true
        // The chunk keeps the pending storage (cut short, not copied); what follows moves to
        // storage of its own, with room for the next chunk and the read that ends it, so that
        // reading on fills it in place.
        let after = min(count + skipping, pendingCount)
        let skipped = Array(pending[count..<after])
        let following = Self.storage(holding: pending[after..<pendingCount], room: chunkBytes + readSize)
        pendingCount -= after
        pending.removeSubrange(count...)
        let bytes = pending
        pending = following
        let reachesEnd = atEnd && pendingCount == 0
        let chunk = Chunk(bytes: bytes, origin: origin, reachesEnd: reachesEnd, failure: reachesEnd ? failure : nil,
                          skipped: skipped)
        if reachesEnd { failure = nil }
        // The next chunk's origin: past this one's newlines.
        var next = origin
        next.offset += Int64(count + skipping)
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var i = 0
            while i < count, let hit = memchr(base + i, 0x0A, count - i) {
                let index = base.distance(to: UnsafeRawPointer(hit))
                next.line += 1
                next.lineStart = origin.offset + Int64(index) + 1
                i = index + 1
            }
        }
        origin = next
        return chunk
    }
}
