import Foundation
@testable import MapBridgeCSV
import MapBridgeIO
import MapBridgeModel
import Testing

/// Collects the diagnostics a reader or writer reports.
final class DiagnosticLog {
    private(set) var all: [Diagnostic] = []
    func add(_ d: Diagnostic) { all.append(d) }
    var codes: [String] { all.map(\.code) }
    var handler: DiagnosticHandler { { [self] in add($0) } }
}

/// What reading a whole input gave.
struct ReadResult {
    var features: [Feature]
    var layout: CSVReader.Layout?
    var diagnostics: [Diagnostic]
    var skipped: Int
    var codes: [String] { diagnostics.map(\.code) }
}

/// A reader over `text` in memory, named `t.csv`.
func makeReader(_ text: String, options: CSVReader.Options = .init(), log: DiagnosticLog = DiagnosticLog()) -> CSVReader {
    makeReader(bytes: Array(text.utf8), options: options, log: log)
}

func makeReader(bytes: [UInt8], options: CSVReader.Options = .init(), log: DiagnosticLog = DiagnosticLog()) -> CSVReader {
    CSVReader(source: ByteSource(bytes: bytes, name: "t.csv"), options: options, report: log.handler)
}

/// Reads every feature of `text`.
func readAll(_ text: String, options: CSVReader.Options = .init()) throws -> ReadResult {
    try readAll(bytes: Array(text.utf8), options: options)
}

func readAll(bytes: [UInt8], options: CSVReader.Options = .init()) throws -> ReadResult {
    let log = DiagnosticLog()
    let reader = makeReader(bytes: bytes, options: options, log: log)
    var features: [Feature] = []
    while let f = try reader.next() { features.append(f) }
    return ReadResult(features: features, layout: reader.layout, diagnostics: log.all, skipped: reader.skippedRowCount)
}

/// The error reading `text` throws, or nil when it reads to the end.
func readError(_ text: String, options: CSVReader.Options = .init()) -> MapBridgeError? {
    readError(bytes: Array(text.utf8), options: options)
}

func readError(bytes: [UInt8], options: CSVReader.Options = .init()) -> MapBridgeError? {
    do {
        _ = try readAll(bytes: bytes, options: options)
        return nil
    } catch let error as MapBridgeError {
        return error
    } catch {
        return MapBridgeError(.usage, "unexpected error type: \(error)")
    }
}

/// Options with one change, for `@Test(arguments:)` tables and one-liners.
func readerOptions(_ change: (inout CSVReader.Options) -> Void) -> CSVReader.Options {
    var o = CSVReader.Options()
    change(&o)
    return o
}

func writerOptions(_ change: (inout CSVWriter.Options) -> Void) -> CSVWriter.Options {
    var o = CSVWriter.Options()
    change(&o)
    return o
}

/// What writing gave.
struct WriteResult {
    var text: String
    var diagnostics: [Diagnostic]
    var codes: [String] { diagnostics.map(\.code) }
    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
}

/// Writes `features` with a CSV writer made with `options`.
func writeAll(_ features: [Feature], options: CSVWriter.Options = .init(),
              document: DocumentInfo = DocumentInfo()) throws -> WriteResult {
    let sink = ByteSink(collectingInMemoryNamed: "out.csv")
    let log = DiagnosticLog()
    let writer = CSVWriter(sink: sink, options: options, report: log.handler)
    try writer.begin(document)
    for f in features { try writer.write(f) }
    try writer.finish(document)
    try sink.flush()
    return WriteResult(text: String(decoding: sink.collectedBytes, as: UTF8.self), diagnostics: log.all)
}

/// Writes `features` with a CSV writer made with `options` into a rewindable temporary file
/// (named after `name`, removed afterwards), through a sink of `capacity` bytes that writes
/// behind when `writeBehind`; also gives what the sink counted and the writer's verdict on its
/// provisional header (`CSVWriter.keptProvisionalHeader`).
func writeFile(_ features: [Feature], options: CSVWriter.Options, name: String = "written-test.csv",
               capacity: Int = 1 << 20, writeBehind: Bool = false) throws
    -> (result: WriteResult, fileBytes: Int, sinkBytes: Int64, keptProvisionalHeader: Bool?)
{
    let (path, fd) = try makeTemporaryFile(beside: NSTemporaryDirectory() + "/" + name)
    defer {
        close(fd)
        removeTemporaryFile(path)
    }
    let sink = ByteSink(fileDescriptor: fd, name: path, capacity: capacity, rewindable: true)
    if writeBehind { sink.writeBehind() }
    let log = DiagnosticLog()
    let writer = CSVWriter(sink: sink, options: options, report: log.handler)
    try writer.begin(DocumentInfo())
    for feature in features { try writer.write(feature) }
    try writer.finish(DocumentInfo())
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    return (WriteResult(text: String(decoding: written, as: UTF8.self), diagnostics: log.all), written.count,
            sink.bytesWritten, writer.keptProvisionalHeader)
}

/// Reads `text` as CSV and writes what it read as CSV.
func rewrite(_ text: String, reading: CSVReader.Options = .init(), writing: CSVWriter.Options = .init()) throws -> WriteResult {
    let features = try readAll(text, options: reading).features
    return try writeAll(features, options: writing)
}

/// The error writing `features` throws, or nil.
func writeError(_ features: [Feature], options: CSVWriter.Options = .init()) -> MapBridgeError? {
    do {
        _ = try writeAll(features, options: options)
        return nil
    } catch let error as MapBridgeError {
        return error
    } catch {
        return MapBridgeError(.usage, "unexpected error type: \(error)")
    }
}

/// Shorthand for a coordinate from values.
func c(_ lon: Double, _ lat: Double, _ alt: Double? = nil) -> Coordinate {
    Coordinate(longitude: lon, latitude: lat, altitude: alt)
}

/// A point feature with properties.
func point(_ lon: Double, _ lat: Double, _ properties: Properties = [:]) -> Feature {
    Feature(shape: .annotation(c(lon, lat)), properties: properties)
}

/// A number property value with its text.
func number(_ text: String) -> PropertyValue {
    .number(NumberValue(text: text, value: Double(text) ?? .nan))
}
