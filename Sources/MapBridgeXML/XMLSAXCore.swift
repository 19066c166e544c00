internal import CLibXML2
import MapBridgeIO
import MapBridgeModel

/// The part of `XMLPushParser` that does not depend on the handler: it feeds the source a
/// chunk at a time to the parser engine, maps element names to the handler's name indexes and
/// keeps the first error. The engine is MapBridge's own (`XMLUTF8Parser`) for a UTF-8 document,
/// which is nearly every KML and GPX file, and libxml2 for one in another encoding; both make
/// the same calls with the same positions. It owns either (hence a class).
@usableFromInline
final class XMLSAXCore {
    let source: ByteSource
    /// The source's name as the token every location carries.
    private let sourceFile: SourceFile
    private var context: xmlParserCtxtPtr?
    /// The bytes read from the source: `block[blockStart..<blockEnd]` are not yet handed to
    /// libxml2. Read `blockCapacity` bytes at a time and handed over `chunkSize` at a time, so
    /// that a small chunk size (the KML reader's 3 KiB) costs no more system calls than a
    /// large one.
    private let block: UnsafeMutablePointer<UInt8>
    private let blockCapacity: Int
    private var blockStart = 0
    private var blockEnd = 0
    /// Bytes handed to libxml2 at a time.
    private let chunkSize: Int
    let documentKind: String
    /// Whether libxml2's 10,000,000-byte limit on one text node is lifted (`XML_PARSE_HUGE`).
    let allowsHugeText: Bool
    private let events: XMLSAXEvents
    /// The recorder the per-element and text events go to when the core parses on a thread
    /// of its own (`XMLThreadedParser`), through C callbacks of their own (`saxRecord…`) that
    /// write each record directly: a closure and a second read of libxml2's position at every
    /// event cost the parsing thread more than writing the record does. `nil` for
    /// `XMLPushParser`. Not counted (a retain and
    /// release at every event): the recorder runs the core and outlives it on its thread.
    private let recorder: Unmanaged<XMLEventRecorder>?
    /// The first error, with its location; parsing stops there.
    private(set) var failure: MapBridgeError?
    /// Whether parsing stopped at `failure` (a flag, so that each callback's check is cheap).
    @exclusivity(unchecked) private(set) var isStopped = false
    /// Name indexes by the addresses libxml2 interns names at.
    @exclusivity(unchecked) private var names = InternedNameTable()
    private(set) var finished = false
    /// The elements open now, with where each started (to explain a file that ends early).
    @exclusivity(unchecked) private var openElements = XMLOpenElements()
    /// Element names by index, for messages.
    private var elementNames: [Int: String] = [:]
    /// MapBridge's own parser, once the document's first bytes showed it is UTF-8; `nil`
    /// before that and for libxml2's documents.
    private var native: XMLUTF8Parser?
    /// Which engine may read the document.
    private let engine: XMLParserEngine
    /// The first bytes, kept until they tell which engine reads the document.
    private var head: [UInt8] = []
    /// The line and column of the event `native` is reporting.
    @exclusivity(unchecked) private var eventLine: Int32 = 1
    @exclusivity(unchecked) private var eventColumn: Int32 = 1

    @usableFromInline
    init(source: ByteSource, documentKind: String, chunkSize: Int, allowsHugeText: Bool, events: XMLSAXEvents,
         recorder: XMLEventRecorder? = nil, engine: XMLParserEngine = .automatic)
    {
        self.engine = engine
        self.recorder = recorder.map { Unmanaged.passUnretained($0) }
        self.source = source
        sourceFile = SourceFile(source.name)
        self.allowsHugeText = allowsHugeText
        self.documentKind = documentKind
        self.chunkSize = max(chunkSize, 1)
        self.events = events
        // Whole chunks: a short piece at each block's end would be one more call into libxml2,
        // which costs more than the bytes it carries.
        blockCapacity = self.chunkSize * max(1, Self.readSize / self.chunkSize)
        block = .allocate(capacity: blockCapacity)
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
        block.deallocate()
    }

    /// About the bytes asked of the source at a time (whole chunks, at least one): 64 KiB,
    /// which the kernel copies into a block that stays in the core's cache while libxml2
    /// reads it.
    static let readSize = 64 << 10

    /// The next piece of the input for libxml2, at most `chunkSize` bytes from the block
    /// (refilled from the source when it is used up): where it starts and its length, 0 at
    /// the end of the input.
    private func nextPiece() throws -> (bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        if blockStart == blockEnd {
            blockStart = 0
            blockEnd = try source.read(into: block, count: blockCapacity)
        }
        let start = block + blockStart
        let n = min(chunkSize, blockEnd - blockStart)
        blockStart += n
        return (start, n)
    }

    var location: SourceLocation {
        let (line, column) = position
        return SourceLocation(source: sourceFile, line: Int(line), column: Int(column))
    }

    /// libxml2's line and column now (1-based), as `location` has them, without the file name
    /// (which a `SourceLocation` would retain and release): what a recorder keeps per event.
    @inline(__always)
    var position: (line: Int32, column: Int32) {
        if native != nil { return (eventLine, eventColumn) }
        guard let input = context?.pointee.input else { return (1, 1) }
        return (input.pointee.line, max(input.pointee.col, 1))
    }

    func parseNextChunk() throws -> Bool {
        guard !finished else { return false }
        let (chunk, n) = try nextPiece()
        if let native {
            native.append(chunk, count: n)
            native.parse()
        } else if context == nil {
            guard n > 0 || !head.isEmpty else {
                throw MapBridgeError(.data, "the input is empty; expected a \(documentKind) document",
                                     at: SourceLocation(file: source.name, line: 1, column: 1))
            }
            head.append(contentsOf: UnsafeBufferPointer(start: chunk, count: n))
            let verdict = engine == .libxml2 ? false : head.withUnsafeBufferPointer { XMLUTF8Parser.accepts($0, isFinal: n == 0) }
            switch verdict {
            case nil:
                return true
            case true?:
                let parser = XMLUTF8Parser(core: self, allowsHugeText: allowsHugeText)
                native = parser
                head.withUnsafeBufferPointer { if let base = $0.baseAddress { parser.append(base, count: $0.count) } }
                if n == 0 { parser.append(chunk, count: 0) }
                head = []
                parser.parse()
            case false?:
                try head.withUnsafeMutableBufferPointer { bytes in
                    if let base = bytes.baseAddress { try start(with: base, count: bytes.count, final: n == 0) }
                }
                head = []
            }
        } else {
            let status = withContextFreeErrors {
                chunk.withMemoryRebound(to: CChar.self, capacity: max(n, 1)) {
                    xmlParseChunk(context, $0, Int32(n), n == 0 ? 1 : 0)
                }
            }
            if status == Int32(XML_ERR_INVALID_ENCODING.rawValue) { failEncoding(nil) }
        }
        if var failure {
            if n == 0, failureEndsEarly, let innermost = openElements.last {
                // libxml2's message for a cut-off file names a symptom; say what happened.
                let name = elementNames[innermost.index] ?? "an element"
                failure.message = XMLCutOff.message(element: name, line: innermost.line, column: innermost.column,
                                                    open: openElements.count)
            } else if failureEndsEarly, openElements.count == 0 {
                failure.message += XMLCutOff.afterRootRemedy
            }
            throw failure
        }
        if n == 0 { finished = true }
        return !finished
    }

    /// Makes libxml2's parser context, handing it the first `n` bytes at `chunk` (all of the
    /// document when `final`).
    private func start(with chunk: UnsafeMutablePointer<UInt8>, count n: Int, final: Bool) throws {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        if recorder == nil {
            sax.startElementNs = saxStartElement
            sax.endElementNs = saxEndElement
            sax.characters = saxCharacters
            sax.cdataBlock = saxCDATA
        } else {
            sax.startElementNs = saxRecordStartElement
            sax.endElementNs = saxRecordEndElement
            sax.characters = saxRecordCharacters
            sax.cdataBlock = saxRecordCDATA
        }
        sax.serror = saxStructuredError
        sax.internalSubset = saxInternalSubset
        sax.entityDecl = saxEntityDeclaration
        let me = Unmanaged.passUnretained(self).toOpaque()
        context = withContextFreeErrors {
            chunk.withMemoryRebound(to: CChar.self, capacity: max(n, 1)) { bytes in
                source.name.withCString { name in
                    xmlCreatePushParserCtxt(&sax, me, bytes, Int32(n), name)
                }
            }
        }
        guard let context else {
            throw MapBridgeError(.data, "cannot start the XML parser for '\(source.name)'")
        }
        // No network; entities are never substituted and DTDs never loaded (the defaults), and
        // CDATA arrives through its own callback. XML_PARSE_HUGE lifts only the size limits:
        // a DOCTYPE is still refused (saxInternalSubset) before any entity is declared.
        let huge = allowsHugeText ? XML_PARSE_HUGE.rawValue : 0
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | huge))
        if n == 0 || final { _ = withContextFreeErrors { xmlParseChunk(context, nil, 0, 1) } }
    }

    /// Runs a libxml2 call with the errors it raises outside any parser context (a byte
    /// sequence the document's encoding cannot decode) coming to this parser rather than
    /// going to standard error.
    ///
    /// The parser is stopped once the call has returned: libxml2 cannot be halted from inside
    /// the encoding conversion that raised the error (it goes on to use the input it freed).
    private func withContextFreeErrors<T>(_ body: () -> T) -> T {
        mapbridge_xml_silence_generic_errors()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque(), saxContextFreeError)
        let result = body()
        xmlSetStructuredErrorFunc(nil, nil)
        if let pending = contextFreeError {
            contextFreeError = nil
            fail(pending)
        }
        return result
    }

    /// The first error libxml2 raised outside the parser context during the current call.
    private var contextFreeError: String?

    /// Keeps an error raised outside the parser context, to stop at once the call returns.
    func noteContextFreeError(_ message: String) {
        if contextFreeError == nil { contextFreeError = message }
    }

    /// Stops at bytes the document's encoding cannot decode; `detail` is libxml2's message.
    func failEncoding(_ detail: String?) {
        fail(Self.encodingMessage(detail))
    }

    /// The message for bytes that are not UTF-8 in a document that names no other encoding (a
    /// Latin-1 or Windows-1252 file without its declaration): what to do. `bytes` shows them
    /// (`0xE9 0x20 0x77 0x6F`).
    static func notUTF8Message(bytes: String?) -> String {
        let shown = bytes.map { " (bytes \($0))" } ?? ""
        return "the text is not UTF-8\(shown), and its XML declaration names no other encoding: save it as UTF-8, or name its encoding in <?xml version=\"1.0\" encoding=\"…\"?> (windows-1252 or ISO-8859-1 for most Western European files)"
    }

    /// The message for bytes the document's encoding cannot decode; `detail` is libxml2's.
    static func encodingMessage(_ detail: String?) -> String {
        var bytes = ""
        if let detail, let at = detail.firstRange(of: "bytes ") { bytes = " (\(detail[at.lowerBound...]))" }
        return "the text cannot be decoded\(bytes): it is not in the encoding its XML declaration names (UTF-8 when it names none); save it as UTF-8, or correct the encoding in <?xml … encoding=\"…\"?>"
    }

    // MARK: - From the C callbacks

    /// Whether libxml2 said the document ended with elements open.
    private var failureEndsEarly = false

    func fail(_ message: String, line: Int? = nil, column: Int? = nil, endsEarly: Bool = false) {
        guard failure == nil else { return }
        // An error raised outside the context earlier in this call (undecodable bytes) came
        // first: what the parser says after it (a document cut short) is its consequence.
        var message = message, endsEarly = endsEarly
        if let pending = contextFreeError {
            message = pending
            endsEarly = false
            contextFreeError = nil
        }
        failureEndsEarly = endsEarly
        var at = location
        if let line, line > 0 { at.line = line }
        if let column, column > 0 { at.column = column }
        failure = MapBridgeError(.data, message, at: at)
        isStopped = true
        if let context { xmlStopParser(context) }
    }

    /// Stops at a text node or CDATA section over libxml2's limit, saying how to lift it.
    func refuseHugeText(line: Int, column: Int) {
        fail("a text or CDATA section here is longer than libxml2's safety limit of 10,000,000 bytes; \(Setting.allowsHugeXMLText.mention(value: "true")) reads it (DOCTYPE and entity declarations stay refused)",
             line: line, column: column)
    }

    /// Stops at a DOCTYPE, at 1-based `line` and `column` when given.
    func refuseDoctype(line: Int? = nil, column: Int? = nil) {
        fail("the document has a DOCTYPE declaration; \(documentKind) needs none, and MapBridge refuses DTDs and entity declarations to stay safe from entity-expansion attacks: remove the <!DOCTYPE …> line",
             line: line, column: column)
    }

    /// The handler's name index for an element, built on first sight. Inlined into the
    /// callback: the lookup is a few instructions, and the first sight of a name, which
    /// makes strings, is a call of its own (`declare`), so it costs the lookup nothing.
    @inline(__always)
    func nameIndex(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?,
                   _ uri: UnsafePointer<xmlChar>?) -> Int
    {
        let key = InternedName(localName: UnsafeRawPointer(localName), prefix: prefix.map(UnsafeRawPointer.init),
                               namespace: uri.map(UnsafeRawPointer.init))
        if let known = names.index(of: key) { return known }
        return declare(key, localName, prefix, uri)
    }

    /// A name met for the first time: the handler builds its value, and the table keeps its index.
    @inline(never)
    private func declare(_ key: InternedName, _ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?,
                         _ uri: UnsafePointer<xmlChar>?) -> Int
    {
        let name = XMLQualifiedName(localName: String(cString: localName), prefix: prefix.map { String(cString: $0) },
                                    namespace: uri.map { String(cString: $0) })
        let index = events.declare(name)
        names.insert(key, index)
        elementNames[index] = name.prefix.map { "\($0):\(name.localName)" } ?? name.localName
        return index
    }

    /// The local name (in libxml2's dictionary) of the element whose start or end is being
    /// reported; `nil` between those calls.
    @exclusivity(unchecked) private var reportedLocalName: UnsafePointer<xmlChar>?

    /// The local name of the element whose start or end is being reported, made on request.
    var currentElementLocalName: String? {
        reportedLocalName.map { String(cString: $0) }
    }

    /// An element starts: its index and where it starts are pushed, and the handler is told.
    /// Inlined into the callback (as the other per-element and text paths are): a call of its
    /// own at every element costs more than its body.
    @inline(__always)
    func startElement(_ index: Int, localName: UnsafePointer<xmlChar>, attributes: XMLAttributeList) {
        // Two field loads, not a SourceLocation (whose file name would be retained and released).
        if let input = context?.pointee.input {
            openElements.push(.init(index: index, line: Int(input.pointee.line), column: Int(max(input.pointee.col, 1))))
        } else {
            openElements.push(.init(index: index, line: 1, column: 1))
        }
        reportedLocalName = localName
        events.start(index, attributes)
        reportedLocalName = nil
    }

    /// The innermost open element closes. libxml2 reports an end only for the element open
    /// innermost, with the name, prefix and namespace its start had (a mismatched end tag is
    /// a fatal error, after which it reports nothing), so the index its start pushed is the
    /// one: no name is looked up.
    @inline(__always)
    func endInnermostElement(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?,
                             _ uri: UnsafePointer<xmlChar>?)
    {
        reportedLocalName = localName
        defer { reportedLocalName = nil }
        events.end(innermostIndex(localName, prefix, uri))
    }

    /// The name index of the innermost open element, which closes now (popped).
    @inline(__always)
    private func innermostIndex(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?,
                                _ uri: UnsafePointer<xmlChar>?) -> Int
    {
        guard let innermost = openElements.last?.index else { return nameIndex(localName, prefix, uri) }
        openElements.removeLast()
        return innermost
    }

    @inline(__always)
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) { events.characters(bytes, isCDATA) }

    // MARK: - From MapBridge's own parser

    /// A name met for the first time by `native`: the handler builds its value; returns its index.
    func declareNative(_ name: XMLQualifiedName) -> Int {
        let index = events.declare(name)
        elementNames[index] = name.prefix.map { "\($0):\(name.localName)" } ?? name.localName
        return index
    }

    /// Where the innermost open element's start tag is (for messages).
    var openElementStart: (line: Int, column: Int) {
        openElements.last.map { ($0.line, $0.column) } ?? (1, 1)
    }

    /// `native` reports a start at `line` and `column`; `localName` is NUL-terminated.
    @inline(__always)
    func nativeStart(_ index: Int, localName: UnsafePointer<UInt8>, attributes: XMLAttributeList, line: Int32, column: Int32) {
        eventLine = line
        eventColumn = column
        openElements.push(.init(index: index, line: Int(line), column: Int(column)))
        if let recorder {
            recorder._withUnsafeGuaranteedRef { $0.recordStart(index, line: line, column: column, attributes) }
        } else {
            reportedLocalName = localName
            events.start(index, attributes)
            reportedLocalName = nil
        }
    }

    /// `native` reports the innermost element's end.
    @inline(__always)
    func nativeEnd(localName: UnsafePointer<UInt8>, line: Int32, column: Int32) {
        eventLine = line
        eventColumn = column
        let index = openElements.last?.index ?? 0
        openElements.removeLast()
        if let recorder {
            recorder._withUnsafeGuaranteedRef { $0.recordEnd(index, line: line, column: column) }
        } else {
            reportedLocalName = localName
            events.end(index)
            reportedLocalName = nil
        }
    }

    /// `native` reports text or CDATA.
    @inline(__always)
    func nativeCharacters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool, line: Int32, column: Int32) {
        eventLine = line
        eventColumn = column
        if let recorder {
            recorder._withUnsafeGuaranteedRef { $0.recordText(bytes, isCDATA: isCDATA, line: line, column: column) }
        } else {
            events.characters(bytes, isCDATA)
        }
    }

    // MARK: - Recorded (XMLThreadedParser's parsing thread)

    /// `startElement` for a core that records (`recorder` set; its own C callbacks call
    /// these): the record written directly, with libxml2's position read once. The replaying
    /// side names the element from its own table, so no local name is kept.
    @inline(__always)
    func recordStartElement(_ index: Int, attributes: XMLAttributeList) {
        let (line, column) = position
        openElements.push(.init(index: index, line: Int(line), column: Int(column)))
        recorder?._withUnsafeGuaranteedRef { $0.recordStart(index, line: line, column: column, attributes) }
    }

    /// `endInnermostElement` for a core that records.
    @inline(__always)
    func recordEndElement(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?,
                          _ uri: UnsafePointer<xmlChar>?)
    {
        let index = innermostIndex(localName, prefix, uri)
        let (line, column) = position
        recorder?._withUnsafeGuaranteedRef { $0.recordEnd(index, line: line, column: column) }
    }

    /// `characters` for a core that records.
    @inline(__always)
    func recordCharacters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        let (line, column) = position
        recorder?._withUnsafeGuaranteedRef { $0.recordText(bytes, isCDATA: isCDATA, line: line, column: column) }
    }

    /// A namespace error libxml2 reads past (a prefix without its declaration).
    func namespaceWarning(_ message: String, line: Int, column: Int) {
        let here = location
        events.namespaceWarning(message, line > 0 ? line : here.line, column > 0 ? column : here.column)
    }
}

/// Name indexes by `InternedName`: an open-addressing table in one buffer, probed linearly
/// from a multiplicative hash of the three addresses, at most half full. A document uses few
/// names, so a lookup compares one or two keys; unlike a direct-mapped cache in front of a
/// dictionary, two names whose addresses share a slot cost one more comparison, not a hashed
/// lookup at every element. Noncopyable: it owns its buffer and frees it.
private struct InternedNameTable: ~Copyable {
    /// A slot: empty while `key` is `nil`.
    private struct Slot {
        var key: InternedName?
        var index: Int
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var count = 0
    /// The table's size less one; the size is a power of two.
    private var mask: Int

    init() {
        mask = 63
        slots = .allocate(capacity: 64)
        slots.initialize(repeating: Slot(key: nil, index: 0), count: 64)
    }

    deinit { slots.deallocate() }

    @inline(__always)
    private func home(_ key: InternedName) -> Int {
        let p = key.prefix.map { UInt(bitPattern: $0) } ?? 0
        let n = key.namespace.map { UInt(bitPattern: $0) } ?? 0
        let mixed = (UInt(bitPattern: key.localName) ^ (p &* 31) ^ (n &* 1_000_003)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    /// The index stored for `key`, or `nil`.
    @inline(__always)
    func index(of key: InternedName) -> Int? {
        var i = home(key)
        while let stored = slots[i].key {
            if stored == key { return slots[i].index }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Stores `index` for `key`, which is not in the table yet.
    mutating func insert(_ key: InternedName, _ index: Int) {
        if (count + 1) * 2 > mask + 1 { grow() }
        var i = home(key)
        while slots[i].key != nil { i = (i + 1) & mask }
        slots[i] = Slot(key: key, index: index)
        count += 1
    }

    private mutating func grow() {
        let old = slots, oldSize = mask + 1
        mask = oldSize * 2 - 1
        slots = .allocate(capacity: oldSize * 2)
        slots.initialize(repeating: Slot(key: nil, index: 0), count: oldSize * 2)
        count = 0
        for k in 0..<oldSize {
            if let key = old[k].key { insert(key, old[k].index) }
        }
        old.deallocate()
    }
}

/// An element name by the addresses of its parts in libxml2's dictionary, which interns every
/// name, prefix and namespace URI it parses: equal addresses, equal strings.
private struct InternedName: Equatable {
    let localName: UnsafeRawPointer
    let prefix: UnsafeRawPointer?
    let namespace: UnsafeRawPointer?

    static func == (a: InternedName, b: InternedName) -> Bool {
        a.localName == b.localName && a.prefix == b.prefix && a.namespace == b.namespace
    }
}
