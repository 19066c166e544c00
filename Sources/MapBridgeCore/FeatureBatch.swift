import MapBridgeModel

/// Features a reader's thread hands to the caller's thread in one go, with what the reader
/// reported and how far it had read: at most `maximumFeatures` features or about
/// `maximumBytes` bytes of input. The last batch of a reading holds how it ended: `Summary`
/// is what the caller learns of a reading that finished (the document, for `ThreadedReader`).
///
/// Features are taken out (left `nil`) as they are handed out, so that they are moved rather
/// than copied.
struct FeatureBatch<Summary: Sendable>: Sendable {
    /// The most features in one batch.
    static var maximumFeatures: Int { 256 }
    /// The input bytes after which a batch is sent however few features it holds.
    static var maximumBytes: Int64 { 4 << 20 }

    /// How the reading ended, after the batch's features.
    enum End: Sendable {
        case finished(Summary)
        case failed(any Error)
    }

    var features: [Feature?] = []
    /// Where the reader had read to after each feature (bytes).
    var bytesRead: [Int64] = []
    var totalBytes: Int64?
    /// What the reader reported, each before the feature at `before` (`features.count`:
    /// after the last one, before `end` takes effect).
    var diagnostics: [(before: Int, diagnostic: Diagnostic)] = []
    /// What `open()` returned, in the first batch of a reading that the thread opened itself.
    var opened: DocumentInfo?
    var end: End?
    /// Where the reading had got to at `end`.
    var endBytesRead: Int64 = 0

    init(reserving count: Int = 0) {
        features.reserveCapacity(count)
        bytesRead.reserveCapacity(count)
    }

    /// Reads `reader` to the end (or the first error, or until `send` refuses a batch), sending
    /// its features in batches; the reader reports through `relay`, which must be holding.
    /// Generic, so that a reader whose type is known here is called directly, not through a
    /// closure that copies it to ask its progress.
    /// - Parameters:
    ///   - opening: whether the thread opens the reader itself first (its document goes in the
    ///     first batch, its error ends the reading).
    ///   - summary: what to tell the caller once the reader has returned `nil`.
    ///   - send: hands a batch over; `false` stops the reading (the caller gave up).
    static func produce<Reader: FeatureReader>(from reader: inout Reader, opening: Bool, relay: DiagnosticRelay,
                                               summary: (Reader) -> Summary, send: (consuming FeatureBatch) -> Bool)
    {
        var batch = FeatureBatch(reserving: maximumFeatures)
        var batchStart = reader.progress.bytesRead
        // The error `open()` threw: the reading ends before its first feature.
        var openError: (any Error)?
        if opening {
            do {
                batch.opened = try reader.open()
            } catch {
                openError = error
            }
        }
        while true {
            // The diagnostics reported while reading the next feature come before it.
            let before = batch.features.count
            // Whether the reading has ended (how, in `batch.end`): a flag, because testing an
            // `End?` for each feature copied it (a summary is hundreds of bytes).
            var ended = true
            if let error = openError.take() {
                batch.end = .failed(error)
            } else {
                do {
                    // Appended as it comes: neither the feature nor the optional is copied.
                    if let feature = try reader.next() {
                        batch.features.append(feature)
                        ended = false
                    } else {
                        batch.end = .finished(summary(reader))
                    }
                } catch {
                    batch.end = .failed(error)
                }
            }
            for d in relay.take() { batch.diagnostics.append((before, d)) }
            let p = reader.progress
            batch.totalBytes = p.totalBytes
            if ended {
                batch.endBytesRead = p.bytesRead
                _ = send(batch)
                return
            }
            batch.bytesRead.append(p.bytesRead)
            if batch.features.count >= maximumFeatures || p.bytesRead - batchStart >= maximumBytes {
                var full = FeatureBatch(reserving: maximumFeatures)
                swap(&full, &batch)
                guard send(consume full) else { return }
                batchStart = p.bytesRead
            }
        }
    }
}

extension FeatureReader {
    /// `lendNext(to:)`, then `progress` read into `progress` in place (read from outside,
    /// through an optional, it would copy the reader).
    mutating func lendNext(to body: (Feature) throws -> Void,
                           updating progress: inout (bytesRead: Int64, totalBytes: Int64?)) throws -> Bool
    {
        let lent = try lendNext(to: body)
        progress = self.progress
        return lent
    }
}

/// The caller's side of one batch: hands out its features in order, each after the
/// diagnostics the reader reported before it.
struct FeatureBatchCursor<Summary: Sendable> {
    private(set) var batch: FeatureBatch<Summary>
    private var nextFeature = 0
    private var nextDiagnostic = 0

    init(_ batch: consuming FeatureBatch<Summary> = FeatureBatch()) {
        self.batch = batch
    }

    /// Features handed out so far.
    var featuresTaken: Int { nextFeature }

    /// The next feature, with where the reader had read to after it, once the diagnostics
    /// before it are reported; `nil` when every feature is out.
    mutating func next(report: DiagnosticHandler) -> (feature: Feature, bytesRead: Int64)? {
        let i = nextFeature
        guard i < batch.features.count, let feature = batch.features[i].take() else { return nil }
        nextFeature += 1
        reportDiagnostics(before: i, to: report)
        return (feature, batch.bytesRead[i])
    }

    /// Like `next(report:)`, lending the feature to `body` rather than returning it: it is
    /// moved out of the batch once, not again through each layer on its way to the writer.
    /// - Returns: where the reader had read to after the feature; `nil`, without calling
    ///   `body`, when every feature is out.
    mutating func lendNext(report: DiagnosticHandler, to body: (Feature) throws -> Void) rethrows -> Int64? {
        let i = nextFeature
        guard i < batch.features.count, let feature = batch.features[i].take() else { return nil }
        nextFeature += 1
        reportDiagnostics(before: i, to: report)
        try body(feature)
        return batch.bytesRead[i]
    }

    /// Reports the diagnostics after the last feature.
    mutating func reportRest(to report: DiagnosticHandler) {
        reportDiagnostics(before: batch.features.count, to: report)
    }

    private mutating func reportDiagnostics(before index: Int, to report: DiagnosticHandler) {
        while nextDiagnostic < batch.diagnostics.count, batch.diagnostics[nextDiagnostic].before <= index {
            report(batch.diagnostics[nextDiagnostic].diagnostic)
            nextDiagnostic += 1
        }
    }
}
