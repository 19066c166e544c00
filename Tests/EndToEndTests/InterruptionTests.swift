import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An interrupted or refused run leaves no temporary file behind; standard input is spooled
/// within a bound, and binary input fails before it is spooled.
@Suite("interruption and spools: signals remove temporaries, bounded and checked spools")
struct InterruptionTests {
    static let openCollection = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"a"},"geometry":{"type":"Point","coordinates":[1,2]}},"#

    struct Case: Sendable, CustomStringConvertible {
        var signal: Int32
        var format: String
        var description: String { "signal \(signal) → .\(format)" }
    }

    static let cases: [Case] = [SIGINT, SIGTERM, SIGHUP].flatMap { s in
        ["geojson", "kmz", "kml", "gpx", "csv", "svg"].map { Case(signal: s, format: $0) }
    }

    /// Waits (up to 20 s) until `condition` holds.
    private func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<400 {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    @Test("a signal mid-conversion removes the temporary output and ends the process by that signal", arguments: cases)
    func signalMidConversion(c: Case) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("in.geojson").path
        #expect(mkfifo(fifo, 0o644) == 0)
        // Held open for reading and writing: the input starts and never ends.
        let writer = open(fifo, O_RDWR)
        #expect(writer >= 0)
        defer { close(writer) }
        _ = Self.openCollection.withCString { write(writer, $0, strlen($0)) }
        let process = Process()
        process.executableURL = MapBridgeRunner.binary
        process.arguments = ["convert", "in.geojson", "out.\(c.format)"]
        process.currentDirectoryURL = dir
        process.standardError = FileHandle.nullDevice
        try process.run()
        let names = { (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] }
        // The temporary output exists once the conversion is under way.
        #expect(waitUntil { names().contains { $0.contains(".mapbridge-") } }, "\(names())")
        kill(process.processIdentifier, c.signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == c.signal)
        #expect(names() == ["in.geojson"], "left behind: \(names())")
    }

    @Test("a signal while standard input is spooled removes the spool")
    func signalWhileSpooling() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = MapBridgeRunner.binary
        process.arguments = ["convert", "-", "out.geojson", "--from", "kml"]
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = dir.path
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document>".utf8))
        let names = { (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] }
        #expect(waitUntil { names().contains { $0.contains("mapbridge-stdin") } }, "\(names())")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(names().isEmpty, "left behind: \(names())")
    }

    /// Runs `mapbridge` with standard input read from a file holding `bytes` (a pipe would
    /// block the test once `mapbridge` stops reading), `TMPDIR` set to `dir`.
    private func runWithFileInput(_ arguments: [String], bytes: Data, in dir: URL) throws -> (status: Int32, stderr: String) {
        let inputDir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: inputDir) }
        let inputURL = inputDir.appendingPathComponent("stdin")
        try bytes.write(to: inputURL)
        let errURL = inputDir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = MapBridgeRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": dir.path]) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try err.close()
        return (process.terminationStatus, try String(contentsOf: errURL, encoding: .utf8))
    }

    @Test("standard input larger than --max-spool fails naming the option, leaving no spool", arguments: ["kml", "gpx"])
    func spoolBound(format: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let big = Data(("<" + format + ">" + String(repeating: " ", count: 300_000)).utf8)
        let run = try runWithFileInput(["convert", "-", "out.geojson", "--from", format, "--max-spool", "100KB"],
                                       bytes: big, in: dir)
        #expect(run.status == 66)
        #expect(run.stderr.contains("--max-spool") && run.stderr.contains("100 KB"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("--max-spool takes a size", arguments: ["0", "-5", "lots", "5XB"])
    func spoolOptionUsage(value: String) throws {
        let run = try MapBridgeRunner.run(["convert", "-", "out.geojson", "--from", "kml", "--max-spool", value])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--max-spool expects a size"), "\(run.stderr)")
    }

    @Test("NUL bytes on standard input fail at once as not KML or GPX, before any spool", arguments: ["kml", "gpx"])
    func nulBytes(format: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let run = try runWithFileInput(["convert", "-", "out.geojson", "--from", format],
                                       bytes: Data(count: 1 << 20), in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("-:1:1: error: this is not \(format.uppercased()): it starts with NUL bytes"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("UTF-16 KML on standard input still reads")
    func utf16() throws {
        let kml = #"<?xml version="1.0" encoding="UTF-16"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>"#
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in kml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let run = try MapBridgeRunner.run(["convert", "-", "-", "--from", "kml", "--to", "geojson"], stdin: Data(bytes))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"coordinates\":[1,2]"))
    }
}
