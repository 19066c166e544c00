internal import CLibXML2

// libxml2's SAX2 callbacks. They capture nothing (C function pointers cannot): the parser
// core arrives through the context's user-data pointer.

private func core(_ context: UnsafeMutableRawPointer?) -> XMLSAXCore? {
    guard let context else { return nil }
    return Unmanaged<XMLSAXCore>.fromOpaque(context).takeUnretainedValue()
}

/// Runs `body` with the parser core behind the context pointer, neither retained nor
/// released: the core outlives every callback (it owns the libxml2 context that makes them).
/// The per-element callbacks use this; the rare ones use `core(_:)`.
@inline(__always)
private func withCore(_ context: UnsafeMutableRawPointer?, _ body: (XMLSAXCore) -> Void) {
    guard let context else { return }
    Unmanaged<XMLSAXCore>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
}

// The per-element callbacks, in two sets: one hands each event to the core's handler
// (`XMLPushParser`), the other has the core write it onto the tape (`XMLThreadedParser`'s
// parsing thread, with no closure between). Both sets are the same code, `recorded` a constant
// in each once inlined.

func saxStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    startElement(context, localName, prefix, uri, attributeCount, attributes, recorded: false)
}

func saxEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    endElement(context, localName, prefix, uri, recorded: false)
}

func saxCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    text(context, bytes, length, isCDATA: false, recorded: false)
}

func saxCDATA(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    text(context, bytes, length, isCDATA: true, recorded: false)
}

func saxRecordStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    startElement(context, localName, prefix, uri, attributeCount, attributes, recorded: true)
}

func saxRecordEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    endElement(context, localName, prefix, uri, recorded: true)
}

func saxRecordCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    text(context, bytes, length, isCDATA: false, recorded: true)
}

func saxRecordCDATA(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    text(context, bytes, length, isCDATA: true, recorded: true)
}

@inline(__always)
private func startElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ attributeCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    recorded: Bool
) {
    guard let localName else { return }
    withCore(context) { p in
        guard !p.isStopped else { return }
        let index = p.nameIndex(localName, prefix, uri)
        // Read in place by the handler: no strings or array made for attributes nobody asks for.
        // Each call makes its list of a case known here, which has nothing to release after it
        // (one list of either case would be destroyed through a call at every element).
        if let attributes, attributeCount > 0 {
            let list = XMLAttributeList(libxml: attributes, count: Int(attributeCount))
            if recorded { p.recordStartElement(index, attributes: list) } else { p.startElement(index, localName: localName, attributes: list) }
        } else {
            let list = XMLAttributeList(libxml: nil, count: 0)
            if recorded { p.recordStartElement(index, attributes: list) } else { p.startElement(index, localName: localName, attributes: list) }
        }
    }
}

@inline(__always)
private func endElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, recorded: Bool
) {
    guard let localName else { return }
    withCore(context) { p in
        guard !p.isStopped else { return }
        if recorded { p.recordEndElement(localName, prefix, uri) } else { p.endInnermostElement(localName, prefix, uri) }
    }
}

@inline(__always)
private func text(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32, isCDATA: Bool,
                  recorded: Bool) {
    guard let bytes else { return }
    withCore(context) { p in
        guard !p.isStopped else { return }
        let text = UnsafeBufferPointer(start: bytes, count: Int(length))
        if recorded { p.recordCharacters(text, isCDATA: isCDATA) } else { p.characters(text, isCDATA: isCDATA) }
    }
}

func saxInternalSubset(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    core(context)?.refuseDoctype()
}

func saxEntityDeclaration(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ type: Int32,
    _ publicID: UnsafePointer<xmlChar>?, _ systemID: UnsafePointer<xmlChar>?, _ content: UnsafeMutablePointer<xmlChar>?
) {
    core(context)?.fail("the document declares entities; MapBridge refuses them (entity-expansion attacks)")
}

/// The parser an error callback belongs to, libxml2's error and its message on one line; `nil`
/// for warnings (libxml2 goes on after them).
private func reportedError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?)
    -> (core: XMLSAXCore, error: xmlError, message: String)?
{
    guard let p = core(context), let error else { return nil }
    let e = error.pointee
    guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return nil }
    var message = e.message.map { String(cString: $0) } ?? ""
    while message.hasSuffix("\n") { message.removeLast() }
    // One line: libxml2 puts the offending bytes of a UTF-8 error on a line of their own.
    return (p, e, message.replacing("\n", with: "; "))
}

func saxStructuredError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let (p, e, reported) = reportedError(context, error) else { return }
    var message = reported
    // A prefix nobody declared is a namespace error, not a well-formedness one: libxml2 reads on
    // (the name keeps its prefix, in no namespace), and so do Google Earth and GDAL.
    if e.domain == Int32(XML_FROM_NAMESPACE.rawValue) && e.code == Int32(XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue) {
        p.namespaceWarning(message, line: Int(e.line), column: Int(e.int2))
        return
    }
    // Bytes that are not UTF-8 in a document that names no other encoding (a Latin-1 or
    // Windows-1252 file without its declaration): say what to do, not libxml2's words.
    if e.code == Int32(XML_ERR_INVALID_CHAR.rawValue), message.hasPrefix("Input is not proper UTF-8") {
        var bytes = ""
        if let at = message.firstRange(of: "Bytes: ") { bytes = " (bytes \(message[at.upperBound...]))" }
        p.fail("the text is not UTF-8\(bytes), and its XML declaration names no other encoding: save it as UTF-8, or name its encoding in <?xml version=\"1.0\" encoding=\"…\"?> (windows-1252 or ISO-8859-1 for most Western European files)",
               line: Int(e.line), column: Int(e.int2))
        return
    }
    // libxml2's limit on one text node ("Huge input lookup", "huge text node"): XML_PARSE_HUGE lifts it.
    if !p.allowsHugeText, message.lowercased().contains("huge") {
        p.refuseHugeText(line: Int(e.line), column: Int(e.int2))
        return
    }
    if e.code == Int32(XML_ERR_RESERVED_XML_NAME.rawValue), message.hasPrefix("XML declaration allowed only at the start") {
        // Generators that print a blank line or spaces before <?xml …?>.
        message += ": remove what comes before <?xml … ?> (spaces or blank lines there too)"
    }
    p.fail("malformed XML: \(message.isEmpty ? "libxml2 error \(e.code)" : message)", line: Int(e.line), column: Int(e.int2),
           endsEarly: XMLCutOff.isEndOfInput(code: e.code))
}

/// libxml2's errors raised outside the parser context (through the thread's structured error
/// function while the core parses): encoding conversions that fail. Only noted here: the
/// parser is stopped after libxml2's call returns.
func saxContextFreeError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let (p, e, message) = reportedError(context, error) else { return }
    if e.domain == Int32(XML_FROM_I18N.rawValue) || e.code == Int32(XML_IO_ENCODER.rawValue) {
        p.noteContextFreeError(XMLSAXCore.encodingMessage(message))
    } else {
        p.noteContextFreeError("malformed XML: \(message.isEmpty ? "libxml2 error \(e.code)" : message)")
    }
}
