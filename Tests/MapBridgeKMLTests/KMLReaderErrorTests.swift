import MapBridgeKML
import MapBridgeModel
import Testing

@Suite("KML reader: malformed and hostile input")
struct KMLReaderErrorTests {
    @Test("malformed XML fails with line and column")
    func malformed() throws {
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readKML("<kml>\n<Document>\n<Placemark><name>x</nam></Placemark></Document></kml>")
        }
        #expect(error.kind == .data)
        #expect(error.location?.line == 3)
        #expect((error.location?.column ?? 0) > 1)
        #expect(error.message.contains("malformed XML"))
    }

    @Test("a bad coordinate fails with its location")
    func badCoordinate() throws {
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readKML("<kml><Placemark>\n<Point><coordinates>1,north</coordinates></Point></Placemark></kml>")
        }
        #expect(error.location?.line == 2)
        #expect(error.message.contains("'north'"))
    }

    @Test("a bad coordinate, then malformed XML in the same chunk: the error is the bad coordinate, first in the input")
    func firstProblemInInput() throws {
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readKML("<kml><Placemark>\n<Point><coordinates>1,north</coordinates></Point></Placemark>\n<bad></kml>")
        }
        #expect(error.location?.line == 2)
        #expect(error.message.contains("'north'"))
    }

    @Test("an empty file says it is empty")
    func empty() throws {
        let error = try #require(throws: MapBridgeError.self) { _ = try readKML("") }
        #expect(error.message.contains("empty"))
        #expect(error.location?.line == 1)
    }

    @Test("a truncated document fails")
    func truncated() throws {
        #expect(throws: MapBridgeError.self) { _ = try readKML("<kml><Document><Placemark><name>x</name>") }
    }

    @Test("an entity-expansion bomb is refused at once")
    func billionLaughs() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE kml [\n<!ENTITY lol \"lol\">\n"
        text += "<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
        for k in 2...9 { text += "<!ENTITY lol\(k) \"" + String(repeating: "&lol\(k - 1);", count: 10) + "\">\n" }
        text += "]>\n<kml><Placemark><name>&lol9;</name></Placemark></kml>"
        let error = try #require(throws: MapBridgeError.self) { _ = try readKML(text) }
        #expect(error.message.contains("DOCTYPE"))
    }

    @Test("external entities are never loaded")
    func externalEntity() throws {
        let text = "<?xml version=\"1.0\"?><!DOCTYPE kml [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><kml><Placemark><name>&x;</name></Placemark></kml>"
        #expect(throws: MapBridgeError.self) { _ = try readKML(text) }
    }
}
