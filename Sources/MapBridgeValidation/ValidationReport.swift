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
    /// The absolute working directory, which SARIF's `%SRCROOT%` stands for (nil when unknown).
    let workingDirectory: String?
    /// The file being reported, the unit its validator counts columns in (nil: keep them), and
    /// its column counter, opened when a finding first needs it.
    /// The current file: as reported, as read for its columns, their unit, and the counter.
    private var file: (path: String, source: String, unit: ColumnUnit?, counter: ColumnCounter?)?
    /// The first write error, rethrown by `finish()` (findings arrive through a non-throwing callback).
    private var writeError: Error?

    public init(format: ReportFormat, sink: ByteSink, colour: Bool = false) {
        self.format = format
        self.sink = sink
        self.colour = colour
        emitter = JSONEmitter(sink: sink)
        workingDirectory = currentDirectory()
        attempt { try start() }
    }

    /// Opens the report of the file at `path`.
    /// - Parameter columns: the unit the validator's columns count for this file, so that they
    ///   are converted to characters (text, github, json), bytes (json `byteColumn`) and UTF-16
    ///   code units (sarif) by reading the file again; nil keeps them as they are (a document
    ///   inside a KMZ archive; standard input, `-`, unless `source` names a copy of it).
    /// - Parameter source: where to read the file for its columns, when not at `path` (a name
    ///   that is not UTF-8 is opened as `/dev/fd/N`).
    public func beginFile(_ path: String, columns: ColumnUnit? = nil, readingFrom source: String? = nil) {
        totals.files += 1
        file = (path, source ?? path, path == "-" && source == nil ? nil : columns, nil)
        attempt { try openFile(path) }
    }

    /// Adds one finding of the current file.
    public func add(_ finding: Finding) {
        totals.count(finding.severity)
        attempt { try write(finding) }
    }

    /// Closes the current file's report.
    public func endFile() {
        file = nil
        attempt { try closeFile() }
    }

    /// The column of `location` in every unit: converted when the current file's unit is known
    /// and the file can be read again, else the validator's number in all three.
    func columns(of location: SourceLocation) -> ColumnPosition {
        guard location.column > 1, let current = file, current.path == location.file, let unit = current.unit else {
            return ColumnPosition(unconverted: location.column)
        }
        do {
            let counter = try current.counter ?? ColumnCounter(path: current.source, unit: unit)
            file?.counter = counter
            return try counter.position(line: location.line, column: location.column)
        } catch {
            file?.unit = nil  // unreadable now: keep the validator's columns for the rest of it
            return ColumnPosition(unconverted: location.column)
        }
    }

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
