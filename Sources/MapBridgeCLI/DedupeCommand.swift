import MapBridgeCore
import MapBridgeIO
import MapBridgeModel

let dedupeCommand = Command(
    name: "dedupe",
    summary: "Merge named places that are the same place: same name, within a distance.",
    usage: "dedupe INPUT OUTPUT [--within LENGTH] [--name-property KEY] [--report FILE] [convert options]",
    discussion: """
        Two points are one place when their names match after normalisation (case, accents
        and other diacritics, punctuation and runs of white space do not count: "São Paulo"
        matches "sao  paulo") and they lie within LENGTH of each other along the WGS 84
        geodesic (default 100m); chains of such pairs make one cluster. Each cluster keeps
        one feature, the survivor: the member with the most properties, the first in the file
        among equals. It keeps its own values and gains the keys only the others had (a
        differing value is a conflict, reported). Everything else is written unchanged, in
        input order. A summary goes to standard error; --report writes every cluster as JSON
        (members with file:line:col, coordinates, distances in metres, merged properties).
        The input is read three times (standard input is spooled to a temporary file).
        """,
    arguments: [("INPUT", "the file to read, or - for standard input"),
                ("OUTPUT", "the file to write, or - for standard output")],
    options: [
        OptionSpec(name: "--within", value: "LENGTH", help: "largest distance between duplicates (\(lengthUnitsHelp): 100m; default 100m)"),
        OptionSpec(name: "--name-property", value: "KEY", help: "compare the names in property KEY (default: the feature's name: GeoJSON name or title, KML <name>)"),
        OptionSpec(name: "--report", value: "FILE", help: "write every cluster as JSON to FILE (- for standard output)"),
    ] + conversionOptions,
    run: runDedupe)

/// Clusters listed on standard error when there is no `--report`.
private let textClusterLimit = 20

/// Merged members (and conflicting keys) named on each cluster's line; `--report` lists all.
private let textMemberLimit = 5

@Sendable
func runDedupe(_ args: ParsedArguments) throws -> Int32 {
    try requireInputAndOutput(args, command: "dedupe")
    let input = args.positionals[0], output = args.positionals[1]
    let within = try args.value("--within").map { try parseLength($0, option: "--within") } ?? 100
    let reportPath = args.value("--report")
    if reportPath == "-" && output == "-" {
        throw MapBridgeError(.usage, "the output and the report cannot both go to standard output; name a --report FILE")
    }
    if let reportPath, reportPath != "-", reportPath == input || reportPath == output || isSameFile(reportPath, input)
        || (output != "-" && isSameFile(reportPath, output))
    {
        throw MapBridgeError(.usage, "the report '\(reportPath)' would overwrite the input or the output; name another file")
    }
    let options = try convertOptions(from: args)
    let inputFormat = try resolveFormat(args.value("--from"), path: input, role: "input", flag: "--from")
    let outputFormat = try resolveFormat(args.value("--to"), path: output, role: "output", flag: "--to")
    let quiet = args.has("--quiet")
    let dedupe = PlaceDeduplication(input: input, inputFormat: inputFormat, output: output, outputFormat: outputFormat,
                                    options: options, within: within, nameProperty: args.value("--name-property"))
    // The report file is opened first, so an unwritable report fails before any output exists.
    let reportFile = try reportPath.flatMap { $0 == "-" ? nil : try AtomicOutputFile(path: $0, overwritesReadOnly: options.overwritesReadOnly) }
    do {
        let result = try dedupe.run(report: diagnosticPrinter(quiet: quiet, options: options))
        try finishDedupe(result, reportPath: reportPath, reportFile: reportFile, input: input, within: within, quiet: quiet)
    } catch {
        reportFile?.abort()
        throw error
    }
    return 0
}

/// Writes the report (or the text list of clusters) and the summary line.
private func finishDedupe(_ result: PlaceDeduplication.Result, reportPath: String?, reportFile: AtomicOutputFile?,
                          input: String, within: Double, quiet: Bool) throws
{
    if reportPath != nil {
        let sink = reportFile?.sink ?? ByteSink(fileDescriptor: 1, name: "<stdout>")
        try result.writeJSON(to: sink, input: input, within: within)
        try reportFile?.commit()
    } else if !quiet {
        for line in result.textLines(limit: textClusterLimit, membersShown: textMemberLimit) {
            Console.errorLine("dedupe: " + line)
        }
        if result.clusters.count > textClusterLimit {
            Console.errorLine("dedupe: … and \(result.clusters.count - textClusterLimit) more clusters (see --report FILE)")
        }
    }
    if !quiet { Console.errorLine("dedupe: " + result.summary) }
}
