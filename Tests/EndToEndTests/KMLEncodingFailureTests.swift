import Foundation
import Testing

/// Found by fuzzing the KML reader (`Fuzz/run SECONDS kml`): libxml2 printed its own lines.
@Suite("KML input its encoding cannot decode")
struct KMLEncodingFailureTests {
    @Test("undecodable bytes give one error line on stderr, nothing from libxml2")
    func undecodable() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        var bytes = Data(#"<?xml version="1.0" encoding="Shift_JIS"?>"#.utf8) + Data([0x0A])
        bytes += Data("<kml><Document><name>".utf8) + Data([0x81, 0x20, 0x82]) + Data("</name></Document></kml>".utf8)
        try bytes.write(to: dir.appendingPathComponent("bad.kml"))
        let run = try MapBridgeRunner.run(["convert", "bad.kml", "out.geojson"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("bad.kml:2:"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot be decoded"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.geojson").path))
    }
}
