import MapBridgeIO
import MapBridgeModel
@testable import MapBridgeXML
import Testing

/// libxml2 on a thread of its own, its events recorded on a tape and replayed: the handler
/// must see exactly the calls, bytes, locations and errors `XMLPushParser` shows it, step by
/// step, and no parsing thread may outlive its parser.
@Suite("XMLThreadedParser")
struct XMLThreadedParserTests {
    struct Name: XMLElementName {
        var spelled: String
        init(_ name: XMLQualifiedName) {
            spelled = [name.prefix, name.localName, name.namespace].map { $0 ?? "-" }.joined(separator: "|")
        }
    }

    /// Writes down every call with what the parser says during it.
    final class Log: XMLEventHandler {
        weak var parser: (any XMLEventSource)?
        var lines: [String] = []
        /// Asks the parser to stop after this many element starts (`nil`: never).
        var stopAfter: Int?
        var starts = 0

        private var here: String {
            guard let parser else { return "?" }
            let at = parser.location
            return "\(at.line):\(at.column)"
        }

        func startElement(_ name: Name, attributes: XMLAttributes) { Issue.record("the string form was called") }

        func startElement(_ name: Name, attributeList: XMLAttributeList) {
            let pairs = attributeList.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            let bytes = attributeList.valueBytes(of: "a").map { Array($0) }
            lines.append("start \(name.spelled) [\(pairs)] a-bytes \(bytes.map { "\($0)" } ?? "none") id \(attributeList.value(of: "id") ?? "none") local \(parser?.currentElementLocalName ?? "nil") at \(here)")
            starts += 1
        }

        func endElement(_ name: Name) {
            lines.append("end \(name.spelled) local \(parser?.currentElementLocalName ?? "nil") at \(here)")
        }

        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
            lines.append("\(isCDATA ? "cdata" : "text") \(bytes.count) \(String(decoding: bytes, as: UTF8.self)) local \(parser?.currentElementLocalName ?? "nil") at \(here)")
        }

        func namespaceWarning(_ message: String, line: Int, column: Int) {
            lines.append("warning \(message) \(line):\(column) at \(here)")
        }
    }

    /// The log of parsing `bytes` with `parser`, a line at each step's end and the error.
    static func log(_ bytes: [UInt8], threaded: Bool, chunkSize: Int, allowsHugeText: Bool = false,
                    stopAfter: Int? = nil) -> [String]
    {
        let log = Log()
        log.stopAfter = stopAfter
        let source = ByteSource(bytes: bytes, name: "doc.xml")
        let parser: any XMLEventSource
        if threaded {
            guard let made = XMLThreadedParser(source: source, handler: log, documentKind: "XML", chunkSize: chunkSize,
                                               allowsHugeText: allowsHugeText)
            else {
                Issue.record("no thread")
                return []
            }
            parser = made
        } else {
            parser = XMLPushParser(source: source, handler: log, documentKind: "XML", chunkSize: chunkSize,
                                   allowsHugeText: allowsHugeText)
        }
        log.parser = parser
        do {
            while try parser.parseNextChunk() {
                log.lines.append("step \(parser.bytesRead)")
                if let limit = stopAfter, log.starts >= limit {
                    log.lines.append("stopped")
                    return log.lines
                }
            }
            log.lines.append("finished \(parser.finished) \(parser.bytesRead)")
        } catch {
            log.lines.append("error \(error)")
            // Asked again, the error comes again.
            do {
                _ = try parser.parseNextChunk()
                log.lines.append("no error the second time")
            } catch {
                log.lines.append("again \(error)")
            }
        }
        return log.lines
    }

    /// Expects the threaded parser's log to equal the push parser's for `text` at each chunk size.
    static func expectSameLog(_ text: String, chunkSizes: [Int] = [1, 7, 3 << 10, 1 << 16], allowsHugeText: Bool = false,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        expectSameLog(Array(text.utf8), chunkSizes: chunkSizes, allowsHugeText: allowsHugeText, sourceLocation: sourceLocation)
    }

    static func expectSameLog(_ bytes: [UInt8], chunkSizes: [Int] = [1, 7, 3 << 10, 1 << 16], allowsHugeText: Bool = false,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation)
    {
        for size in chunkSizes {
            let direct = log(bytes, threaded: false, chunkSize: size, allowsHugeText: allowsHugeText)
            let replayed = log(bytes, threaded: true, chunkSize: size, allowsHugeText: allowsHugeText)
            #expect(direct.count > 1, sourceLocation: sourceLocation)
            #expect(replayed == direct, "chunk size \(size)", sourceLocation: sourceLocation)
            if replayed != direct, let k = zip(replayed, direct).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                Issue.record("first difference at event \(k): \(replayed[k]) vs \(direct[k])", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("attributes: entities and character references, prefixes, empty values, none")
    func attributes() {
        Self.expectSameLog(#"""
        <?xml version="1.0"?>
        <r xmlns:x="urn:x" xmlns="urn:d"><e a="1 &amp; 2 &lt;3&gt; &#233;&#x41;" id=""/><e/>
        <x:e x:id="p" a='q"uote' b="&quot;"><f id="v&amp;w">t</f></x:e></r>
        """#)
    }

    @Test("text: entities, CDATA, whitespace, text around elements, non-ASCII")
    func text() {
        Self.expectSameLog("""
        <r>
          one &amp; two &#x263A; <![CDATA[<not> &amp; markup]]>tail<e>é ü 日本</e>
          <e><![CDATA[]]></e><e>  </e>
        </r>
        """)
    }

    @Test("a text far longer than a tape piece, and a CDATA section as long")
    func longText() {
        let long = String(repeating: "0123456789 abc, ", count: 40_000)  // 640 KB
        Self.expectSameLog("<r><t>\(long)</t><c><![CDATA[\(long)]]></c><t>after</t></r>", chunkSizes: [3 << 10, 1 << 16])
    }

    @Test("many elements: steps across many tape pieces")
    func manyPieces() {
        var text = "<r>"
        for k in 0..<5_000 {
            text += #"<p id="\#(k)"><name>place \#(k)</name><c>\#(k),\#(k % 90),0</c></p>"#
        }
        text += "</r>"
        Self.expectSameLog(text, chunkSizes: [3 << 10, 1 << 16])
    }

    @Test("undeclared prefixes: namespace warnings with their locations")
    func namespaceWarnings() {
        Self.expectSameLog("""
        <r>
          <q:e xsi:schemaLocation="x">t</q:e>
          <q:e/>
        </r>
        """)
    }

    @Test("malformed XML stops at the same event with the same message and location", arguments: [
        "<r>\n<a>x</b></r>",
        "<r><a>x</a>\n<b attr=noquotes/></r>",
        "<r><a>text</a><b>cut off",
        "<r><a>x</a></r><extra/>",
        "   <?xml version=\"1.0\"?><r/>",
        "<!DOCTYPE r [<!ENTITY e \"x\">]><r>&e;</r>",
        "",
        "<r>&undefined;</r>",
    ])
    func malformed(_ text: String) {
        Self.expectSameLog(text)
    }

    @Test("bytes that are not UTF-8 and an encoding that cannot decode them")
    func encodings() {
        Self.expectSameLog(Array("<r><a>caf".utf8) + [0xE9] + Array("</a></r>".utf8))
        Self.expectSameLog(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r><a>caf".utf8) + [0xE9] + Array("</a></r>".utf8))
    }

    @Test("a text over libxml2's limit: refused, or read with huge text allowed")
    func hugeText() {
        let huge = "<r><t>" + String(repeating: "x", count: 10_000_100) + "</t></r>"
        Self.expectSameLog(huge, chunkSizes: [1 << 16])
        Self.expectSameLog(huge, chunkSizes: [1 << 16], allowsHugeText: true)
    }

    @Test("a handler that stops early: the parsing thread ends and no thread is left")
    func earlyStop() throws {
        var text = "<r>"
        for k in 0..<20_000 { text += "<p><n>\(k)</n></p>" }
        text += "</r>"
        let bytes = Array(text.utf8)
        let direct = Self.log(bytes, threaded: false, chunkSize: 3 << 10, stopAfter: 50)
        let replayed = Self.log(bytes, threaded: true, chunkSize: 3 << 10, stopAfter: 50)
        #expect(replayed == direct)
        #expect(replayed.last == "stopped")

        // Stopped at once, and released without being stopped: each time the thread ends.
        for stops in [true, false] {
            let log = Log()
            var recorder: XMLEventRecorder?
            do {
                let parser = try #require(XMLThreadedParser(source: ByteSource(bytes: bytes, name: "doc.xml"), handler: log,
                                                            documentKind: "XML", chunkSize: 3 << 10))
                log.parser = parser
                recorder = parser.recorder
                #expect(try parser.parseNextChunk())
                if stops {
                    parser.stop()
                    #expect(parser.recorder.hasEnded)
                    #expect(try !parser.parseNextChunk())
                }
            }
            #expect(recorder?.hasEnded == true)
        }
    }

    @Test("a parser never asked for a step ends its thread when released")
    func unused() throws {
        var recorder: XMLEventRecorder?
        do {
            let parser = try #require(XMLThreadedParser(source: ByteSource(bytes: Array(String(repeating: "<a/>", count: 100_000).utf8),
                                                                           name: "doc.xml"),
                                                        handler: Log(), documentKind: "XML"))
            recorder = parser.recorder
        }
        #expect(recorder?.hasEnded == true)
    }
}
