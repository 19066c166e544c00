internal import CLibXML2
import Synchronization

/// Validation of a whole XML document against an XML Schema (XSD) file, with libxml2: for
/// checking what the KML and GPX writers emit. Nothing is fetched: the schema's imports must
/// be local files.
///
///     let problems = XMLSchemaValidation.errors(in: gpxText, schemaPath: "schemas/gpx11.xsd")
///     // [] when valid, else ["line 3: Element 'wpt': …"]
public enum XMLSchemaValidation {
    /// The schema errors of `text` against the schema at `schemaPath`, as `line N: message`
    /// (or `schema: message` for a schema that cannot be read); empty when it validates.
    public static func errors(in text: String, schemaPath: String, documentName: String = "document.xml") -> [String] {
        // libxml2's schema parsing shares state between threads (tests run in parallel and saw
        // "cannot parse" now and then): one validation at a time.
        validationLock.withLock { _ in validate(text, schemaPath: schemaPath, documentName: documentName) }
    }

    private static let validationLock = Mutex(())

    private static func validate(_ text: String, schemaPath: String, documentName: String) -> [String] {
        final class Collected { var messages: [String] = [] }
        let collected = Collected()
        let box = Unmanaged.passUnretained(collected).toOpaque()
        xmlInitParser()
        guard let parserContext = xmlSchemaNewParserCtxt(schemaPath) else { return ["cannot read \(schemaPath)"] }
        defer { xmlSchemaFreeParserCtxt(parserContext) }
        xmlSchemaSetParserStructuredErrors(parserContext, { context, error in
            guard let context, let error else { return }
            let box = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
            box.messages.append("schema: " + (error.pointee.message.map { String(cString: $0) } ?? "?"))
        }, box)
        guard let schema = xmlSchemaParse(parserContext) else { return ["cannot parse \(schemaPath)"] + collected.messages }
        defer { xmlSchemaFree(schema) }
        let bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(buffer.count), documentName, nil, Int32(XML_PARSE_NONET.rawValue))
                }
            } ?? nil
        }
        guard let document = parsed else { return ["not well-formed XML"] }
        defer { xmlFreeDoc(document) }
        guard let validation = xmlSchemaNewValidCtxt(schema) else { return ["cannot make a validation context"] }
        defer { xmlSchemaFreeValidCtxt(validation) }
        xmlSchemaSetValidStructuredErrors(validation, { context, error in
            guard let context, let error else { return }
            let box = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) } ?? "?"
            box.messages.append("line \(error.pointee.line): \(message)")
        }, box)
        let status = xmlSchemaValidateDoc(validation, document)
        if status != 0 && collected.messages.isEmpty { collected.messages.append("invalid (status \(status))") }
        return collected.messages
    }
}
