#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel

// Tools for the benchmark (`make bench`, Tests/Bench/bench.py), never for unit tests:
//   mapbridge-bench corpus DIR [--scale F]  write the deterministic benchmark corpus
//   mapbridge-bench tokenize FILE   walk every JSON token (numbers parsed, strings decoded)
//   mapbridge-bench read FILE [--threads N]  read every feature into the model, as info reads it
//                                   (N threads, default: the cores; 1: the one-thread reader)
//   mapbridge-bench saxwalk FILE    libxml2's SAX2 push parser, 1 MiB chunks, empty callbacks
//   mapbridge-bench xmlwalk FILE    MapBridge's own XML parser, 1 MiB chunks, a handler that only counts
//   mapbridge-bench xmlevents FILE [--engine libxml2]  every XML event with its line and column,
//                                   then ok or the error (MapBridge's parser, or libxml2)
// The walks print seconds, MB/s and the count; compare them against each other and a peer.

let usage = """
    usage: mapbridge-bench corpus DIR [--scale F] [places|routes|polygons|tracks ...]
           mapbridge-bench tokenize|saxwalk|xmlwalk FILE
           mapbridge-bench read FILE [--threads N]
           mapbridge-bench xmlevents FILE [--engine libxml2]
    """

func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `x` to three decimals, for messages.
func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

func walk(_ mode: String, _ path: String, threads: Int?) throws {
    let start = seconds()
    let bytes: Int64
    let result: (count: Int, checksum: Double)
    let unit: String
    switch mode {
    case "tokenize":
        let source = try ByteSource(path: path)
        result = try ReadWalk.tokenize(source)
        bytes = source.bytesRead
        unit = "tokens"
    case "read":
        result = try ReadWalk.read(path, threads: threads)
        bytes = try ByteSource(path: path).totalBytes ?? 0
        unit = "features"
    case "saxwalk":
        let source = try ByteSource(path: path)
        result = (try SAXWalk.run(source), 0)
        bytes = source.bytesRead
        unit = "elements"
    case "xmlwalk":
        let source = try ByteSource(path: path)
        result = (try XMLWalk.run(source), 0)
        bytes = source.bytesRead
        unit = "elements"
    default:
        throw MapBridgeError(.usage, usage)
    }
    let elapsed = seconds() - start
    let mb = Double(bytes) / 1_000_000
    print("\(mode) \(path): \(rounded(mb)) MB in \(rounded(elapsed)) s = \(Int(mb / max(elapsed, 1e-9))) MB/s, \(result.count) \(unit) (checksum \(result.checksum))")
}

let args = Array(CommandLine.arguments.dropFirst())
do {
    switch args.first {
    case "corpus":
        try await CorpusCommand.run(Array(args.dropFirst()))
    case "xmlevents" where args.count == 2:
        try XMLEventDump.run(args[1], engine: .automatic)
    case "xmlevents" where args.count == 4 && args[2] == "--engine" && args[3] == "libxml2":
        try XMLEventDump.run(args[1], engine: .libxml2)
    case let mode? where args.count == 2:
        try walk(mode, args[1], threads: nil)
    case "read" where args.count == 4 && args[2] == "--threads":
        guard let threads = Int(args[3]), threads >= 1 else {
            throw MapBridgeError(.usage, "--threads takes a count of 1 or more, not '\(args[3])'")
        }
        try walk("read", args[1], threads: threads)
    default:
        throw MapBridgeError(.usage, usage)
    }
} catch {
    let standardError = ByteSink(fileDescriptor: 2, name: "standard error")
    try? standardError.write("mapbridge-bench: \(error)\n")
    try? standardError.flush()
    exit((error as? MapBridgeError)?.kind.exitStatus ?? 1)
}
