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
    private var chosen: (any FeatureReader)?
    private let totalBytes: Int64?

    /// Reads `source` (the whole input) with `settings`, in chunks of about `chunkBytes` bytes
    /// when it is a FeatureCollection to cut.
    init(source: ByteSource, settings: ChunkPipeline.Settings, chunkBytes: Int, report: @escaping DiagnosticHandler) {
        plan = Plan(source: source, settings: settings, chunkBytes: chunkBytes, report: report)
        totalBytes = source.totalBytes
    }

    mutating func open() throws -> DocumentInfo {
        if chosen == nil, let plan {
            self.plan = nil
            chosen = Self.choose(plan)
        }
        return try chosen?.open() ?? DocumentInfo()
    }

    mutating func next() throws -> Feature? {
        if chosen == nil { _ = try open() }
        return try chosen?.next()
    }

    var document: DocumentInfo { chosen?.document ?? DocumentInfo() }
    var progress: (bytesRead: Int64, totalBytes: Int64?) { chosen?.progress ?? (0, totalBytes) }

    private static func choose(_ plan: Plan) -> any FeatureReader {
        var chunker = RecordChunker(source: plan.source, separator: .featureElements, chunkBytes: plan.chunkBytes)
        if chunker.probe() { return ChunkedGeoJSONReader(chunker: chunker, settings: plan.settings, report: plan.report) }
        let source = chunker.rest(after: [])
        let settings = plan.settings
        return ThreadedReader(report: plan.report) { relay in
            FeatureSources.wrap(GeoJSONReader(source: source, options: settings.reading, report: relay), format: .geojson,
                                titleProperty: settings.titleProperty, report: relay)
        }
    }
}
