import MapBridgeModel

/// Turns a list of origin/destination pairs into densified geodesic routes, one feature per
/// pair, streaming the pairs against a table of places read beforehand.
///
///     let airports = try RoutePlaceTable(path: "airports.dat", format: .csv, options: o, report: log)
///     var pairs = RoutePairs(path: "routes.dat", format: .csv)
///     pairs.options.csvReading.columns = ["airline", "airline_id", "source", "source_id",
///                                         "destination", "destination_id", "codeshare", "stops", "equipment"]
///     try FeatureOutput.write(to: "routes.geojson", format: .geojson, report: log) { writer in
///         let result = try pairs.run(places: airports, writer: &writer, report: log)
///     }
///
/// Each route has the properties `RoutePlanner.routeFeature` gives it, then the pair's other
/// fields (those of its own that do not clash). Pairs naming a place the table lacks, or the
/// same place twice, are skipped, counted and reported.
public struct RoutePairs: Sendable {
    /// What a run did.
    public struct Result: Hashable, Sendable {
        /// Pairs read.
        public var pairs = 0
        /// Routes written.
        public var routes = 0
        /// Pairs skipped because a place is missing from the table (or the field is empty).
        public var missing = 0
        /// The first few of them, as `line 12: XYZ`.
        public var missingExamples: [String] = []
        /// Pairs skipped because both ends are the same point.
        public var samePlace = 0
        /// Vertices written in all routes.
        public var vertices = 0

        public init() {}
    }

    /// The names the origin and destination columns get by default (case-insensitive), in
    /// order of preference; OpenFlights' routes.dat names them `source` and `destination`
    /// once given column names.
    public static let defaultFromColumns = ["from", "source", "source_airport", "origin", "src"]
    public static let defaultToColumns = ["to", "destination", "destination_airport", "dest", "dst"]

    public var path: String
    public var format: Format
    /// How to read the pairs file (for a CSV: its columns, delimiter, bad rows).
    public var options = ConvertOptions()
    /// The origin column, or `nil` for the first of `defaultFromColumns` present.
    public var fromColumn: String?
    /// The destination column, or `nil` for the first of `defaultToColumns` present.
    public var toColumn: String?
    /// Draws each route (only its line: no circles, no progress).
    public var planner = RoutePlanner()
    /// How many missing pairs `Result.missingExamples` keeps.
    public var exampleLimit = 5

    public init(path: String, format: Format) {
        self.path = path
        self.format = format
    }

    /// Reads the pairs and writes a route for each pair whose places `places` knows.
    /// - Parameter progress: called after each pair with the pairs so far and the bytes read.
    /// - Throws: `MapBridgeError`: `.usage` when the origin or destination column is not
    ///   found; whatever the reader and writer throw.
    public func run(places: RoutePlaceTable, writer: inout any FeatureWriter, report: @escaping DiagnosticHandler,
                    progress: (Conversion.Progress) -> Void = { _ in }) throws -> Result
    {
        // Pairs need no geometry: a CSV reader's note that it found none is no news here.
        let pairReport: DiagnosticHandler = { if $0.code != "csv-no-geometry" { report($0) } }
        var reader = try FeatureSources.reader(for: path, format: format, options: options, report: pairReport)
        var document = try reader.open()
        if document.name == nil { document.name = "Routes from \(path)" }
        try writer.begin(document)
        var result = Result()
        var columns: (from: String, to: String)?
        while let pair = try reader.next() {
            result.pairs += 1
            let (fromKey, toKey) = try columns ?? resolveColumns(pair)
            columns = (fromKey, toKey)
            let fromCode = RoutePairs.text(pair.properties[fromKey]), toCode = RoutePairs.text(pair.properties[toKey])
            guard let from = fromCode.flatMap(places.place(named:)), let to = toCode.flatMap(places.place(named:)) else {
                result.missing += 1
                if result.missingExamples.count < exampleLimit {
                    let absent = fromCode.flatMap(places.place(named:)) == nil ? fromCode : toCode
                    let line = pair.location.map { "line \($0.line)" } ?? "pair \(result.pairs)"
                    result.missingExamples.append("\(line): \(absent.map { "'\($0)'" } ?? "an empty field")")
                }
                continue
            }
            let route = Route(from: from, to: to, geodesic: planner.geodesic)
            guard route.distance > 0 else {
                result.samePlace += 1
                continue
            }
            var feature = try planner.routeFeature(route)
            feature.id = pair.id
            for entry in pair.properties where entry.key != fromKey && entry.key != toKey {
                if !feature.properties.contains(key: entry.key) {
                    feature.properties.append(key: entry.key, value: entry.value)
                }
            }
            if case .polyline(let line)? = feature.shape { result.vertices += line.coordinates.count }
            try writer.write(feature)
            result.routes += 1
            let p = reader.progress
            progress(Conversion.Progress(features: result.pairs, bytesRead: p.bytesRead, totalBytes: p.totalBytes))
        }
        var finished = reader.document
        if finished.name == nil { finished.name = document.name }
        try writer.finish(finished)
        return result
    }

    /// The origin and destination property names in the first pair.
    private func resolveColumns(_ pair: Feature) throws -> (String, String) {
        let keys = pair.properties.keys
        func find(_ asked: String?, _ defaults: [String], _ setting: Setting, _ role: String) throws -> String {
            if let asked {
                if let k = keys.first(where: { $0 == asked }) ?? keys.first(where: { $0.lowercased() == asked.lowercased() }) {
                    return k
                }
                throw MapBridgeError(.usage, "the pairs file \(path) has no column '\(asked)' (\(setting.mention())); its columns: \(keys.joined(separator: ", "))")
            }
            for name in defaults {
                if let k = keys.first(where: { $0.lowercased() == name }) { return k }
            }
            throw MapBridgeError(.usage, "cannot tell which column of \(path) holds the \(role): none is named \(defaults.joined(separator: ", ")); its columns: \(keys.joined(separator: ", ")). Name it with \(setting.mention()), or name a header-less file's columns with \(Setting.routePairColumns.mention())")
        }
        return (try find(fromColumn, RoutePairs.defaultFromColumns, .routeFromColumn, "origin"),
                try find(toColumn, RoutePairs.defaultToColumns, .routeToColumn, "destination"))
    }

    /// A code as text: a string, or a number's text; `nil` for null or empty.
    private static func text(_ value: PropertyValue?) -> String? {
        switch value {
        case .string(let s)?: s.trimmingSpaces().isEmpty ? nil : s
        case .number(let n)?: n.text
        default: nil
        }
    }
}
