import MapBridgeModel

/// One command-line option, declared once: parsing and help both come from it.
struct OptionSpec: Sendable {
    /// The long name with its dashes, e.g. `--precision`.
    let name: String
    /// The value's placeholder (e.g. `N`), or nil for a flag.
    let value: String?
    /// One line of help, naming the unit.
    let help: String
    /// For a flag that may also take a value: whether the next argument is that value
    /// (`--bbox` alone, or `--bbox -10,35,30,60`). `--name=value` always gives the value.
    var takesValueIf: (@Sendable (String) -> Bool)? = nil
}

/// A command's arguments after parsing.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value each option was given, in order (`value(_:)` gives the last).
    var allValues: [String: [String]] = [:]
    var flags: Set<String> = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ name: String) -> String? { values[name] }
    /// Every value of an option that may repeat (`--exclude A --exclude B`), in order.
    func values(_ name: String) -> [String] { allValues[name] ?? [] }

    /// An integer option within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw MapBridgeError(.usage, "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return n
    }
}

extension ParsedArguments {
    /// A size in bytes: a whole number with an optional unit `B`, `KB`, `MB`, `GB`, `TB`
    /// (units of 1024; `K`, `M`, `G`, `T` too), such as `4GB` or `512M`; at least 1 byte.
    func byteSize(_ name: String) throws -> Int64? {
        guard let text = values[name] else { return nil }
        let units: [(String, Int64)] = [("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10),
                                        ("T", 1 << 40), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10), ("B", 1)]
        let trimmed = text.uppercased().filter { $0 != " " }
        let (digits, scale) = units.first { trimmed.hasSuffix($0.0) }.map { (String(trimmed.dropLast($0.0.count)), $0.1) } ?? (trimmed, 1)
        guard let n = Int64(digits), n > 0, n <= Int64.max / scale else {
            throw MapBridgeError(.usage, "\(name) expects a size such as 4GB, 512MB or 1000000 (bytes), got '\(text)'")
        }
        return n * scale
    }
}

/// Options every command takes.
let commonOptions = [
    OptionSpec(name: "--quiet", value: nil, help: "no progress line and no warnings on standard error"),
    OptionSpec(name: "--help", value: nil, help: "show this help"),
]

/// Parses `arguments` against `specs`: `--name value`, `--name=value`, flags, `-` as a
/// positional (standard input or output) and `--` to end options.
func parseArguments(_ arguments: [String], specs: [OptionSpec], command: String) throws -> ParsedArguments {
    var parsed = ParsedArguments()
    let all = specs + commonOptions
    var i = 0
    var optionsEnded = false
    while i < arguments.count {
        let arg = arguments[i]
        i += 1
        if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
            parsed.positionals.append(arg)
            continue
        }
        if arg == "--" {
            optionsEnded = true
            continue
        }
        if arg == "-h" {
            parsed.flags.insert("--help")
            continue
        }
        var name = arg
        var inlineValue: String?
        if let eq = arg.firstIndex(of: "=") {
            name = String(arg[..<eq])
            inlineValue = String(arg[arg.index(after: eq)...])
        }
        guard let spec = all.first(where: { $0.name == name }) else {
            let close = all.map(\.name).first { editDistance($0, name) <= 2 }
            throw MapBridgeError(.usage, "unknown option '\(name)' for '\(command)'" + (close.map { "; did you mean '\($0)'?" } ?? "")
                + " (see 'mapbridge help \(command)')")
        }
        if let placeholder = spec.value {
            if let inlineValue {
                parsed.values[name] = inlineValue
            } else {
                guard i < arguments.count else {
                    throw MapBridgeError(.usage, "\(name) needs a value (\(placeholder))")
                }
                parsed.values[name] = arguments[i]
                i += 1
            }
            parsed.allValues[name, default: []].append(parsed.values[name] ?? "")
        } else if let takesValue = spec.takesValueIf {
            if let inlineValue {
                parsed.values[name] = inlineValue
            } else if i < arguments.count, takesValue(arguments[i]) {
                parsed.values[name] = arguments[i]
                i += 1
            } else {
                parsed.flags.insert(name)
            }
        } else {
            guard inlineValue == nil else { throw MapBridgeError(.usage, "\(name) takes no value") }
            parsed.flags.insert(name)
        }
    }
    return parsed
}
