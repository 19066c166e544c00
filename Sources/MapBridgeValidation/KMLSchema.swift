#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibXML2
import MapBridgeIO
import MapBridgeModel
import Synchronization

/// A compiled XML Schema to check KML against: MapBridge's own KML 2.2 profile (built in), or
/// any XSD file, such as OGC's `ogckml22.xsd`. Compile it once and reuse it for every file.
///
///     let schema = try KMLSchema.profile()
///     let ogc = try KMLSchema(path: "ogckml22.xsd")
///
/// Nothing is fetched: imports must be local files (an import by `http:` URL is skipped, with
/// libxml2's warning, and elements from it then fail validation).
public final class KMLSchema {
    let schema: xmlSchemaPtr
    /// What the schema is, for messages: a path, or "MapBridge's KML 2.2 profile".
    public let name: String

    /// MapBridge's KML 2.2 profile (schemas/mapbridge-kml22.xsd with its gx extension), built in.
    /// - Throws: `MapBridgeError` of kind `.data` if libxml2 cannot compile it (a build fault).
    public static func profile() throws -> KMLSchema {
        try KMLSchema(text: profileText, name: "MapBridge's KML 2.2 profile")
    }

    /// Compiles the XSD at `path`; relative imports resolve beside it.
    /// - Throws: `MapBridgeError`: `.inputUnavailable` when it cannot be read, `.data` when it is
    ///   not a usable XML Schema (with libxml2's first complaints).
    public convenience init(path: String) throws {
        guard let file = fopen(path, "rb") else {
            throw MapBridgeError(.inputUnavailable, "cannot open the schema '\(path)': \(systemErrorText(errno))")
        }
        fclose(file)
        try self.init(name: path) { xmlSchemaNewParserCtxt(path) }
    }

    private convenience init(text: String, name: String) throws {
        let bytes = Array(text.utf8)
        try self.init(name: name) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        xmlSchemaNewMemParserCtxt($0, Int32(buffer.count))
                    }
                }
            }
        }
    }

    private init(name: String, makeContext: () -> xmlSchemaParserCtxtPtr?) throws {
        self.name = name
        let compiled = schemaLock.withLock { _ in Compiled(compile(makeContext)) }
        guard let pointer = compiled.schema else {
            let why = compiled.messages.prefix(3).joined(separator: "; ")
            throw MapBridgeError(.data, "'\(name)' is not a usable XML Schema" + (why.isEmpty ? "" : ": \(why)"))
        }
        schema = pointer
    }

    deinit { xmlSchemaFree(schema) }
}

/// A compiled schema handed out of the lock, with the compiler's complaints.
private struct Compiled: @unchecked Sendable {
    var schema: xmlSchemaPtr?
    var messages: [String]
    init(_ result: (xmlSchemaPtr?, [String])) { (schema, messages) = result }
}

/// Compiles the schema that `makeContext`'s parser context reads; call with `schemaLock` held.
private func compile(_ makeContext: () -> xmlSchemaParserCtxtPtr?) -> (xmlSchemaPtr?, [String]) {
    final class Collected { var messages: [String] = [] }
    let collected = Collected()
    let compiled: xmlSchemaPtr? = {
        xmlInitParser()
        // Imports are served by our loader: the profile's extension from memory, local
        // files as usual, and never the network.
        let previous = xmlGetExternalEntityLoader()
        xmlSetExternalEntityLoader(schemaEntityLoader)
        defer { xmlSetExternalEntityLoader(previous) }
        guard let context = makeContext() else { return nil }
        defer { xmlSchemaFreeParserCtxt(context) }
        xmlSchemaSetParserStructuredErrors(context, { box, error in
            guard let box, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            var message = error.pointee.message.map { String(cString: $0) } ?? "?"
            while message.hasSuffix("\n") { message.removeLast() }
            let line = error.pointee.line > 0 ? "line \(error.pointee.line): " : ""
            Unmanaged<Collected>.fromOpaque(box).takeUnretainedValue().messages.append(line + message)
        }, Unmanaged.passUnretained(collected).toOpaque())
        return xmlSchemaParse(context)
    }()
    return (compiled, collected.messages)
}

/// libxml2's schema compiler shares global state (the entity loader among it): one at a time.
private let schemaLock = Mutex(())

/// Loads what a schema imports or includes: the built-in profile's extension schema from
/// memory, anything else through libxml2's loader that refuses the network.
private func schemaEntityLoader(_ url: UnsafePointer<CChar>?, _ id: UnsafePointer<CChar>?,
                                _ context: xmlParserCtxtPtr?) -> xmlParserInputPtr? {
    if let url, String(cString: url).hasSuffix("/" + KMLSchema.profileExtensionFileName)
        || String(cString: url) == KMLSchema.profileExtensionFileName
    {
        return KMLSchema.profileExtensionText.withCString { text in
            text.withMemoryRebound(to: xmlChar.self, capacity: 1) { xmlNewStringInputStream(context, $0) }
        }
    }
    return xmlNoNetExternalEntityLoader(url, id, context)
}
