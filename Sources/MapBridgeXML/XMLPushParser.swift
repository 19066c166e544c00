import MapBridgeIO
import MapBridgeModel

/// A streaming XML parser over a `ByteSource` — MapBridge's own for a UTF-8 document
/// (`XMLUTF8Parser`), libxml2's SAX2 push parser for one in another encoding — safe for
/// untrusted input: no network, no external entities, no DTD processing at all (a document
/// with a DOCTYPE is refused, which also refuses entity-expansion bombs before any
/// expansion). Well-formedness errors stop the parse with their line and column; a prefix
/// used without its declaration does not (it is handed to the handler's `namespaceWarning`).
///
/// The parser feeds the source to its engine a chunk at a time and reports elements and text to
/// its handler as they are parsed, so memory stays flat however large the document. Element
/// names reach the handler as its own `ElementName` values, built once per distinct name.
///
///     let builder = MyHandler()
///     let parser = XMLPushParser(source: try ByteSource(path: "track.gpx"), handler: builder,
///                                documentKind: "GPX")
///     while try parser.parseNextChunk() {}
///
/// The parser keeps its handler alive; a handler that refers back to the parser (for
/// `location`) holds it weakly, or unowned when whoever made the two keeps them together
/// and the handler asks the parser only while it parses.
public final class XMLPushParser<Handler: XMLEventHandler>: XMLEventSource {
    @usableFromInline let core: XMLSAXCore

    /// Makes a parser that reads `source` and reports to `handler`.
    /// - Parameters:
    ///   - documentKind: the format's name for messages, e.g. `KML` in "KML needs no DOCTYPE".
    ///   - chunkSize: bytes handed to libxml2 at a time, > 0.
    ///   - allowsHugeText: accept text nodes and CDATA sections over libxml2's 10,000,000-byte
    ///     limit (`XML_PARSE_HUGE`); DOCTYPE and entity declarations stay refused.
    ///   - engine: which parser reads the document (`.automatic`: MapBridge's own for UTF-8).
    @inlinable
    public init(source: ByteSource, handler: Handler, documentKind: String, chunkSize: Int = 1 << 16,
                allowsHugeText: Bool = false, engine: XMLParserEngine = .automatic)
    {
        // The closures are made here, in the caller's module, so that they are specialized for
        // the handler's concrete types: the per-element path has no generic indirection.
        let table = XMLNameTable<Handler.ElementName>()
        let events = XMLSAXEvents(
            declare: { table.append(Handler.ElementName($0)) },
            start: { index, attributes in handler.startElement(table.names[index], attributeList: attributes) },
            end: { index in handler.endElement(table.names[index]) },
            characters: { bytes, isCDATA in handler.characters(bytes, isCDATA: isCDATA) },
            namespaceWarning: { message, line, column in handler.namespaceWarning(message, line: line, column: column) })
        core = XMLSAXCore(source: source, documentKind: documentKind, chunkSize: chunkSize, allowsHugeText: allowsHugeText,
                          events: events, engine: engine)
    }

    /// The source's name, for messages.
    public var sourceName: String { core.source.name }

    /// Whether the whole document has been parsed.
    public var finished: Bool { core.finished }

    /// The first error, with its location, once parsing has stopped at it.
    public var failure: MapBridgeError? { core.failure }

    /// The line and column the parser has reached: near the start of the node being
    /// reported, close enough for a feature's location.
    public var location: SourceLocation { core.location }

    /// The local name of the element whose start or end the handler is being told of (inside
    /// `startElement` and `endElement` only; `nil` elsewhere): how a handler whose names keep
    /// only the elements it acts on (a plain enum) names any other.
    ///
    ///     func startElement(_ name: Name, attributeList: XMLAttributeList) {
    ///         if name == .other { print(parser?.currentElementLocalName ?? "") }   // "Camera"
    ///     }
    public var currentElementLocalName: String? { core.currentElementLocalName }

    /// Bytes of the source read so far.
    public var bytesRead: Int64 { core.source.bytesRead }

    /// Feeds the next chunk of the source; returns `false` once the document is complete.
    /// - Throws: `MapBridgeError` of kind `.data` for the first well-formedness or safety
    ///   error, with its line and column; `.inputUnavailable` when the source cannot be read.
    public func parseNextChunk() throws -> Bool { try core.parseNextChunk() }
}

/// Which parser reads a document. Both report the same events, with the same bytes and
/// positions, and stop at the same well-formedness errors (in their own words).
public enum XMLParserEngine: Sendable {
    /// MapBridge's own parser (`XMLUTF8Parser`) for a document in UTF-8, which reads it about
    /// twice as fast; libxml2 for one in another encoding.
    case automatic
    /// libxml2 for every document: for comparing the two.
    case libxml2
}

/// The handler's names by index, filled as the parser meets new names.
@usableFromInline
final class XMLNameTable<Name> {
    @exclusivity(unchecked) @usableFromInline var names: [Name] = []

    @inlinable init() {}

    /// Adds a name; returns its index.
    @inlinable func append(_ name: Name) -> Int {
        names.append(name)
        return names.count - 1
    }
}

/// The calls the parser core makes into the handler, made where the handler's type is known.
@usableFromInline
struct XMLSAXEvents {
    /// Builds the handler's name for a qualified name met for the first time; returns the
    /// index later events use for it.
    @usableFromInline let declare: (XMLQualifiedName) -> Int
    @usableFromInline let start: (Int, XMLAttributeList) -> Void
    @usableFromInline let end: (Int) -> Void
    @usableFromInline let characters: (UnsafeBufferPointer<UInt8>, Bool) -> Void
    @usableFromInline let namespaceWarning: (String, Int, Int) -> Void

    @inlinable
    init(declare: @escaping (XMLQualifiedName) -> Int, start: @escaping (Int, XMLAttributeList) -> Void,
         end: @escaping (Int) -> Void, characters: @escaping (UnsafeBufferPointer<UInt8>, Bool) -> Void,
         namespaceWarning: @escaping (String, Int, Int) -> Void)
    {
        self.declare = declare
        self.start = start
        self.end = end
        self.characters = characters
        self.namespaceWarning = namespaceWarning
    }
}
