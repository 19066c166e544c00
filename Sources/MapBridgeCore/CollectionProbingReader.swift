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

    /// Reads `source` (the whole input) with `settings`, in chunks of about `chunkBytes` bytes
    /// when it is a FeatureCollection to cut.
    init(source: ByteSource, settings: ChunkPipeline.Settings, chunkBytes: Int, report: @escaping DiagnosticHandler) {
        plan = Plan(source: source, settings: settings, chunkBytes: chunkBytes, report: report)
        progress = (0, source.totalBytes)
    }

    mutating func open() throws -> DocumentInfo {
        if let plan = plan.take() { chosen = Self.choose(plan) }
        guard var reader = chosen.take() else { return DocumentInfo() }
        defer { chosen = reader }
        let document = try reader.open()
        progress = reader.progress
        return document
    }

    mutating func next() throws -> Feature? {
        if plan != nil { _ = try open() }
        // Moved out and back rather than read through the optional: testing or reading the
        // optional itself would copy the reader for each feature.
        guard var reader = chosen.take() else { return nil }
        defer { chosen = reader }
        let feature = try reader.next()
        progress = reader.progress
        return feature
    }

    var document: DocumentInfo { chosen?.document ?? DocumentInfo() }
    /// As of the last `open()` or `next()`.
    private(set) var progress: (bytesRead: Int64, totalBytes: Int64?)

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
