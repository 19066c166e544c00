import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import Synchronization

/// What reading one piece of a GeoJSON input found that counts across pieces: the objects it
/// left out, the FeatureCollections it began (the first one's members are the document) and
/// its positions out of range. Summaries of consecutive pieces add up (`add(_:)`) to what one
/// reader of them all finds.
struct PieceSummary: Sendable {
    var skippedCount = 0
    /// The lines of the first (at most 10) objects left out.
    var skippedLines: [Int] = []
    var collectionsRead = 0
    var document = DocumentInfo()
    var tally = CoordinateRangeTally()
    /// For a FeatureCollection cut between its elements: the collection as its first piece
    /// left it (what the piece that reads past its `features` resumes).
    var collection: GeoJSONReader.Collection?
    /// Whether the piece resumed the first collection from an earlier piece (so its document
    /// is that collection's, completed by the members after `features`).
    var resumesCollection = false
    /// The elements of `features` the piece read, counted from its first element's index
    /// (from 0 for a piece that did not know it: `ChunkJob.countsFromZero`).
    var elementsRead = 0

    /// Adds the summary of the piece that came after this one.
    mutating func add(_ later: PieceSummary) {
        skippedCount += later.skippedCount
        skippedLines = Array((skippedLines + later.skippedLines).prefix(10))
        if collectionsRead == 0 || later.resumesCollection { document = later.document }
        if collection == nil { collection = later.collection }
        collectionsRead += later.collectionsRead
        tally.add(later.tally)
        elementsRead = later.elementsRead
    }
}

/// One chunk of the input on its way from the worker that parses it to the caller, in
/// batches; or the rest of the input, read in one piece (a tail).
final class ChunkJob: @unchecked Sendable {
    // @unchecked: `stream` is read only by the one worker that parses the job.
    let chunk: RecordChunker.Chunk
    private let stream: ByteSource?
    /// Where the chunk lies in a FeatureCollection cut between its elements, for its reader.
    let piece: GeoJSONReader.CollectionPiece?
    let batches: BoundedQueue<FeatureBatch<PieceSummary>>
    /// Whether the chunk does not know the index of its first element (it follows a line
    /// cut): its reader counts from 0, and the caller, which knows how many came before,
    /// moves the JSON pointers of its reports on by that many.
    let countsFromZero: Bool

    /// A chunk of records or of a collection's elements; its batches may all wait, so that
    /// workers run ahead of the caller.
    init(_ chunk: RecordChunker.Chunk, chunkBytes: Int) {
        self.chunk = chunk
        stream = nil
        var countsFromZero = false
        switch chunk.kind {
        case .records, .collectionEnd: piece = nil
        case .collectionStart: piece = .init(resume: nil, endsInFeatures: true)
        case .elements(let first):
            piece = .init(resume: .init(featureIndex: first ?? 0, collection: nil), endsInFeatures: true)
            countsFromZero = first == nil
        }
        self.countsFromZero = countsFromZero
        // A batch holds 256 features (of 16 bytes or more) or 4 MiB.
        batches = BoundedQueue(capacity: chunkBytes / (16 * FeatureBatch<PieceSummary>.maximumFeatures) + 4)
    }

    /// The rest of the input from `origin` on, read from `source` to its end; inside a
    /// collection's `features` as `piece` says.
    init(tail source: ByteSource, origin: JSONTokenizer.Origin, piece: GeoJSONReader.CollectionPiece?) {
        chunk = RecordChunker.Chunk(bytes: [], origin: origin, reachesEnd: true, failure: nil)
        stream = source
        self.piece = piece
        countsFromZero = false
        batches = BoundedQueue(capacity: ThreadedReader.queuedBatches)
    }

    /// Whether this is the marker that a collection's `features` ends in what follows: no
    /// worker parses it; the caller reads the rest in one piece.
    var endsCollection: Bool {
        if case .collectionEnd = chunk.kind { return true }
        return false
    }

    func source(name: String) -> ByteSource {
        stream ?? RecordChunker.source(name: name, bytes: chunk.bytes, then: nil, failure: chunk.failure)
    }
}

/// The worker threads that cut the input into chunks (`RecordChunker`) and parse them, each
/// chunk with a GeoJSON reader of its own, and the chunks in input order between them and the
/// caller. At most `workers + 1` chunks wait in line, so memory stays bounded however large
/// the input. Releasing the pipeline stops the workers.
final class ChunkPipeline: @unchecked Sendable {
    // @unchecked: `chunker` and `returned` are touched only with `lock` held or once the
    // workers are joined; `threads` and `current` only on the caller's thread.

    /// How the pieces are read.
    struct Settings: Sendable {
        var reading: GeoJSONReader.Options
        /// `ConvertOptions.titleProperty`.
        var titleProperty: String?
        /// Worker threads, ≥ 1.
        var workers: Int
    }

    let settings: Settings
    let name: String
    let totalBytes: Int64?
    /// The chunks in input order, each queued by the worker that made it.
    private let jobs: BoundedQueue<ChunkJob>
    private let lock = Mutex(())
    private let stopped = Atomic<Bool>(false)
    private var chunker: RecordChunker?
    private let chunkBytes: Int
    /// A chunk made but not queued, because the caller had stopped.
    private var returned: RecordChunker.Chunk?
    private var threads: [WorkerThread] = []
    /// The chunk the caller is taking batches from.
    private var current: ChunkJob?

    init(chunker: RecordChunker, settings: Settings) {
        name = chunker.sourceName
        totalBytes = chunker.totalBytes
        chunkBytes = chunker.chunkBytes
        self.chunker = chunker
        self.settings = settings
        jobs = BoundedQueue(capacity: settings.workers + 1)
    }

    deinit { _ = stop() }

    /// Starts the workers. - Returns: whether any could start.
    func start() -> Bool {
        for _ in 0..<max(settings.workers, 1) {
            guard let thread = WorkerThread({ [self] in work() }) else { break }
            threads.append(thread)
        }
        return !threads.isEmpty
    }

    /// The next chunk in input order, once a worker has made it; `nil` after the last.
    func nextJob() -> ChunkJob? {
        current = jobs.pop()
        return current
    }

    /// Starts a worker on `tail`, which becomes the chunk the caller takes batches from.
    /// - Returns: whether the thread could start (else the caller reads `tail` itself).
    func startTail(_ tail: ChunkJob) -> Bool {
        guard let thread = WorkerThread({ [self] in parse(tail) }) else { return false }
        threads.append(thread)
        current = tail
        return true
    }

    /// Stops the workers and waits for them.
    /// - Returns: the chunks made but not handed to the caller, oldest first.
    func stop() -> [RecordChunker.Chunk] {
        stopped.store(true, ordering: .sequentiallyConsistent)
        let waiting = jobs.cancel()
        current?.batches.cancel()
        for job in waiting { job.batches.cancel() }
        for thread in threads { thread.join() }
        threads = []
        current = nil
        var chunks = waiting.map(\.chunk)
        if let returned { chunks.append(returned) }
        returned = nil
        return chunks
    }

    /// Once stopped: `chunks` (from `stop()`, after the one the caller was on) and everything
    /// not yet read, as one source.
    func rest(after chunks: [RecordChunker.Chunk]) -> ByteSource {
        guard let rest = chunker.take() else { return ByteSource(bytes: [], name: name) }
        return rest.rest(after: chunks)
    }

    // MARK: - Workers

    private func work() {
        while let job = makeJob() {
            if job.endsCollection { job.batches.close() } else { parse(job) }
        }
    }

    /// Cuts the next chunk and queues it, both in one step so that chunks queue in order.
    private func makeJob() -> ChunkJob? {
        lock.withLock { _ -> ChunkJob? in
            guard !stopped.load(ordering: .sequentiallyConsistent), chunker != nil else { return nil }
            guard let chunk = chunker?.next() else {
                jobs.close()
                return nil
            }
            let job = ChunkJob(chunk, chunkBytes: chunkBytes)
            guard jobs.push(job) else {
                returned = chunk
                return nil
            }
            if chunk.reachesEnd || job.endsCollection { jobs.close() }
            return job
        }
    }

    /// Reads one chunk (or the tail) with a reader of its own, sending its batches.
    private func parse(_ job: ChunkJob) {
        let relay = DiagnosticRelay()
        relay.startHolding()
        var options = settings.reading
        options.origin = job.chunk.origin
        options.collectionPiece = job.piece
        var piece = PieceReader(GeoJSONReader(source: job.source(name: name), options: options,
                                              report: relay.handler(passingTo: { _ in })),
                                titleProperty: settings.titleProperty)
        FeatureBatch<PieceSummary>.produce(from: &piece, opening: true, relay: relay, summary: { $0.summary },
                                           send: { job.batches.push($0) })
        job.batches.close()
    }
}

/// A GeoJSON reader of one piece, with what `FeatureSources.reader` adds to every reader:
/// the title from a property, and the tally of positions out of range (reported once for the
/// whole input, by the caller). The reader is called as its own type, not through an
/// existential.
struct PieceReader: FeatureReader {
    private let geojson: GeoJSONReader
    /// `ConvertOptions.titleProperty` (see `TitlePropertyReader`).
    private let titleProperty: String?
    private var tally = CoordinateRangeTally()

    init(_ geojson: GeoJSONReader, titleProperty: String?) {
        self.geojson = geojson
        self.titleProperty = titleProperty
    }

    mutating func open() throws -> DocumentInfo { try geojson.open() }

    mutating func next() throws -> Feature? {
        guard let feature = try nextTitled() else { return nil }
        tally.note(feature)
        return feature
    }

    /// The GeoJSON reader's next feature, titled from `titleProperty` when one is set.
    private func nextTitled() throws -> Feature? {
        guard let titleProperty else { return try geojson.next() }
        guard var feature = try geojson.next() else { return nil }
        TitlePropertyReader.takeTitle(of: &feature, fromProperty: titleProperty)
        return feature
    }

    var document: DocumentInfo { geojson.document }
    var progress: (bytesRead: Int64, totalBytes: Int64?) { geojson.progress }

    var summary: PieceSummary {
        PieceSummary(skippedCount: geojson.skippedCount, skippedLines: geojson.skippedLines,
                     collectionsRead: geojson.collectionsRead, document: geojson.document, tally: tally,
                     collection: geojson.collection, resumesCollection: geojson.resumesCollection,
                     elementsRead: geojson.elementsRead)
    }
}
