import MapBridgeIO
import MapBridgeModel

/// Reads CSV (RFC 4180) as a stream of features, one row at a time, in constant memory.
///
/// The layout is worked out from the first rows unless the options say it (see
/// `Options`): the delimiter (comma, semicolon, tab or pipe), whether the first row is a
/// header, and which columns hold the geometry — latitude and longitude (and altitude) columns
/// by their common names, or a WKT column. Each row becomes a feature: a point from the
/// coordinate columns, or any shape from the WKT column, or no geometry when those fields are
/// empty (or `\N`, `NULL`, `NA`, `N/A`, `NaN`, `None`, `-`); every other column becomes a
/// property, in column order.
///
///     let reader = try CSVReader(path: "airports.csv")
///     while let feature = try reader.next() { print(feature.title ?? "") }
///
/// Values: an unquoted empty field and `\N` are null, a quoted empty field (`""`) is the
/// empty string; `true` and `false` are booleans; JSON number text is a number that keeps its
/// text (`0.10`; but `007`, `+1` and `1.` stay strings); a quoted field is text (`"42"` is the
/// string `42`) unless the file quotes every field. `name` (else `title`) and `description`
/// columns also fill the title and subtitle (see `CSVFeatureMapping`).
///
/// A malformed row — the wrong number of fields, a coordinate that is not a number, WKT that
/// does not parse — stops reading with a `MapBridgeError` of kind `.data` at its line and
/// column, or with `onError = .skip` is reported as a warning and left out; the count of rows
/// left out is reported at the end. Blank lines are skipped.
///
/// - Complexity: O(n) in the size of the input; memory holds one 1 MiB chunk, one row and
///   the first 50 rows while the layout is worked out.
public final class CSVReader: FeatureReader {
    let parser: CSVRecordParser
    let source: ByteSource
    let options: Options
    let report: DiagnosticHandler
    /// What a CSV file says about itself: nothing (no name, no description).
    public private(set) var document = DocumentInfo()
    /// The layout in use, once `open()` has run.
    public private(set) var layout: Layout?
    /// Rows read while working out the layout, handed out first.
    var sample: [CSVRecord] = []
    var sampleIndex = 0
    var mapping: CSVFeatureMapping?
    var finished = false
    var warnings = DiagnosticLimiter()
    /// Rows left out under `onError = .skip`.
    public private(set) var skippedRowCount = 0
    var skippedLines: [Int] = []

    /// Reads the file at `path` (`-` for standard input).
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it cannot be opened.
    public convenience init(path: String, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) throws {
        self.init(source: try ByteSource(path: path), options: options, report: report)
    }

    /// Reads from an open byte source; `report` receives warnings (rows skipped, coordinates
    /// out of range, columns not found).
    public init(source: ByteSource, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) {
        self.source = source
        parser = CSVRecordParser(source: source, delimiter: options.delimiter?.byte ?? UInt8(ascii: ","),
                                 maximumFieldBytes: max(options.maximumFieldBytes, 1), limits: options.limits)
        self.options = options
        self.report = report
    }

    /// Bytes read so far and the file's size when known.
    public var progress: (bytesRead: Int64, totalBytes: Int64?) { (source.bytesRead, source.totalBytes) }

    /// Works out the layout from the first rows.
    /// - Throws: `MapBridgeError` of kind `.usage` when a column named in the options is not
    ///   there, `.data` when the first rows cannot be read.
    public func open() throws -> DocumentInfo {
        _ = try openedLayout()
        return document
    }

    /// The next row's feature, or `nil` at the end (after reporting how many rows were skipped).
    /// - Throws: `MapBridgeError` of kind `.data` at a malformed row's line and column (unless
    ///   `onError` is `.skip`), or for input that cannot be read as CSV at all: a quote never
    ///   closed, text that is not UTF-8.
    public func next() throws -> Feature? {
        let layout = try openedLayout()
        while !finished {
            guard let record = try nextRecord() else {
                finish()
                return nil
            }
            if record.isBlank { continue }
            do {
                return try makeFeature(record, layout)
            } catch let problem as CSVRowProblem {
                try handle(problem)
            }
        }
        return nil
    }

    private func openedLayout() throws -> Layout {
        if let layout { return layout }
        let found = try detectLayout()
        layout = found
        mapping = CSVFeatureMapping(names: found.columns, roles: found.roles)
        return found
    }

    private func nextRecord() throws -> CSVRecord? {
        if sampleIndex < sample.count {
            let record = sample[sampleIndex]
            sampleIndex += 1
            if sampleIndex == sample.count {
                sample = []  // handed out: free it
                sampleIndex = 0
            }
            return record
        }
        return try parser.nextRecord()
    }

    /// Stops at a malformed row, or reports and skips it.
    private func handle(_ problem: CSVRowProblem) throws {
        let location = SourceLocation(file: parser.name, line: problem.line, column: problem.column)
        guard options.onError == .skip else { throw MapBridgeError(.data, problem.message, at: location) }
        skippedRowCount += 1
        if skippedLines.count < 10 { skippedLines.append(problem.line) }
        warn("csv-row-skipped", problem.message + "; the row is skipped (\(Setting.csvOnError.mention(value: ".skip", argument: "skip")))", at: location)
    }

    private func finish() {
        finished = true
        guard skippedRowCount > 0 else { return }
        let lines = skippedLines.map(String.init).joined(separator: ", ") + (skippedRowCount > skippedLines.count ? ", …" : "")
        let rows = skippedRowCount == 1 ? "1 malformed row was" : "\(skippedRowCount) malformed rows were"
        report(Diagnostic(code: "csv-rows-skipped", severity: .warning,
                          message: "\(rows) skipped (line \(lines))", location: nil))
    }

    /// Reports a warning (or a note); each code at most 10 times, then once more to say more follow.
    func warn(_ code: String, _ message: String, severity: Severity = .warning, at location: SourceLocation?) {
        warnings.pass(Diagnostic(code: code, severity: severity, message: message, location: location), to: report)
    }
}
