import MapBridgeModel

/// A reader that notes positions outside longitude [−180, 180] and latitude [−90, 90]
/// degrees (projected coordinates, swapped axes) and, at the end of the file, reports them
/// once: how many, in how many features, and where the first is. They are kept as given.
struct CoordinateRangeReader: FeatureReader {
    var base: any FeatureReader
    let report: DiagnosticHandler
    private var positions = 0
    private var features = 0
    private var first: (coordinate: Coordinate, location: SourceLocation?)?
    private var reported = false

    init(base: any FeatureReader, report: @escaping DiagnosticHandler) {
        self.base = base
        self.report = report
    }

    mutating func open() throws -> DocumentInfo { try base.open() }

    mutating func next() throws -> Feature? {
        guard let feature = try base.next() else {
            reportOnce()
            return nil
        }
        var outside = 0
        var firstOutside: Coordinate?
        feature.shape?.forEachCoordinate { c in
            if c.longitude < -180 || c.longitude > 180 || c.latitude < -90 || c.latitude > 90 {
                outside += 1
                if firstOutside == nil { firstOutside = c }
            }
        }
        if outside > 0 {
            positions += outside
            features += 1
            if first == nil, let c = firstOutside { first = (c, feature.location) }
        }
        return feature
    }

    private mutating func reportOnce() {
        guard !reported, let first else { return }
        reported = true
        let c = first.coordinate
        let longitude = c.sourceText?.longitude ?? NumberValue.shortestText(c.longitude)
        let latitude = c.sourceText?.latitude ?? NumberValue.shortestText(c.latitude)
        let count = positions == 1 ? "1 position lies" : "\(positions) positions in \(features) feature\(features == 1 ? "" : "s") lie"
        report(Diagnostic(code: "coordinate-range", severity: .warning,
                          message: "\(count) outside longitude [-180, 180] and latitude [-90, 90] degrees (the first here: longitude \(longitude), latitude \(latitude)); are the coordinates projected, or longitude and latitude swapped? They are kept as given",
                          location: first.location))
    }

    var document: DocumentInfo { base.document }
    var progress: (bytesRead: Int64, totalBytes: Int64?) { base.progress }
}
