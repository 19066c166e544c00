#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

// Throughput of the reading layers on one file, for benchmarks (never for unit tests):
//   mapbridge-bench tokenize FILE   walk every JSON token (numbers parsed, strings decoded)
//   mapbridge-bench read FILE       read every GeoJSON feature into the model
// Prints seconds, MB/s and the token or feature count; compare against a peer side by side.

func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func run(_ mode: String, _ path: String) throws {
    let start = seconds()
    var count = 0
    var checksum = 0.0
    let source = try ByteSource(path: path)
    switch mode {
    case "tokenize":
        let tokenizer = JSONTokenizer(source: source)
        while true {
            let token = try tokenizer.next()
            if token == .endOfInput { break }
            if token == .number { checksum += tokenizer.numberValue() }
            count += 1
        }
    case "read":
        let reader = GeoJSONReader(source: source)
        while let feature = try reader.next() {
            count += 1
            checksum += Double(feature.properties.count)
        }
    default:
        print("usage: mapbridge-bench tokenize|read FILE")
        exit(64)
    }
    let elapsed = seconds() - start
    let mb = Double(source.bytesRead) / 1_000_000
    print("\(mode) \(path): \(Int(mb)) MB in \(elapsed) s = \(Int(mb / elapsed)) MB/s, \(count) \(mode == "read" ? "features" : "tokens") (checksum \(checksum))")
}

let args = CommandLine.arguments
guard args.count == 3 else {
    print("usage: mapbridge-bench tokenize|read FILE")
    exit(64)
}
do {
    try run(args[1], args[2])
} catch {
    print("\(error)")
    exit(1)
}
