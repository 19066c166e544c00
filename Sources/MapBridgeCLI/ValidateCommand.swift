#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel
import MapBridgeValidation

let validateCommand = Command(
    name: "validate",
    summary: "Check GeoJSON files against RFC 7946 and report every problem with its place.",
    usage: "validate FILE|DIR ... [--format text|json|github|sarif] [--strict] [--ignore RULE] [--severity RULE=LEVEL]",
    discussion: """
        Folders are walked for .geojson and .json files. Each file is streamed; findings are printed as
        they are found. Exit 0 when there are no errors (warnings allowed), 1 when there are errors (or,
        with --strict, warnings). --ignore and --severity take comma-separated lists and may repeat.
        """,
    arguments: [("FILE|DIR", "files to check, or folders to search for .geojson and .json files")],
    options: [
        OptionSpec(name: "--format", value: "FORMAT", help: "report format: text (default), json, github or sarif"),
        OptionSpec(name: "--strict", value: nil, help: "fail (exit 1) on warnings too"),
        OptionSpec(name: "--ignore", value: "RULE", help: "leave out findings of these rules (comma-separated)"),
        OptionSpec(name: "--severity", value: "RULE=LEVEL", help: "report a rule as error, warning or info"),
        OptionSpec(name: "--list-rules", value: nil, help: "list every rule with its severity and explanation"),
        OptionSpec(name: "--max-depth", value: "N", help: "deepest JSON nesting accepted (1-1000 levels; default 512)"),
        OptionSpec(name: "--duplicate-within", value: "LENGTH", help: "duplicate-place: largest distance between same-named points (default 100m)"),
    ],
    run: runValidate)

@Sendable
func runValidate(_ args: ParsedArguments) throws -> Int32 {
    if args.has("--list-rules") {
        var out = ""
        for rule in Rule.catalogue {
            out += "\(rule.id.padded(26)) \(rule.defaultSeverity.rawValue.padded(8)) \(rule.explanation)\n"
        }
        Console.output(out)
        return 0
    }
    guard !args.positionals.isEmpty else {
        throw MapBridgeError(.usage, "validate needs at least one FILE or DIR (see 'mapbridge help validate')")
    }
    let formatName = args.value("--format") ?? "text"
    guard let format = ReportFormat(rawValue: formatName) else {
        throw MapBridgeError(.usage, "--format expects text, json, github or sarif, got '\(formatName)'")
    }
    let policy = try validationPolicy(args)
    let depth = try args.integer("--max-depth", in: 1...1_000) ?? 512
    let duplicateWithin = try args.value("--duplicate-within").map { try parseLength($0, option: "--duplicate-within") } ?? 100
    var files: [String] = []
    for path in args.positionals { files += try validationInputs(path) }

    let report = ValidationReport(format: format, sink: ByteSink(fileDescriptor: 1, name: "<stdout>"),
                                  colour: format == .text && isatty(1) == 1)
    for file in files {
        let source = try ByteSource(path: file)
        report.beginFile(file)
        var fileErrors = 0
        try GeoJSONValidator.validate(source: source, maximumDepth: depth) { finding in
            if let f = policy.apply(finding) { report.add(f); if f.severity == .error { fileErrors += 1 } }
        }
        if fileErrors == 0 && !policy.ignored.contains(Rule.duplicatePlace.id) {
            for finding in duplicatePlaceFindings(file: file, within: duplicateWithin) {
                if let f = policy.apply(finding) { report.add(f) }
            }
        }
        report.endFile()
    }
    try report.finish()
    let totals = report.totals
    return totals.errors > 0 || (args.has("--strict") && totals.warnings > 0) ? 1 : 0
}

/// `--ignore` and `--severity`, checked against the rule catalogue.
private func validationPolicy(_ args: ParsedArguments) throws -> ValidationPolicy {
    var policy = ValidationPolicy()
    func knownRule(_ id: String, _ flag: String) throws -> String {
        guard Rule.named(id) != nil else {
            throw MapBridgeError(.usage, "\(flag): no rule '\(id)' (see 'mapbridge validate --list-rules')")
        }
        return id
    }
    for id in (args.value("--ignore") ?? "").split(separator: ",") {
        policy.ignored.insert(try knownRule(String(id), "--ignore"))
    }
    for pair in (args.value("--severity") ?? "").split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let level = Severity(rawValue: parts[1]) else {
            throw MapBridgeError(.usage, "--severity expects RULE=LEVEL with LEVEL error, warning or info, got '\(pair)'")
        }
        policy.severities[try knownRule(parts[0], "--severity")] = level
    }
    return policy
}

/// The files named by `path`: itself, or for a folder every .geojson and .json file below it, sorted.
/// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it does not exist.
private func validationInputs(_ path: String) throws -> [String] {
    var info = stat()
    guard stat(path, &info) == 0 else {
        throw MapBridgeError(.inputUnavailable, "cannot open '\(path)': \(systemErrorText(errno))")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { return [path] }
    guard let dir = opendir(path) else {
        throw MapBridgeError(.inputUnavailable, "cannot read the folder '\(path)': \(systemErrorText(errno))")
    }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    closedir(dir)
    var files: [String] = []
    let base = path.hasSuffix("/") ? path : path + "/"
    for name in names.sorted() {
        let child = base + name
        var childInfo = stat()
        guard stat(child, &childInfo) == 0 else { continue }
        if (childInfo.st_mode & S_IFMT) == S_IFDIR {
            if !name.hasPrefix(".") { files += try validationInputs(child) }
        } else if name.hasSuffix(".geojson") || name.hasSuffix(".json") {
            files.append(child)
        }
    }
    return files
}
