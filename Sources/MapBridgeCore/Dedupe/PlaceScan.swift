import MapBridgeModel

extension PlaceCandidate {
    /// The candidate for `feature` at `index`: a point (GeoJSON `Point`, KML `Point`, a CSV
    /// row, a GPX waypoint) whose name (`title`) is not empty once normalised; `nil` for
    /// anything else (lines, areas, circles, unnamed points).
    public init?(_ feature: Feature, index: Int, folding: inout PlaceNameFolding) {
        guard case .annotation(let coordinate)? = feature.shape, let title = feature.title else { return nil }
        let name = folding.normalise(title)
        guard !name.isEmpty else { return nil }
        var location = feature.location
        location?.pointer = nil
        self.init(index: index, name: name, coordinate: coordinate, propertyCount: feature.properties.count,
                  location: location)
    }
}

/// Reads the named points of a file for deduplication.
public enum PlaceScan {
    /// The named points of `path` (read once, streaming) and how many features it holds.
    /// - Parameter report: receives the reader's warnings.
    /// - Throws: `MapBridgeError` as the reader does (`.data` with a location for malformed
    ///   input, `.inputUnavailable`, `.usage` for an unreadable format).
    public static func candidates(path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                                  report: @escaping DiagnosticHandler) throws -> (places: [PlaceCandidate], features: Int)
    {
        var reader = try FeatureSources.reader(for: path, format: format, options: options, report: report)
        _ = try reader.open()
        var folding = PlaceNameFolding()
        var places: [PlaceCandidate] = []
        var index = 0
        while let feature = try reader.next() {
            if let p = PlaceCandidate(feature, index: index, folding: &folding) { places.append(p) }
            index += 1
        }
        return (places, index)
    }
}
