import MapBridgeIO
import MapBridgeXML
import Testing

/// Attributes read in place: a value made a string only when asked for, `&amp;` expanded, and
/// handlers that keep the string form still get it.
@Suite("XMLAttributeList")
struct XMLAttributeListTests {
    struct Name: XMLElementName {
        var localName: String
        init(_ name: XMLQualifiedName) { localName = name.localName }
    }

    /// Asks for some attributes in place.
    final class InPlace: XMLEventHandler {
        var seen: [(String, String?, String?, Int)] = []
        func startElement(_ name: Name, attributes: XMLAttributes) { Issue.record("the string form was called") }
        func startElement(_ name: Name, attributeList: XMLAttributeList) {
            seen.append((name.localName, attributeList.value(of: "id"), attributeList.value(of: "name"), attributeList.count))
        }
        func endElement(_ name: Name) {}
        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {}
    }

    /// Keeps the strings (as the GPX reader does).
    final class Strings: XMLEventHandler {
        var seen: [XMLAttributes] = []
        func startElement(_ name: Name, attributes: XMLAttributes) { seen.append(attributes) }
        func endElement(_ name: Name) {}
        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {}
    }

    private static let document = #"<a xmlns:x="urn:x"><b/><c id="f&amp;0" x:name="Fish &amp; &lt;Chips&gt;" idx="no"/><d name="" id="2"/></a>"#

    @Test("values by local name, only those asked for; none, empty and escaped values")
    func inPlace() throws {
        let handler = InPlace()
        let parser = XMLPushParser(source: ByteSource(bytes: Array(Self.document.utf8)), handler: handler, documentKind: "XML")
        while try parser.parseNextChunk() {}
        #expect(handler.seen.map(\.0) == ["a", "b", "c", "d"])
        #expect(handler.seen.map(\.1) == [nil, nil, "f&0", "2"])
        #expect(handler.seen.map(\.2) == [nil, nil, "Fish & <Chips>", ""])
        #expect(handler.seen.map(\.3) == [0, 0, 3, 2])
    }

    /// Reads value bytes in place, as the KML reader does for data names.
    final class Bytes: XMLEventHandler {
        var seen: [(String?, String?)] = []
        func startElement(_ name: Name, attributes: XMLAttributes) { Issue.record("the string form was called") }
        func startElement(_ name: Name, attributeList: XMLAttributeList) {
            seen.append((attributeList.valueBytes(of: "name").map { String(decoding: $0, as: UTF8.self) },
                         attributeList.valueBytes(of: "id").map { String(decoding: $0, as: UTF8.self) }))
        }
        func endElement(_ name: Name) {}
        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {}
    }

    @Test("value bytes in place: libxml2's (& as &#38;), none for a missing attribute or a list of strings")
    func valueBytes() throws {
        let handler = Bytes()
        let parser = XMLPushParser(source: ByteSource(bytes: Array(Self.document.utf8)), handler: handler, documentKind: "XML")
        while try parser.parseNextChunk() {}
        #expect(handler.seen.map(\.0) == [nil, nil, "Fish &#38; <Chips>", ""])
        #expect(handler.seen.map(\.1) == [nil, nil, "f&#38;0", "2"])
        #expect(XMLAttributeList([("name", "x")]).valueBytes(of: "name") == nil)
    }

    @Test("a handler of strings gets every attribute in order, as before")
    func strings() throws {
        let handler = Strings()
        let parser = XMLPushParser(source: ByteSource(bytes: Array(Self.document.utf8)), handler: handler, documentKind: "XML")
        while try parser.parseNextChunk() {}
        #expect(handler.seen.count == 4)
        #expect(handler.seen[2].map(\.name) == ["id", "name", "idx"])
        #expect(handler.seen[2].map(\.value) == ["f&0", "Fish & <Chips>", "no"])
        #expect(XMLAttributeList(handler.seen[3]).value(of: "id") == "2")
    }

    /// Asks for attributes by static names, as the KML reader does.
    final class StaticNames: XMLEventHandler {
        var seen: [(String?, String?, String?)] = []
        func startElement(_ name: Name, attributes: XMLAttributes) { Issue.record("the string form was called") }
        func startElement(_ name: Name, attributeList: XMLAttributeList) {
            seen.append((attributeList.value(of: "id" as StaticString), attributeList.value(of: "name" as StaticString),
                         attributeList.value(of: "i" as StaticString)))
        }
        func endElement(_ name: Name) {}
        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {}
    }

    @Test("values by static names: the same as by strings, and no prefix of a name matches")
    func staticNames() throws {
        let handler = StaticNames()
        let parser = XMLPushParser(source: ByteSource(bytes: Array(Self.document.utf8)), handler: handler, documentKind: "XML")
        while try parser.parseNextChunk() {}
        #expect(handler.seen.map(\.0) == [nil, nil, "f&0", "2"])
        #expect(handler.seen.map(\.1) == [nil, nil, "Fish & <Chips>", ""])
        #expect(handler.seen.map(\.2) == [nil, nil, nil, nil])
        #expect(XMLAttributeList([("id", "7")]).value(of: "id" as StaticString) == "7")
    }

    @Test("texts made strings: short ASCII ones copied in place, the rest (long, non-ASCII, bad UTF-8) as String(decoding:) makes them")
    func xmlText() {
        let texts: [[UInt8]] = [[], Array("f0".utf8), Array("123456789012345".utf8), Array("1234567890123456".utf8),
                                Array("Dvůr 744".utf8), [0x61, 0xFF, 0x62], [0xC3], Array("Lake Kingsbridge and more".utf8),
                                [0x61, 0x00, 0x62], Array(repeating: 0xFE, count: 20)]
        for text in texts {
            let made = text.withUnsafeBufferPointer { String(xmlText: $0) }
            let expected = String(decoding: text, as: UTF8.self)
            #expect(made == expected && Array(made.utf8) == Array(expected.utf8), "\(text)")
        }
    }

    /// Records starts and ends by name.
    final class Events: XMLEventHandler {
        var events: [String] = []
        func startElement(_ name: Name, attributes: XMLAttributes) { events.append("+" + name.localName) }
        func endElement(_ name: Name) { events.append("-" + name.localName) }
        func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {}
    }

    @Test("each end names the element its start opened: empty elements, prefixes, namespaces, names reused")
    func endsMatchStarts() throws {
        let document = #"<a xmlns="urn:a" xmlns:p="urn:p"><p:b><b/><p:b/></p:b><c xmlns="urn:c"><b></b></c><a/></a>"#
        let handler = Events()
        // Small chunks: names cut across chunks, and several chunks per element.
        let parser = XMLPushParser(source: ByteSource(bytes: Array(document.utf8)), handler: handler, documentKind: "XML",
                                   chunkSize: 3)
        while try parser.parseNextChunk() {}
        #expect(handler.events == ["+a", "+b", "+b", "-b", "+b", "-b", "-b", "+c", "+b", "-b", "-c", "+a", "-a", "-a"])
    }
}
