import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// The document around the placemarks: header, name and description, layouts, and what a
/// Document cannot hold.
@Suite("KMLWriter document")
struct KMLWriterDocumentTests {
    @Test("an empty document is a kml element around an empty Document",
          arguments: [KMLWriter.Options(), streamingOptions()])
    func emptyDocument(options: KMLWriter.Options) throws {
        let output = try writeKMLDocument([], options: options)
        #expect(output.text == expectedKML())
        #expect(output.codes.isEmpty)
        expectSchemaValid(output)
    }

    @Test("the document's name and description come first, the description in CDATA when it holds markup")
    func nameAndDescription() throws {
        let document = DocumentInfo(name: "Hubs & spokes", description: "<b>Big</b> airports")
        let output = try writeKMLDocument([], document: document)
        #expect(output.text == expectedKML(
            documentStart: "<Document><name>Hubs &amp; spokes</name><description><![CDATA[<b>Big</b> airports]]></description>"))
        expectSchemaValid(output)
    }

    @Test("with shared styles the header uses the complete document that finish receives")
    func sharedStylesUseFinishDocument() throws {
        var diagnostics: [Diagnostic] = []
        let sink = ByteSink(collectingInMemoryNamed: "out.kml")
        let writer = KMLWriter(sink: sink) { diagnostics.append($0) }
        try writer.begin(DocumentInfo())
        try writer.write(Feature(shape: .annotation(wpt(1, 2))))
        try writer.finish(DocumentInfo(name: "Late"))
        let text = String(decoding: sink.collectedBytes, as: UTF8.self)
        #expect(text == expectedKML("<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>",
                                    documentStart: "<Document><name>Late</name>"))
        #expect(diagnostics.isEmpty)
    }

    @Test("written as it goes, a name that arrives only at finish is reported, not written")
    func streamingReportsLateName() throws {
        var diagnostics: [Diagnostic] = []
        let sink = ByteSink(collectingInMemoryNamed: "out.kml")
        let writer = KMLWriter(sink: sink, options: streamingOptions()) { diagnostics.append($0) }
        try writer.begin(DocumentInfo())
        try writer.finish(DocumentInfo(name: "Late"))
        #expect(String(decoding: sink.collectedBytes, as: UTF8.self) == expectedKML())
        #expect(diagnostics.map(\.code) == ["document-late"])
    }

    @Test("inline styles and text properties stream: the header is in the sink before finish")
    func streaming() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out.kml")
        let writer = KMLWriter(sink: sink, options: streamingOptions())
        try writer.begin(DocumentInfo(name: "Now"))
        try writer.write(Feature(shape: .annotation(wpt(1, 2))))
        try sink.flush()
        #expect(String(decoding: sink.collectedBytes, as: UTF8.self).contains("<name>Now</name>"))
    }

    @Test("shared styles or typed properties hold the placemarks back until finish",
          arguments: [KMLWriter.Options(), inlineStyleOptions(), streamingOptions { $0.styles = .shared }])
    func sharedStylesWaitForFinish(options: KMLWriter.Options) throws {
        let sink = ByteSink(collectingInMemoryNamed: "out.kml")
        let writer = KMLWriter(sink: sink, options: options)
        try writer.begin(DocumentInfo(name: "Later"))
        try writer.write(Feature(shape: .annotation(wpt(1, 2))))
        try sink.flush()
        #expect(sink.collectedBytes.isEmpty)
        try writer.finish(DocumentInfo(name: "Later"))
        #expect(!sink.collectedBytes.isEmpty)
    }

    @Test("other document members are reported once; name and description are not among them")
    func documentMembers() throws {
        let document = DocumentInfo(name: "N", foreignMembers: ["name": "N", "license": "CC0", "source": 1])
        let output = try writeKMLDocument([], document: document)
        #expect(output.codes == ["document-dropped"])
        #expect(output.diagnostics.first?.message.contains("'license', 'source'") == true)
        #expect(output.diagnostics.first?.severity == .warning)
    }

    @Test("write without begin begins an empty document; finish twice writes once")
    func lenientOrder() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out.kml")
        let writer = KMLWriter(sink: sink)
        try writer.write(Feature(shape: .annotation(wpt(1, 2))))
        try writer.finish(DocumentInfo())
        try writer.finish(DocumentInfo())
        let text = String(decoding: sink.collectedBytes, as: UTF8.self)
        #expect(text == expectedKML("<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>"))
    }

    @Test("pretty puts every element on its own line, indented by two spaces")
    func pretty() throws {
        var options = KMLWriter.Options()
        options.pretty = true
        let feature = Feature(title: "A", shape: .annotation(wpt(1, 2)), style: Style(strokeWidth: 2), folderPath: ["F"])
        let output = try writeKMLDocument([feature], document: DocumentInfo(name: "D"), options: options)
        #expect(output.text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
              <Document>
                <name>D</name>
                <Style id="style-1">
                  <LineStyle>
                    <width>2</width>
                  </LineStyle>
                </Style>
                <Folder>
                  <name>F</name>
                  <Placemark>
                    <name>A</name>
                    <styleUrl>#style-1</styleUrl>
                    <Point>
                      <coordinates>1,2</coordinates>
                    </Point>
                  </Placemark>
                </Folder>
              </Document>
            </kml>

            """)
        expectSchemaValid(output)
    }

    @Test("the temporary file's folder must exist")
    func missingTemporaryDirectory() throws {
        var options = KMLWriter.Options()
        options.temporaryDirectory = "/nonexistent/folder"
        let writer = KMLWriter(sink: ByteSink(collectingInMemoryNamed: "out.kml"), options: options)
        #expect {
            try writer.begin(DocumentInfo())
        } throws: { error in
            (error as? MapBridgeError)?.kind == .outputUnavailable
                && (error as? MapBridgeError)?.message.contains("/nonexistent/folder") == true
        }
    }
}
