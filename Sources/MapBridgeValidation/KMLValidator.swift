internal import CLibXML2
import MapBridgeIO
import MapBridgeModel
import MapBridgeZip

/// Checks a KML document while streaming it through libxml2's SAX2 push parser: well-formedness
/// (with line and column), an XML Schema (validated in the same pass, fed the SAX events, never
/// as a tree), and KML's own rules: coordinate tuples, ranges, rings and lines,
/// `styleUrl`s that point nowhere and duplicate ids. Every finding's pointer is the element
/// path, such as `/kml/Document/Placemark[3]/Polygon/outerBoundaryIs/LinearRing/coordinates`
/// (an index counts same-named siblings from 1 and is left out for the first).
///
///     let options = KMLValidator.Options(schema: try KMLSchema.reader())
///     try KMLValidator.validate(source: try ByteSource(path: "a.kml"), options: options) { print($0) }
///
/// Memory stays flat however large the file, except for what the id rules must remember: each
/// distinct id (for `duplicate-id`, about 35 bytes each in an `IDTable`, up to `idMemory` bytes, past which
/// they go to temporary files: see `IDLedger`; `checksIDs = false` turns that off) and
/// each distinct `styleUrl` target with its first use. With a schema, libxml2's content-model
/// automaton also keeps about 100 bytes per child of an element whose model it cannot run in its
/// compact form, until the element ends. With the reader schema (whose wildcards for other
/// namespaces cause it) a `Document` or `Folder` is restarted in the validator every
/// `restartInterval` children, which bounds that (see `KMLSchemaStream`); with the writer's
/// profile or a schema file it stays (a Document of a million Placemarks: some 80 MB).
/// - Complexity: O(n) in the input.
public final class KMLValidator {
    /// What to check besides well-formedness and the KML rules.
    public struct Options {
        /// The schema to validate against, or nil for none.
        public var schema: KMLSchema?
        /// Whether to remember every id to find duplicates (memory grows with distinct ids).
        public var checksIDs: Bool
        /// The bytes of ids held in memory for `duplicate-id` (≥ 0; default 24 MiB): the ids of a
        /// document with more are spilled to temporary files in `TMPDIR` (else `/tmp`), and the
        /// duplicates among those reported after the document's other findings, in document order.
        public var idMemory = IDLedger.defaultBudget
        /// Bytes handed to libxml2 at a time, > 0.
        public var chunkSize: Int
        /// With a schema that allows it (`KMLSchema.restartsContainers`), the children a
        /// `Document` or `Folder` may have before the schema validator is made to start it
        /// afresh (see `KMLSchemaStream`), > 0: what libxml2 keeps per child is bounded by it.
        var restartInterval = 1_024

        public init(schema: KMLSchema? = nil, checksIDs: Bool = true, chunkSize: Int = 1 << 16) {
            self.schema = schema
            self.checksIDs = checksIDs
            self.chunkSize = max(chunkSize, 1)
        }
    }

    let fileName: String
    let options: Options
    let emit: (Finding) -> Void
    var context: xmlParserCtxtPtr?
    /// Set once a fatal error has ended the parse.
    var stopped = false
    /// Set when the root is in a namespace the schema does not cover: its errors are dropped.
    var schemaSkipped = false
    /// The schema validator, fed by the SAX callbacks after the KML checks (nil without a schema).
    var schemaStream: KMLSchemaStream?
    /// Set while the schema validator is fed a restart: it raises nothing there, and whatever it
    /// raised would not be about the document.
    var schemaMuted = false
    /// Set while the schema validator is fed an element's start: an error then (other than an
    /// attribute's) makes libxml2 skip the rest of the parent's content.
    var schemaStarting = false

    /// One open element: its name, its index among same-named siblings, and its children's counts.
    struct Frame {
        var name: String
        var index: Int
        var start: (line: Int, column: Int)
        var childCounts: [String: Int] = [:]
        /// Whether the schema validator may restart this element (see `KMLSchemaStream.restart`).
        var restartable = false
        /// Whether the schema validator checks this element's content: false once libxml2 skips
        /// it (an error at its start or at a child's, or so for an ancestor).
        var schemaChecked = true
        /// Children started since the schema validator last (re)started this element.
        var childrenSinceRestart = 0
    }
    var stack: [Frame] = []
    var rootCounts: [String: Int] = [:]
    /// Elements closed whose frames are kept until the next event, so that a schema error the
    /// validator raises at an end tag still names the element it is about.
    var pendingPops = 0

    /// The coordinates being scanned, while inside `<coordinates>`.
    var scan: CoordinateScan?
    /// The text of the `<styleUrl>` being read.
    var styleURLText: [UInt8]?
    /// The text of the `<gx:coord>` being read.
    var coordText: [UInt8]?

    /// Where each id was first used (when `checksIDs`).
    var ids: IDLedger
    /// The ids of Style, StyleMap and gx:CascadingStyle elements.
    var styleIDs: Set<String> = []
    /// Each distinct local `styleUrl` target with its first use and count, in order of first use.
    var styleReferences: [StyleReference] = []
    var styleReferenceIndex: [String: Int] = [:]

    struct StyleReference {
        var id: String
        var line: Int
        var column: Int
        var pointer: String
        var uses: Int
    }

    init(fileName: String, options: Options, emit: @escaping (Finding) -> Void) {
        self.fileName = fileName
        self.options = options
        self.emit = emit
        ids = IDLedger(budget: options.idMemory)
    }

    /// Validates the KML document in `source`, handing each finding to `report` as it is found.
    /// - Parameter fileName: the name findings carry (default: the source's name).
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when the source cannot be read,
    ///   `.outputUnavailable` when ids past `idMemory` cannot be written to their temporary
    ///   files (disk full); malformed XML is a finding (`xml-syntax`), not an error.
    public static func validate(source: ByteSource, fileName: String? = nil, options: Options = Options(),
                                report: @escaping (Finding) -> Void) throws {
        let validator = KMLValidator(fileName: fileName ?? source.name, options: options, emit: report)
        try validator.run(source)
    }

    /// Validates the KML document inside the KMZ archive at `path` (`doc.kml`, else the first
    /// `.kml` entry). An archive that is not a zip or holds no KML is an `xml-syntax` finding.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when the file cannot be read, and
    ///   as `validate(source:fileName:options:report:)`.
    public static func validateKMZ(path: String, options: Options = Options(), limits: ZipLimits = .default,
                                   report: @escaping (Finding) -> Void) throws {
        let source: ByteSource
        do {
            let archive = try ZipArchiveReader(path: path, limits: limits)
            guard let entry = archive.kmlDocument else {
                report(Finding(rule: Rule.xmlSyntax.id, severity: .error, message: Messages.noKMLInArchive,
                               location: SourceLocation(file: path, line: 1, column: 1, pointer: "")))
                return
            }
            source = try archive.open(entry)
        } catch let error as MapBridgeError where error.kind == .data {
            report(Finding(rule: Rule.xmlSyntax.id, severity: .error, message: error.message,
                           location: SourceLocation(file: path, line: 1, column: 1, pointer: "")))
            return
        }
        try validate(source: source, fileName: path, options: options, report: report)
    }

    // MARK: Driving libxml2

    private func run(_ source: ByteSource) throws {
        let chunkSize = options.chunkSize
        let chunk = UnsafeMutablePointer<CChar>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var first = try source.read(into: chunk, count: chunkSize)
        guard first > 0 else {
            return report(.xmlSyntax, Messages.empty, at: (1, 1), pointer: "")
        }

        let handler = UnsafeMutablePointer<xmlSAXHandler>.allocate(capacity: 1)
        defer { handler.deallocate() }
        handler.initialize(to: xmlSAXHandler())
        handler.pointee.initialized = XML_SAX2_MAGIC
        handler.pointee.startElementNs = kmlStartElement
        handler.pointee.endElementNs = kmlEndElement
        handler.pointee.characters = kmlCharacters
        handler.pointee.cdataBlock = kmlCharacters
        handler.pointee.serror = kmlStructuredError
        handler.pointee.internalSubset = kmlInternalSubset
        handler.pointee.entityDecl = kmlEntityDeclaration

        let user = Unmanaged.passUnretained(self).toOpaque()
        if let schema = options.schema {
            // The callbacks pass each event on to the schema validator after the KML checks.
            schemaStream = KMLSchemaStream(schema: schema, context: user, errors: kmlSchemaError)
            if schemaStream != nil {
                handler.pointee.cdataBlock = kmlCDATA
                // The same function for both, so that libxml2 never asks whether whitespace
                // is ignorable (as when its validator was plugged in).
                handler.pointee.ignorableWhitespace = kmlCharacters
            }
        }
        defer {
            if let context { xmlFreeParserCtxt(context) }
            context = nil
            schemaStream = nil
        }
        // The first bytes only let libxml2 see the encoding; parsing starts with the chunks.
        let head = min(first, 4)
        context = xmlCreatePushParserCtxt(handler, user, chunk, Int32(head), fileName)
        guard let context else {
            return report(.xmlSyntax, Messages.cannotStart, at: (1, 1), pointer: "")
        }
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        // No network; entities are never substituted and DTDs never loaded (the defaults).
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        var offset = head
        while !stopped {
            let n = first - offset
            xmlParseChunk(context, chunk + offset, Int32(n), first == 0 ? 1 : 0)
            if first == 0 || stopped { break }
            first = try source.read(into: chunk, count: chunkSize)
            offset = 0
        }
        applyPendingPops()
        try ids.resolveSpilled { late in
            report(.duplicateID, Messages.duplicateID(late.id, line: late.first.line, column: late.first.column),
                   at: (late.place.line, late.place.column), pointer: late.pointer)
        }
        if !stopped { finishDocument() }
    }

    // MARK: Reporting

    func report(_ rule: Rule, _ message: String, at place: (line: Int, column: Int), pointer: String? = nil) {
        emit(Finding(rule: rule.id, severity: rule.defaultSeverity, message: message,
                     location: SourceLocation(file: fileName, line: place.line, column: place.column,
                                              pointer: pointer ?? path)))
    }

    /// Where the parser is: just after the construct it last reported.
    var here: (line: Int, column: Int) {
        guard let input = context?.pointee.input?.pointee else { return (1, 1) }
        return (Int(max(input.line, 1)), Int(max(input.col, 1)))
    }

    /// The element path of the innermost open element.
    var path: String {
        var out = ""
        for frame in stack {
            out += "/" + frame.name
            if frame.index > 1 { out += "[\(frame.index)]" }
        }
        return out
    }

    /// Stops the parse at a fatal problem.
    func stop() {
        stopped = true
        if let context { xmlStopParser(context) }
    }

    func applyPendingPops() {
        while pendingPops > 0 {
            if !stack.isEmpty { stack.removeLast() }
            pendingPops -= 1
        }
    }
}
