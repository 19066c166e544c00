import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// Reads raw bytes (not necessarily UTF-8) as a KML document.
private func readKMLBytes(_ bytes: [UInt8]) throws -> [Feature] {
    let reader = KMLReader(path: "t.kml", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })
    _ = try reader.open()
    var features: [Feature] = []
    while let f = try reader.next() { features.append(f) }
    return features
}

/// Found by fuzzing the KML reader (`Fuzz/run SECONDS kml`).
@Suite("KML reader: text its encoding cannot decode")
struct KMLReaderEncodingTests {
    @Test("bytes the declared encoding cannot decode are reported as such, not as a cut-off file")
    func undecodableDeclaredEncoding() throws {
        // Shift_JIS: 0x81 must be followed by a trail byte (0x40…0xFC), not a space.
        let bytes = Array(#"<?xml version="1.0" encoding="Shift_JIS"?>"#.utf8) + [0x0A]
            + Array("<kml><Document><name>".utf8) + [0x81, 0x20, 0x82] + Array("</name></Document></kml>".utf8)
        let error = try #require(throws: MapBridgeError.self) { _ = try readKMLBytes(bytes) }
        #expect(error.kind == .data)
        #expect(error.message.contains("cannot be decoded"))
        #expect(error.message.contains("0x81"))
        #expect(!error.message.contains("cut off"))
        #expect(error.location?.line == 2)
    }

    @Test("a document that declares an encoding it is not in fails at the first chunk")
    func undecodableFirstChunk() throws {
        // The fuzzer's input, shortened: ISO-2022-JP has no byte 0x8E.
        let bytes = Array(#"<?xml version="1.0" encoding="ISO-2022-JP"?><kml><Document><name>"#.utf8)
            + [0x8E, 0x8E, 0x8E, 0x8E] + Array("</name></Document></kml>".utf8)
        let error = try #require(throws: MapBridgeError.self) { _ = try readKMLBytes(bytes) }
        #expect(error.message.contains("cannot be decoded"))
        #expect(!error.message.contains("cut off"))
    }

    @Test("a UTF-8 error is one line")
    func invalidUTF8OneLine() throws {
        let bytes = Array("<kml><Document><name>a".utf8) + [0xFF, 0xFE] + Array("b</name></Document></kml>".utf8)
        let error = try #require(throws: MapBridgeError.self) { _ = try readKMLBytes(bytes) }
        #expect(error.message.contains("UTF-8"))
        #expect(!error.message.contains("\n"))
    }
}
