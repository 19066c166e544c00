import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// The report formats of `mapbridge validate`.
public enum ReportFormat: String, CaseIterable, Hashable, Sendable {
    case text, json, github, sarif
}

/// Counts of findings by severity, for the summary and the exit status.
public struct FindingTotals: Hashable, Sendable {
    public var files = 0
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    public init() {}

    mutating func count(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }
}

/// Writes findings to a sink as they arrive, in one of the report formats: nothing is held
/// back, so memory stays flat however many findings a file has.
///
///     let report = ValidationReport(format: .json, sink: sink)
///     report.beginFile("a.geojson"); report.add(finding); report.endFile()
///     try report.finish()
public final class ValidationReport {
    public let format: ReportFormat
    public private(set) var totals = FindingTotals()
    let sink: ByteSink
    let colour: Bool
    let emitter: JSONEmitter
    /// The first write error, rethrown by `finish()` (findings arrive through a non-throwing callback).
    private var writeError: Error?

    public init(format: ReportFormat, sink: ByteSink, colour: Bool = false) {
        self.format = format
        self.sink = sink
        self.colour = colour
        emitter = JSONEmitter(sink: sink)
        attempt { try start() }
    }

    /// Opens the report of the file at `path`.
    public func beginFile(_ path: String) {
        totals.files += 1
        attempt { try openFile(path) }
    }

    /// Adds one finding of the current file.
    public func add(_ finding: Finding) {
        totals.count(finding.severity)
        attempt { try write(finding) }
    }

    /// Closes the current file's report.
    public func endFile() { attempt { try closeFile() } }

    /// Writes the totals (the summary line for text) and flushes.
    /// - Throws: the first error met writing the report.
    public func finish() throws {
        attempt { try close() }
        attempt { try sink.flush() }
        if let writeError { throw writeError }
    }

    private func attempt(_ body: () throws -> Void) {
        guard writeError == nil else { return }
        do { try body() } catch { writeError = error }
    }
}
