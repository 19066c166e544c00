import CLibXML2
import MapBridgeIO
import MapBridgeModel

/// What the SAX parser reports; the KML builder implements it.
protocol KMLSAXHandler: AnyObject {
    /// An element opens; `attributes` holds (local name, value) pairs.
    func startElement(_ name: KMLElement, prefix: String?, attributes: [(name: String, value: String)])
    /// The innermost open element closes.
    func endElement(_ name: KMLElement)
    /// Text (or CDATA) inside the innermost element.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool)
}

/// libxml2's SAX2 push parser over a `ByteSource`, safe for untrusted input: no network, no
/// external entities, no DTD processing at all (a document with a DOCTYPE is refused, which
/// also refuses entity-expansion bombs before any expansion).
///
/// Owns the parser context, hence a class.
final class KMLSAXParser {
    private let source: ByteSource
    private var context: xmlParserCtxtPtr?
    private var chunk: UnsafeMutablePointer<UInt8>
    private let chunkSize: Int
    private unowned let handler: KMLSAXHandler
    /// The first error, with its location; parsing stops there.
    fileprivate(set) var failure: MapBridgeError?
    /// Element names by the address libxml2 interns them at: one dictionary lookup per name.
    @exclusivity(unchecked) fileprivate var names: [UnsafeRawPointer: KMLElement] = [:]
    private(set) var finished = false

    init(source: ByteSource, handler: KMLSAXHandler, chunkSize: Int = 1 << 16) {
        self.source = source
        self.handler = handler
        self.chunkSize = chunkSize
        chunk = .allocate(capacity: chunkSize)
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
        chunk.deallocate()
    }

    /// The source's name, for messages.
    var sourceName: String { source.name }

    /// The line and column the parser has reached (of the current node's start, near enough
    /// for placemark locations).
    var location: SourceLocation {
        guard let input = context?.pointee.input?.pointee else {
            return SourceLocation(file: source.name, line: 1, column: 1)
        }
        return SourceLocation(file: source.name, line: Int(input.line), column: Int(max(input.col, 1)))
    }

    /// Feeds the next chunk; returns false once the document is complete.
    /// - Throws: the first well-formedness or safety error, with its location.
    func parseNextChunk() throws -> Bool {
        guard !finished else { return false }
        let n = try source.read(into: chunk, count: chunkSize)
        if context == nil {
            try start(with: n)
        } else {
            _ = chunk.withMemoryRebound(to: CChar.self, capacity: max(n, 1)) {
                xmlParseChunk(context, $0, Int32(n), n == 0 ? 1 : 0)
            }
        }
        if let failure { throw failure }
        if n == 0 { finished = true }
        return !finished
    }

    private func start(with n: Int) throws {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = saxStartElement
        sax.endElementNs = saxEndElement
        sax.characters = saxCharacters
        sax.cdataBlock = saxCDATA
        sax.serror = saxStructuredError
        sax.internalSubset = saxInternalSubset
        sax.entityDecl = saxEntityDeclaration
        let me = Unmanaged.passUnretained(self).toOpaque()
        context = chunk.withMemoryRebound(to: CChar.self, capacity: max(n, 1)) { bytes in
            source.name.withCString { name in
                xmlCreatePushParserCtxt(&sax, me, bytes, Int32(n), name)
            }
        }
        guard let context else {
            throw MapBridgeError(.data, "cannot start the XML parser for '\(source.name)'")
        }
        // No network; entities are never substituted and DTDs never loaded (the defaults), and
        // CDATA arrives through its own callback.
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        if n == 0 { xmlParseChunk(context, nil, 0, 1) }
    }

    fileprivate func fail(_ message: String, line: Int? = nil, column: Int? = nil) {
        guard failure == nil else { return }
        var at = location
        if let line, line > 0 { at.line = line }
        if let column, column > 0 { at.column = column }
        failure = MapBridgeError(.data, message, at: at)
        if let context { xmlStopParser(context) }
    }

    fileprivate func element(for localName: UnsafePointer<xmlChar>) -> KMLElement {
        let key = UnsafeRawPointer(localName)
        if let known = names[key] { return known }
        let element = KMLElement(name: String(cString: localName))
        names[key] = element
        return element
    }

    fileprivate func dispatchStart(_ element: KMLElement, prefix: String?, attributes: [(name: String, value: String)]) {
        handler.startElement(element, prefix: prefix, attributes: attributes)
    }

    fileprivate func dispatchEnd(_ element: KMLElement) { handler.endElement(element) }

    fileprivate func dispatchCharacters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        handler.characters(bytes, isCDATA: isCDATA)
    }
}

// MARK: - C callbacks (no captures: the parser arrives through the user-data pointer)

private func parser(_ context: UnsafeMutableRawPointer?) -> KMLSAXParser? {
    guard let context else { return nil }
    return Unmanaged<KMLSAXParser>.fromOpaque(context).takeUnretainedValue()
}

private func saxStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let p = parser(context), p.failure == nil, let localName else { return }
    let element = p.element(for: localName)
    var pairs: [(name: String, value: String)] = []
    if attributeCount > 0, let attributes {
        // Five pointers per attribute: local name, prefix, URI, value start, value end.
        for k in 0..<Int(attributeCount) {
            guard let name = attributes[5 * k], let start = attributes[5 * k + 3], let end = attributes[5 * k + 4]
            else { continue }
            let length = end - start
            let value = String(decoding: UnsafeBufferPointer(start: start, count: max(length, 0)), as: UTF8.self)
            pairs.append((String(cString: name), value))
        }
    }
    p.dispatchStart(element, prefix: prefix.map { String(cString: $0) }, attributes: pairs)
}

private func saxEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    guard let p = parser(context), p.failure == nil, let localName else { return }
    p.dispatchEnd(p.element(for: localName))
}

private func saxCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let p = parser(context), p.failure == nil, let bytes else { return }
    p.dispatchCharacters(UnsafeBufferPointer(start: bytes, count: Int(length)), isCDATA: false)
}

private func saxCDATA(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let p = parser(context), p.failure == nil, let bytes else { return }
    p.dispatchCharacters(UnsafeBufferPointer(start: bytes, count: Int(length)), isCDATA: true)
}

private func saxInternalSubset(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    parser(context)?.fail(
        "the document has a DOCTYPE declaration; KML needs none, and MapBridge refuses DTDs and entity declarations to stay safe from entity-expansion attacks: remove the <!DOCTYPE …> line")
}

private func saxEntityDeclaration(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ type: Int32,
    _ publicID: UnsafePointer<xmlChar>?, _ systemID: UnsafePointer<xmlChar>?, _ content: UnsafeMutablePointer<xmlChar>?
) {
    parser(context)?.fail("the document declares entities; MapBridge refuses them (entity-expansion attacks)")
}

private func saxStructuredError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let p = parser(context), let error else { return }
    let e = error.pointee
    guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    var message = e.message.map { String(cString: $0) } ?? "malformed XML"
    while message.hasSuffix("\n") { message.removeLast() }
    p.fail("malformed XML: \(message)", line: Int(e.line), column: Int(e.int2))
}
