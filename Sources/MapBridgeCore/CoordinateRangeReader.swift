import MapBridgeModel

/// A reader that notes positions outside longitude [−180, 180] and latitude [−90, 90]
/// degrees (projected coordinates, swapped axes) and, at the end of the file, reports them
/// once: how many, in how many features, and where the first is. They are kept as given.
struct CoordinateRangeReader: FeatureReader {
    var base: any FeatureReader
    let report: DiagnosticHandler
    private var tally = CoordinateRangeTally()
    private var reported = false

    init(base: any FeatureReader, report: @escaping DiagnosticHandler) {
        self.base = base
        self.report = report
    }

    mutating func open() throws -> DocumentInfo { try base.open() }

    mutating func next() throws -> Feature? {
        // The feature is handed on as it came: only its shape is looked at (a feature bound
        // to a name of its own here was copied in and out whole, a few hundred bytes each way).
        let feature = try base.next()
        if let shape = feature?.shape {
            tally.note(shape, location: feature?.location)
        } else if case .none = feature {
            reportOnce()
        }
        return feature
    }

    mutating func lendNext(to body: (Feature) throws -> Void) throws -> Bool {
        // The feature is looked at where the base lends it from. Its positions are tallied
        // apart (the base, being changed, cannot be asked for the tally in `self`) and added
        // when any was out of range.
        var noted = CoordinateRangeTally()
        let lent = try base.lendNext { feature in
            noted.note(feature)
            try body(feature)
        }
        if !noted.isEmpty { tally.add(noted) }
        if !lent { reportOnce() }
        return lent
    }

    /// Reports the tally, at the end of the features (once).
    private mutating func reportOnce() {
        if !reported, let d = tally.diagnostic { report(d) }
        reported = true
    }

    var document: DocumentInfo { base.document }
    var progress: (bytesRead: Int64, totalBytes: Int64?) { base.progress }
}

/// The positions out of longitude [−180, 180] and latitude [−90, 90] degrees in the features
/// seen so far: how many, in how many features, and the first of them with its feature's
/// location. Tallies of consecutive runs of features add up (`add(_:)`), so that pieces of one
/// input read on different threads report as one.
struct CoordinateRangeTally: Sendable {
    private var positions = 0
    private var features = 0
    private var first: (coordinate: Coordinate, location: SourceLocation?)?

    /// Counts `feature`'s positions out of range. A point in range (most features) is told
    /// so in place: its shape is not copied out of the feature to be scanned.
    @inline(__always)
    mutating func note(_ feature: Feature) {
        if case .annotation(let c)? = feature.shape, !Self.isOutOfRange(longitude: c.longitude, latitude: c.latitude) {
            return
        }
        guard let shape = feature.shape else { return }
        note(shape, location: feature.location)
    }

    /// Whether a position lies outside longitude [−180, 180] or latitude [−90, 90] degrees.
    @inline(__always)
    static func isOutOfRange(longitude: Double, latitude: Double) -> Bool {
        longitude < -180 || longitude > 180 || latitude < -90 || latitude > 90
    }

    /// Notes the positions of `shape`, of a feature at `location` (asked for only when one
    /// of them is the first out of range).
    mutating func note(_ shape: Shape, location: @autoclosure () -> SourceLocation?) {
        var outside = 0
        var firstOutside: Coordinate?
        Self.scan(shape, &outside, &firstOutside)
        guard outside > 0 else { return }
        positions += outside
        features += 1
        if first == nil, let c = firstOutside { first = (c, location()) }
    }

    /// Whether no position was out of range.
    var isEmpty: Bool { positions == 0 }

    /// Adds the tally of the features that came after these.
    mutating func add(_ later: CoordinateRangeTally) {
        positions += later.positions
        features += later.features
        if first == nil { first = later.first }
    }

    /// The one warning for the whole tally, or `nil` when every position is in range.
    var diagnostic: Diagnostic? {
        guard let first else { return nil }
        let c = first.coordinate
        let longitude = c.sourceText(of: .longitude) ?? NumberValue.shortestText(c.longitude)
        let latitude = c.sourceText(of: .latitude) ?? NumberValue.shortestText(c.latitude)
        let count = positions == 1 ? "1 position lies" : "\(positions) positions in \(features) feature\(features == 1 ? "" : "s") lie"
        return Diagnostic(code: "coordinate-range", severity: .warning,
                          message: "\(count) outside longitude [-180, 180] and latitude [-90, 90] degrees (the first here: longitude \(longitude), latitude \(latitude)); are the coordinates projected, or longitude and latitude swapped? They are kept as given",
                          location: first.location)
    }

    /// Counts the shape's positions out of range, noting the first; reads only the numbers of
    /// each position in place (no copy of a coordinate and its source text per vertex).
    private static func scan(_ shape: Shape, _ outside: inout Int, _ first: inout Coordinate?) {
        // One position; the coordinate is asked for only when it is the first out of range.
        func note(longitude lon: Double, latitude lat: Double, _ coordinate: @autoclosure () -> Coordinate) {
            guard isOutOfRange(longitude: lon, latitude: lat) else { return }
            outside += 1
            if first == nil { first = coordinate() }
        }
        func scan(_ cs: CoordinateList) {
            var i = 0
            cs.forEachPosition { lon, lat in
                note(longitude: lon, latitude: lat, cs[i])
                i += 1
            }
        }
        switch shape {
        // A single position is noted as it is, not put in an array of its own first.
        case .annotation(let c): note(longitude: c.longitude, latitude: c.latitude, c)
        case .circle(let circle): note(longitude: circle.center.longitude, latitude: circle.center.latitude, circle.center)
        case .polyline(let line): scan(line.coordinates)
        case .multiPoint(let points): scan(points)
        case .multiPolyline(let lines): for line in lines { scan(line.coordinates) }
        case .polygon(let p):
            scan(p.outer)
            for hole in p.holes { scan(hole) }
        case .multiPolygon(let ps):
            for p in ps {
                scan(p.outer)
                for hole in p.holes { scan(hole) }
            }
        case .collection(let shapes): for s in shapes { Self.scan(s, &outside, &first) }
        }
    }
}
