import MapBridgeGPX
import MapBridgeModel
import Testing

@Suite("GPX reader: malformed and hostile input")
struct GPXReaderErrorTests {
    @Test("malformed XML fails with line and column")
    func malformed() throws {
        let error = try #require(throws: MapBridgeError.self) {
            _ = try readGPX("<gpx version=\"1.1\">\n<wpt lat=\"1\" lon=\"2\">\n<name>x</nam></wpt></gpx>")
        }
        #expect(error.kind == .data)
        #expect(error.location?.file == "t.gpx")
        #expect(error.location?.line == 3)
        #expect((error.location?.column ?? 0) > 1)
        #expect(error.message.contains("malformed XML"))
    }

    @Test("a track past the vertex limit, then malformed XML in the same chunk: the limit, first in the file, is reported")
    func firstProblemWins() throws {
        var limits = ReadLimits()
        limits.maximumVertices = 2
        let text = gpx("""
            <trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1" lon="3"/><trkpt lat="1" lon="4"/></trkseg></trk>
            <wpt lat="1" lon="2"><name>x</nam></wpt>
            """)
        let error = try #require(throws: MapBridgeError.self) { _ = try readGPX(text, limits: limits) }
        #expect(error.message.contains("more than 2 points"), "\(error.message)")
        #expect(error.location?.line == 3)
    }

    @Test("a truncated document fails")
    func truncated() throws {
        #expect(throws: MapBridgeError.self) { _ = try readGPX("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\">") }
    }

    @Test("a document that is not GPX says what its root is")
    func notGPX() throws {
        let error = try #require(throws: MapBridgeError.self) { _ = try readGPX("<kml><Placemark/></kml>") }
        #expect(error.message.contains("<kml>"))
        #expect(error.location?.line == 1)
    }

    @Test("a DOCTYPE (and with it any entity bomb) is refused at once")
    func doctype() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY lol \"lol\">\n"
        for k in 1...9 { text += "<!ENTITY lol\(k) \"" + String(repeating: "&lol\(k == 1 ? "" : String(k - 1));", count: 10) + "\">\n" }
        text += "]>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>&lol9;</name></wpt></gpx>"
        let error = try #require(throws: MapBridgeError.self) { _ = try readGPX(text) }
        #expect(error.message.contains("DOCTYPE"))
        #expect(error.message.contains("GPX needs none"))
    }

    @Test("a missing file fails as unreadable input")
    func missingFile() throws {
        let error = try #require(throws: MapBridgeError.self) { _ = try GPXReader(path: "/nonexistent/track.gpx") }
        #expect(error.kind == .inputUnavailable)
    }
}
