import MapBridgeIO
import MapBridgeModel
import Synchronization

/// A reader that parses on a thread of its own while its caller transforms and writes:
/// features travel in batches (`FeatureBatch`) through a queue of `queuedBatches`, so that at most that many batches, plus
/// the one being filled and the one being written, are in memory at once.
///
/// Everything the caller sees is what the wrapped reader would have given it on the caller's
/// thread, in the same order: the reader's diagnostics travel with the feature they came
/// before and are reported, on the caller's thread, just before `next()` hands that feature
/// out (so a writer's reports and strict mode interleave with them as in a one-thread run);
/// an error mid-file is thrown by the `next()` that would have thrown it, after every feature
/// before it; `progress` and `document` are those of the last feature handed out.
///
///     var reader = try ThreadedReader(report: report) { relay in
///         try FeatureSources.reader(for: "big.geojson", format: .geojson, report: relay)
///     }
///     _ = try reader.open()                       // on the caller's thread
///     while let feature = try reader.next() { … } // parsed on the reader's thread
///
/// When the caller stops early (an error in the writer, strict mode), releasing the reader
/// stops its thread: the thread finishes the feature it is parsing and ends.
struct ThreadedReader: FeatureReader {
    /// Batches waiting between the threads.
    static let queuedBatches = 2

    private typealias Batch = FeatureBatch<DocumentInfo>

    /// The wrapped reader, handed from the caller's thread to the reader's thread once it has
    /// been opened.
    private final class Box: @unchecked Sendable {
        // @unchecked: the caller's thread uses `reader` only before the reader's thread starts.
        var reader: Wrapped
        init(_ reader: any FeatureReader) { self.reader = Wrapped(base: reader) }

        /// Reads `reader` to the end on the calling thread, into `queue` (`FeatureBatch.produce`).
        func produce(relay: DiagnosticRelay, into queue: BoundedQueue<Batch>) {
            Batch.produce(from: &reader, opening: false, relay: relay, summary: { $0.document }, send: { queue.push($0) })
        }
    }

    /// The wrapped reader as a type of its own, for `FeatureBatch.produce` (an `any
    /// FeatureReader` handed to it in place, opened there, crashes the Swift 6.3 compiler).
    private struct Wrapped: FeatureReader {
        var base: any FeatureReader
        mutating func open() throws -> DocumentInfo { try base.open() }
        mutating func next() throws -> Feature? { try base.next() }
        var document: DocumentInfo { base.document }
        var progress: (bytesRead: Int64, totalBytes: Int64?) { base.progress }
    }

    /// The reader's thread and the queue it fills; releasing it stops the thread.
    private final class Pipeline {
        let queue = BoundedQueue<Batch>(capacity: ThreadedReader.queuedBatches)
        var thread: WorkerThread?

        deinit {
            queue.cancel()
            thread?.join()
        }
    }

    private let box: Box
    private let relay: DiagnosticRelay
    private let report: DiagnosticHandler
    /// `nil` until `open()`, and when no thread could be started (then this one reads).
    private var pipeline: Pipeline?
    /// The batch being handed out.
    private var current = FeatureBatchCursor<DocumentInfo>()
    private var opened: DocumentInfo?
    private var isDone = false
    private var finalDocument: DocumentInfo?
    private(set) var progress: (bytesRead: Int64, totalBytes: Int64?)

    /// Makes the reader with `make`, which receives the handler the reader must report to.
    /// Until `open()` has returned that handler passes reports straight to `report`.
    init(report: @escaping DiagnosticHandler, _ make: (@escaping DiagnosticHandler) throws -> any FeatureReader) rethrows {
        let relay = DiagnosticRelay()
        self.relay = relay
        self.report = report
        box = Box(try make(relay.handler(passingTo: report)))
        progress = box.reader.progress
    }

    mutating func open() throws -> DocumentInfo {
        if let opened { return opened }
        let document = try box.reader.open()
        opened = document
        progress = box.reader.progress
        relay.startHolding()
        let pipeline = Pipeline()
        let (box, relay, queue) = (box, relay, pipeline.queue)
        pipeline.thread = WorkerThread {
            box.produce(relay: relay, into: queue)
            queue.close()
        }
        if pipeline.thread == nil {
            relay.stopHolding()  // no thread: read on this one
        } else {
            self.pipeline = pipeline
        }
        return document
    }

    mutating func next() throws -> Feature? {
        if opened == nil { _ = try open() }
        guard let pipeline else { return try nextOnThisThread() }
        while true {
            if let item = current.next(report: report) {
                progress = (item.bytesRead, current.batch.totalBytes)
                return item.feature
            }
            if isDone { return nil }
            if let end = current.batch.end {
                isDone = true
                current.reportRest(to: report)
                progress = (current.batch.endBytesRead, current.batch.totalBytes)
                switch end {
                case .finished(let document):
                    finalDocument = document
                    return nil
                case .failed(let error):
                    throw error
                }
            }
            guard let batch = pipeline.queue.pop() else {
                isDone = true
                return nil
            }
            current = FeatureBatchCursor(batch)
        }
    }

    private mutating func nextOnThisThread() throws -> Feature? {
        defer { progress = box.reader.progress }
        return try box.reader.next()
    }

    var document: DocumentInfo {
        if pipeline == nil { return box.reader.document }
        return finalDocument ?? opened ?? box.reader.document
    }
}

/// Holds a reader's diagnostics while the reader runs on its own thread, so that the caller's
/// thread reports them in order with the features; passes them straight on otherwise.
final class DiagnosticRelay: Sendable {
    private let state = Mutex<(holding: Bool, held: [Diagnostic])>((false, []))

    /// A handler for the reader: holds each diagnostic while holding, else hands it to `report`.
    func handler(passingTo report: @escaping DiagnosticHandler) -> DiagnosticHandler {
        { [self] diagnostic in
            let held: Bool = state.withLock { s in
                guard s.holding else { return false }
                s.held.append(diagnostic)
                return true
            }
            if !held { report(diagnostic) }
        }
    }

    func startHolding() { state.withLock { $0.holding = true } }
    func stopHolding() { state.withLock { $0.holding = false } }

    /// The diagnostics held since the last call, oldest first.
    func take() -> [Diagnostic] {
        state.withLock { s in
            guard !s.held.isEmpty else { return [] }
            defer { s.held = [] }
            return s.held
        }
    }
}
