#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// Reads GPX 1.1 (and 1.0) as a stream of features, through the streaming XML parser the KML
/// reader uses (`XMLPushParser`): memory stays flat however long the tracks.
///
/// Waypoints become annotations, routes polylines, tracks polylines (one segment) or
/// multi-polylines (several), with per-point times in `Polyline.times` and the points'
/// other values (heart rate, cadence, …) in the `coordinateProperties` property; see
/// `GPXMapping` for the whole table.
///
/// Features come out tracks first, then routes, then waypoints, as togeojson gives them: a
/// file whose kinds are mixed out of that order is read once per kind (standard input is
/// spooled to a temporary file for that). A point without a usable `lat`/`lon` is left out
/// and reported; malformed XML stops the reading with its line and column.
///
///     let reader = try GPXReader(path: "ride.gpx")
///     while let feature = try reader.next() { … }
public final class GPXReader: FeatureReader {
    private let path: String
    private let makeSource: (String) throws -> ByteSource
    private let notes: GPXNotes
    private var passes: [Set<GPXFeatureKind>] = []
    private var passIndex = -1
    private var readPath = ""
    private var spooled: String?
    /// Standard input is spooled to a temporary file; at most this many bytes (`--max-spool`).
    public var maximumSpoolBytes = StandardInputSpool.defaultMaximumBytes
    /// The pass's parser: `XMLPushParser`, or `XMLThreadedParser` when `parsesOnOwnThread`.
    private var parser: (any XMLEventSource)?
    /// `parser` when it is an `XMLThreadedParser`, called by its type so that its replay is
    /// specialized for the builder.
    private var threadedParser: XMLThreadedParser<GPXFeatureBuilder>?
    private var builder: GPXFeatureBuilder?
    /// Whether the XML parser parses on a thread of its own while the caller's thread builds the
    /// features (`XMLThreadedParser`); set before the first `open()` or `next()`. The
    /// features, diagnostics and errors are the same either way. Default: one thread. Worth
    /// it on two cores: a long track's points are built while the parser reads ahead.
    public var parsesOnOwnThread = false
    private var currentSource: ByteSource?
    private var queue = FeatureQueue()
    private var opened = false
    private var finished = false
    private var documentInfo = DocumentInfo()
    private var bytesOfFinishedPasses: Int64 = 0
    private var fileSize: Int64?
    /// How large one track, text or set of per-point names may grow.
    private let limits: ReadLimits

    /// Reads the GPX file at `path` (`-` for standard input), within `limits`.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it cannot be opened.
    public convenience init(path: String, limits: ReadLimits = ReadLimits(),
                            report: @escaping DiagnosticHandler = { _ in }) throws
    {
        // Check now that it opens, so a missing file fails before any work.
        _ = try ByteSource(path: path)
        self.init(path: path, limits: limits, report: report, source: { try ByteSource(path: $0) })
    }

    /// Reads GPX from sources that `source` opens, called with `path` once for a quick scan
    /// and once for each pass, within `limits`.
    public init(path: String, limits: ReadLimits = ReadLimits(), report: @escaping DiagnosticHandler,
                source: @escaping (String) throws -> ByteSource)
    {
        self.path = path
        self.limits = limits
        self.makeSource = source
        notes = GPXNotes(report: report)
    }

    deinit {
        if let spooled { removeTemporaryFile(spooled) }
    }

    public var document: DocumentInfo { documentInfo }

    public var progress: (bytesRead: Int64, totalBytes: Int64?) {
        let current = currentSource?.bytesRead ?? 0
        return (bytesOfFinishedPasses + current, fileSize.map { $0 * Int64(max(passes.count, 1)) })
    }

    public func open() throws -> DocumentInfo {
        if !opened {
            opened = true
            readPath = path
            if path == "-" {
                readPath = try spoolStandardInput(suffix: ".gpx", maximumBytes: maximumSpoolBytes,
                                          checkStart: { try XMLDocumentStart.check($0, kind: "GPX", name: "-") })
                spooled = readPath
            }
            passes = try GPXPassPlan.passes(path: readPath, open: openSource)
            try startNextPass()
            // Read until the metadata is behind: the document's name is known then.
            while queue.isEmpty, let builder, !builder.isPastMetadata, !finished {
                queue.append(contentsOf: try pump())
            }
        }
        return document
    }

    public func next() throws -> Feature? {
        if !opened { _ = try open() }
        return try queue.next { finished ? nil : try pump() }
    }

    // MARK: - Passes

    private func openSource(_ path: String) throws -> ByteSource {
        path == spooled ? try ByteSource(path: path) : try makeSource(path)
    }

    private func startNextPass() throws {
        if let source = currentSource { bytesOfFinishedPasses += source.bytesRead }
        passIndex += 1
        guard passIndex < passes.count else {
            finished = true
            parser = nil
            threadedParser = nil
            builder = nil
            currentSource = nil
            notes.finish()
            return
        }
        let source = try openSource(readPath)
        if passIndex == 0 { fileSize = source.totalBytes }
        let builder = GPXFeatureBuilder(kinds: passes[passIndex], readsDocument: passIndex == 0, notes: notes,
                                        limits: limits)
        let parser: any XMLEventSource
        if parsesOnOwnThread,
           let threaded = XMLThreadedParser(source: source, handler: builder, documentKind: "GPX",
                                            allowsHugeText: limits.allowsHugeXMLText)
        {
            parser = threaded
            threadedParser = threaded
        } else {
            parser = XMLPushParser(source: source, handler: builder, documentKind: "GPX",
                                   allowsHugeText: limits.allowsHugeXMLText)
            threadedParser = nil
        }
        builder.parser = parser
        currentSource = source
        self.builder = builder
        self.parser = parser
    }

    /// Parses the next chunk; returns the features it finished. Moves to the next pass at
    /// the end of one.
    private func pump() throws -> [Feature] {
        guard let parser, let builder else { return [] }
        let more = try parser.parseNextChunk({ try threadedParser?.parseNextChunk() ?? parser.parseNextChunk() },
                                             handlerProblem: { builder.problem }, stop: { threadedParser?.stop() })
        if passIndex == 0 && (builder.isPastMetadata || !more) { documentInfo = builder.document }
        let finishedFeatures = builder.takeOutput()
        if !more { try startNextPass() }
        return finishedFeatures
    }
}
