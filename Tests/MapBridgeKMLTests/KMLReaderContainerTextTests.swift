import MapBridgeKML
import MapBridgeModel
import Testing

/// A Folder's `description` and `Snippet` (and a nested Document's) have no place in the model,
/// which keeps a folder as a name in each feature's folder path. GPS receivers' and Google
/// Earth's exports put track summaries there, so their loss is reported, with its place.
@Suite("KML reader: a Folder's description and Snippet")
struct KMLReaderContainerTextTests {
    @Test("a Folder without a description or Snippet is read without a warning")
    func plainFolder() throws {
        let r = try readKML(kml("""
            <Folder><name>Waypoints</name><Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark></Folder>
            """))
        #expect(r.features.map(\.folderPath) == [["Waypoints"]])
        #expect(!r.warnings.contains { $0.code.hasPrefix("container-") })
    }

    @Test("an empty Snippet or description says nothing")
    func emptyText() throws {
        let r = try readKML(kml("""
            <Folder><name>Log</name><Snippet/><description>  </description>
              <Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark></Folder>
            """))
        #expect(!r.warnings.contains { $0.code.hasPrefix("container-") })
    }

    @Test("a Folder's description and Snippet are each reported once, at the element")
    func reported() throws {
        let r = try readKML(kml("""
            <Folder><name>Log 1</name><Snippet>2 points</Snippet><description><![CDATA[<b>Distance</b> 1.2 mi]]></description>
              <Placemark><name>a</name><description>kept</description><Point><coordinates>1,2</coordinates></Point></Placemark>
            </Folder>
            <Folder><name>Log 2</name><description>also a summary</description></Folder>
            """))
        #expect(r.features.map(\.subtitle) == ["kept"])
        let notes = r.warnings.filter { $0.code.hasPrefix("container-") }
        #expect(notes.map(\.code).sorted() == ["container-Snippet", "container-description"])
        let description = try #require(notes.first { $0.code == "container-description" })
        #expect(description.message.contains("<Folder>'s <description> is not carried over"))
        #expect(description.location?.line == 4)
    }

    @Test("the outermost Document's description is kept; a nested Document's and a Snippet are reported")
    func documents() throws {
        let r = try readKML("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>D</name><Snippet>Created today</Snippet><description>about</description>
            <Document><name>inner</name><description>inner text</description>
            <Placemark><name>p</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></Document></kml>
            """)
        #expect(r.document.description == "about")
        let messages = r.warnings.filter { $0.code.hasPrefix("container-") }.map(\.message)
        #expect(messages.contains { $0.hasPrefix("a <Document>'s <Snippet>") })
        #expect(messages.contains { $0.hasPrefix("a nested <Document>'s <description>") })
    }

    @Test("a Document inside another, as GDAL and QGIS write one per layer, is read as a folder: its name reaches its features")
    func nestedDocumentName() throws {
        let r = try readKML("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document id="root_doc"><name>all</name>
            <Document id="roads"><name>roads</name>
            <Placemark><name>p</name><Point><coordinates>1,2</coordinates></Point></Placemark>
            <Folder><name>bridges</name><Placemark><name>q</name><Point><coordinates>1,2</coordinates></Point></Placemark></Folder>
            </Document><Placemark><name>r</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>
            """)
        #expect(r.features.map(\.title) == ["p", "q", "r"])
        #expect(r.features.map(\.folderPath) == [["roads"], ["roads", "bridges"], []])
        #expect(r.document.name == "all")
        #expect(!r.warnings.contains { $0.code.hasPrefix("container-") })
        let top = try readKML(kml("<Placemark><name>p</name></Placemark>"))
        #expect(top.document.name == "Doc")
        #expect(!top.warnings.contains { $0.code.hasPrefix("container-") })
    }
}
