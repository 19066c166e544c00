import MapBridgeKML
import MapBridgeModel
import Testing

/// A Folder's or Document's own TimeStamp/TimeSpan: Google Earth shows the container's content
/// only within that time, so a feature without a time of its own takes it.
@Suite("KML reader: time on a Folder or Document")
struct KMLReaderContainerTimeTests {
    @Test("a feature without its own time takes the TimeSpan of the innermost folder that has one")
    func inherited() throws {
        let r = try readKML(kml("""
            <Folder><name>Oct</name><TimeSpan><begin>2004-10</begin><end>2004-11</end></TimeSpan>
              <GroundOverlay><name>a</name><LatLonBox><north>90</north><south>-90</south><east>0</east><west>-180</west></LatLonBox></GroundOverlay>
              <Folder><name>inner</name><TimeStamp><when>2004-10-15</when></TimeStamp>
                <Placemark><name>b</name></Placemark>
              </Folder>
              <Folder><name>untimed</name><Placemark><name>c</name></Placemark></Folder>
              <Placemark><name>d</name><TimeSpan><begin>2001</begin></TimeSpan></Placemark>
            </Folder>
            <Placemark><name>e</name></Placemark>
            """))
        #expect(r.features.map(\.title) == ["a", "b", "c", "d", "e"])
        #expect(r.features[0].time == .span(begin: "2004-10", end: "2004-11"))
        #expect(r.features[1].time == .instant("2004-10-15"))
        #expect(r.features[2].time == .span(begin: "2004-10", end: "2004-11"))
        #expect(r.features[3].time == .span(begin: "2001", end: nil))
        #expect(r.features[4].time == nil)
    }

    @Test("a Document's TimeStamp reaches its placemarks")
    func documentTime() throws {
        let r = try readKML("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><TimeStamp><when>1997-07-16</when></TimeStamp>
            <Placemark><name>p</name><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>
            """)
        #expect(r.features.first?.time == .instant("1997-07-16"))
    }
}
