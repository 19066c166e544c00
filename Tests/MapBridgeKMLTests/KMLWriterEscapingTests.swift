import MapBridgeKML
import MapBridgeModel
import Testing

/// Text as XML 1.0 can hold it: escaped, in CDATA where it is markup, without the characters
/// XML forbids.
@Suite("KMLWriter escaping")
struct KMLWriterEscapingTests {
    @Test("&, < and > are escaped in text; quotes are not")
    func textEscapes() throws {
        let output = try writeKMLDocument([Feature(title: #"Fish & "Chips" <to go>"#)])
        #expect(placemarkLines(output.text) == [#"<Placemark><name>Fish &amp; "Chips" &lt;to go&gt;</name></Placemark>"#])
        expectSchemaValid(output)
    }

    @Test("attributes escape quotes too, and tab, line feed and carriage return as references")
    func attributeEscapes() throws {
        let output = try writeKMLDocument([Feature(properties: ["a\"b<&>\t\n\r": 1])])
        #expect(placemarkLines(output.text) == [
            "<Placemark>" + simpleDataXML(("a&quot;b&lt;&amp;&gt;&#9;&#10;&#13;", "1")) + "</Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("tab and line feed stay as they are in text; a carriage return is a reference")
    func lineBreaksInText() throws {
        let output = try writeKMLDocument([Feature(title: "a\tb\nc\r\nd")])
        #expect(output.text.contains("<name>a\tb\nc&#13;\nd</name>"))
        expectSchemaValid(output)
    }

    @Test("a description with markup is CDATA; one without is escaped text")
    func descriptionCDATA() throws {
        let output = try writeKMLDocument([Feature(subtitle: "<p>Hi & bye</p>"), Feature(subtitle: "plain > text")])
        #expect(placemarkLines(output.text) == [
            "<Placemark><description><![CDATA[<p>Hi & bye</p>]]></description></Placemark>",
            "<Placemark><description>plain &gt; text</description></Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("]]> inside CDATA is split across two sections")
    func cdataEnd() throws {
        let output = try writeKMLDocument([Feature(subtitle: "<b>a]]>b</b>]]>")])
        #expect(placemarkLines(output.text) == [
            "<Placemark><description><![CDATA[<b>a]]]]><![CDATA[>b</b>]]]]><![CDATA[>]]></description></Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("markup with a carriage return is escaped text, since CDATA would lose the carriage return")
    func cdataWithCarriageReturn() throws {
        let output = try writeKMLDocument([Feature(subtitle: "<b>a</b>\r\n")])
        #expect(placemarkLines(output.text) == ["<Placemark><description>&lt;b&gt;a&lt;/b&gt;&#13;"])
    }

    @Test("control characters XML forbids are left out and reported once, with the feature's location")
    func forbiddenCharacters() throws {
        let location = SourceLocation(file: "in.geojson", line: 1, column: 1)
        let features = [
            Feature(title: "a\u{0}b\u{1B}c\u{7F}d", location: location),
            Feature(subtitle: "<i>x\u{8}y</i>"),
            Feature(properties: ["k\u{1}": "v\u{FFFE}w\u{FFFF}"]),
        ]
        let output = try writeKMLDocument(features)
        #expect(placemarkLines(output.text) == [
            "<Placemark><name>abc\u{7F}d</name></Placemark>",
            "<Placemark><description><![CDATA[<i>xy</i>]]></description></Placemark>",
            "<Placemark>" + simpleDataXML(("k", "vw")) + "</Placemark>",
        ])
        #expect(output.codes == ["xml-characters"])
        #expect(output.diagnostics.first?.location == location)
        expectSchemaValid(output)
    }

    @Test("characters beyond ASCII pass through as UTF-8")
    func unicode() throws {
        let output = try writeKMLDocument([Feature(title: "Zürich – 東京 🛫")])
        #expect(placemarkLines(output.text) == ["<Placemark><name>Zürich – 東京 🛫</name></Placemark>"])
        expectSchemaValid(output)
    }
}
