import MapBridgeIO
import MapBridgeModel

/// Writes features as CSV (RFC 4180, UTF-8 without a byte order mark), one row each.
///
/// Points go into longitude/latitude columns (`lon,lat`, the default when every shape is a
/// point; `lat,lon` and `lon,lat,alt` on request), any other shape into one WKT column
/// (`wkt`, the default otherwise); the geometry columns come first. Then one column per
/// property, the union over all features in the order first seen, with the feature's id,
/// title and subtitle as `id`, `name` and `description` where no property has those names
/// (see `CSVFeatureMapping`). Values are written as `CSVCellEncoder` says: numbers with their
/// source text, null as an empty field, nested arrays and objects as compact JSON, quotes only
/// where needed. Rows end with `\n` unless `lineEnding` is `.crlf`.
///
///     let writer = CSVWriter(sink: sink)
///     try writer.begin(document)
///     try writer.write(feature)
///     try writer.finish(document)   // the header and the rows are written here
///
/// **How the columns are found (one pass over the input).** The header must name every
/// column before the first row, so rows wait until the columns are known: the first
/// `lookAhead` features (default 1,000) wait in memory, as encoded rows, as long as they take
/// at most `lookAheadBytes` (default 16 MiB). What happens past that depends on the sink:
///
/// - Into a rewindable sink (`ByteSink.isRewindable`: a file of the writer's own from its
///   start, such as the temporary file behind an `AtomicOutputFile`), the header is written
///   for the columns and the geometry layout known at that moment (the provisional header),
///   then the waiting rows, and every later row goes straight into the sink in its final
///   form. When the columns and the layout stay as they were (the usual case), `finish` has
///   nothing more to do. When a row adds a column or changes the layout (none → points → WKT,
///   points → points with altitudes), that row and the rows after it wait in an anonymous
///   temporary file instead, and `finish` moves the rows written under the provisional header
///   to another temporary file, cuts the sink back to its start, writes the final header,
///   writes those rows again in the final layout (`CSVRowRelayout`) and then the waiting
///   rows: one rewrite at most, whatever the number of late columns.
/// - Into any other sink (standard output, memory), rows go to an anonymous temporary file,
///   and `finish` writes the header and then copies the rows through.
///
/// Either way the output is the same bytes. A column first seen after the look-ahead is
/// therefore not lost: it takes its place at the end of the header like any other, its
/// earlier rows get empty fields, and it is reported (code `csv-late-column`) so that a
/// reader of the output knows it is sparse. Nothing is dropped and memory stays flat; the
/// cost, for inputs beyond the look-ahead, is a temporary file as large as the output (for a
/// rewindable sink, only when the layout changed after the provisional header). With both
/// `columns` and `geometry` given there is nothing to discover: the header is written at
/// `begin` and rows go straight to the output.
///
/// **What CSV cannot hold** is reported once per kind: styles, track times, foreign members,
/// document names, the radius of a circle (written as a `radius` column beside its centre).
///
/// - Complexity: O(n) in the size of the output; memory holds at most `lookAhead` rows and
///   `lookAheadBytes` of them (plus the row being written, or rewritten under the final header).
///   The WKT of a shape of many positions (`Options.heldWKTPositions`) is never held whole: it
///   is made from the positions a piece at a time wherever its row goes (the output, or the
///   temporary file), and while the row waits in memory the shape is held instead of the text
///   (`StreamedWKT`).
public final class CSVWriter: FeatureWriter {
    let sink: ByteSink
    let options: Options
    let report: DiagnosticHandler
    let encoder: CSVCellEncoder
    /// Property columns in order, and each name's position.
    var columnNames: [String] = []
    var columnIndex: [String: Int] = [:]
    /// Rows waiting for the header, between `begin` and `finish` (none when streaming, or
    /// while rows go straight into the sink under a provisional header).
    var spool: CSVRowSpool?
    /// The provisional header written into a rewindable sink when the look-ahead overflowed.
    var provisional: ProvisionalHeader?
    /// Where the writer's output starts in the sink.
    var documentStart: Int64 = 0
    /// Whether `finish` kept the provisional header (`true`) or rewrote the rows under the
    /// final one (`false`); `nil` when no provisional header was written.
    private(set) var keptProvisionalHeader: Bool?
    /// The geometry columns, once the header is written.
    var geometry: ResolvedGeometry?
    /// What the shapes written so far need.
    var shapes = ShapesSeen()
    var featureCount = 0
    var lateColumns = 0
    /// Buffers reused from row to row.
    var scratch = RowScratch()
    /// The WKT fields of the rows with their WKT streamed (`StreamedWKT`) not written yet, in
    /// row order from `waitingHead` on: those waiting in `spool`'s memory, and the row being
    /// written. A row written takes the first.
    var waiting: [StreamedWKT] = []
    var waitingHead = 0
    /// The vocabulary's steps for the row before (`PropertyVocabulary.WritePlan`).
    var plan = PropertyVocabulary.WritePlan()
    /// Diagnostic codes reported so far: each kind is reported once.
    var reported: Set<String> = []
    private var state = State.fresh

    private enum State { case fresh, begun, finished }

    /// The geometry columns a file ends up with.
    enum ResolvedGeometry: Hashable, Sendable { case none, xy, yx, xyz, wkt }

    /// A header written before `finish` (see the type's doc comment), and the rows under it.
    struct ProvisionalHeader: Hashable, Sendable {
        /// The geometry columns it names.
        var layout: ResolvedGeometry
        /// How many property columns it names.
        var columns: Int
        /// Where its rows start in the sink.
        var rowsStart: Int64
        /// How many rows were written under it (counted when a row needs another header).
        var rows: Int
    }

    /// What the shapes seen so far ask of the geometry columns.
    struct ShapesSeen: Hashable, Sendable {
        var any = false
        var allPoints = true
        var anyAltitude = false
    }

    /// Makes a writer that puts its bytes into `sink`; `report` receives what CSV cannot hold
    /// and the columns first seen after the look-ahead.
    public init(sink: ByteSink, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) {
        self.sink = sink
        self.options = options
        self.report = report
        encoder = CSVCellEncoder(delimiter: options.delimiter)
    }

    /// Starts the output. With `columns` and `geometry` both given it writes the header;
    /// otherwise it only prepares to collect rows.
    public func begin(_ document: DocumentInfo) throws {
        guard state == .fresh else { return }
        state = .begun
        for name in options.columns ?? [] where columnIndex[name] == nil { addColumn(name) }
        if options.columns != nil, let layout = options.geometry {
            let resolved = ResolvedGeometry(layout)
            geometry = resolved
            try writeHeader(resolved)
        } else {
            documentStart = sink.bytesWritten
            spool = CSVRowSpool(memoryRows: options.lookAhead, memoryBytes: options.lookAheadBytes,
                                directory: options.temporaryDirectory)
        }
    }

    /// Writes one feature as a row (or keeps the row until the header is known).
    /// - Throws: `MapBridgeError` of kind `.data` when `geometry` is `xy`, `yx` or `xyz` and
    ///   the shape is not a point; `.outputUnavailable` when the output or the temporary file
    ///   cannot be written.
    public func write(_ feature: Feature) throws {
        if state == .fresh { try begin(DocumentInfo()) }
        guard state == .begun else { return }
        try encodeRow(for: feature, into: &scratch)
        featureCount += 1
        // The frame's length with its WKT in place: the spool decides on it.
        let length = scratch.frame.count + scratch.streamedBytes
        if let provisional, spool == nil {
            if resolvedGeometry() == provisional.layout && columnNames.count == provisional.columns {
                try scratch.frame.withUnsafeBytes { try writeRow($0, provisional.layout) }
                return
            }
            // This row needs another header: it and the rows after it wait for `finish`.
            self.provisional?.rows = featureCount - 1
            spool = CSVRowSpool(memoryRows: options.lookAhead, memoryBytes: options.lookAheadBytes,
                                directory: options.temporaryDirectory)
        }
        if let spool {
            if provisional == nil && sink.isRewindable && spool.overflows(adding: length) {
                try writeProvisionalHeader(then: spool)
            } else if scratch.streamedBytes > 0 {
                try holdStreamed(length: length, in: spool)
            } else {
                try scratch.frame.withUnsafeBytes { try spool.append($0) }
            }
        } else if let geometry {
            try scratch.frame.withUnsafeBytes { try writeRow($0, geometry) }
        }
    }

    /// Adds the row in `scratch`, whose WKT is streamed (the last in `waiting`) and whose frame
    /// with the WKT in place is `length` bytes, to `spool`: in memory, its frame (its shape
    /// stays in `waiting`); in the temporary file, its WKT field streamed into it and then its
    /// frame (read back the same way, the field a piece at a time).
    private func holdStreamed(length: Int, in spool: CSVRowSpool) throws {
        if spool.keepsInMemory(adding: length) {
            try scratch.frame.withUnsafeBytes { try spool.append($0, countedAs: length) }
            return
        }
        guard waitingHead < waiting.count, let streamed = waiting.popLast() else {
            throw MapBridgeError(.outputUnavailable, "a CSV row waiting for the header has lost its geometry")
        }
        // The field goes before the frame, which says so (mark 3).
        scratch.frame.store(3, at: CSVRowFrame.streamedMark)
        try scratch.frame.withUnsafeBytes { frame in
            try spool.append(frame, after: streamed.length) { try writeWKT(streamed, to: $0) }
        }
    }

    /// The WKT of the next row written with its WKT streamed (the first in `waiting`).
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when there is none (rows and
    ///   shapes out of step).
    func nextWaitingWKT() throws -> StreamedWKT {
        guard waitingHead < waiting.count else {
            throw MapBridgeError(.outputUnavailable, "a CSV row waiting for the header has lost its geometry")
        }
        let next = waiting[waitingHead]
        waitingHead += 1
        if waitingHead == waiting.count {
            waiting.removeAll()
            waitingHead = 0
        }
        return next
    }

    /// Writes the header and the rows that waited for it, and flushes the sink.
    public func finish(_ document: DocumentInfo) throws {
        if state == .fresh { try begin(document) }
        guard state == .begun else { return }
        state = .finished
        if let provisional {
            self.provisional = nil
            let resolved = resolvedGeometry()
            geometry = resolved
            if let spool {
                self.spool = nil
                keptProvisionalHeader = false
                try rewrite(provisional, as: resolved)
                try spool.forEach({ try writeRow($0, resolved) }, field: { if resolved == .wkt { try sink.write($0) } })
            } else {
                // The provisional header is the final one: its renamed columns are reported now,
                // as writing it here would.
                keptProvisionalHeader = true
                _ = headerNames(resolved, reporting: true)
            }
        } else if let spool {
            self.spool = nil
            let resolved = resolvedGeometry()
            geometry = resolved
            try writeHeader(resolved)
            try spool.forEach({ try writeRow($0, resolved) }, field: { if resolved == .wkt { try sink.write($0) } })
        }
        if document.name != nil || document.description != nil || !document.foreignMembers.isEmpty {
            note("csv-document", "CSV has no place for the document's name, description or other members; they are not written")
        }
        if lateColumns > 10 {
            report(Diagnostic(code: "csv-late-column", severity: .info,
                              message: "\(lateColumns) columns in all first appeared after the look-ahead of \(options.lookAhead) features"))
        }
        try sink.flush()
    }

    /// Writes the header for the columns and the layout known now, without reporting its
    /// renamed columns (`finish` does, for the final header), then the rows waiting in `spool`
    /// and the row in `scratch`; later rows that fit it go straight into the sink.
    private func writeProvisionalHeader(then spool: CSVRowSpool) throws {
        let layout = resolvedGeometry()
        try writeHeader(layout, reporting: false)
        let rowsStart = sink.bytesWritten
        try spool.forEach { try writeRow($0, layout) }
        try scratch.frame.withUnsafeBytes { try writeRow($0, layout) }
        self.spool = nil
        provisional = ProvisionalHeader(layout: layout, columns: columnNames.count, rowsStart: rowsStart,
                                        rows: featureCount)
    }

    /// Replaces the provisional header with the one for `layout` and the columns known now:
    /// moves the rows written under it to a temporary file, cuts the sink back to the start,
    /// writes the header, and writes the rows again in the final layout.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the temporary file cannot
    ///   be made or read back, or the sink cannot be cut back or written.
    private func rewrite(_ provisional: ProvisionalHeader, as layout: ResolvedGeometry) throws {
        let rows = try SpoolFile(directory: options.temporaryDirectory, holding: CSVRowSpool.holding,
                                 remedy: CSVRowSpool.remedy)
        try sink.copyTail(from: provisional.rowsStart, to: rows.sink)
        try sink.cutBack(to: documentStart)
        try writeHeader(layout)
        var relayout = CSVRowRelayout(from: provisional.layout, columns: provisional.columns, to: layout,
                                      columns: columnNames.count, encoder: encoder, lineEnding: options.lineEnding)
        try rows.readBack { try relayout.rewrite($0, into: sink) }
        try relayout.finish()
        guard relayout.count == provisional.rows else {
            throw MapBridgeError(.outputUnavailable,
                                 "\(relayout.count) CSV rows read back for the final header, not \(provisional.rows)")
        }
    }

    /// Reports what CSV cannot hold, once per code.
    func note(_ code: String, _ message: @autoclosure () -> String, severity: Severity = .warning,
              at location: SourceLocation? = nil)
    {
        guard reported.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: severity, message: message(), location: location))
    }

    /// Adds a property column at the end; returns its position.
    @discardableResult
    func addColumn(_ name: String) -> Int {
        let index = columnNames.count
        columnNames.append(name)
        columnIndex[name] = index
        return index
    }
}

extension CSVWriter.ResolvedGeometry {
    init(_ layout: CSVWriter.GeometryLayout) {
        switch layout {
        case .xy: self = .xy
        case .yx: self = .yx
        case .xyz: self = .xyz
        case .wkt: self = .wkt
        }
    }
}
