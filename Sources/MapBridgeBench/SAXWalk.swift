internal import CLibXML2
import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

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

/// `mapbridge-bench xmlwalk FILE`: the floor under reading XML with MapBridge's own parser —
/// `XMLPushParser` (which picks it for UTF-8) fed 1 MiB chunks, with a handler that does
/// nothing but count elements; `saxwalk`'s counterpart. Returns the number of elements.
enum XMLWalk {
    /// - Throws: `MapBridgeError` as `XMLPushParser.parseNextChunk()` throws it.
    static func run(_ source: ByteSource) throws -> Int {
        let counter = Counter()
        let parser = XMLPushParser(source: source, handler: counter, documentKind: "XML", chunkSize: SAXWalk.chunkSize)
        while try parser.parseNextChunk() {}
        return counter.elements
    }

    private struct Name: XMLElementName {
        init(_ name: XMLQualifiedName) {}
    }

    private final class Counter: XMLEventHandler {
        var elements = 0
        func startElement(_ name: Name, attributes: XMLAttributes) {}
        func startElement(_ name: Name, attributeList: XMLAttributeList) { elements += 1 }
        func endElement(_ name: Name) {}
        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {}
    }
}
