import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// `mapbridge-bench xmlevents FILE`: every event the XML parser reports, one per line, with the
/// line and column the parser gives for it, then `ok` or the error with its location. For
/// comparing the parser's engines event by event on real and hand-made files; consecutive
/// text of one kind is joined (engines may split it differently) and given the position of
/// its last piece.
enum XMLEventDump {
    static func run(_ path: String, engine: XMLParserEngine) throws {
        let sink = ByteSink(fileDescriptor: 1, name: "standard output")
        let dumper = Dumper(sink: sink)
        let parser = XMLPushParser(source: try ByteSource(path: path), handler: dumper, documentKind: "XML",
                                   chunkSize: 3 << 10, engine: engine)
        dumper.parser = parser
        do {
            while try parser.parseNextChunk() {}
            dumper.flushText()
            try sink.write("ok\n")
        } catch let error as MapBridgeError {
            dumper.flushText()
            let at = error.location.map { "\($0.line):\($0.column)" } ?? "-"
            try sink.write("error @\(at) \(error.message)\n")
        }
        try sink.flush()
    }

    struct Name: XMLElementName {
        let qualified: XMLQualifiedName
        init(_ name: XMLQualifiedName) { qualified = name }
        var text: String {
            (qualified.prefix.map { "\($0):" } ?? "") + qualified.localName + "{\(qualified.namespace ?? "")}"
        }
    }

    final class Dumper: XMLEventHandler {
        let sink: ByteSink
        weak var parser: XMLPushParser<Dumper>?
        var text: [UInt8] = []
        var textIsCDATA = false
        var textAt = ""

        init(sink: ByteSink) { self.sink = sink }

        var here: String { parser.map { "\($0.location.line):\($0.location.column)" } ?? "-" }

        func line(_ s: String) { try? sink.write(s + "\n") }

        func flushText() {
            guard !text.isEmpty else { return }
            var shown = ""
            for b in text {
                switch b {
                case 0x0A: shown += "\\n"
                case 0x0D: shown += "\\r"
                case 0x09: shown += "\\t"
                case 0x5C: shown += "\\\\"
                case 0x20..<0x7F: shown.unicodeScalars.append(Unicode.Scalar(b))
                default: shown += "\\x" + String(b, radix: 16)
                }
            }
            line("\(textIsCDATA ? "C" : "T") @\(textAt) \(shown)")
            text = []
        }

        func startElement(_ name: Name, attributes: XMLAttributes) {}

        func startElement(_ name: Name, attributeList: XMLAttributeList) {
            flushText()
            let attributes = attributeList.pairs.map { " \($0.name)=\"\($0.value)\"" }.joined()
            let raw = attributeList.valueBytes(of: "href").map { " href-bytes=\(String(decoding: $0, as: UTF8.self))" } ?? ""
            line("S @\(here) \(name.text)\(attributes)\(raw)")
        }

        func endElement(_ name: Name) {
            flushText()
            line("E @\(here) \(name.text)")
        }

        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
            if !text.isEmpty && isCDATA != textIsCDATA { flushText() }
            // CDATA at the position of its first piece (its start), text at its end.
            if text.isEmpty || !isCDATA { textAt = here }
            textIsCDATA = isCDATA
            text.append(contentsOf: bytes)
        }

        func namespaceWarning(_ message: String, line l: Int, column: Int) {
            flushText()
            line("W @\(l):\(column) \(message)")
        }
    }
}
