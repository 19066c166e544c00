#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeCore
import MapBridgeIO
import MapBridgeModel
import MapBridgeValidation

let validateCommand = Command(
    name: "validate",
    summary: "Check GeoJSON (RFC 7946) and KML/KMZ files and report every problem with its place.",
    usage: "validate FILE|DIR ... [--format text|json|github|sarif] [--strict] [--ignore RULE] [--severity RULE=LEVEL] [--schema XSD|writer|none] [--include GLOB] [--exclude GLOB] [--from FORMAT]",
    discussion: """
        Folders are walked for .geojson, .kml and .kmz files, and GeoJSON sequences (.geojsons,
        .geojsonl, .ndjson: each text checked on its own); .json files only when named or matched by
        --include '*.json'. The walk skips hidden folders (.git), node_modules, and what the tree's
        .gitignore files ignore; the text summary lists the files checked and what was skipped. Each file is streamed; findings are
        printed as they are found. Exit 0 when there are no errors (warnings allowed), 1 when there are
        errors (or, with --strict, warnings). --ignore and --severity take comma-separated lists and may
        repeat. KML is checked against the KML MapBridge reads (schemas/mapbridge-kml22-read.xsd, built in:
        OGC KML 2.2's elements and values, children in any order, other namespaces accepted); files in
        Google's pre-2.2 namespaces skip it with an info finding. --schema writer checks against the
        strict profile of the KML MapBridge writes (schemas/mapbridge-kml22.xsd), --schema FILE against
        any XSD, such as OGC's ogckml22.xsd, and --schema none skips the schema. GeoJSON findings carry
        a JSON pointer, KML findings an element path. Columns count characters (Unicode scalars, as editors
        and GitHub annotations do) in text, json and github reports (json adds byteColumn, in bytes), and
        UTF-16 code units in SARIF (its columnKind says so); inside a KMZ they are
        the validator's (bytes for GeoJSON). 'validate --list-rules' lists every rule.
        """,
    arguments: [("FILE|DIR|-", "files to check, '-' for standard input (format told from its first bytes, or --from), or folders to search for .geojson, .geojsons, .geojsonl, .ndjson, .kml and .kmz files")],
    options: [
        OptionSpec(name: "--format", value: "FORMAT", help: "report format: text (default), json, github or sarif"),
        OptionSpec(name: "--strict", value: nil, help: "fail (exit 1) on warnings too"),
        OptionSpec(name: "--ignore", value: "RULE", help: "leave out findings of these rules (comma-separated)"),
        OptionSpec(name: "--severity", value: "RULE=LEVEL", help: "report a rule as error, warning or info"),
        OptionSpec(name: "--list-rules", value: nil, help: "list every rule with its severity and explanation"),
        OptionSpec(name: "--max-depth", value: "N", help: "deepest JSON nesting accepted (1-1000 levels; default 512)"),
        OptionSpec(name: "--duplicate-within", value: "LENGTH", help: "duplicate-place: largest distance between same-named points (\(lengthUnitsHelp); default 100m)"),
        OptionSpec(name: "--allow-empty", value: nil, help: "exit 0 when the folders hold no file to check (default: exit 66)"),
        OptionSpec(name: "--include", value: "GLOB", help: "in folders, also check files the glob matches, such as '*.json' (.gitignore syntax, relative to the folder; repeatable)"),
        OptionSpec(name: "--from", value: "FORMAT", help: "the format of standard input ('-'): geojson, geojsons, geojsonl, kml or kmz (default: told from its first bytes)"),
        OptionSpec(name: "--exclude", value: "GLOB", help: "in folders, pass over files and folders the glob matches (.gitignore syntax, relative to the folder; repeatable)"),
        OptionSpec(name: "--schema", value: "XSD", help: "XML Schema for KML files: an XSD file, 'writer' (MapBridge's strict profile) or 'none' (default: the KML MapBridge reads)"),
        OptionSpec(name: "--id-memory", value: "SIZE", help: "duplicate-id: memory for a KML file's ids (KB, MB; default 24MB, some 700,000 ids); the rest go to temporary files and their duplicates are reported after the file's other findings"),
    ] + spoolOptions,
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
    let maximumSpool = try args.byteSize("--max-spool") ?? StandardInputSpool.defaultMaximumBytes
    let idMemory = try args.byteSize("--id-memory").map { Int(clamping: $0) }
    let stdinCount = args.positionals.filter { $0 == "-" }.count
    guard stdinCount <= 1 else {
        throw MapBridgeError(.usage, "'-' (standard input) can be given once; it is read once")
    }
    let fromFormat = try args.value("--from").map { name in
        guard stdinCount == 1 else {
            throw MapBridgeError(.usage, "--from names the format of standard input; pass '-' to read it (files are told by their extension)")
        }
        return try resolveFormat(name, path: "-", role: "input", flag: "--from")
    }
    var walkOptions = ValidationWalkOptions(extensions: walkedExtensions, namedOnly: [".json"])
    walkOptions.include.add(try globs(args, "--include"), in: [])
    walkOptions.exclude.add(try globs(args, "--exclude"), in: [])
    var walk = ValidationWalk()
    for path in args.positionals { try walk.add(path, options: walkOptions) }
    if !args.has("--quiet") {
        for note in walk.notes { Console.errorLine("mapbridge: note: \(note)") }
    }
    guard !walk.files.isEmpty || args.has("--allow-empty") else {
        throw MapBridgeError(.inputUnavailable, "no files to check in \(args.positionals.map { "'\($0)'" }.joined(separator: ", ")) (looked for \(walkedExtensions.joined(separator: " ")) files\(skipSummary(walk.skips).map { "; \($0)" } ?? "")); pass --allow-empty to accept that")
    }

    // The KML schema is compiled once, and only when there is KML to check.
    var kmlOptions: KMLValidator.Options?
    func kml() throws -> KMLValidator.Options {
        if let kmlOptions { return kmlOptions }
        var options = KMLValidator.Options(checksIDs: !policy.ignored.contains(Rule.duplicateID.id))
        if let idMemory { options.idMemory = idMemory }
        if !policy.ignored.contains(Rule.kmlSchema.id) {
            switch args.value("--schema") {
            case nil: options.schema = try KMLSchema.reader()
            case "writer": options.schema = try KMLSchema.profile()
            case "none": options.schema = nil
            case let path?:
                // A schema that does not compile is a bad argument (64), not a finding (1).
                do { options.schema = try KMLSchema(path: path) } catch let error as MapBridgeError where error.kind == .data {
                    throw MapBridgeError(.usage, "--schema: \(error.message)")
                }
            }
        }
        kmlOptions = options
        return options
    }

    let report = ValidationReport(format: format, sink: ByteSink(fileDescriptor: 1, name: "<stdout>"),
                                  colour: format == .text && isatty(1) == 1)
    /// Checks `file`, named `name` in the report.
    func check(_ file: String, name: String, kind: ValidationKind, isSequence: Bool) throws {
        let options = kind == .geoJSON ? nil : try kml()
        // GeoJSON columns count bytes, libxml2's count characters; inside a KMZ they are kept.
        report.beginFile(name, columns: kind == .geoJSON ? .utf8Bytes : kind == .kml ? .characters : nil,
                         readingFrom: file)
        // Findings name the file as printed, not as opened (/dev/fd/N for a name that is not
        // UTF-8, a temporary file for standard input).
        let named: (Finding) -> Finding? = { finding in
            var f = finding
            if f.location.file == file { f.location.file = name }
            return policy.apply(f)
        }
        let counting: (Finding) -> Void = { finding in
            if let f = named(finding) { report.add(f) }
        }
        // Files with errors too: the rule says when it cannot run. On a second core it reads
        // the file beside the structural checks; its findings follow theirs either way.
        let duplicates = policy.ignored.contains(Rule.duplicatePlace.id)
            ? nil : BackgroundWork { duplicatePlaceFindings(file: file, within: duplicateWithin) }
        switch kind {
        case .geoJSON:
            try GeoJSONValidator.validate(source: try ByteSource(path: file), maximumDepth: depth,
                                          isSequence: isSequence, report: counting)
        case .kml: try KMLValidator.validate(source: try ByteSource(path: file), options: options ?? .init(), report: counting)
        case .kmz: try KMLValidator.validateKMZ(path: file, options: options ?? .init(), report: counting)
        }
        for finding in duplicates?.result() ?? [] {
            if let f = named(finding) { report.add(f) }
        }
        report.endFile()
    }

    for input in walk.files {
        let name = input.displayName
        if name == "-" {
            let stdin = try ValidationStandardInput(format: fromFormat, maximumBytes: maximumSpool)
            defer { removeTemporaryFile(stdin.path) }
            try check(stdin.path, name: name, kind: stdin.kind, isSequence: stdin.isSequence)
            continue
        }
        try input.withOpenablePath { file in
            let kind = try validationKind(file, name: name)
            try check(file, name: name, kind: kind, isSequence: kind == .geoJSON && isGeoJSONSequence(file, name: name))
        }
    }
    try report.finish()
    if format == .text && walk.walkedFolder {
        Console.output(checkedList(walk))
    }
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
    for id in args.values("--ignore").joined(separator: ",").split(separator: ",") {
        policy.ignored.insert(try knownRule(String(id), "--ignore"))
    }
    for pair in args.values("--severity").joined(separator: ",").split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let level = Severity(rawValue: parts[1]) else {
            throw MapBridgeError(.usage, "--severity expects RULE=LEVEL with LEVEL error, warning or info, got '\(pair)'")
        }
        policy.severities[try knownRule(parts[0], "--severity")] = level
    }
    return policy
}

/// What a folder walk takes; `.json` only by name or `--include` (a repository is full of
/// package.json and tsconfig.json).
private let walkedExtensions = [".geojson", ".geojsons", ".geojsonl", ".ndjson", ".kml", ".kmz"]

/// The globs of a repeatable `--include`/`--exclude`.
private func globs(_ args: ParsedArguments, _ flag: String) throws -> [IgnorePattern] {
    try args.values(flag).map { glob in
        guard let pattern = IgnorePattern(line: Array(glob.utf8)) else {
            throw MapBridgeError(.usage, "\(flag) expects a glob such as '*.json' or 'data/**', got '\(glob)'")
        }
        return pattern
    }
}

/// The text summary's tail after a folder walk: the files checked (the first 20) and what
/// was passed over.
private func checkedList(_ walk: ValidationWalk) -> String {
    let shown = 20
    var out = ""
    for file in walk.files.prefix(shown) { out += "  \(file.displayName)\n" }
    if walk.files.count > shown { out += "  … and \(walk.files.count - shown) more\n" }
    if let skipped = skipSummary(walk.skips) { out += skipped + "\n" }
    return out
}

/// "skipped: 3 by .gitignore, 1 node_modules folder, …", or nil when nothing was.
private func skipSummary(_ skips: ValidationSkips) -> String? {
    func count(_ n: Int, _ one: String, _ many: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many)" }
    let parts = [
        count(skips.gitignored, "by .gitignore", "by .gitignore"),
        count(skips.excluded, "by --exclude", "by --exclude"),
        count(skips.nodeModules, "node_modules folder", "node_modules folders"),
        count(skips.hiddenFolders, "hidden folder", "hidden folders"),
        count(skips.namedOnly, ".json not named (use --include '*.json')", ".json not named (use --include '*.json')"),
    ].compactMap { $0 }
    return parts.isEmpty ? nil : "skipped: " + parts.joined(separator: ", ")
}

enum ValidationKind { case geoJSON, kml, kmz }

/// What `path` holds: by the extension of its `name`, else by its first byte (`<` for KML,
/// a zip's `PK`).
/// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it cannot be read.
func validationKind(_ path: String, name: String) throws -> ValidationKind {
    let lower = name.lowercased()
    if let format = Format(path: name), [.csv, .gpx, .svg].contains(format) {
        throw MapBridgeError(.usage, "validate checks GeoJSON, KML and KMZ; '\(name)' is \(format.rawValue.uppercased()) (convert it to GeoJSON to check it, or see 'mapbridge info')")
    }
    if lower.hasSuffix(".kml") { return .kml }
    if lower.hasSuffix(".kmz") { return .kmz }
    if lower.hasSuffix(".geojson") || lower.hasSuffix(".json") { return .geoJSON }
    let source = try ByteSource(path: path)
    var head = [UInt8](repeating: 0, count: 512)
    let n = try head.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return try source.read(into: base, count: buffer.count)
    }
    if n >= 2 && head[0] == UInt8(ascii: "P") && head[1] == UInt8(ascii: "K") { return .kmz }
    let first = head.prefix(n).first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
    return first == UInt8(ascii: "<") ? .kml : .geoJSON
}

/// Whether `path` names a GeoJSON text sequence (RFC 8142) or newline-delimited GeoJSON: by
/// extension, or by an `RS` byte at the start.
func isGeoJSONSequence(_ path: String, name: String) throws -> Bool {
    if let format = Format(path: name), format == .geojsonSequence || format == .geojsonLines { return true }
    let source = try ByteSource(path: path)
    var first: UInt8 = 0
    let n = try withUnsafeMutableBytes(of: &first) { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return try source.read(into: base, count: 1)
    }
    return n == 1 && first == 0x1E
}
