#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// Reads KML 2.2 (and 2.1, 2.0, `kml:`-prefixed, Google's `gx:` extensions) as a stream of
/// features, through libxml2's SAX2 push parser: memory stays flat however large the file.
///
/// Placemarks, GroundOverlays and NetworkLinks become features; Folders become each feature's
/// folder path; shared `Style`s, `StyleMap`s and `gx:CascadingStyle`s resolve into the
/// model's style (an inline `Style` overrides the shared one); `ExtendedData` becomes
/// properties in order (`Data` values as text, `SimpleData` typed by its `Schema`); `TimeStamp`
/// and `TimeSpan` the feature's time; `gx:Track` a line with per-vertex times.
///
/// Styles and schemas defined after the placemarks that use them are found by a quick byte
/// scan; when there are any, a first pass over the file collects them (standard input is
/// spooled to a temporary file for that).
///
///     let reader = try KMLReader(path: "places.kml")
///     while let feature = try reader.next() { … }
public final class KMLReader: FeatureReader {
    private let path: String
    private let report: DiagnosticHandler
    private var parser: XMLPushParser<KMLFeatureBuilder>?
    private var builder: KMLFeatureBuilder?
    private var queue = FeatureQueue()
    private var opened = false
    private var spooled: String?
    /// Standard input is spooled to a temporary file; at most this many bytes (`--max-spool`).
    public var maximumSpoolBytes = StandardInputSpool.defaultMaximumBytes
    private let makeSource: (String) throws -> ByteSource
    /// How large one placemark, text or coordinate tuple may grow.
    private let readLimits: ReadLimits

    /// Reads the KML file at `path` (`-` for standard input), within `readLimits`.
    public convenience init(path: String, readLimits: ReadLimits = ReadLimits(),
                            report: @escaping DiagnosticHandler = { _ in }) throws
    {
        // Check now that it opens, so a missing file fails before any work.
        _ = try ByteSource(path: path)
        self.init(path: path, readLimits: readLimits, report: report, source: { try ByteSource(path: $0) })
    }

    /// Reads KML from sources that `source` opens (called once or twice with `path`: a first
    /// pass may collect styles defined late in the document), within `readLimits`.
    public init(path: String, readLimits: ReadLimits = ReadLimits(), report: @escaping DiagnosticHandler,
                source: @escaping (String) throws -> ByteSource)
    {
        self.path = path
        self.readLimits = readLimits
        self.report = report
        self.makeSource = source
    }

    deinit {
        if let spooled { removeTemporaryFile(spooled) }
    }

    public var document: DocumentInfo { builder?.document ?? DocumentInfo() }

    public var progress: (bytesRead: Int64, totalBytes: Int64?) {
        (bytesReadSoFar, totalBytes)
    }

    private var bytesReadSoFar: Int64 = 0
    private var totalBytes: Int64?
    private var currentSource: ByteSource?

    public func open() throws -> DocumentInfo {
        if !opened {
            opened = true
            try start()
            // Read until the document's name and description are known or a feature arrives.
            while queue.isEmpty, let parser, !parser.finished, builder?.document.name == nil {
                queue.append(contentsOf: try pump())
            }
        }
        return document
    }

    public func next() throws -> Feature? {
        if !opened { _ = try open() }
        return try queue.next {
            guard let parser, !parser.finished else { return nil }
            return try pump()
        }
    }

    /// Parses the next chunk; returns the features it finished.
    private func pump() throws -> [Feature] {
        guard let parser, let builder else { return [] }
        _ = try parser.parseNextChunk()
        if let problem = builder.problem { throw problem }
        if let source = currentSource { bytesReadSoFar = source.bytesRead }
        return builder.takeOutput()
    }

    private func start() throws {
        var readPath = path
        if path == "-" {
            readPath = try spoolStandardInput(suffix: ".kml", maximumBytes: maximumSpoolBytes,
                                          checkStart: { try XMLDocumentStart.check($0, kind: "KML", name: "-") })
            spooled = readPath
        }
        let sheet: KMLStyleSheet
        let schemas: [String: [String: String]]
        if readPath != path || path != "-", try KMLReader.hasLateDefinitions(path: readPath, open: openSource) {
            (sheet, schemas) = try collectStyles(readPath)
        } else {
            (sheet, schemas) = (KMLStyleSheet(), [:])
        }
        let source = try openSource(readPath)
        currentSource = source
        totalBytes = source.totalBytes
        let builder = KMLFeatureBuilder(report: report, collectsOnlyStyles: false, limits: readLimits)
        builder.styleSheet = sheet
        builder.schemas = schemas
        let parser = XMLPushParser(source: source, handler: builder, documentKind: "KML",
                                   allowsHugeText: readLimits.allowsHugeXMLText)
        builder.parser = parser
        self.builder = builder
        self.parser = parser
    }

    private func openSource(_ readPath: String) throws -> ByteSource {
        if readPath == spooled { return try ByteSource(path: readPath) }
        return try makeSource(readPath)
    }

    /// The first pass: shared styles and schemas only.
    private func collectStyles(_ readPath: String) throws -> (KMLStyleSheet, [String: [String: String]]) {
        let builder = KMLFeatureBuilder(report: { _ in }, collectsOnlyStyles: true, limits: readLimits)
        let parser = XMLPushParser(source: try openSource(readPath), handler: builder, documentKind: "KML",
                                   allowsHugeText: readLimits.allowsHugeXMLText)
        builder.parser = parser
        while try parser.parseNextChunk() {}
        return (builder.styleSheet, builder.schemas)
    }

    /// Whether a shared Style, StyleMap, CascadingStyle or Schema appears after the first
    /// Placemark: then a first pass must collect them. A plain byte scan, far faster than
    /// parsing.
    static func hasLateDefinitions(path: String, open: (String) throws -> ByteSource) throws -> Bool {
        let source = try open(path)
        let size = 1 << 20
        let overlap = 64
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size + overlap)
        defer { buffer.deallocate() }
        var carried = 0
        var seenPlacemark = false
        let placemark = Array("Placemark".utf8)
        let late = [Array("Style id="), Array("Style kml:id="), Array("StyleMap"), Array("CascadingStyle"),
                    Array("<Schema"), Array(":Schema")].map { $0.flatMap { Array($0.utf8) } }
        while true {
            let n = try source.read(into: buffer + carried, count: size)
            if n == 0 { return false }
            let total = carried + n
            let window = UnsafeBufferPointer(start: buffer, count: total)
            if !seenPlacemark, let at = find(placemark, in: window) {
                seenPlacemark = true
                let rest = UnsafeBufferPointer(rebasing: window[at...])
                if late.contains(where: { find($0, in: rest) != nil }) { return true }
            } else if seenPlacemark, late.contains(where: { find($0, in: window) != nil }) {
                return true
            }
            carried = min(overlap, total)
            (buffer).update(from: buffer + (total - carried), count: carried)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count, let base = haystack.baseAddress else { return nil }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            // memchr finds candidates for the first byte quickly.
            guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            var k = 1
            while k < needle.count && haystack[at + k] == needle[k] { k += 1 }
            if k == needle.count { return at }
            i = at + 1
        }
        return nil
    }
}
