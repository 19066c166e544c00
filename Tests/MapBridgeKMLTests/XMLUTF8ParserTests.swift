import MapBridgeIO
import MapBridgeModel
@testable import MapBridgeXML
import Testing

/// MapBridge's own XML parser against libxml2: the same events, bytes, names and positions for
/// well-formed documents, fed in pieces of any size; an error on the same line for malformed
/// ones, in words that say what to do.
@Suite("XMLUTF8Parser")
struct XMLUTF8ParserTests {
    struct Name: XMLElementName {
        var spelled: String
        init(_ name: XMLQualifiedName) {
            spelled = (name.prefix.map { "\($0):" } ?? "") + name.localName + "{\(name.namespace ?? "")}"
        }
    }

    /// Every event with the position the parser gives for it; consecutive text of one kind is
    /// joined (the engines cut it differently), at the position of its last piece (text) or
    /// its first (CDATA), as each engine gives them.
    final class Log: XMLEventHandler {
        weak var parser: XMLPushParser<Log>?
        var lines: [String] = []
        private var text: [UInt8] = []
        private var textIsCDATA = false
        private var textAt = ""
        /// Whether any text or CDATA call came with no bytes.
        var emptyPieces = 0

        private var here: String {
            guard let at = parser?.location else { return "?" }
            return "\(at.line):\(at.column)"
        }

        func flush() {
            guard !text.isEmpty else { return }
            lines.append("\(textIsCDATA ? "cdata" : "text") \(String(decoding: text, as: UTF8.self).debugDescription) at \(textAt)")
            text = []
        }

        func startElement(_ name: Name, attributes: XMLAttributes) { Issue.record("the string form was called") }

        func startElement(_ name: Name, attributeList: XMLAttributeList) {
            flush()
            let pairs = attributeList.pairs.map { "\($0.name)=\($0.value.debugDescription)" }.joined(separator: " ")
            let raw = attributeList.valueBytes(of: "a").map { String(decoding: $0, as: UTF8.self) } ?? "-"
            lines.append("start \(name.spelled) [\(pairs)] a-bytes \(raw) local \(parser?.currentElementLocalName ?? "nil") at \(here)")
        }

        func endElement(_ name: Name) {
            flush()
            lines.append("end \(name.spelled) local \(parser?.currentElementLocalName ?? "nil") at \(here)")
        }

        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
            if bytes.isEmpty { emptyPieces += 1 }
            if !text.isEmpty && isCDATA != textIsCDATA { flush() }
            if text.isEmpty || !isCDATA { textAt = here }
            textIsCDATA = isCDATA
            text.append(contentsOf: bytes)
        }

        func namespaceWarning(_ message: String, line: Int, column: Int) {
            flush()
            lines.append("warning \(message) \(line):\(column)")
        }
    }

    /// The log of `bytes` read by `engine`, fed `chunkSize` bytes at a time, and the error.
    static func read(_ bytes: [UInt8], engine: XMLParserEngine, chunkSize: Int = 3 << 10,
                     allowsHugeText: Bool = false) -> (lines: [String], error: MapBridgeError?)
    {
        let log = Log()
        let parser = XMLPushParser(source: ByteSource(bytes: bytes, name: "doc.xml"), handler: log, documentKind: "KML",
                                   chunkSize: chunkSize, allowsHugeText: allowsHugeText, engine: engine)
        log.parser = parser
        do {
            while try parser.parseNextChunk() {}
            log.flush()
            return (log.lines, nil)
        } catch {
            log.flush()
            return (log.lines, error as? MapBridgeError)
        }
    }

    static let kml = "<kml xmlns=\"http://www.opengis.net/kml/2.2\" xmlns:gx=\"http://www.google.com/kml/ext/2.2\">"

    /// Well-formed documents that between them use every part of XML the parser reads.
    static let wellFormed: [String] = [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(kml)<Placemark id=\"p1\"><name>Héllo &amp; wörld</name></Placemark></kml>\n",
        "<?xml version='1.0' encoding='utf-8' standalone='yes'?>\n<a/>",
        "<?xml version=\"1.1\"?><a/>",
        "\u{FEFF}<a>x<b/>&#38;&amp;<c a=\"&amp;&#38;&lt;&#60;&#x9;&#10;\" t='q\"uote'/></a>",
        "<a>\r\n<b>x\ry</b>\r<c\r\nq=\"1\r\n2\r3\"/>\r\n<d>éé<![CDATA[p\r\nq\rr]]>é</d></a>\r\n",
        "<a t=\"éé\"><b/><!-- éé --><c/><?p éé?><d/><![CDATA[éé]]><e/>éé<f/>&#233;<g/><éé/></a>",
        "<a><![CDATA[]]><![CDATA[ ]] ]> < & ]]]><![CDATA[a]]]]><![CDATA[>b]]></a>",
        "<a>&amp;&lt;&gt;&quot;&apos;&#233;&#x1F600;&#xe9; ]] ] x</a>",
        "\(kml)<gx:Track><gx:coord>1 2 3</gx:coord></gx:Track><x:y a=\"1\"  b = \"2\" >t</x:y  ></kml>",
        "<a xsi:schemaLocation=\"u\" xml:lang=\"en\"><b xmlns:p=\"u1\"><p:c xmlns:p=\"u2\"><p:d/></p:c><p:e/></b></a>",
        "<a xmlns=\"u\"><b xmlns=\"\"><c/></b><d xmlns=\"v\"/><e/></a>",
        "<café été=\"1\"><中/></café>",
        "<?xml-stylesheet href=\"s\"?>\n<!-- before -->\n<a>\n  <b>x</b>\n</a>\n<!-- after -->\n<?pi after?>\n\n",
        "<a>" + String(repeating: "lorem ipsum dolor ", count: 2000) + "</a>",
        "<a v=\"" + String(repeating: "v", count: 20000) + "\"/>",
        "<a><![CDATA[" + String(repeating: "cé", count: 5000) + "]]>tail</a>",
        "<a>" + String(repeating: "<b c=\"1\">x</b>\n", count: 500) + "</a>",
        "<a " + (0..<40).map { "x\($0)=\"\($0)\"" }.joined(separator: " ") + "/>",
        // More names than the name table first has room for.
        "<r>" + (0..<300).map { "<n\($0) a\($0)=\"\($0)\"/>" }.joined() + "</r>",
        // Names guessed from the one before, and names that start as the guess does.
        "<a><b/><bc/><b/><bcd/><b/><b.c/><b/><b-c/><b/><b:x xmlns:b=\"u\"/><b/><bé/><b/><b/></a>",
    ]

    /// Malformed documents, each with the line its error is on.
    static let malformed: [(text: String, line: Int)] = [
        ("<a>\n  <b>x</c>\n</a>", 2),
        ("<a>\n<b>text", 2),
        ("<a><b attr=\"1", 1),
        ("hello<a/>", 1),
        ("<a/>\njunk", 2),
        ("<a/><b/>", 1),
        ("<a><!-- x -- y --></a>", 1),
        ("<a x=\"1\" x=\"2\"/>", 1),
        ("<a xmlns:p=\"u\" xmlns:q=\"u\" p:x=\"1\" q:x=\"2\"/>", 1),
        ("<a x=1/>", 1),
        ("<a x=\"<\"/>", 1),
        ("<a x/>", 1),
        ("<a x=\"1\"y=\"2\"/>", 1),
        ("<a x=\"&nbsp;\"/>", 1),
        ("<a>fish & chips</a>", 1),
        ("<a>\nx&nbsp;y</a>", 2),
        ("<a>x ]]> y</a>", 1),
        ("<a>&#0;</a>", 1),
        ("<a>&#xD800;</a>", 1),
        ("<a>&#x110000;</a>", 1),
        ("<a>x\u{1}y</a>", 1),
        ("<a xmlns:p=\"\"/>", 1),
        ("<a:b:c xmlns:a=\"u\"/>", 1),
        ("<1a/>", 1),
        ("< a/>", 1),
        ("<a></a x=\"1\">", 1),
        ("</a>", 1),
        ("<a / >", 1),
        ("<a><![CDATA[abc", 1),
        ("\n<?xml version=\"1.0\"?><a/>", 2),
        ("<?xml version=\"2.0\"?><a/>", 1),
        ("<?xml encoding=\"UTF-8\"?><a/>", 1),
        ("<a><?xml version=\"1.0\"?></a>", 1),
        ("<!-- only a comment -->", 1),
    ]

    @Test("well-formed documents: the same events, bytes, names and positions as libxml2", arguments: wellFormed)
    func sameAsLibxml2(text: String) {
        let ours = Self.read(Array(text.utf8), engine: .automatic)
        let theirs = Self.read(Array(text.utf8), engine: .libxml2)
        #expect(ours.error == nil, "\(ours.error.map { "\($0)" } ?? "")")
        #expect(theirs.error == nil)
        #expect(ours.lines.count > 1)
        #expect(ours.lines == theirs.lines)
    }

    @Test("fed a byte at a time or 7 at a time, a document gives the events it gives whole", arguments: wellFormed)
    func piecesOfAnySize(text: String) {
        let whole = Self.read(Array(text.utf8), engine: .automatic, chunkSize: 1 << 20)
        for size in [1, 7] {
            let pieces = Self.read(Array(text.utf8), engine: .automatic, chunkSize: size)
            #expect(pieces.lines == whole.lines, "chunk size \(size)")
            #expect(pieces.error == nil)
        }
    }

    @Test("malformed documents: an error where libxml2 has one, on the same line, fed whole or in pieces",
          arguments: malformed)
    func malformedAsLibxml2(text: String, line: Int) {
        let theirs = Self.read(Array(text.utf8), engine: .libxml2)
        #expect(theirs.error?.location?.line == line, "libxml2: \(theirs.error.map { "\($0)" } ?? "no error")")
        for size in [1, 3 << 10] {
            let ours = Self.read(Array(text.utf8), engine: .automatic, chunkSize: size)
            let error = ours.error
            #expect(error?.location?.line == line, "chunk size \(size): \(error.map { "\($0)" } ?? "no error")")
            #expect(error?.message.hasPrefix("malformed XML: ") == true || error?.message.contains("the file ends") == true,
                    "\(error?.message ?? "")")
        }
    }

    @Test("bytes that are not UTF-8 are shown, with what to do")
    func notUTF8() throws {
        let error = try #require(Self.read(Array("<a>\n caf".utf8) + [0xE9] + Array(" au lait</a>".utf8), engine: .automatic).error)
        #expect(error.message.contains("not UTF-8 (bytes 0xE9 0x20 0x61 0x75)"), "\(error.message)")
        #expect(error.message.contains("encoding="))
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 5)
    }

    @Test("document text in a message stays on one line")
    func messageOnOneLine() throws {
        let error = try #require(Self.read(Array("<?xml version=\"1.\n0\"?><a/>".utf8), engine: .automatic).error)
        #expect(!error.message.contains("\n"), "\(error.message)")
        #expect(error.message.contains("'1.\\n0'"), "\(error.message)")
    }

    @Test("an entity XML does not define names the character reference to write instead")
    func undefinedEntity() throws {
        let error = try #require(Self.read(Array("<a>x&nbsp;y</a>".utf8), engine: .automatic).error)
        #expect(error.message.contains("&nbsp; is not defined"))
        #expect(error.message.contains("&#160;"))
        #expect(error.location?.column == 5)
    }

    @Test("a mismatched end tag names both elements and where the open one started")
    func mismatch() throws {
        let error = try #require(Self.read(Array("<kml>\n<Document>\n</Folder></kml>".utf8), engine: .automatic).error)
        #expect(error.message.contains("</Folder> does not match the open element <Document> (opened at line 2"), "\(error.message)")
        // Where libxml2, and so `validate`, puts it: after the end tag.
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 10)
    }

    @Test("a DOCTYPE is refused where it stands, before anything in it is read")
    func doctype() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE kml [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>\n<kml>&b;</kml>"
        let error = try #require(Self.read(Array(text.utf8), engine: .automatic).error)
        #expect(error.message.contains("DOCTYPE"))
        #expect(error.location?.line == 2)
    }

    @Test("a document in another encoding is read by libxml2, which decodes it")
    func otherEncoding() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf".utf8) + [0xE9] + Array("</a>".utf8)
        let read = Self.read(bytes, engine: .automatic)
        #expect(read.error == nil)
        #expect(read.lines.contains { $0.hasPrefix("text \"café\"") }, "\(read.lines)")
    }

    @Test("an empty CDATA section is reported, as libxml2 reports it")
    func emptyCDATA() {
        let log = Log()
        let parser = XMLPushParser(source: ByteSource(bytes: Array("<a><![CDATA[]]></a>".utf8), name: "doc.xml"), handler: log,
                                   documentKind: "KML")
        log.parser = parser
        #expect(throws: Never.self) { while try parser.parseNextChunk() {} }
        #expect(log.emptyPieces == 1)
    }

    @Test("a long attribute value and a long CDATA section fed in small pieces arrive whole")
    func longTokensInPieces() throws {
        let value = String(repeating: "0123456789", count: 200_000)
        let text = "<a v=\"\(value)\"><![CDATA[\(value)]]></a>"
        let read = Self.read(Array(text.utf8), engine: .automatic, chunkSize: 3 << 10)
        #expect(read.error == nil)
        #expect(read.lines.first?.hasPrefix("start a{} [v=\(value.debugDescription)]") == true)
        #expect(read.lines.contains { $0.hasPrefix("cdata \(value.debugDescription) at") })
        #expect(read.lines == Self.read(Array(text.utf8), engine: .libxml2).lines)
    }

    @Test("a CDATA section past 10,000,000 bytes is refused unless huge text is allowed")
    func hugeCDATA() throws {
        let text = "<a><![CDATA[" + String(repeating: "x", count: 10_000_001) + "]]></a>"
        let refused = try #require(Self.read(Array(text.utf8), engine: .automatic, chunkSize: 1 << 16).error)
        #expect(refused.message.contains("10,000,000 bytes"))
        let allowed = Self.read(Array(text.utf8), engine: .automatic, chunkSize: 1 << 16, allowsHugeText: true)
        #expect(allowed.error == nil)
    }
}
