/// A source of features, handed out one at a time so that memory does not grow with the file.
///
///     var reader = try GeoJSONReader(path: "places.geojson")
///     let document = try reader.open()
///     while let feature = try reader.next() { … }
public protocol FeatureReader {
    /// Reads as far as the first feature and returns what the document says about itself.
    /// Calling it again returns the same; `next()` calls it when needed.
    mutating func open() throws -> DocumentInfo
    /// The next feature, or `nil` at the end.
    /// - Throws: `MapBridgeError` of kind `.data` with a location when the input is malformed.
    mutating func next() throws -> Feature?
    /// Hands the next feature to `body`, as `next()` would return it, rather than returning
    /// it: a reader that builds its features itself lends each from where it built it, so
    /// that it is not copied out through every layer of readers on its way to the caller (a
    /// few hundred bytes each time). The default calls `next()`.
    ///
    ///     while try reader.lendNext(to: { feature in try writer.write(feature) }) {}
    ///
    /// - Returns: `false`, without calling `body`, after the last feature.
    /// - Throws: what `next()` throws, and what `body` throws.
    mutating func lendNext(to body: (Feature) throws -> Void) throws -> Bool
    /// The document as known so far; complete once `next()` has returned `nil`
    /// (a GeoJSON FeatureCollection may carry members after its features).
    var document: DocumentInfo { get }
    /// Bytes consumed so far and the total when known, for progress lines.
    var progress: (bytesRead: Int64, totalBytes: Int64?) { get }
}

extension FeatureReader {
    /// `next()`, with the feature handed to `body`.
    public mutating func lendNext(to body: (Feature) throws -> Void) throws -> Bool {
        guard let feature = try next() else { return false }
        try body(feature)
        return true
    }
}

/// A sink of features, taken one at a time.
public protocol FeatureWriter {
    /// Starts the output with what is known of the document.
    mutating func begin(_ document: DocumentInfo) throws
    /// Writes one feature.
    mutating func write(_ feature: Feature) throws
    /// Ends the output; `document` is the complete document, which may hold members that
    /// `begin` did not see.
    mutating func finish(_ document: DocumentInfo) throws
}
