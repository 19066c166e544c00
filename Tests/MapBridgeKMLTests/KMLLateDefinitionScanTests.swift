@testable import MapBridgeKML
import MapBridgeIO
import Testing

@Suite("KML reader: the scan for styles and schemas defined after the first placemark")
struct KMLLateDefinitionScanTests {
    private func late(_ afterPlacemark: String) throws -> Bool {
        let text = #"<kml><Document><Style id="a"/><Placemark><name>S</name></Placemark>"# + afterPlacemark + "</Document></kml>"
        return try KMLReader.hasLateDefinitions(in: ByteSource(bytes: Array(text.utf8), name: "t.kml"))
    }

    @Test("each spelling that starts a shared definition is found after the first placemark")
    func found() throws {
        for spelling in [#"<Style id="b"/>"#, #"<Style kml:id="b"/>"#, #"<StyleMap id="m"/>"#,
                         #"<gx:CascadingStyle kml:id="c"/>"#, #"<Schema id="s"/>"#, #"<kml:Schema id="s"/>"#] {
            #expect(try late("<Placemark><Style><IconStyle/></Style></Placemark>" + spelling), "\(spelling)")
        }
    }

    @Test("a byte scan: a spelling in text counts too (a second pass that finds nothing costs only time)")
    func textCounts() throws {
        #expect(try late("<Placemark><description>write Style id= or StyleMap</description></Placemark>"))
    }

    @Test("inline styles, their end tags, and words starting with S are not shared definitions")
    func notFound() throws {
        #expect(try !late("<Placemark><Style><LineStyle/></Style><description>Styles, Schemas: Style ids in text? Style</description></Placemark>"))
        #expect(try !late("<Placemark><Style>\n</Style><styleUrl>#Styled</styleUrl><Data name=\"StyleMix\"/></Placemark>"))
        #expect(try !late("<Placemark><description>Cascading Style, the Style Maps, StyleM</description></Placemark>"))
        #expect(try !late("<Placemark/>S"))
    }
}
