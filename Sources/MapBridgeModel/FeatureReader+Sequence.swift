/// Reading with `for in`: the features of a reader as a sequence of results, so that an error
/// in the input is handed to the loop rather than lost.
///
///     for result in try GeoJSONReader(path: "places.geojson").results {
///         let feature = try result.get()      // throws the reader's error, with its location
///         print(feature.title ?? "untitled")
///     }
///
/// The sequence ends after the last feature, or right after the first failure. The readers
/// are classes: iterating one moves it on, so a reader is iterated once. (The readers are not
/// `Sequence`s themselves, whose dozens of members, `min` and `first` among them, would crowd
/// their own.) After the loop,
/// `reader.document` is complete (a GeoJSON FeatureCollection may carry members after its
/// features).
public struct FeatureResults: Sequence, IteratorProtocol {
    private var reader: any FeatureReader
    private var ended = false

    /// Iterates `reader` from where it stands.
    public init(_ reader: any FeatureReader) { self.reader = reader }

    /// The next feature, the reader's failure (once, then `nil`), or `nil` at the end.
    public mutating func next() -> Result<Feature, any Error>? {
        guard !ended else { return nil }
        do {
            if let feature = try reader.next() { return .success(feature) }
            ended = true
            return nil
        } catch {
            ended = true
            return .failure(error)
        }
    }
}

/// Reading with `for try await`: the features of a reader as an `AsyncSequence` that throws
/// the reader's errors.
///
///     for try await feature in reader.asyncFeatures { try writer.write(feature) }
///
/// Each step reads on the task that iterates (a reader is not `Sendable`: it stays on one task).
/// To read on one task and write on another, make the reader inside the reading task and hand
/// the features over, which are `Sendable` (as `DocumentInfo` and `Diagnostic` are):
///
///     let (features, continuation) = AsyncThrowingStream.makeStream(of: Feature.self)
///     let reading = Task {
///         do {
///             let reader = try GeoJSONReader(path: "in.geojson")
///             for try await feature in reader.asyncFeatures { continuation.yield(feature) }
///             continuation.finish()
///         } catch { continuation.finish(throwing: error) }
///     }
///     for try await feature in features { try writer.write(feature) }   // the writing task
///
/// (`AsyncThrowingStream` buffers without bound; a consumer slower than the reader holds the
/// difference in memory.)
public struct AsyncFeatures: AsyncSequence, AsyncIteratorProtocol {
    /// The features.
    public typealias Element = Feature
    /// What the reader throws (`MapBridgeError` from MapBridge's readers).
    public typealias Failure = any Error

    private var reader: any FeatureReader

    /// Iterates `reader` from where it stands.
    public init(_ reader: any FeatureReader) { self.reader = reader }

    /// The iterator: the sequence itself (a reader is iterated once).
    public func makeAsyncIterator() -> AsyncFeatures { self }

    /// The next feature, or `nil` at the end.
    /// - Throws: what the reader's `next()` throws.
    public mutating func next() async throws -> Feature? { try reader.next() }

    /// The next feature, read on the caller's actor, or `nil` at the end.
    /// - Throws: what the reader's `next()` throws.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Feature? {
        try reader.next()
    }
}

extension FeatureReader {
    /// The features as a sequence of results, for `for result in reader.results`.
    public var results: FeatureResults { FeatureResults(self) }

    /// The features as an `AsyncSequence`, for `for try await feature in reader.asyncFeatures`.
    public var asyncFeatures: AsyncFeatures { AsyncFeatures(self) }
}
