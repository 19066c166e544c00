internal import CLibXML2
import MapBridgeIO
import MapBridgeModel

/// `mapbridge-bench saxwalk FILE`: the floor under reading XML — libxml2's SAX2 push parser fed
/// 1 MiB chunks with callbacks that do nothing, with the options the KML reader uses (no
/// network). Returns the number of elements, counted by the start callback.
enum SAXWalk {
    static let chunkSize = 1 << 20

    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when the file cannot be read,
    ///   `.data` when libxml2 reports an error (with libxml2's code).
    static func run(_ source: ByteSource) throws -> Int {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { context, _, _, _, _, _, _, _, _ in
            guard let context else { return }
            let counter = Unmanaged<ElementCounter>.fromOpaque(context).takeUnretainedValue()
            counter.elements += 1
        }
        sax.endElementNs = { _, _, _, _ in }
        sax.characters = { _, _, _ in }
        sax.cdataBlock = { _, _, _ in }
        let counter = ElementCounter()
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        guard let context = xmlCreatePushParserCtxt(&sax, Unmanaged.passUnretained(counter).toOpaque(), nil, 0, source.name)
        else { throw MapBridgeError(.data, "libxml2 could not make a parser for \(source.name)") }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        while true {
            let n = try source.read(into: buffer, count: chunkSize)
            let status = xmlParseChunk(context, buffer.assumingMemoryBound(to: CChar.self), Int32(n), n == 0 ? 1 : 0)
            if status != 0 { throw MapBridgeError(.data, "\(source.name): libxml2 error \(status)") }
            if n == 0 { break }
        }
        return withExtendedLifetime(counter) { counter.elements }
    }
}

/// The one piece of state the walk keeps.
private final class ElementCounter {
    var elements = 0
}
