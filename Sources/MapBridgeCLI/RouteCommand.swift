import MapBridgeCore
import MapBridgeModel

let routeCommand = Command(
    name: "route",
    summary: "Draw the geodesic route between two places, or between each pair of a list.",
    usage: "route FROM TO [OUTPUT] [--places FILE] [--progress F] [--endpoint-radius auto|METRES] [options]\n"
        + "       mapbridge route --pairs FILE --places FILE [OUTPUT] [--pair-columns A,B,C] [options]",
    discussion: """
        FROM and TO are lat,lon pairs in degrees (40.6398,-73.7789) or names and codes looked up,
        case-insensitively, in the --places file (any readable format: \(Format.supportedNames)):
        a place is a point whose id, iata, icao, code, id, ident or name property, or title, matches.
        The output (GeoJSON unless OUTPUT's extension or --to says otherwise; standard output
        when OUTPUT is omitted or -) holds a circle at each end, then the route: a geodesic polyline
        densified to --max-segment, with distance_m, distance_km, initial_azimuth and final_azimuth
        (degrees clockwise from north, 0-360). With --progress it is split into a flown and a
        remaining part, plus the current position with its heading.
        With --pairs, every pair of the pairs file becomes one route (no circles); pairs whose
        places are missing are skipped and reported. CSV options apply to the places file.
        """,
    arguments: [("FROM", "lat,lon in degrees, or a place name or code in --places"),
                ("TO", "lat,lon in degrees, or a place name or code in --places"),
                ("OUTPUT", "the file to write, or - (the default) for standard output")],
    options: [
        OptionSpec(name: "--places", value: "FILE", help: "the places to look names and codes up in (GeoJSON, KML, CSV …)"),
        OptionSpec(name: "--places-format", value: "FORMAT", help: "the places file's format, when its extension does not say"),
        OptionSpec(name: "--progress", value: "F", help: "how far along the flight is, a fraction from 0 to 1: split the route there"),
        OptionSpec(name: "--endpoint-radius", value: "auto|LENGTH", help: "radius of the circles at the ends, \(lengthUnitsHelp) (auto: distance / 100; 0: no circles)"),
        OptionSpec(name: "--max-segment", value: "LENGTH", help: "longest piece between route vertices: \(lengthUnitsHelp) (default 100km)"),
        OptionSpec(name: "--to", value: "FORMAT", help: "output format, when OUTPUT's extension does not say (default geojson)"),
        OptionSpec(name: "--format", value: "FORMAT", help: "the same as --to"),
        OptionSpec(name: "--precision", value: "N", help: "round coordinates to N decimal places (0-15; 7 ≈ 1 cm)"),
        OptionSpec(name: "--pretty", value: nil, help: "indent the output; default: one feature per line"),
        OptionSpec(name: "--strict", value: nil, help: "fail (exit 1, no output file) at the first warning that something is not carried over or is left out"),
        OptionSpec(name: "--pairs", value: "FILE", help: "a list of origin/destination pairs (CSV such as OpenFlights routes.dat, or any readable format)"),
        OptionSpec(name: "--pairs-format", value: "FORMAT", help: "the pairs file's format, when its extension does not say"),
        OptionSpec(name: "--pair-columns", value: "A,B,C", help: "names for the columns of a pairs CSV without a header (e.g. routes.dat)"),
        OptionSpec(name: "--from-column", value: "NAME", help: "the pairs' origin column (default: from, source, source_airport, origin, src)"),
        OptionSpec(name: "--to-column", value: "NAME", help: "the pairs' destination column (default: to, destination, destination_airport, dest, dst)"),
    ] + csvReadingOptions + svgOptions + outputOptions,
    run: runRoute)

@Sendable
func runRoute(_ args: ParsedArguments) throws -> Int32 {
    let quiet = args.has("--quiet")
    var planner = RoutePlanner()
    if let text = args.value("--max-segment") { planner.maximumSegment = try parseLength(text, option: "--max-segment") }
    var options = ConvertOptions()
    if args.has("--strict") { options.strictMode = StrictMode() }
    let report = routeDiagnosticPrinter(quiet: quiet, options: options)
    options.precision = try args.integer("--precision", in: 0...15)
    options.pretty = args.has("--pretty")
    options.overwritesReadOnly = args.has("--force")
    try applyCSVArguments(args, to: &options)
    try applySVGArguments(args, to: &options)
    let placesPath = args.value("--places")
    let placesFormat = try placesPath.map {
        try resolveFormat(args.value("--places-format"), path: $0, role: "input", flag: "--places-format")
    }

    if let pairsPath = args.value("--pairs") {
        return try runRoutePairs(args, pairsPath: pairsPath, places: placesPath.flatMap { p in placesFormat.map { (p, $0) } },
                                 planner: planner, options: options, report: report, quiet: quiet)
    }
    guard (2...3).contains(args.positionals.count) else {
        throw MapBridgeError(.usage, "route needs FROM and TO, and at most an OUTPUT (see 'mapbridge help route')")
    }
    let output = args.positionals.count == 3 ? args.positionals[2] : "-"
    let outputFormat = try routeOutputFormat(args, output: output)
    if let text = args.value("--progress") {
        guard let f = Double(text), (0...1).contains(f) else {
            throw MapBridgeError(.usage, "--progress expects a fraction from 0 to 1 (0.4 is 40% of the way), got '\(text)'")
        }
        planner.progress = f
    }
    if let text = args.value("--endpoint-radius"), text != "auto" {
        // 0 (in any unit) leaves the circles out; other lengths parse as --max-segment's do.
        let isZero = ["0", "0m", "0km"].contains(String(text.lowercased().filter { $0 != " " }))
        planner.endpointRadius = isZero ? nil : .metres(try parseLength(text, option: "--endpoint-radius"))
    }
    let ends = try args.positionals[0...1].map(RouteEndpoint.init)
    let names = ends.compactMap { if case .name(let n) = $0 { n } else { nil } }
    var table: RoutePlaceTable?
    if !names.isEmpty {
        guard let placesPath, let placesFormat else {
            throw MapBridgeError(.usage, "'\(names[0])' is not a lat,lon pair; to look it up by name, give a places file with --places FILE")
        }
        table = try RoutePlaceTable(path: placesPath, format: placesFormat, options: options, keeping: names, report: report)
    }
    let places = try ends.map { end -> RoutePlace in
        switch end {
        case .coordinate(let c): return RoutePlace(coordinate: c)
        case .name(let n):
            guard let table else { throw MapBridgeError(.usage, "'\(n)' needs a places file (--places FILE)") }
            return try table.requirePlace(named: n)
        }
    }
    let route = Route(from: places[0], to: places[1], geodesic: planner.geodesic)
    let features = try planner.features(for: route)
    let document = DocumentInfo(name: "\(route.from.label) → \(route.to.label)")
    try FeatureOutput.write(to: output, format: outputFormat, options: options, inputs: [placesPath].compactMap { $0 },
                            report: report) { writer in
        try writer.begin(document)
        for feature in features { try writer.write(feature) }
        try writer.finish(document)
    }
    return 0
}

/// `route --pairs FILE --places FILE [OUTPUT]`.
private func runRoutePairs(_ args: ParsedArguments, pairsPath: String, places: (path: String, format: Format)?,
                           planner: RoutePlanner, options: ConvertOptions, report: @escaping DiagnosticHandler,
                           quiet: Bool) throws -> Int32
{
    guard let places else {
        throw MapBridgeError(.usage, "--pairs needs --places FILE to look the pairs' places up in")
    }
    guard args.positionals.count <= 1 else {
        throw MapBridgeError(.usage, "with --pairs, route takes only an OUTPUT (the ends come from the pairs file), got \(args.positionals.count) arguments")
    }
    for flag in ["--progress", "--endpoint-radius"] where args.value(flag) != nil {
        throw MapBridgeError(.usage, "\(flag) draws a single route; it cannot be used with --pairs")
    }
    let output = args.positionals.first ?? "-"
    let outputFormat = try routeOutputFormat(args, output: output)
    var pairs = RoutePairs(path: pairsPath, format: try resolveFormat(args.value("--pairs-format"), path: pairsPath,
                                                                       role: "input", flag: "--pairs-format"))
    pairs.planner = planner
    pairs.fromColumn = args.value("--from-column")
    pairs.toColumn = args.value("--to-column")
    pairs.options.maximumDepth = options.maximumDepth
    pairs.options.csvReading.onError = options.csvReading.onError
    pairs.options.geojsonOnError = options.geojsonOnError
    if let v = args.value("--pair-columns") {
        let names = v.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
        guard !names.contains("") else {
            throw MapBridgeError(.usage, "--pair-columns expects names separated by commas, such as airline,airline_id,source,source_id,destination")
        }
        pairs.options.csvReading.columns = names
    }
    let table = try RoutePlaceTable(path: places.path, format: places.format, options: options, report: report)
    let progressLine = ProgressLine(quiet: quiet)
    defer { progressLine.finish() }
    var result = RoutePairs.Result()
    try FeatureOutput.write(to: output, format: outputFormat, options: options, inputs: [places.path, pairsPath],
                            report: report) { writer in
        result = try pairs.run(places: table, writer: &writer, report: report) { p in
            progressLine.update(features: p.features, bytesRead: p.bytesRead, totalBytes: p.totalBytes)
        }
    }
    progressLine.finish()
    if result.missing > 0 {
        report(Diagnostic(code: "route-missing-place", severity: .warning,
                          message: "\(result.missing) of \(result.pairs) pairs name a place that is not in \(places.path) (or none) and were skipped; first: \(result.missingExamples.joined(separator: ", "))"))
    }
    if result.samePlace > 0 {
        report(Diagnostic(code: "route-same-place", severity: .warning,
                          message: "\(result.samePlace) pairs start and end at the same point and were skipped"))
    }
    if !quiet {
        Console.errorLine("mapbridge: \(result.routes) routes written (\(result.vertices) vertices) from \(result.pairs) pairs")
    }
    return 0
}

/// The output format from `--to` (or `--format`), else OUTPUT's extension, else GeoJSON.
private func routeOutputFormat(_ args: ParsedArguments, output: String) throws -> Format {
    let named = args.value("--to") ?? args.value("--format")
    if named == nil && (output == "-" || Format(path: output) == nil) { return .geojson }
    return try resolveFormat(named, path: output, role: "output", flag: args.value("--to") != nil ? "--to" : "--format")
}

/// Warnings as usual, less the GeoJSON writer's note that geodesic lines are written with
/// their vertices only: route lines are densified, so their vertices draw them.
private func routeDiagnosticPrinter(quiet: Bool, options: ConvertOptions) -> DiagnosticHandler {
    let print = diagnosticPrinter(quiet: quiet, options: options)
    return { diagnostic in
        if diagnostic.code == "geodesic-line" { return }
        print(diagnostic)
    }
}
