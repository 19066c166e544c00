import MapBridgeCore
import MapBridgeIO
import MapBridgeModel

let infoCommand = Command(
    name: "info",
    summary: "Summarise a place file: features by shape, bounding box, properties and their types, styles.",
    usage: "info FILE [--from FORMAT] [--json]",
    discussion: "Reads the whole file, streaming; memory does not grow with the number of features.",
    arguments: [("FILE", "the file to read, or - for standard input (then --from is required)")],
    options: [
        OptionSpec(name: "--from", value: "FORMAT", help: "input format, when the extension does not say"),
        OptionSpec(name: "--json", value: nil, help: "print the summary as JSON on standard output"),
        OptionSpec(name: "--max-depth", value: "N", help: "deepest JSON nesting accepted (1-1000 levels; default 512)"),
    ] + readLimitOptions + csvReadingOptions,
    run: runInfo)

@Sendable
func runInfo(_ args: ParsedArguments) throws -> Int32 {
    guard args.positionals.count == 1 else {
        throw MapBridgeError(.usage, "info takes one FILE (see 'mapbridge help info')")
    }
    let path = args.positionals[0]
    let format = try resolveFormat(args.value("--from"), path: path, role: "input", flag: "--from")
    var options = ConvertOptions()
    options.maximumDepth = try args.integer("--max-depth", in: 1...1_000) ?? options.maximumDepth
    options.limits = try readLimits(from: args)
    try applyCSVArguments(args, to: &options)
    let quiet = args.has("--quiet")
    let progressLine = ProgressLine(quiet: quiet)
    var totalBytes: Int64?
    let summary = try DatasetSummary.summarize(path: path, format: format, options: options, report: diagnosticPrinter(quiet: quiet)) { p in
        totalBytes = p.totalBytes ?? p.bytesRead
        progressLine.update(features: p.features, bytesRead: p.bytesRead, totalBytes: p.totalBytes)
    }
    progressLine.finish()
    let out = ByteSink(fileDescriptor: 1, name: "<stdout>")
    if args.has("--json") {
        try summary.writeJSON(file: path, format: format, bytes: totalBytes, to: out)
    } else {
        try summary.writeText(file: path, format: format, bytes: totalBytes, to: out)
    }
    try out.flush()
    return 0
}
