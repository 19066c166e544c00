import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// Writes features as OGC KML 2.2, one at a time, valid against the OGC schema (with Google's
/// `gx:` extensions for tracks and sea-floor altitude modes).
///
///     let writer = KMLWriter(sink: sink, options: .init()) { print($0) }
///     try writer.begin(document)
///     try writer.write(feature)
///     try writer.finish(document)
///
/// Each feature becomes a `Placemark` (see `KMLWriter+Placemark.swift` for the mapping), or the
/// `GroundOverlay`, `ScreenOverlay` or `NetworkLink` it was read from (`KMLWriter+Overlay.swift`);
/// a feature that carries nothing is left out (`carriesNothing`);
/// consecutive features with the same `folderPath` share nested `Folder`s, opened and closed
/// as the path changes from one feature to the next (features of one folder that are not
/// consecutive give two folders of that name).
///
/// ## Shared styles and typed schemas, streamed
///
/// KML wants shared `Style`s and the `Schema`s that type `SimpleData` inside the `Document`
/// before its first feature, but a stream only knows them all at its end. By default
/// (`StyleLayout.shared`, `PropertyTypes.schema`) the writer puts the placemarks into an
/// anonymous temporary file while it collects the distinct styles and the property fields,
/// and `finish` writes the document header, the shared styles, the schemas, and then copies
/// the placemarks after them. Each distinct style gets an id: the model's `Style.id` when it
/// is an XML name not used yet, else `style-N`; a feature with a highlight style points at a
/// `StyleMap`, named by its normal style's id when that is free (else `stylemap-N`); schemas are `schema-N` (see `SchemaTable`). Memory holds only
/// the two tables, each capped (`maximumSharedStyles`, `maximumSchemaFields`): a style
/// beyond the cap is written inside its placemark, a property beyond it as untyped `Data`
/// (each reported once). The temporary file is as large as the placemarks' KML and goes
/// with the writer. Nothing reaches the sink before `finish`, which therefore also writes
/// the complete document's name and description.
///
/// Why not write each style inside the placemark that first uses it, and point later ones
/// at it? That is schema-valid, but KML 2.2 calls a style shared only when it is a child of
/// a `Document`, and that is where viewers look `#id` up; a `Document` of styles after the
/// placemarks would show as an extra, empty layer. Two passes are impossible on standard
/// input. The temporary file is the valid layout that streams with bounded memory.
///
/// `StyleLayout.inline` with `PropertyTypes.text` needs no temporary file: output starts at
/// once, at the cost of repeating each style (and of `Style.id`s, which cannot repeat) and of
/// property types (every value reads back as text).
///
/// - Complexity: O(n) in the size of the output; memory stays flat whatever the number of
///   features (the style and schema tables are capped, and placemark ids are checked
///   against a fixed-size filter).
public final class KMLWriter: FeatureWriter {
    // Used from one thread at a time and never re-entered (the `report` handler does not call
    // back into the writer): the stored state skips dynamic exclusivity checks, which cost
    // about 80 instructions per access on every element written.
    let sink: ByteSink
    let options: Options
    let report: DiagnosticHandler
    @exclusivity(unchecked) var xml: XMLOutput
    /// The placemarks' temporary file while the header waits, between `begin` and `finish`.
    @exclusivity(unchecked) var spool: SpoolFile?
    @exclusivity(unchecked) var styleTable: StyleTable
    @exclusivity(unchecked) var schemaTable: SchemaTable
    @exclusivity(unchecked) var identifiers = IdentifierRegistry()
    /// The names of the folders open now, outermost first.
    @exclusivity(unchecked) var openFolders: [String] = []
    /// Diagnostic codes reported so far: each kind is reported once.
    @exclusivity(unchecked) var reported: Set<String> = []
    /// The code of the last `note` call (reported already).
    @exclusivity(unchecked) var lastNote = ""
    /// Features left out because they carry nothing.
    @exclusivity(unchecked) var emptyFeatureCount = 0
    /// The per-point values of the placemark being written, for its tracks, and how many of
    /// its lines are written so far.
    @exclusivity(unchecked) var trackArrays: TrackArrays?
    @exclusivity(unchecked) var trackLineIndex = 0
    /// Where the placemarks' data went in the schemas, reused while the next has the same keys
    /// and types (see `SlotCache`).
    @exclusivity(unchecked) var slotCache = SlotCache()
    @exclusivity(unchecked) private var state = State.fresh
    /// What the header said, when it is written at `begin` (no temporary file).
    private var headerDocument: DocumentInfo?
    /// The document `begin` was given, for a header written before `finish`.
    private var openedDocument = DocumentInfo()
    /// Where the document starts in the sink.
    private var documentStart: Int64 = 0
    /// The header written ahead of the last placemarks, which went straight to the sink.
    @exclusivity(unchecked) private var earlyHeader: EarlyHeader?
    /// Whether the header may still be written ahead (a rewindable sink, and no early header
    /// taken back yet).
    @exclusivity(unchecked) private var mayWriteHeaderEarly = false

    private enum State { case fresh, begun, finished }

    /// Makes a writer that puts its bytes into `sink`; `report` receives what KML cannot hold.
    public init(sink: ByteSink, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) {
        self.sink = sink
        self.options = options
        self.report = report
        xml = XMLOutput(sink: sink, pretty: options.pretty)
        styleTable = StyleTable(capacity: max(options.maximumSharedStyles, 0))
        schemaTable = SchemaTable(capacity: max(options.maximumSchemaFields, 0))
    }

    /// Starts the document. When styles or schemas go into the header, it only opens the
    /// temporary file.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the temporary file cannot
    ///   be made or the sink cannot be written.
    public func begin(_ document: DocumentInfo) throws {
        guard state == .fresh else { return }
        state = .begun
        if options.styles == .inline && options.propertyTypes == .text {
            try writeHeader(document)
            headerDocument = document
        } else {
            openedDocument = document
            documentStart = sink.bytesWritten
            mayWriteHeaderEarly = sink.isRewindable
            try startSpool()
        }
    }

    /// Sends the placemarks to a new temporary file.
    private func startSpool() throws {
        let spool = try SpoolFile(directory: options.temporaryDirectory, holding: "the KML placemarks",
                                  remedy: "set TMPDIR to a writable folder, or write styles inline")
        self.spool = spool
        xml.sink = spool.sink
        xml.depth = 2  // inside kml and Document
    }

    /// Writes one feature as a placemark, opening and closing folders on the way. A feature
    /// that carries nothing (see `carriesNothing`) is left out and reported: an empty
    /// `Placemark` is only clutter in a viewer's list.
    public func write(_ feature: Feature) throws {
        if state == .fresh { try begin(DocumentInfo()) }
        guard state == .begun else { return }
        if Self.carriesNothing(feature) {
            emptyFeatureCount += 1
            note("empty-feature", "a feature without positions, properties, name, time or style has nothing a KML Placemark could show; such features are left out",
                 at: feature.location)
            return
        }
        // Most documents have no folders: nothing to close or open, known without a walk.
        if !openFolders.isEmpty || !feature.folderPath.isEmpty { try moveToFolder(feature.folderPath) }
        if let marked = KMLMultiGeometryMarker.marked(feature) {
            try writePlacemark(marked)
        } else {
            try writePlacemark(feature)
        }
        if xml.strippedCharacters {
            xml.strippedCharacters = false
            note("xml-characters", "control characters that XML 1.0 cannot hold (other than tab and line breaks) were left out of the text",
                 at: feature.location)
        }
        if let earlyHeader {
            if earlyHeader.tables != headerTables { try takeBackEarlyHeader() }
        } else if mayWriteHeaderEarly, let spool, spool.sink.bytesWritten >= Int64(options.headerDelayBytes) {
            try writeHeaderEarly(spool)
        }
    }

    /// Closes the open folders and the document, and flushes the sink. When styles or schemas
    /// go into the header, this is where the header, the shared styles, the schemas and the
    /// placemarks are written.
    public func finish(_ document: DocumentInfo) throws {
        if state == .fresh { try begin(document) }
        guard state == .begun else { return }
        state = .finished
        try moveToFolder([])
        if let earlyHeader {
            if earlyHeader.tables != headerTables || earlyHeader.name != document.name
                || earlyHeader.description != document.description
            {
                try takeBackEarlyHeader()
            } else if earlyHeader.strippedCharacters {
                xml.strippedCharacters = true
            }
        }
        if let spool {
            try writeHeader(document, then: spool)
        } else if let written = headerDocument,
            written.name != document.name || written.description != document.description
        {
            note("document-late", "the document's name or description arrived after the features; with inline styles and text properties the header is already written, so the name and description written are those known at the start")
        }
        noteDocumentMembers(document)
        if emptyFeatureCount > 1 {
            report(Diagnostic(code: "empty-feature-count", severity: .warning,
                              message: "\(emptyFeatureCount) features with nothing to show were left out"))
        }
        if xml.strippedCharacters {
            note("xml-characters", "control characters that XML 1.0 cannot hold (other than tab and line breaks) were left out of the text")
        }
        try xml.close("Document", break: .around)
        try xml.close("kml", break: .around)
        try xml.finishLine()
        try sink.flush()
    }

    /// Whether `feature` carries nothing a placemark could hold: no position (an absent or
    /// empty geometry), and no id, title, subtitle, address, visibility, time, style or
    /// property. Members outside the properties do not count: KML has no place for them.
    static func carriesNothing(_ feature: Feature) -> Bool {
        // Properties and a title first: most features have them, which settles it at once.
        feature.properties.isEmpty && feature.title == nil
            && (feature.shape?.coordinateCount ?? 0) == 0 && feature.id == nil
            && feature.subtitle == nil && feature.address == nil && feature.visibility == nil
            && feature.time == nil && feature.style == nil && feature.highlightStyle == nil
    }

    // MARK: - Document

    private func writeHeader(_ document: DocumentInfo) throws {
        try xml.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        try xml.raw("\n<kml xmlns=\"\(Self.kmlNamespace)\" xmlns:gx=\"\(Self.gxNamespace)\">")
        xml.depth = 1
        try xml.open("Document", break: .around)
        if let name = document.name { try xml.leaf("name", name) }
        if let description = document.description { try xml.leafPreferringCDATA("description", description) }
    }

    /// Writes the header for `document` with the styles and schemas known now, then the
    /// placemarks held in `spool`, after which the writer writes to the sink.
    /// - Returns: where the placemarks start in the sink.
    @discardableResult
    private func writeHeader(_ document: DocumentInfo, then spool: SpoolFile) throws -> Int64 {
        self.spool = nil
        xml.sink = sink
        xml.depth = 0
        try writeHeader(document)
        try writeSharedStyles()
        try writeSchemas()
        let placemarksStart = sink.bytesWritten
        if try spool.copy(to: sink) > 0 { xml.markHasChildren() }
        return placemarksStart
    }

    private func noteDocumentMembers(_ document: DocumentInfo) {
        let carried: Set<String> = ["name", "description"]
        let dropped = document.foreignMembers.keys.filter { !carried.contains($0) }
        guard !dropped.isEmpty else { return }
        note("document-dropped", "a KML Document has no place for the document's other members (\(Self.listed(dropped))); they are not written")
    }

    // MARK: - Header ahead of the placemarks

    /// What a header written ahead depends on, and what it said.
    private struct EarlyHeader {
        var tables: HeaderTables
        var name: String?
        var description: String?
        /// Where the placemarks start in the sink.
        var placemarksStart: Int64
        /// Whether writing the header left control characters out.
        var strippedCharacters: Bool
    }

    /// The sizes of the style and schema tables. Both only grow, so equal sizes mean equal
    /// tables, and a header written with them is still right.
    private struct HeaderTables: Equatable {
        var styles: Int
        var fields: Int
    }

    /// Whether the header went out ahead of the placemarks and stayed right to the end.
    package var wroteHeaderEarly: Bool { earlyHeader != nil && state == .finished }

    private var headerTables: HeaderTables {
        HeaderTables(styles: styleTable.styles.count + styleTable.maps.count, fields: schemaTable.generation)
    }

    /// Writes the header with the styles and schemas known now, then the placemarks held in
    /// `spool`, and sends the placemarks after them straight to the sink.
    private func writeHeaderEarly(_ spool: SpoolFile) throws {
        var placemarks = xml  // as the last placemark left it, to go on from
        let placemarksStart = try writeHeader(openedDocument, then: spool)
        earlyHeader = EarlyHeader(tables: headerTables, name: openedDocument.name,
                                  description: openedDocument.description, placemarksStart: placemarksStart,
                                  strippedCharacters: xml.strippedCharacters)
        placemarks.sink = sink
        placemarks.markHasChildren()
        xml = placemarks
    }

    /// Moves the placemarks written after an early header to a new temporary file and cuts
    /// the sink back to where the document starts: `finish` writes the header as usual.
    /// Happens once at most; the header then waits for `finish`.
    private func takeBackEarlyHeader() throws {
        guard let earlyHeader else { return }
        self.earlyHeader = nil
        mayWriteHeaderEarly = false
        var placemarks = xml
        try startSpool()
        try sink.copyTail(from: earlyHeader.placemarksStart, to: xml.sink)
        try sink.cutBack(to: documentStart)
        placemarks.sink = xml.sink
        xml = placemarks
    }

    // MARK: - Folders

    /// Closes the folders `path` does not share with the open ones and opens the rest of it.
    private func moveToFolder(_ path: [String]) throws {
        var shared = 0
        while shared < min(openFolders.count, path.count) && openFolders[shared] == path[shared] { shared += 1 }
        while openFolders.count > shared {
            try xml.close("Folder", break: .around)
            openFolders.removeLast()
        }
        for name in path[shared...] {
            try xml.open("Folder", break: .around)
            try xml.leaf("name", name)
            openFolders.append(name)
        }
    }

    // MARK: - Diagnostics

    /// Reports what KML cannot hold, once per kind.
    func note(_ code: String, _ message: @autoclosure () -> String, at location: SourceLocation? = nil) {
        // The same note as the last one (a whole file of ids that are numbers) is known
        // without hashing the code.
        guard code != lastNote else { return }
        lastNote = code
        guard reported.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: .warning, message: message(), location: location))
    }

    /// Up to five names, quoted, for messages.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        return names.count > 5 ? "\(shown) and \(names.count - 5) more" : shown
    }

    static let kmlNamespace = "http://www.opengis.net/kml/2.2"
    static let gxNamespace = "http://www.google.com/kml/ext/2.2"
}
