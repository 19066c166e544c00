import MapBridgeCore
import MapBridgeKML
import MapBridgeModel

let convertCommand = Command(
    name: "convert",
    summary: "Convert a place file to another format, streaming, losing nothing the target can hold.",
    usage: "convert INPUT OUTPUT [--from FORMAT] [--to FORMAT] [options]",
    discussion: """
        Formats come from the file extensions (.geojson .json; .geojsons for RFC 8142 sequences;
        .geojsonl .ndjson .jsonl for one feature per line). Use - for standard input or output;
        then --from or --to is required. Readable: \(Format.supportedNames); writable: \(Format.writableNames).
        The output appears only when the conversion succeeds; what the target cannot hold is
        reported as a warning.
        """,
    arguments: [("INPUT", "the file to read, or - for standard input"),
                ("OUTPUT", "the file to write, or - for standard output")],
    options: conversionOptions + densifyOptions,
    run: runConvert)

/// The options of `convert` other than densification; `densify` takes them too.
let conversionOptions: [OptionSpec] = [
    OptionSpec(name: "--from", value: "FORMAT", help: "input format, when the extension does not say"),
    OptionSpec(name: "--to", value: "FORMAT", help: "output format, when the extension does not say"),
    OptionSpec(name: "--precision", value: "N", help: "round coordinates to N decimal places (0-15; 7 ≈ 1 cm); default: keep the input's digits"),
    OptionSpec(name: "--pretty", value: nil, help: "indent the output; default: one feature per line"),
    OptionSpec(name: "--bbox", value: nil, help: "add a bbox (degrees; metres for altitude) to every feature and the collection; with W,S,E,N (SVG output): show that area",
               takesValueIf: looksLikeBoundingBox),
    OptionSpec(name: "--rewind", value: nil, help: "GeoJSON output: turn rings to RFC 7946's right-hand rule (outer counter-clockwise, holes clockwise); default: as in the input"),
    OptionSpec(name: "--keep-winding", value: nil, help: "keep the input's ring orientation (the default; the opposite of --rewind)"),
    OptionSpec(name: "--max-depth", value: "N", help: "deepest JSON nesting accepted (1-1000 levels; default 512)"),
    OptionSpec(name: "--kml-styles", value: "shared|inline", help: "KML output: shared styles in the header (default) or a style in each placemark"),
    OptionSpec(name: "--kml-data", value: "schema|text", help: "KML output: properties as typed Schema data (default; numbers and booleans come back) or plain text Data"),
    OptionSpec(name: "--strict", value: nil, help: "fail (exit 1, no output file) at the first warning that something is not carried over, changes role or is left out"),
    OptionSpec(name: "--simplestyle-defaults", value: "yes|no", help: "KML output: unset line and area styles get GeoJSON viewers' defaults (default: yes for GeoJSON input)"),
    OptionSpec(name: "--threads", value: "N", help: "1: read, transform and write on one thread; 2: read on one while the other transforms and writes (1-256; more than 2 use 2; default: the cores available, at most 2); the output is the same"),
    OptionSpec(name: "--chunk-bytes", value: "SIZE", help: "newline-delimited GeoJSON, GeoJSON text sequence or FeatureCollection input on 2 threads: bytes of input per chunk the threads parse at once (KB, MB; 1 or more; default 1MB); the output is the same"),
] + readLimitOptions + antimeridianOptions + csvReadingOptions + csvWritingOptions
    + svgOptions + outputOptions + spoolOptions

/// Options of every command that writes an OUTPUT file.
let outputOptions: [OptionSpec] = [
    OptionSpec(name: "--force", value: nil, help: "replace an existing OUTPUT even when it is read-only (default: refused, exit 73)"),
]

/// Options of commands that may spool standard input to a temporary file.
let spoolOptions: [OptionSpec] = [
    OptionSpec(name: "--max-spool", value: "SIZE", help: "most bytes of standard input copied to a temporary file for KML, GPX and dedupe (KB, MB, GB; default 4GB)"),
]

@Sendable
func runConvert(_ args: ParsedArguments) throws -> Int32 {
    try requireInputAndOutput(args, command: "convert")
    var options = try convertOptions(from: args)
    options.densify = try densification(from: args)
    return try runConversion(args, options: options)
}

/// Throws `.usage` unless `args` hold exactly an INPUT and an OUTPUT.
func requireInputAndOutput(_ args: ParsedArguments, command: String) throws {
    guard args.positionals.count == 2 else {
        throw MapBridgeError(.usage, args.positionals.count < 2
            ? "\(command) needs an INPUT and an OUTPUT (see 'mapbridge help \(command)')"
            : "\(command) takes one INPUT and one OUTPUT; got \(args.positionals.count) paths")
    }
}

/// The options `convert` and `densify` share, from their flags (densification aside).
func convertOptions(from args: ParsedArguments) throws -> ConvertOptions {
    var options = ConvertOptions()
    options.precision = try args.integer("--precision", in: 0...15)
    options.pretty = args.has("--pretty")
    options.writesBoundingBoxes = args.has("--bbox")
    if args.has("--rewind") && args.has("--keep-winding") {
        throw MapBridgeError(.usage, "--rewind and --keep-winding contradict each other; give one")
    }
    options.keepsWinding = !args.has("--rewind")
    options.maximumDepth = try args.integer("--max-depth", in: 1...1_000) ?? options.maximumDepth
    options.limits = try readLimits(from: args)
    options.cutsAtAntimeridian = !args.has("--no-antimeridian-cut")
    if args.has("--strict") { options.strictMode = StrictMode() }
    options.overwritesReadOnly = args.has("--force")
    options.maximumSpoolBytes = try args.byteSize("--max-spool") ?? options.maximumSpoolBytes
    options.threads = try args.integer("--threads", in: 1...256).map { min($0, ConvertOptions.maximumThreads) } ?? options.threads
    if let size = try args.byteSize("--chunk-bytes") {
        guard size >= 1, size <= Int64(Int32.max) else {
            throw MapBridgeError(.usage, "--chunk-bytes expects a size from 1 byte to 2GB, got '\(args.value("--chunk-bytes") ?? "")'")
        }
        options.chunkBytes = Int(size)
    }
    try applyCSVArguments(args, to: &options)
    try applySVGArguments(args, to: &options)
    if let v = args.value("--kml-styles") {
        guard let layout = KMLWriter.StyleLayout(rawValue: v) else {
            throw MapBridgeError(.usage, "--kml-styles expects shared or inline, got '\(v)'")
        }
        options.kmlStyles = layout
    }
    if let v = args.value("--kml-data") {
        guard let types = KMLWriter.PropertyTypes(rawValue: v) else {
            throw MapBridgeError(.usage, "--kml-data expects schema or text, got '\(v)'")
        }
        options.kmlPropertyTypes = types
    }
    if let v = args.value("--simplestyle-defaults") {
        switch v {
        case "yes", "true", "1": options.simplestyleDefaults = true
        case "no", "false", "0": options.simplestyleDefaults = false
        default: throw MapBridgeError(.usage, "--simplestyle-defaults expects yes or no, got '\(v)'")
        }
    }
    return options
}

/// Runs the conversion from the two positionals with `options`, with a progress line.
func runConversion(_ args: ParsedArguments, options: ConvertOptions) throws -> Int32 {
    let input = args.positionals[0], output = args.positionals[1]
    let inputFormat = try resolveFormat(args.value("--from"), path: input, role: "input", flag: "--from")
    let outputFormat = try resolveFormat(args.value("--to"), path: output, role: "output", flag: "--to")
    try checkViewBoundingBox(args, outputFormat: outputFormat)
    let quiet = args.has("--quiet")
    let progressLine = ProgressLine(quiet: quiet)
    defer { progressLine.finish() }
    let conversion = Conversion(input: input, inputFormat: inputFormat, output: output, outputFormat: outputFormat,
                                options: options)
    _ = try conversion.run(report: diagnosticPrinter(quiet: quiet, options: options)) { p in
        progressLine.update(features: p.features, bytesRead: p.bytesRead, totalBytes: p.totalBytes)
    }
    return 0
}

/// The format from a `--from`/`--to` value, else from the path's extension.
func resolveFormat(_ name: String?, path: String, role: String, flag: String) throws -> Format {
    if let name {
        guard let format = Format(name: name) else {
            throw MapBridgeError(.usage, "unknown format '\(name)' for \(flag); known formats: \(Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return format
    }
    if path == "-" {
        throw MapBridgeError(.usage, "the \(role) is standard \(role == "input" ? "input" : "output"); name its format with \(flag) (for example \(flag) geojson)")
    }
    guard let format = Format(path: path) else {
        throw MapBridgeError(.usage, "cannot tell the format of '\(path)' from its extension; name it with \(flag) (known: \(Format.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    return format
}
