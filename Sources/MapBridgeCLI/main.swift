#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeCore
import MapBridgeIO
import MapBridgeModel

/// The version printed by `--version`.
let mapbridgeVersion = "0.1.0"

let overview = """
    OVERVIEW: MapBridge converts, summarises, densifies and routes place files — GeoJSON, KML,
    KMZ, CSV and GPX — streaming, with errors at file:line:col.

    USAGE: mapbridge COMMAND [ARGUMENTS] [OPTIONS]

    COMMANDS:
    \(commands.map { "  \($0.name.padded(10)) \($0.summary)" }.joined(separator: "\n"))
      help       Show help for a command: mapbridge help convert

    OPTIONS:
      --version  print the version
      --help     show this help

    EXIT STATUS: 0 success, 1 the data failed (malformed, cannot be converted), 64 bad usage,
    66 input missing or unreadable, 73 output cannot be created.

    """

func printOut(_ text: String) { Console.output(text) }

func main(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
        Console.error(overview)
        return 64
    }
    switch first {
    case "--version", "-V", "version":
        printOut("mapbridge \(mapbridgeVersion) (allocator: \(Allocator.description))\n")
        return 0
    case "--help", "-h":
        printOut(overview)
        return 0
    case "help":
        guard arguments.count > 1 else {
            printOut(overview)
            return 0
        }
        guard let command = commands.first(where: { $0.name == arguments[1] }) else {
            Console.errorLine("mapbridge: error: no command '\(arguments[1])'; commands: \(commands.map(\.name).joined(separator: ", "))")
            return 64
        }
        printOut(command.help)
        return 0
    default:
        break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        let close = commands.map(\.name).first { editDistance($0, first) <= 2 }
        Console.errorLine("mapbridge: error: unknown command '\(first)'" + (close.map { "; did you mean '\($0)'?" } ?? "")
            + " (see 'mapbridge --help')")
        return 64
    }
    do {
        let parsed = try parseArguments(Array(arguments.dropFirst()), specs: command.options, command: command.name)
        if parsed.has("--help") {
            printOut(command.help)
            return 0
        }
        return try command.run(parsed)
    } catch let error as MapBridgeError {
        Console.errorLine(error.location == nil ? "mapbridge: \(error)" : error.description)
        return error.kind.exitStatus
    } catch {
        Console.errorLine("mapbridge: error: \(error)")
        return 1
    }
}

// Library messages name settings as options (`--max-vertices N`), as the command's users type them.
SettingSpelling.use(commandLineSpelling)
// Temporary files go when the run is interrupted (SIGINT, SIGTERM, SIGHUP) or crashes.
TemporaryFileRegistry.removeOnSignals()
exit(main(Array(CommandLine.arguments.dropFirst())))
