@testable import MapBridgeKML
import MapBridgeModel
import Testing

/// Data names made strings once: a name found again is the string made before, whatever slot
/// it shares, and every name comes back as `String(xmlText:)` makes it, with its special flag.
@Suite("KMLNameCache")
struct KMLNameCacheTests {
    private func name(_ cache: inout KMLNameCache, _ text: String) -> (name: String, isSpecial: Bool)? {
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
                #expect(found?.isSpecial == KMLDataMapping.isSpecial(text))
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

    @Test("a slot holds exactly the name entry put there: every length, and names that differ in one byte")
    func holds() {
        var cache = KMLNameCache()
        var texts: [String] = []
        for n in 1...32 {
            let base = String((0..<n).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            texts.append(base)
            // The same length, one byte changed at each end and in the middle.
            for at in Set([0, n / 2, n - 1]) {
                var bytes = Array(base.utf8)
                bytes[at] = UInt8(ascii: "Z")
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        for text in texts {
            let bytes = Array(text.utf8)
            guard let slot = bytes.withUnsafeBufferPointer({ cache.entry($0, markingNew: 0)?.slot }) else {
                Issue.record("\(text) not kept")
                continue
            }
            #expect(bytes.withUnsafeBufferPointer { cache.holds($0, in: slot) }, "\(text)")
            #expect(cache.name(in: slot) == text)
            #expect(cache.isSpecial(in: slot) == KMLDataMapping.isSpecial(text))
            // Any other name (one byte off, or a byte longer or shorter) is not held there.
            for other in [text + "a", String(text.dropLast()), text.uppercased()] where other != text {
                let otherBytes = Array(other.utf8)
                #expect(!otherBytes.withUnsafeBufferPointer { cache.holds($0, in: slot) }, "\(other) in \(text)'s slot")
            }
        }
    }

    @Test("data names in changing orders and sets read the same, whichever name the last placemark had next")
    func changingOrders() throws {
        let orders = [["category", "population", "elevation", "visited"], ["category", "elevation", "visited"],
                      ["visited", "category"], ["population", "population", "elevation"], ["category", "elevation", "visited"],
                      ["elevatioN", "category"], ["category", "population", "elevation", "visited"]]
        let body = orders.map { names in
            "<Placemark><ExtendedData>" + names.enumerated().map { "<Data name=\"\($1)\"><value>\($0)</value></Data>" }.joined()
                + "</ExtendedData></Placemark>"
        }.joined(separator: "\n")
        let r = try readKML(kml(body))
        #expect(r.features.count == orders.count)
        for (feature, names) in zip(r.features, orders) {
            // A name repeated in one placemark keeps its later value under name_2.
            var expected: [String] = []
            for name in names { expected.append(expected.contains(name) ? name + "_2" : name) }
            #expect(feature.properties.keys == expected)
            #expect(feature.properties.map(\.value) == names.indices.map { PropertyValue.string("\($0)") })
        }
    }
}
