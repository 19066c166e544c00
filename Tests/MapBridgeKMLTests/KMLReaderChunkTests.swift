@testable import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML reader: documents longer than one chunk")
struct KMLReaderChunkTests {
    @Test("placemarks, names and data cut by chunk boundaries read as in one piece")
    func manyChunks() throws {
        let count = 400
        var body = ""
        for k in 0..<count {
            body += #"<Placemark id="p\#(k)"><name>Place number \#(k) with a longer name</name><ExtendedData><Data name="n"><value>\#(k)</value></Data></ExtendedData><Point><coordinates>\#(k % 180).5,1</coordinates></Point></Placemark>"#
        }
        #expect(body.utf8.count > 8 * KMLReader.chunkSize)
        let r = try readKML(kml(body))
        try #require(r.features.count == count)
        for (k, feature) in r.features.enumerated() {
            #expect(feature.title == "Place number \(k) with a longer name")
            #expect(feature.properties["n"] == .string("\(k)"))
        }
    }
}
