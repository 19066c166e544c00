@testable import MapBridgeKML
import Testing

/// Data names made strings once: a name found again is the string made before, whatever slot
/// it shares, and every name comes back as `String(xmlText:)` makes it, with its special flag.
@Suite("KMLNameCache")
struct KMLNameCacheTests {
    private func name(_ cache: inout KMLNameCache, _ text: String) -> (name: String, mayBeSpecial: Bool)? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { cache.name($0) }
    }

    @Test("found again or made, each name is its own string, with its special flag")
    func names() {
        var cache = KMLNameCache()
        // Many names of one length and first and last bytes share slots; long ones are never kept.
        var texts = ["category", "population", "name", "marker-symbol", "visited", "", "é",
                     String(repeating: "x", count: 32), String(repeating: "y", count: 33)]
        for i in 0..<200 { texts.append("k\(i % 10)\(i)z") }
        for _ in 0..<3 {
            for text in texts {
                let found = name(&cache, text)
                #expect(found?.name == text)
                #expect(found?.mayBeSpecial == KMLDataMapping.mayBeSpecial(text))
            }
            // An escape is the caller's to expand, short or long: never made or kept here.
            #expect(name(&cache, "a&#38;b") == nil)
            #expect(name(&cache, String(repeating: "&", count: 40)) == nil)
        }
    }

    @Test("a reader's data names, repeated, escaped and special, read as before")
    func throughReader() throws {
        let kml = """
            <kml><Document>
            <Placemark><ExtendedData><Data name="a&amp;b"><value>1</value></Data><Data name="pop"><value>2</value></Data>\
            <Data name="marker-symbol"><value>star</value></Data></ExtendedData></Placemark>
            <Placemark><ExtendedData><Data name="pop"><value>3</value></Data><Data name="a&amp;b"><value>4</value></Data>\
            </ExtendedData></Placemark>
            </Document></kml>
            """
        let features = try readKML(kml).features
        #expect(features.map { $0.properties.keys } == [["a&b", "pop"], ["pop", "a&b"]])
        #expect(features.first?.style?.marker?.symbol == "star")
        #expect(features.map { $0.properties["pop"] } == [.string("2"), .string("3")])
    }
}
