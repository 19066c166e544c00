import Foundation
import MapBridgeZip
import Testing

@Suite("mapbridge convert and info on KML and KMZ")
struct KMLConvertTests {
    @Test("KML converts to GeoJSON with styles, typed ExtendedData, folders, times and tracks")
    func kmlToGeoJSON() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("hubs-and-routes.kml"), "-", "--to", "geojson"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try MapBridgeRunner.json(run.stdoutData)
        #expect(json["name"] as? String == "Hubs and routes")
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 4)
        let jfk = try #require(features.first?["properties"] as? [String: Any])
        #expect(jfk["elevation_ft"] as? Int == 13)
        #expect(jfk["hub"] as? Bool == true)
        #expect(jfk["name"] as? String == "John F. Kennedy International")
        #expect(jfk["icon-scale"] as? Double == 1.2)
        #expect(jfk["icon-color"] as? String == "#1f6feb")  // an icon's tint
        #expect(features.first?["folder"] as? [String] == ["Airports"])
        let route = try #require(features[2]["properties"] as? [String: Any])
        #expect(route["stroke"] as? String == "#d1242f")
        #expect(route["stroke-width"] as? Int == 3)
        #expect((route["timespan"] as? [String: String])?["begin"] == "2026-11-30T23:35:00Z")
        let track = try #require(features[3]["properties"] as? [String: Any])
        #expect(((track["coordinateProperties"] as? [String: Any])?["times"] as? [String])?.count == 3)
        #expect(run.stderr.contains("warning:"))  // folders and geodesic lines are reported
    }

    @Test("KMZ reads its doc.kml; an archive without KML and a hostile entry name fail clearly")
    func kmz() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let kmz = dir.appendingPathComponent("trip.kmz").path
        let writer = try ZipArchiveWriter(path: kmz)
        try writer.addFile(at: MapBridgeRunner.sample("hubs-and-routes.kml"), as: "doc.kml")
        try writer.commit()
        let info = try MapBridgeRunner.run(["info", kmz, "--json"])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(try MapBridgeRunner.json(info.stdoutData)["features"] as? Int == 4)

        let empty = dir.appendingPathComponent("empty.kmz").path
        let w2 = try ZipArchiveWriter(path: empty)
        try w2.add(Array("hello".utf8), as: "readme.txt")
        try w2.commit()
        let none = try MapBridgeRunner.run(["convert", empty, dir.appendingPathComponent("o.geojson").path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no KML document"))

        let notZip = try MapBridgeRunner.write("<kml/>", to: "fake.kmz", in: dir)
        let bad = try MapBridgeRunner.run(["info", notZip])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("zip"))
    }

    @Test("malformed KML exits 1 with file:line:col and leaves no output")
    func malformed() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("<kml><Document>\n<Placemark><name>x</nam>\n</Placemark></Document></kml>", to: "bad.kml", in: dir)
        let run = try MapBridgeRunner.run(["convert", "bad.kml", "out.geojson"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("bad.kml:2:"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.kml"])
    }

    @Test("KML from standard input is read (spooled for a possible first pass)")
    func standardInput() throws {
        let text = try String(contentsOfFile: MapBridgeRunner.sample("hubs-and-routes.kml"), encoding: .utf8)
        let run = try MapBridgeRunner.run(["convert", "-", "-", "--from", "kml", "--to", "geojsonl", "--quiet"], stdin: Data(text.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 4)
        // Styles defined after the placemarks were found: the hub icon is there.
        #expect(run.stdout.contains("airports.png"))
    }
}
