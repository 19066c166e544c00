#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CLibXML2
import MapBridgeIO
import MapBridgeModel
import Synchronization

/// A compiled XML Schema to check KML against: the KML MapBridge reads (built in, the default of
/// `mapbridge validate`), the strict profile of the KML MapBridge writes (built in), or any XSD
/// file, such as OGC's `ogckml22.xsd`. Compile it once and reuse it for every file.
///
///     let schema = try KMLSchema.reader()
///     let ogc = try KMLSchema(path: "ogckml22.xsd")
///
/// Nothing is fetched: imports must be local files (an import by `http:` URL is skipped, with
/// libxml2's warning, and elements from it then fail validation).
public final class KMLSchema {
    let schema: xmlSchemaPtr
    /// What the schema is, for messages: a path, or the name of a built-in schema.
    public let name: String
    /// Whether this is one of MapBridge's built-in KML 2.2 schemas, which cover only KML 2.2's
    /// namespace: files in Google's older namespaces skip them (with an `info` finding).
    let coversOnlyKML22: Bool
    /// Whether a KML `Document` or `Folder` may be ended and started again in the validator
    /// between two children without changing what it reports (see `KMLSchemaStream`): true for
    /// the reader schema only, where each is a repeated choice of its children, judged one by
    /// one, with no required attribute. (The writer's profile fixes an order; a file's schema
    /// may do anything.)
    let restartsContainers: Bool

    /// The KML MapBridge reads (schemas/mapbridge-kml22-read.xsd with its gx companion), built
    /// in: OGC KML 2.2's elements and values, children in any order, other namespaces welcome.
    /// - Throws: `MapBridgeError` of kind `.data` if libxml2 cannot compile it (a build fault).
    public static func reader() throws -> KMLSchema {
        try KMLSchema(text: readerText, name: "MapBridge's KML 2.2 reader schema", builtIn: true, restartsContainers: true)
    }

    /// The strict profile of the KML MapBridge's writer emits (schemas/mapbridge-kml22.xsd with
    /// its gx extension), built in: what the writer's tests check its output against. Too strict
    /// for other producers' files (fixed order, lower-case colours, 0/1 booleans, ...).
    /// - Throws: `MapBridgeError` of kind `.data` if libxml2 cannot compile it (a build fault).
    public static func profile() throws -> KMLSchema {
        try KMLSchema(text: profileText, name: "MapBridge's KML 2.2 profile", builtIn: true)
    }

    /// Compiles the XSD at `path`; relative imports resolve beside it.
    /// - Throws: `MapBridgeError`: `.inputUnavailable` when it cannot be read, `.data` when it is
    ///   not a usable XML Schema (with libxml2's first complaints).
    public convenience init(path: String) throws {
        guard let file = fopen(path, "rb") else {
            throw MapBridgeError(.inputUnavailable, "cannot open the schema '\(path)': \(systemErrorText(errno))")
        }
        fclose(file)
        try self.init(name: path, builtIn: false) { xmlSchemaNewParserCtxt(path) }
    }

    private convenience init(text: String, name: String, builtIn: Bool, restartsContainers: Bool = false) throws {
        let bytes = Array(text.utf8)
        try self.init(name: name, builtIn: builtIn, restartsContainers: restartsContainers) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        xmlSchemaNewMemParserCtxt($0, Int32(buffer.count))
                    }
                }
            }
        }
    }

    private init(name: String, builtIn: Bool, restartsContainers: Bool = false,
                 makeContext: () -> xmlSchemaParserCtxtPtr?) throws {
        self.name = name
        coversOnlyKML22 = builtIn
        self.restartsContainers = restartsContainers
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

/// Loads what a schema imports or includes: the built-in schemas' extension schemas from
/// memory, anything else through libxml2's loader that refuses the network.
private func schemaEntityLoader(_ url: UnsafePointer<CChar>?, _ id: UnsafePointer<CChar>?,
                                _ context: xmlParserCtxtPtr?) -> xmlParserInputPtr? {
    if let url {
        let name = String(cString: url)
        for (file, text) in [(KMLSchema.profileExtensionFileName, KMLSchema.profileExtensionText),
                             (KMLSchema.readerExtensionFileName, KMLSchema.readerExtensionText)]
        where name == file || name.hasSuffix("/" + file) {
            return text.withCString { bytes in
                bytes.withMemoryRebound(to: xmlChar.self, capacity: 1) { xmlNewStringInputStream(context, $0) }
            }
        }
    }
    return xmlNoNetExternalEntityLoader(url, id, context)
}
