import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel

/// GeoJSON read on several threads, the way chosen when the reader opens: a FeatureCollection
/// that `RecordChunker.probe()` can cut between its features is read in chunks on every
/// worker (`ChunkedGeoJSONReader`); anything else is read on one thread of its own
/// (`ThreadedReader`), from the bytes the probe read and the rest of the input.
///
/// The probe reads the input's start, so it waits for the input (a pipe may be slow to give
/// it): it runs in `open()`, not when the reader is made, so a conversion's output is under
/// way while it waits, as with any other reader.
///
///     var reader = CollectionProbingReader(source: try ByteSource(path: "big.geojson"), …)
///     _ = try reader.open()
///     while let feature = try reader.next() { … }
struct CollectionProbingReader: FeatureReader {
    private struct Plan {
        let source: ByteSource
        let settings: ChunkPipeline.Settings
        let chunkBytes: Int
        let report: DiagnosticHandler
    }

    /// What to probe, until `open()` has chosen.
    private var plan: Plan?
    /// The reader chosen (one of the two), held as its own type and called in place: held as
    /// `any FeatureReader`, or tested and bound as an optional, it was copied for each feature.
    private var chunked: ChunkedGeoJSONReader?
    private var threaded: ThreadedReader?
    private var chosen = Choice.none
    private enum Choice { case none, chunked, threaded }

    /// Reads `source` (the whole input) with `settings`, in chunks of about `chunkBytes` bytes
    /// when it is a FeatureCollection to cut.
    init(source: ByteSource, settings: ChunkPipeline.Settings, chunkBytes: Int, report: @escaping DiagnosticHandler) {
        plan = Plan(source: source, settings: settings, chunkBytes: chunkBytes, report: report)
        progress = (0, source.totalBytes)
    }

    mutating func open() throws -> DocumentInfo {
        if chosen == .none, let plan = plan.take() { choose(plan) }
        let document: DocumentInfo?
        switch chosen {
        case .none: document = nil
        case .chunked:
            document = try chunked?.open(updating: &progress)
        case .threaded:
            document = try threaded?.open(updating: &progress)
        }
        return document ?? DocumentInfo()
    }

    mutating func next() throws -> Feature? {
        if chosen == .none { _ = try open() }
        let feature: Feature?
        switch chosen {
        case .none: return nil
        case .chunked:
            feature = try chunked?.next(updating: &progress)
        case .threaded:
            feature = try threaded?.next(updating: &progress)
        }
        return feature
    }

    mutating func lendNext(to body: (Feature) throws -> Void) throws -> Bool {
        if chosen == .none { _ = try open() }
        switch chosen {
        case .none: return false
        case .chunked:
            return try chunked?.lendNext(to: body, updating: &progress) ?? false
        case .threaded:
            guard let feature = try threaded?.next(updating: &progress) else { return false }
            try body(feature)
            return true
        }
    }

    var document: DocumentInfo {
        switch chosen {
        case .none: DocumentInfo()
        case .chunked: chunked?.document ?? DocumentInfo()
        case .threaded: threaded?.document ?? DocumentInfo()
        }
    }

    /// As of the last `open()` or `next()`.
    private(set) var progress: (bytesRead: Int64, totalBytes: Int64?)

    private mutating func choose(_ plan: Plan) {
        var chunker = RecordChunker(source: plan.source, separator: .featureElements, chunkBytes: plan.chunkBytes)
        if chunker.probe() {
            chunked = ChunkedGeoJSONReader(chunker: chunker, settings: plan.settings, report: plan.report)
            chosen = .chunked
            return
        }
        let source = chunker.rest(after: [])
        let settings = plan.settings
        threaded = ThreadedReader(report: plan.report) { relay in
            FeatureSources.wrap(GeoJSONReader(source: source, options: settings.reading, report: relay), format: .geojson,
                                titleProperty: settings.titleProperty, report: relay)
        }
        chosen = .threaded
    }
}

extension FeatureReader {
    /// `open()`, then `progress` read into `progress` in place (read from outside, through
    /// an optional, it would copy the reader).
    mutating func open(updating progress: inout (bytesRead: Int64, totalBytes: Int64?)) throws -> DocumentInfo {
        let document = try open()
        progress = self.progress
        return document
    }

    /// `next()`, then `progress` read into `progress` in place.
    mutating func next(updating progress: inout (bytesRead: Int64, totalBytes: Int64?)) throws -> Feature? {
        let feature = try next()
        progress = self.progress
        return feature
    }
}
