internal import CLibXML2
import MapBridgeModel
import MapBridgeXML

// libxml2's SAX2 callbacks for the KML validator. They capture nothing (C function pointers
// cannot): the validator arrives through the user-data pointer. Each passes its event on to
// the schema validator (`KMLSchemaStream`) after the KML checks, as libxml2's own plug did.
// Structured errors arrive with libxml2's own context instead, so they find the validator
// through the parser context's `_private` field.

private func validator(_ context: UnsafeMutableRawPointer?) -> KMLValidator? {
    guard let context else { return nil }
    return Unmanaged<KMLValidator>.fromOpaque(context).takeUnretainedValue()
}

func kmlStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let v = validator(context) else { return }
    if !v.stopped, let localName {
        let local = String(cString: localName)
        let name = prefix.map { String(cString: $0) + ":" + local } ?? local
        var id: String?
        var namespacedAttribute = false
        if attributeCount > 0, let attributes {
            // Five pointers per attribute: local name, prefix, URI, value start, value end. The id
            // is `id`, or `kml:id` as Google Earth writes it.
            for k in 0..<Int(attributeCount) {
                if attributes[5 * k + 2] != nil { namespacedAttribute = true }
                guard let attribute = attributes[5 * k], let start = attributes[5 * k + 3], let end = attributes[5 * k + 4],
                    String(cString: attribute) == "id",
                    attributes[5 * k + 2].map({ String(cString: $0).contains("/kml") }) ?? true else { continue }
                id = String(decoding: UnsafeBufferPointer(start: start, count: max(end - start, 0)), as: UTF8.self)
            }
        }
        let isRoot = v.stack.isEmpty && v.rootCounts.isEmpty
        // The first letter first: most elements are neither.
        let restartable = v.schemaStream != nil && (localName.pointee == 0x44 || localName.pointee == 0x46)
            && (local == "Document" || local == "Folder") && namespaceCount == 0
            && !namespacedAttribute && uri.map { String(cString: $0) == KMLSchemaStream.kmlNamespace } == true
        v.startElement(localName: local, name: name, id: id, restartable: restartable)
        // Before the schema validator sees the root.
        if isRoot, let uri { v.checkRootNamespace(String(cString: uri)) }
    }
    v.schemaStart(localName, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
}

func kmlEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    guard let v = validator(context) else { return }
    if !v.stopped, let localName { v.endElement(localName: String(cString: localName)) }
    v.schemaStream?.end(localName, prefix, uri)
}

func kmlCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let v = validator(context) else { return }
    if !v.stopped, let bytes { v.characters(UnsafeBufferPointer(start: bytes, count: Int(length))) }
    v.schemaStream?.characters(bytes, length)
}

/// A CDATA section: text to the KML checks, a CDATA section to the schema validator.
func kmlCDATA(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard let v = validator(context) else { return }
    if !v.stopped, let bytes { v.characters(UnsafeBufferPointer(start: bytes, count: Int(length))) }
    v.schemaStream?.cdata(bytes, length)
}

func kmlInternalSubset(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    guard let v = validator(context), !v.stopped else { return }
    v.report(.xmlSyntax, KMLValidator.Messages.doctype, at: v.here)
    v.stop()
}

func kmlEntityDeclaration(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ type: Int32,
    _ publicID: UnsafePointer<xmlChar>?, _ systemID: UnsafePointer<xmlChar>?, _ content: UnsafeMutablePointer<xmlChar>?
) {
    guard let v = validator(context), !v.stopped else { return }
    v.report(.xmlSyntax, KMLValidator.Messages.entities, at: v.here)
    v.stop()
}

/// A well-formedness (or namespace) error from the parser: fatal ones end the file.
func kmlStructuredError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let error, let parser = error.pointee.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self),
        let v = validator(parser.pointee._private), !v.stopped else { return }
    let e = error.pointee
    guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let line = e.line > 0 ? Int(e.line) : v.here.line
    let column = e.int2 > 0 ? Int(e.int2) : v.here.column
    let message = cleanMessage(e.message)
    if e.domain == Int32(XML_FROM_NAMESPACE.rawValue) && e.code == Int32(XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue) {
        v.report(.xmlSyntax, KMLValidator.Messages.undeclaredPrefix(message), at: (line, column))
    } else if e.code == Int32(XML_ERR_INVALID_CHAR.rawValue), message.hasPrefix("Input is not proper UTF-8") {
        v.report(.xmlSyntax, KMLValidator.Messages.notUTF8(message), at: (line, column))
    } else if XMLCutOff.isEndOfInput(code: e.code), v.stack.count > v.pendingPops {
        // The file ends with elements open (cut short): said as the converter says it.
        let innermost = v.stack[v.stack.count - 1 - v.pendingPops]
        v.report(.xmlSyntax, XMLCutOff.message(element: innermost.name, line: innermost.start.line,
                                               column: innermost.start.column, open: v.stack.count - v.pendingPops),
                 at: (line, column))
    } else if XMLCutOff.isEndOfInput(code: e.code) {
        v.report(.xmlSyntax, KMLValidator.Messages.malformed(message) + XMLCutOff.afterRootRemedy, at: (line, column))
    } else {
        v.report(.xmlSyntax, KMLValidator.Messages.malformed(message), at: (line, column))
    }
    if e.level == XML_ERR_FATAL { v.stop() }
}

/// A schema-validity error, raised while the element it is about is being parsed.
func kmlSchemaError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let v = validator(context), !v.schemaMuted, let error else { return }
    let message = cleanMessage(error.pointee.message)
    v.noteSchemaStartError(message)
    guard !v.stopped, !v.schemaSkipped, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    v.report(.kmlSchema, schemaMessage(message), at: v.here)
}

/// libxml2's schema message made readable: KML's namespace left out, gx: and atom: as prefixes,
/// MapBridge's long patterns named, a long list of expected elements cut, quotes shortened.
func schemaMessage(_ raw: String) -> String {
    var message = raw.replacing("##other{http://www.opengis.net/kml/2.2}*", with: "any element of another namespace")
        .replacing("{http://www.opengis.net/kml/2.2}", with: "")
        .replacing("{http://www.google.com/kml/ext/2.2}", with: "gx:")
        .replacing("{http://www.w3.org/2005/Atom}", with: "atom:")
    for (pattern, meaning) in knownPatterns {
        message = message.replacing("is not accepted by the pattern '\(pattern)'", with: "is not \(meaning)")
    }
    for (type, meaning) in knownTypes {
        message = message.replacing("type '\(type)'", with: "type '\(type)' (\(meaning))")
    }
    // libxml2 names at most 10 expected elements; say when the list may go on.
    if let open = message.firstRange(of: "Expected is one of ( "),
        let close = message[open.upperBound...].firstRange(of: " )"),
        message[open.upperBound..<close.lowerBound].split(separator: ", ").count >= 10
    {
        message.insert(contentsOf: ", …", at: close.lowerBound)
    }
    if message.contains("Element content is not allowed, because the type definition is simple"),
        message.hasPrefix("Element 'description'") || message.hasPrefix("Element 'text'")
    {
        message += " HTML here belongs in a CDATA section (<![CDATA[ … ]]>) or escaped (&lt;b&gt;)."
    }
    if message.contains("No matching global declaration available for the validation root") {
        message += " A KML 2.2 document starts <kml xmlns=\"http://www.opengis.net/kml/2.2\">."
    }
    return shortenQuotes(message)
}

/// What the simple types of MapBridge's schemas (and XSD's own) mean, for messages.
private let knownTypes: [(String, String)] = [
    ("angle90Type", "a number from -90 to 90"),
    ("angle180Type", "a number from -180 to 180"),
    ("angle360Type", "a number from -360 to 360"),
    ("booleanType", "0, 1, true or false"),
    ("bitType", "0 or 1"),
    ("dateTimeType", "a KML time: a date and time such as 2024-05-01T12:00:00Z, a date, a year-month or a year"),
    ("xs:double", "a number"),
    ("xs:int", "a whole number"),
]

/// What the patterns of MapBridge's schemas mean, for messages.
private let knownPatterns: [(String, String)] = {
    let number = #"[+\-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+\-]?[0-9]+)?"#
    let tuple = number + "( ?, ?" + number + "){1,2}"
    let profileTuple = number + "," + number + "(," + number + ")?"
    return [
        ("(" + tuple + "( " + tuple + ")*)?",
         "longitude,latitude[,altitude] tuples (2 or 3 numbers joined by commas, tuples apart by whitespace)"),
        ("(" + profileTuple + "( " + profileTuple + ")*)?",
         "longitude,latitude[,altitude] tuples apart by single spaces"),
        (number + " " + number + "( " + number + ")?", "2 or 3 numbers, longitude latitude [altitude], apart by spaces"),
        (number + "( " + number + "){2}", "three numbers, heading tilt roll, apart by spaces"),
        ("[0-9A-Fa-f]{8}", "a KML colour: 8 hex digits, aabbggrr (alpha, blue, green, red)"),
        ("[0-9a-f]{8}", "a colour of 8 lower-case hex digits, aabbggrr"),
    ]
}()

/// `message` with each quoted span longer than 60 characters cut to its start: libxml2 quotes
/// whole element values and schema patterns, which can run to megabytes.
func shortenQuotes(_ message: String) -> String {
    let parts = message.split(separator: "'", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return message }
    var out = ""
    for (k, part) in parts.enumerated() {
        if k > 0 { out += "'" }
        let quoted = k % 2 == 1 && k < parts.count - 1
        if quoted && part.count > 60 {
            let flat = part.prefix(40).map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : String($0) }.joined()
            out += flat + "…"
        } else {
            out += part
        }
    }
    return out
}

private func cleanMessage(_ text: UnsafeMutablePointer<CChar>?) -> String {
    var message = text.map { String(cString: $0) } ?? "?"
    while message.hasSuffix("\n") || message.hasSuffix(" ") { message.removeLast() }
    // One line per finding in every report format.
    return String(message.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
}
