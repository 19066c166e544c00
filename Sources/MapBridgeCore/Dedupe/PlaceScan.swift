import MapBridgeModel

extension PlaceCandidate {
    /// The candidate for `feature` at `index`: a point (GeoJSON `Point`, KML `Point`, a CSV
    /// row, a GPX waypoint) whose name is not empty once normalised; `nil` for anything else
    /// (lines, areas, circles, unnamed points).
    /// - Parameter nameProperty: the property holding the name, or `nil` for the feature's
    ///   `title` (GeoJSON `name`, else `title`; KML `name`).
    public init?(_ feature: Feature, index: Int, nameProperty: String? = nil, folding: inout PlaceNameFolding) {
        guard case .annotation(let coordinate)? = feature.shape,
              let title = Self.nameText(of: feature, nameProperty: nameProperty)
        else { return nil }
        let name = folding.normalise(title)
        guard !name.isEmpty else { return nil }
        var location = feature.location
        location?.pointer = nil
        self.init(index: index, name: name, coordinate: coordinate, propertyCount: feature.properties.count,
                  location: location)
    }
}

extension PlaceCandidate {
    /// The name of `feature` as its file spells it: the string (or number) in `nameProperty`,
    /// or the feature's `title` when `nameProperty` is `nil`.
    public static func nameText(of feature: Feature, nameProperty: String?) -> String? {
        guard let nameProperty else { return feature.title }
        switch feature.properties[nameProperty] {
        case .string(let s)?: return s
        case .number(let n)?: return n.text
        default: return nil
        }
    }
}

/// Reads the named points of a file for deduplication.
public enum PlaceScan {
    /// The named points of `path` (read once, streaming) and how many features it holds.
    /// - Parameters:
    ///   - nameProperty: the property holding the names, or `nil` for the features' titles.
    ///   - limit: the most named points to hold; past it reading stops and `places` is `nil`
    ///     (memory grows with the named points held: about 170 bytes each; `compactCandidates`
    ///     holds them in about 50).
    ///   - report: receives the reader's warnings.
    /// - Throws: `MapBridgeError` as the reader does (`.data` with a location for malformed
    ///   input, `.inputUnavailable`, `.usage` for an unreadable format).
    public static func candidates(path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                                  nameProperty: String? = nil, limit: Int,
                                  report: @escaping DiagnosticHandler) throws -> (places: [PlaceCandidate]?, features: Int)
    {
        var places: [PlaceCandidate] = []
        let features = try scan(path: path, format: format, options: options, nameProperty: nameProperty, report: report) {
            guard places.count < limit else { return false }
            places.append($0)
            return true
        }
        return (features.complete ? places : nil, features.count)
    }

    /// The named points of `path` (read once, streaming), held compactly (about 50 bytes each
    /// rather than 170), and how many features it holds; as `candidates(path:…limit:…)`.
    /// - Throws: `MapBridgeError` as the reader does.
    public static func compactCandidates(path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                                         nameProperty: String? = nil, limit: Int,
                                         report: @escaping DiagnosticHandler) throws -> (places: PlaceCandidateStore?, features: Int)
    {
        var places = PlaceCandidateStore()
        let features = try scan(path: path, format: format, options: options, nameProperty: nameProperty, report: report) {
            guard places.count < limit else { return false }
            places.append($0)
            return true
        }
        return (features.complete ? places : nil, features.count)
    }

    /// Reads `path`, handing each named point to `take` until it returns false.
    /// - Returns: how many features were read before the end (`complete`) or before the feature
    ///   `take` refused.
    private static func scan(path: String, format: Format, options: ConvertOptions, nameProperty: String?,
                             report: @escaping DiagnosticHandler,
                             take: (PlaceCandidate) -> Bool) throws -> (count: Int, complete: Bool) {
        var reader = try FeatureSources.reader(for: path, format: format, options: options, report: report)
        _ = try reader.open()
        var folding = PlaceNameFolding()
        var index = 0
        while let feature = try reader.next() {
            if let p = PlaceCandidate(feature, index: index, nameProperty: nameProperty, folding: &folding) {
                guard take(p) else { return (index, false) }
            }
            index += 1
        }
        return (index, true)
    }

    /// The named points of `path` (read once, streaming) and how many features it holds.
    /// - Parameters:
    ///   - nameProperty: the property holding the names, or `nil` for the features' titles.
    ///   - report: receives the reader's warnings.
    /// - Throws: `MapBridgeError` as the reader does (`.data` with a location for malformed
    ///   input, `.inputUnavailable`, `.usage` for an unreadable format).
    public static func candidates(path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                                  nameProperty: String? = nil, report: @escaping DiagnosticHandler) throws -> (places: [PlaceCandidate], features: Int)
    {
        let scan = try candidates(path: path, format: format, options: options, nameProperty: nameProperty,
                                  limit: .max, report: report)
        return (scan.places ?? [], scan.features)
    }
}
