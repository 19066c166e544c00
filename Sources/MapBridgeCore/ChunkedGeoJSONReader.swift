import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel

/// Newline-delimited GeoJSON or a GeoJSON text sequence read on several threads: the input is
/// cut into chunks at record boundaries (`RecordChunker`), workers parse the chunks at once,
/// each with a reader of its own (`ChunkPipeline`), and the caller takes their features in
/// input order.
///
/// Everything the caller sees is what one reader of the whole input gives (`FeatureSources
/// .reader`), in the same order: each chunk is located in the input (offset, line), so
/// features, warnings and errors carry the same file:line:col; warnings are limited per code
/// across chunks as one reader limits them; the objects left out and the positions out of
/// range are reported once, at the end; the first error in input order is thrown after every
/// feature before it. A chunk that does not end cleanly (a record that spans lines, an error)
/// is read again from its start by one reader to the end of the input, its features already
/// handed out skipped, so a genuine error is reported exactly as one reader reports it.
/// `progress` counts the bytes of the chunks parsed, in order.
///
///     var reader = try ChunkedGeoJSONReader(path: "big.geojsonl", separator: .newline, …)
///     _ = try reader.open()
///     while let feature = try reader.next() { … }
struct ChunkedGeoJSONReader: FeatureReader {
    /// Passes the pieces' reports on through one limiter. Each piece's reader limits its own
    /// the same way (`DiagnosticLimiter`: 10 of a code, then a note) and never drops a report
    /// one reader of the whole input would pass, so what passes here is what that one passes.
    private final class Forwarding {
        var limiter = DiagnosticLimiter()
        let report: DiagnosticHandler
        init(_ report: @escaping DiagnosticHandler) { self.report = report }
        func pass(_ diagnostic: Diagnostic) { limiter.pass(diagnostic, to: report) }
    }

    private let pipeline: ChunkPipeline
    private let report: DiagnosticHandler
    private let forwarding: Forwarding
    /// When no worker thread could start: one reader of the whole input, on this thread.
    private var single: (any FeatureReader)?
    /// Whether `single` reads (a flag: testing the optional would copy the reader).
    private var readsAlone = false
    private var job: ChunkJob?
    /// The input offset where `job`'s chunk starts.
    private var jobOffset: Int64 = 0
    private var cursor = FeatureBatchCursor<PieceSummary>()
    /// Features handed out of `job` (skipped ones included).
    private var jobFeatures = 0
    /// Features at the start of `job` to skip: handed out already, before the chunk they came
    /// from turned out not to end cleanly.
    private var replayed = 0
    /// What the finished chunks found.
    private var summary = PieceSummary()
    /// The elements of a FeatureCollection's `features` in the finished chunks.
    private var elementsBefore = 0
    /// Where the current chunk's reports go (`reporter(for:)`).
    private var reporter: DiagnosticHandler
    private var opened: DocumentInfo? {
        didSet { isOpen = true }
    }
    /// Whether `open()` has returned (a flag: testing `opened` for each feature copied it).
    private var isOpen = false
    private var isDone = false
    private(set) var progress: (bytesRead: Int64, totalBytes: Int64?)

    /// Reads `path` (`-` for standard input) in chunks of about `chunkBytes` bytes on
    /// `settings.workers` threads.
    /// - Throws: `.inputUnavailable` when the input cannot be opened.
    init(path: String, separator: RecordChunker.Separator, chunkBytes: Int, settings: ChunkPipeline.Settings,
         report: @escaping DiagnosticHandler) throws
    {
        let chunker = RecordChunker(source: try ByteSource(path: path), separator: separator, chunkBytes: chunkBytes)
        self.init(chunker: chunker, settings: settings, report: report)
    }

    /// Reads what `chunker` cuts (for a FeatureCollection, one that `probe()` accepted) on
    /// `settings.workers` threads.
    init(chunker: RecordChunker, settings: ChunkPipeline.Settings, report: @escaping DiagnosticHandler) {
        pipeline = ChunkPipeline(chunker: chunker, settings: settings)
        self.report = report
        forwarding = Forwarding(report)
        reporter = forwarding.pass
        progress = (0, pipeline.totalBytes)
    }

    mutating func open() throws -> DocumentInfo {
        if let opened { return opened }
        if !readsAlone, job == nil, !pipeline.start() {
            var reading = pipeline.settings.reading
            reading.origin = nil
            single = FeatureSources.wrap(GeoJSONReader(source: pipeline.rest(after: []), options: reading, report: report),
                                         format: .geojsonLines, titleProperty: pipeline.settings.titleProperty,
                                         report: report)
            readsAlone = true
        }
        if readsAlone {
            let document = try single?.open() ?? DocumentInfo()
            opened = document
            return document
        }
        while true {
            if job == nil {
                guard let first = pipeline.nextJob() else { throw MapBridgeError(.data, "no input could be read") }
                begin(first)
            }
            guard let batch = job?.batches.pop() else { throw MapBridgeError(.data, "the reading stopped") }
            cursor = FeatureBatchCursor(batch)
            if let document = cursor.batch.opened {
                opened = document
                return document
            }
            // The first chunk could not be opened: it fails here, or is read again to the end.
            guard case .failed(let error)? = cursor.batch.end else { continue }
            try failed(error)
        }
    }

    mutating func next() throws -> Feature? {
        if !isOpen { _ = try open() }
        if readsAlone {
            defer { progress = single?.progress ?? progress }
            return try single?.next()
        }
        return try advance { cursor, report in cursor.next(report: report) }
    }

    mutating func lendNext(to body: (Feature) throws -> Void) throws -> Bool {
        if !isOpen { _ = try open() }
        if readsAlone {
            guard let feature = try next() else { return false }
            try body(feature)
            return true
        }
        return try advance { cursor, report in try cursor.lendNext(report: report, to: body).map { ((), $0) } } != nil
    }

    /// The next feature in input order, handed out by `hand` (from the cursor, once the
    /// diagnostics before it are reported: `FeatureBatchCursor.next(report:)` or
    /// `lendNext(report:to:)`), which gives back what to return and where the reader had read
    /// to after the feature; `nil` after the last feature.
    private mutating func advance<Item>(
        _ hand: (inout FeatureBatchCursor<PieceSummary>, DiagnosticHandler) throws -> (Item, Int64)?
    ) throws -> Item? {
        if isDone { return nil }
        while true {
            // Handed out already, before the chunk they came from turned out not to end cleanly.
            while replayed > 0, cursor.next(report: { _ in }) != nil {
                jobFeatures += 1
                replayed -= 1
            }
            if let (item, bytesRead) = try hand(&cursor, reporter) {
                jobFeatures += 1
                progress.bytesRead = jobOffset + bytesRead
                return item
            }
            if let end = cursor.batch.end {
                switch end {
                case .finished(let found):
                    cursor.reportRest(to: reporter)
                    elementsBefore = job?.countsFromZero == true ? elementsBefore + found.elementsRead : found.elementsRead
                    summary.add(found)
                    progress.bytesRead = jobOffset + cursor.batch.endBytesRead
                    job = nil
                    cursor = FeatureBatchCursor()
                case .failed(let error):
                    try failed(error)
                    continue
                }
            }
            if job == nil {
                guard let nextJob = pipeline.nextJob() else {
                    finish()
                    return nil
                }
                if nextJob.endsCollection {
                    try readRest(from: nextJob.chunk)
                    continue
                }
                begin(nextJob)
            }
            guard let batch = job?.batches.pop() else {
                isDone = true
                return nil
            }
            cursor = FeatureBatchCursor(batch)
        }
    }

    var document: DocumentInfo {
        if let single { return single.document }
        if isDone, summary.collectionsRead > 0 { return summary.document }
        return opened ?? DocumentInfo()
    }

    /// Where `job`'s reports go: on through the limiter, with the JSON pointers of a chunk
    /// that counted its elements from 0 moved on to their place in `features`.
    private func reporter(for job: ChunkJob) -> DiagnosticHandler {
        guard job.countsFromZero else { return forwarding.pass }
        let (forwarding, offset) = (forwarding, elementsBefore)
        return { diagnostic in forwarding.pass(Self.movingFeatureIndex(of: diagnostic, by: offset)) }
    }

    /// `diagnostic` with the element index its pointer starts with (`/features/3/…`) raised by
    /// `offset`.
    static func movingFeatureIndex(of diagnostic: Diagnostic, by offset: Int) -> Diagnostic {
        let prefix = "/features/"
        guard offset != 0, let pointer = diagnostic.location?.pointer, pointer.hasPrefix(prefix) else { return diagnostic }
        let rest = pointer.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let index = Int(digits) else { return diagnostic }
        var moved = diagnostic
        moved.location?.pointer = prefix + String(index + offset) + rest.dropFirst(digits.count)
        return moved
    }

    private mutating func begin(_ next: ChunkJob) {
        job = next
        jobOffset = next.chunk.origin.offset
        reporter = reporter(for: next)
        jobFeatures = 0
        cursor = FeatureBatchCursor()
    }

    /// The current chunk failed with `error`: thrown when the chunk reaches the end of the
    /// input (it is the error one reader meets there); else the chunk may only have been cut
    /// inside a record, so the input is read on from the chunk's start in one piece.
    private mutating func failed(_ error: any Error) throws {
        // A chunk that counted its elements from 0 is read again, so that the error's pointer is right.
        guard let failing = job, !failing.chunk.reachesEnd || failing.countsFromZero else {
            cursor.reportRest(to: replayed > 0 ? { _ in } : reporter)
            isDone = true
            _ = pipeline.stop()
            throw error
        }
        let later = pipeline.stop()
        let source = pipeline.rest(after: [failing.chunk] + later)
        let delivered = jobFeatures
        try startTail(source, from: failing.chunk)
        replayed = delivered
    }

    /// A collection's `features` ends in what follows `marker` (the last chunk there is):
    /// the rest of the input is read in one piece, resuming the collection.
    private mutating func readRest(from marker: RecordChunker.Chunk) throws {
        // No chunk follows the marker, and the workers have parsed every chunk before it.
        _ = pipeline.stop()
        try startTail(pipeline.rest(after: []), from: marker)
        replayed = 0
    }

    /// Reads `source`, the input from `chunk`'s start on, on one thread to the end: a whole
    /// reader, or inside a collection's `features` from the element `chunk` starts with.
    private mutating func startTail(_ source: ByteSource, from chunk: RecordChunker.Chunk) throws {
        var piece: GeoJSONReader.CollectionPiece?
        switch chunk.kind {
        case .records, .collectionStart:
            piece = nil
        case .elements(let counted), .collectionEnd(let counted):
            let first = counted ?? elementsBefore
            // The first chunk has been read: it left the collection in the summary.
            guard let collection = summary.collection else {
                throw MapBridgeError(.data, "'\(pipeline.name)' could not be read on several threads (its FeatureCollection's start was not kept); read it with one thread")
            }
            piece = .init(resume: .init(featureIndex: first, collection: collection), endsInFeatures: false)
        }
        let tail = ChunkJob(tail: source, origin: chunk.origin, piece: piece)
        begin(tail)
        guard pipeline.startTail(tail) else {
            throw MapBridgeError(.data, "no thread could be started to read '\(pipeline.name)' on (the system has none to give); read it with one thread")
        }
    }

    /// The end of the input: what one reader reports there, once for all chunks.
    private mutating func finish() {
        isDone = true
        if let d = GeoJSONReader.skippedCountDiagnostic(count: summary.skippedCount, lines: summary.skippedLines,
                                                        source: pipeline.name)
        {
            report(d)
        }
        if let d = summary.tally.diagnostic { report(d) }
    }
}
