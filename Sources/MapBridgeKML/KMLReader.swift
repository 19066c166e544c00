#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// Reads KML 2.2 (and 2.1, 2.0, `kml:`-prefixed, Google's `gx:` extensions) as a stream of
/// features, through a streaming XML parser (`XMLPushParser`: MapBridge's own for UTF-8,
/// libxml2 for other encodings): memory stays flat however large the file.
///
/// Placemarks, GroundOverlays and NetworkLinks become features; Folders become each feature's
/// folder path; shared `Style`s, `StyleMap`s and `gx:CascadingStyle`s resolve into the
/// model's style (an inline `Style` overrides the shared one); `ExtendedData` becomes
/// properties in order (`Data` values as text, `SimpleData` typed by its `Schema`); `TimeStamp`
/// and `TimeSpan` the feature's time; `gx:Track` a line with per-vertex times.
///
/// Styles and schemas defined after the placemarks that use them are found by a quick byte
/// scan; when there are any, a first pass over the file collects them. A file is opened once
/// and rewound between the passes; standard input and FIFOs, which cannot be rewound, are
/// spooled to a temporary file for that.
///
///     let reader = try KMLReader(path: "places.kml")
///     while let feature = try reader.next() { … }
public final class KMLReader: FeatureReader {
    private let path: String
    private let report: DiagnosticHandler
    /// The parser that reads the features: `XMLPushParser`, or `XMLThreadedParser` when
    /// `parsesOnOwnThread`.
    private var parser: (any XMLEventSource)?
    /// `parser` when it is an `XMLThreadedParser`, called by its type so that its replay is
    /// specialized for the builder (through `any XMLEventSource` each event would be a
    /// protocol call).
    private var threadedParser: XMLThreadedParser<KMLFeatureBuilder>?
    private var builder: KMLFeatureBuilder?
    /// Features parsed and not yet handed out: `pending[nextPending...]`, each moved out
    /// (leaving `nil`) when handed out, so that none is copied.
    private var pending: [Feature?] = []
    private var nextPending = 0
    private var opened = false
    private var spooled: String?
    /// Standard input is spooled to a temporary file; at most this many bytes (`--max-spool`).
    public var maximumSpoolBytes = StandardInputSpool.defaultMaximumBytes
    /// Whether the XML parser parses the features' pass on a thread of its own while the caller's
    /// thread builds the features (`XMLThreadedParser`); set before the first `open()` or
    /// `next()`. The features, diagnostics and errors are the same either way. Default: one
    /// thread. Worth it on two cores where the caller does little with each feature, and
    /// where the caller hands the features to a writer on another thread (a conversion: the
    /// three threads share the two cores).
    public var parsesOnOwnThread = false
    private let makeSource: (String) throws -> ByteSource
    /// How large one placemark, text or coordinate tuple may grow.
    private let readLimits: ReadLimits

    /// Reads the KML file at `path` (`-` for standard input), within `readLimits`.
    public convenience init(path: String, readLimits: ReadLimits = ReadLimits(),
                            report: @escaping DiagnosticHandler = { _ in }) throws
    {
        // Opened now, so a missing file fails before any work; every pass reads this one.
        let source = try ByteSource(path: path)
        self.init(path: path, readLimits: readLimits, report: report, source: { try ByteSource(path: $0) })
        preopened = source
    }

    /// Bytes handed to the XML parser at a time while features are read. Small: the features a chunk
    /// finishes are all alive until they are handed out, and a handful of them (3 KiB hold a
    /// few placemarks) leave the allocator's per-size caches room to give their memory to the
    /// next ones cheaply; 64 KiB chunks (a hundred placemarks) cost more in `malloc` and `free`
    /// than the extra calls into the parser cost (and 2 KiB chunks already cost more in those).
    static let chunkSize = 3 << 10

    /// The file opened by `init(path:)`, until `start` takes it.
    private var preopened: ByteSource?

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

    public func open() throws -> DocumentInfo {
        if !opened {
            opened = true
            try start()
            // Read until the document's name and description are known or a feature arrives.
            while nextPending == pending.count, let parser, !parser.finished, builder?.document.name == nil {
                try pump()
            }
        }
        return document
    }

    public func next() throws -> Feature? {
        guard try hasPending() else { return nil }
        defer { nextPending += 1 }
        return pending[nextPending].take()
    }

    /// Lends each feature moved out of `pending` into a local: it is not copied out as a
    /// returned optional, and it is destroyed here, by code made for `Feature`, rather than
    /// through the optional's generic destroy. Its properties' storage is kept for a later
    /// feature's (`spareEntries`).
    public func lendNext(to body: (Feature) throws -> Void) throws -> Bool {
        guard try hasPending() else { return false }
        defer { nextPending += 1 }
        guard var feature = pending[nextPending].take() else { return false }
        try body(feature)
        if spareEntries.count < KMLFeatureBuilder.spareEntriesLimit {
            var storage: [Properties.Entry] = []
            feature.properties.moveStorageForReuse(into: &storage, maximumCapacity: KMLFeatureBuilder.propertyRoomLimit)
            if storage.capacity > 0 { spareEntries.append(storage) }
        }
        return true
    }

    /// The storages of the properties of features lent and dropped since the last chunk, for
    /// the builder to read the next features' properties into (one allocation and one release
    /// less per feature). Handed to it once per chunk, not per feature (each call on the
    /// builder retains and releases it).
    private var spareEntries: [[Properties.Entry]] = []

    /// Parses on until a feature is pending (`pending[nextPending]`); `false` at the end.
    private func hasPending() throws -> Bool {
        if !opened { _ = try open() }
        while nextPending == pending.count {
            guard let parser, !parser.finished else { return false }
            try pump()
        }
        return true
    }

    /// Parses the next chunk; the features it finished become `pending`. The list of those
    /// handed out before, emptied, goes to the builder for the next chunk's, so that one list
    /// serves every chunk's features (its room grows to the most any chunk finished).
    private func pump() throws {
        guard let parser, let builder else {
            pending = []
            nextPending = 0
            return
        }
        if !spareEntries.isEmpty { builder.addSpareEntries(&spareEntries) }
        _ = try parser.parseNextChunk({ try threadedParser?.parseNextChunk() ?? parser.parseNextChunk() },
                                      handlerProblem: { builder.problem }, stop: { threadedParser?.stop() })
        bytesReadSoFar = parser.bytesRead
        pending.removeAll(keepingCapacity: true)
        builder.swapOutput(&pending)
        nextPending = 0
    }

    private func start() throws {
        var source: ByteSource?
        if path == "-" {
            spooled = try spoolStandardInput(suffix: ".kml", maximumBytes: maximumSpoolBytes,
                                             checkStart: { try XMLDocumentStart.check($0, kind: "KML", name: "-") })
        } else if let file = preopened.take() {
            if file.rewind() {
                source = file
            } else {
                // A FIFO or other stream given by name: read once, into a file that rewinds.
                spooled = try spoolInput(file, suffix: ".kml", maximumBytes: maximumSpoolBytes,
                                         checkStart: { try XMLDocumentStart.check($0, kind: "KML", name: file.name) })
            }
        }
        if let spooled { source = try ByteSource(path: spooled) }
        let sheet: KMLStyleSheet
        let schemas: [String: [String: String]]
        if let source {
            // One descriptor for every pass: the scan, the style pass if needed, the parse.
            let late = try KMLReader.hasLateDefinitions(in: source)
            guard source.rewind() else { throw rewindFailure(source) }
            (sheet, schemas) = late ? try collectStyles(source) : (KMLStyleSheet(), [:])
            if late, !source.rewind() { throw rewindFailure(source) }
        } else {
            // Sources that `makeSource` makes (a KMZ member): opened afresh for each pass.
            if try KMLReader.hasLateDefinitions(in: makeSource(path)) {
                (sheet, schemas) = try collectStyles(makeSource(path))
            } else {
                (sheet, schemas) = (KMLStyleSheet(), [:])
            }
            source = try makeSource(path)
        }
        guard let source else { return }
        totalBytes = source.totalBytes
        let builder = KMLFeatureBuilder(report: report, collectsOnlyStyles: false, limits: readLimits)
        builder.styleSheet = sheet
        builder.schemas = schemas
        let parser: any XMLEventSource
        if parsesOnOwnThread,
           let threaded = XMLThreadedParser(source: source, handler: builder, documentKind: "KML", chunkSize: Self.chunkSize,
                                            allowsHugeText: readLimits.allowsHugeXMLText)
        {
            parser = threaded
            threadedParser = threaded
        } else {
            parser = XMLPushParser(source: source, handler: builder, documentKind: "KML", chunkSize: Self.chunkSize,
                                   allowsHugeText: readLimits.allowsHugeXMLText)
        }
        builder.parser = parser
        self.builder = builder
        self.parser = parser
    }

    private func rewindFailure(_ source: ByteSource) -> MapBridgeError {
        MapBridgeError(.inputUnavailable, "cannot go back to the start of '\(source.name)' to read it again: \(systemErrorText(errno))")
    }

    /// The first pass: shared styles and schemas only.
    private func collectStyles(_ source: ByteSource) throws -> (KMLStyleSheet, [String: [String: String]]) {
        let builder = KMLFeatureBuilder(report: { _ in }, collectsOnlyStyles: true, limits: readLimits)
        let parser = XMLPushParser(source: source, handler: builder, documentKind: "KML",
                                   allowsHugeText: readLimits.allowsHugeXMLText)
        builder.parser = parser
        while try parser.parseNextChunk() {}
        return (builder.styleSheet, builder.schemas)
    }

    /// Whether a shared Style, StyleMap, CascadingStyle or Schema appears after the first
    /// Placemark: then a first pass must collect them. A plain byte scan, far faster than
    /// parsing: after the first `Placemark`, one `memchr` pass over the `S`s, each checked
    /// against the few spellings that start a shared definition (`Style id=`,
    /// `Style kml:id=`, `StyleMap`, `CascadingStyle`, `<Schema`, `:Schema`). Reads `source`
    /// to its end (or to the first such definition).
    static func hasLateDefinitions(in source: ByteSource) throws -> Bool {
        let size = 1 << 20
        let overlap = 64
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size + overlap)
        defer { buffer.deallocate() }
        var carried = 0
        var seenPlacemark = false
        let placemark = Array("Placemark".utf8)
        while true {
            let n = try source.read(into: buffer + carried, count: size)
            if n == 0 { return false }
            let total = carried + n
            let window = UnsafeBufferPointer(start: buffer, count: total)
            if !seenPlacemark, let at = find(placemark, in: window) {
                seenPlacemark = true
                if startsLateDefinition(in: window, from: at) { return true }
            } else if seenPlacemark, startsLateDefinition(in: window, from: 0) {
                return true
            }
            carried = min(overlap, total)
            (buffer).update(from: buffer + (total - carried), count: carried)
        }
    }

    /// Whether one of the spellings `hasLateDefinitions` looks for starts in `window` at or
    /// after `start` (a spelling cut off by the window's end is found in the next window,
    /// which repeats the last 64 bytes).
    private static func startsLateDefinition(in window: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard let base = window.baseAddress else { return false }
        let n = window.count
        // Compared byte by byte in place: the spellings are short, and most differ early.
        @inline(__always) func has(_ literal: StaticString, at i: Int) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard i >= 0, i + count <= n else { return false }
            let bytes = literal.utf8Start
            for k in 0..<count where base[i + k] != bytes[k] { return false }
            return true
        }
        @inline(__always) func byte(at i: Int) -> UInt8 { i >= 0 && i < n ? base[i] : 0 }
        var i = start
        while i < n, let hit = memchr(base + i, Int32(UInt8(ascii: "S")), n - i) {
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            // Every spelling has `t` (Style) or `c` (Schema) after the `S`; most hits are an
            // inline `<Style>`, a sub-style (`<IconStyle>`) or their end tags, which a `>`
            // after the name (and no `CascadingStyle` around it) rules out in two bytes.
            // Read in place when all three bytes are inside the window (nearly always).
            let inside = at >= 9 && at + 5 < n
            let second = inside ? base[at + 1] : byte(at: at + 1)
            if second == UInt8(ascii: "t") {
                let fifth = inside ? base[at + 5] : byte(at: at + 5)
                let before = inside ? base[at - 9] : byte(at: at - 9)
                if fifth == UInt8(ascii: ">"), before != UInt8(ascii: "C") {
                    i = at + 1
                    continue
                }
            } else if second != UInt8(ascii: "c") {
                i = at + 1
                continue
            }
            if has("Style", at: at) {
                // Most are an inline `<Style>` or its end tag: the byte after the name and the
                // one `CascadingStyle` would start with rule them out before any spelling.
                let next = byte(at: at + 5)
                if next == UInt8(ascii: " "), has("Style id=", at: at) || has("Style kml:id=", at: at) { return true }
                if next == UInt8(ascii: "M"), has("StyleMap", at: at) { return true }
                if byte(at: at - 9) == UInt8(ascii: "C"), has("CascadingStyle", at: at - 9) { return true }
            } else if has("Schema", at: at), has("<", at: at - 1) || has(":", at: at - 1) {
                return true
            }
            i = at + 1
        }
        return false
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
