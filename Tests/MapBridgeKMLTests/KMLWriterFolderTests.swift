import MapBridgeKML
import MapBridgeModel
import Testing

/// Folders opened and closed as the folder path changes between consecutive features.
@Suite("KMLWriter folders")
struct KMLWriterFolderTests {
    private func named(_ title: String, _ path: [String]) -> Feature { Feature(title: title, folderPath: path) }

    @Test("features at the top sit directly in the Document")
    func top() throws {
        let output = try writeKMLDocument([named("a", [])])
        #expect(output.text == expectedKML("<Placemark><name>a</name></Placemark>"))
    }

    @Test("consecutive features with the same path share a Folder")
    func shared() throws {
        let output = try writeKMLDocument([named("a", ["F"]), named("b", ["F"])])
        #expect(output.text == expectedKML(
            "<Folder><name>F</name>",
            "<Placemark><name>a</name></Placemark>",
            "<Placemark><name>b</name></Placemark>",
            "</Folder>"))
        expectSchemaValid(output)
    }

    @Test("paths open and close folders as they change; the common part stays open")
    func transitions() throws {
        let features = [named("1", ["A", "B"]), named("2", ["A", "C"]), named("3", ["A"]), named("4", []),
                        named("5", ["A"])]
        let output = try writeKMLDocument(features)
        #expect(output.text == expectedKML(
            "<Folder><name>A</name>",
            "<Folder><name>B</name>",
            "<Placemark><name>1</name></Placemark>",
            "</Folder>",
            "<Folder><name>C</name>",
            "<Placemark><name>2</name></Placemark>",
            "</Folder>",
            "<Placemark><name>3</name></Placemark>",
            "</Folder>",
            "<Placemark><name>4</name></Placemark>",
            "<Folder><name>A</name>",
            "<Placemark><name>5</name></Placemark>",
            "</Folder>"))
        expectSchemaValid(output)
    }

    @Test("finish closes every open folder; names are escaped; an empty name is kept")
    func finishCloses() throws {
        let output = try writeKMLDocument([named("x", ["R&D", "", "deep"])])
        #expect(output.text == expectedKML(
            "<Folder><name>R&amp;D</name>",
            "<Folder><name></name>",
            "<Folder><name>deep</name>",
            "<Placemark><name>x</name></Placemark>",
            "</Folder>",
            "</Folder>",
            "</Folder>"))
        expectSchemaValid(output)
    }

    @Test("shared styles go before the folders")
    func stylesBeforeFolders() throws {
        let output = try writeKMLDocument([Feature(style: Style(strokeWidth: 1), folderPath: ["F"])])
        #expect(output.text == expectedKML(
            #"<Style id="style-1"><LineStyle><width>1</width></LineStyle></Style>"#,
            "<Folder><name>F</name>",
            "<Placemark><styleUrl>#style-1</styleUrl></Placemark>",
            "</Folder>"))
        expectSchemaValid(output)
    }
}
