import MapBridgeCore
import MapBridgeModel

/// A subcommand: its help text and options, declared once, and what it does.
struct Command: Sendable {
    let name: String
    /// One line for the command list.
    let summary: String
    /// The usage line after `mapbridge`.
    let usage: String
    /// Paragraphs after the usage line.
    let discussion: String
    let arguments: [(name: String, help: String)]
    let options: [OptionSpec]
    let run: @Sendable (ParsedArguments) throws -> Int32

    /// The help text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
    var help: String {
        var out = "OVERVIEW: \(summary)\n\nUSAGE: mapbridge \(usage)\n"
        if !discussion.isEmpty { out += "\n\(discussion)\n" }
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for a in arguments { out += "  \(a.name.padded(22)) \(a.help)\n" }
        }
        out += "\nOPTIONS:\n"
        for o in options + commonOptions {
            let left = o.value.map { "\(o.name) \($0)" } ?? o.name
            out += "  \(left.padded(22)) \(o.help)\n"
        }
        return out
    }
}

/// The subcommands, in the order help lists them (here, not in main.swift, so that tests can
/// read it: globals of main.swift exist only once its top-level code has run).
let commands: [Command] = [
    convertCommand,
    infoCommand,
    densifyCommand,
    routeCommand,
    validateCommand,
    dedupeCommand,
]

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

/// Prints warnings from readers and writers to standard error unless `--quiet`.
func diagnosticPrinter(quiet: Bool) -> DiagnosticHandler {
    { diagnostic in
        if quiet && diagnostic.severity < .error { return }
        Console.errorLine(diagnostic.description)
    }
}

/// The printer for a command that writes features with `options`, watched by their strict
/// mode when `--strict` asked for one.
func diagnosticPrinter(quiet: Bool, options: ConvertOptions) -> DiagnosticHandler {
    let printer = diagnosticPrinter(quiet: quiet)
    return options.strictMode?.watching(printer) ?? printer
}
