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

    @Test("KMZ to KMZ carries the archive's images along; to another format it says they stay behind")
    func kmzResources() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let kmz = dir.appendingPathComponent("overlay.kmz").path
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <GroundOverlay><name>Scan</name><Icon><href>images/scan.png</href></Icon>
            <LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay>
            </Document></kml>
            """
        let image = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let writer = try ZipArchiveWriter(path: kmz)
        try writer.add(Array(kml.utf8), as: "doc.kml")
        try writer.add(image, as: "images/scan.png", compression: .store)
        try writer.commit()

        let out = dir.appendingPathComponent("copy.kmz").path
        let run = try MapBridgeRunner.run(["convert", kmz, out])
        #expect(run.status == 0, "\(run.stderr)")
        let copy = try ZipArchiveReader(path: out)
        #expect(copy.entries.map(\.name) == ["doc.kml", "images/scan.png"])
        let entry = try #require(copy.entry(named: "images/scan.png"))
        #expect(try copy.contents(of: entry) == image)
        #expect(try String(decoding: copy.contents(of: #require(copy.kmlDocument)), as: UTF8.self).contains("images/scan.png"))

        let geojson = try MapBridgeRunner.run(["convert", kmz, dir.appendingPathComponent("o.geojson").path])
        #expect(geojson.status == 0)
        #expect(geojson.stderr.contains("holds 1 file besides its KML ('images/scan.png')"), "\(geojson.stderr)")
    }

    @Test("KMZ to KMZ keeps the first of two entries with one name and warns, rather than failing")
    func kmzRepeatedEntryName() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><name>Pin</name><Point><coordinates>1,2</coordinates></Point></Placemark>
            </Document></kml>
            """
        let writer = try ZipArchiveWriter(path: dir.appendingPathComponent("two.kmz").path)
        try writer.add(Array(kml.utf8), as: "doc.kml")
        try writer.add(Array("first".utf8), as: "images/one.png", compression: .store)
        try writer.add(Array("other".utf8), as: "images/two.png", compression: .store)
        try writer.add(Array("third".utf8), as: "images/end.png", compression: .store)
        try writer.commit()
        // Rename the second image to the first one's name (same length, in both headers).
        var bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("two.kmz")))
        let old = Array("images/two.png".utf8), new = Array("images/one.png".utf8)
        var i = 0
        while i + old.count <= bytes.count {
            if bytes[i..<(i + old.count)].elementsEqual(old) { bytes.replaceSubrange(i..<(i + old.count), with: new) }
            i += 1
        }
        let kmz = dir.appendingPathComponent("repeated.kmz")
        try Data(bytes).write(to: kmz)
        #expect(try ZipArchiveReader(path: kmz.path).entries.map(\.name) == ["doc.kml", "images/one.png", "images/one.png", "images/end.png"])

        let out = dir.appendingPathComponent("copy.kmz").path
        let run = try MapBridgeRunner.run(["convert", kmz.path, out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 file of '\(kmz.path)' repeats the name of an earlier one ('images/one.png')"), "\(run.stderr)")
        let copy = try ZipArchiveReader(path: out)
        #expect(copy.entries.map(\.name) == ["doc.kml", "images/one.png", "images/end.png"])
        let entry = try #require(copy.entry(named: "images/one.png"))
        #expect(try copy.contents(of: entry) == Array("first".utf8))
    }

    @Test("KML to KMZ packs the local images its icons and overlays link to; links elsewhere stay links")
    func kmzPacksLinkedFiles() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
        let pin = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let scan = Data((0..<900).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try pin.write(to: dir.appendingPathComponent("icons/pin.png"))
        try scan.write(to: dir.appendingPathComponent("scan.jpg"))
        try Data("secret".utf8).write(to: dir.appendingPathComponent("outside.png"))
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Style id="s"><IconStyle><Icon><href>icons/pin.png</href></Icon></IconStyle></Style>
            <Style id="far"><IconStyle><Icon><href>https://example.com/pin.png</href></Icon></IconStyle></Style>
            <Style id="up"><IconStyle><Icon><href>../outside.png</href></Icon></IconStyle></Style>
            <Placemark><styleUrl>#s</styleUrl><Point><coordinates>1,2</coordinates></Point></Placemark>
            <Placemark><styleUrl>#s</styleUrl><Point><coordinates>3,4</coordinates></Point></Placemark>
            <Placemark><styleUrl>#far</styleUrl><Point><coordinates>5,6</coordinates></Point></Placemark>
            <Placemark><styleUrl>#up</styleUrl><Point><coordinates>7,8</coordinates></Point></Placemark>
            <GroundOverlay><Icon><href>scan.jpg</href></Icon><LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay>
            <GroundOverlay><Icon><href>gone.png</href></Icon><LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay>
            </Document></kml>
            """
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: dir.appendingPathComponent("icons"), to: dir.appendingPathComponent("in/icons"))
        try FileManager.default.moveItem(at: dir.appendingPathComponent("scan.jpg"), to: dir.appendingPathComponent("in/scan.jpg"))
        let input = try MapBridgeRunner.write(kml, to: "in/map.kml", in: dir)
        let out = dir.appendingPathComponent("map.kmz").path
        let run = try MapBridgeRunner.run(["convert", input, out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 linked file is not beside the input ('gone.png')"), "\(run.stderr)")
        let archive = try ZipArchiveReader(path: out)
        #expect(archive.entries.map(\.name) == ["doc.kml", "icons/pin.png", "scan.jpg"])
        #expect(try archive.contents(of: #require(archive.entry(named: "icons/pin.png"))) == Array(pin))
        #expect(try archive.contents(of: #require(archive.entry(named: "scan.jpg"))) == Array(scan))
    }

    @Test("KML to KMZ packs no file a symbolic link leads out of the input's folder to")
    func kmzRefusesLinksOut() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = dir.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: dir.appendingPathComponent("secret.png"))
        try Data("pin".utf8).write(to: input.appendingPathComponent("icons/pin.png"))
        // A folder link to /etc, a file link out of the folder, a file link that stays inside.
        try FileManager.default.createSymbolicLink(atPath: input.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: input.appendingPathComponent("leak.png").path, withDestinationPath: "../secret.png")
        try FileManager.default.createSymbolicLink(atPath: input.appendingPathComponent("alias.png").path, withDestinationPath: "icons/pin.png")
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark><Style><IconStyle><Icon><href>etc/passwd</href></Icon></IconStyle></Style><Point><coordinates>1,2</coordinates></Point></Placemark>
            <Placemark><Style><IconStyle><Icon><href>leak.png</href></Icon></IconStyle></Style><Point><coordinates>1,2</coordinates></Point></Placemark>
            <Placemark><Style><IconStyle><Icon><href>alias.png</href></Icon></IconStyle></Style><Point><coordinates>1,2</coordinates></Point></Placemark>
            <Placemark><Style><IconStyle><Icon><href>icons/pin.png</href></Icon></IconStyle></Style><Point><coordinates>1,2</coordinates></Point></Placemark>
            </Document></kml>
            """
        let path = try MapBridgeRunner.write(kml, to: "in/map.kml", in: dir)
        let out = dir.appendingPathComponent("map.kmz").path
        let run = try MapBridgeRunner.run(["convert", path, out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("2 linked files lead outside the input's folder through a symbolic link ('etc/passwd', 'leak.png'); not packed"), "\(run.stderr)")
        let archive = try ZipArchiveReader(path: out)
        #expect(archive.entries.map(\.name) == ["doc.kml", "alias.png", "icons/pin.png"])
        #expect(try archive.contents(of: #require(archive.entry(named: "alias.png"))) == Array("pin".utf8))
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

    @Test("findings in KML and GPX from standard input point at '-', not at the temporary copy read (convert, info, dedupe)",
          arguments: ["kml", "gpx"])
    func standardInputLocations(format: String) throws {
        let text = format == "kml"
            ? "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><name>a</name>\n<Point><coordinates>1,2</coordinates></Point><odd/></Placemark>\n<bad></kml>"
            : "<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"1\" lon=\"2\">\n<odd/></wpt>\n<bad></gpx>"
        for command in [["convert", "-", "-", "--from", format, "--to", "geojson"], ["info", "-", "--from", format],
                        ["dedupe", "-", "-", "--from", format, "--to", "geojson"]] {
            let run = try MapBridgeRunner.run(command, stdin: Data(text.utf8))
            #expect(run.status != 0)
            let lines = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
            #expect(lines.count >= 2, "\(command): \(run.stderr)")
            #expect(lines.allSatisfy { $0.hasPrefix("-:2:") || $0.hasPrefix("-:3:") }, "\(command): \(run.stderr)")
            #expect(!run.stderr.contains("mapbridge-stdin"), "\(command): \(run.stderr)")
        }
    }
}

/// JSON text with sorted keys, for comparing parsed values of any type.
private func canonical(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]), as: UTF8.self)
}

@Suite("mapbridge convert to KML and KMZ")
struct KMLWriteTests {
    @Test("GeoJSON → KML → GeoJSON gives back ids, names, typed properties, styles and geometry")
    func roundTrip() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        for (sample, ext) in [("airports.geojson", "kml"), ("flight-jfk-sin.geojson", "kmz")] {
            let middle = dir.appendingPathComponent("m.\(ext)").path
            let back = dir.appendingPathComponent("back-\(ext).geojson").path
            let there = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample(sample), middle, "--quiet"])
            #expect(there.status == 0, "\(there.stderr)")
            #expect(try MapBridgeRunner.run(["convert", middle, back, "--quiet", "--keep-winding"]).status == 0)
            let original = try MapBridgeRunner.json(atPath: MapBridgeRunner.sample(sample))
            let again = try MapBridgeRunner.json(atPath: back)
            #expect(again["name"] as? String == original["name"] as? String)
            let a = try #require(original["features"] as? [[String: Any]])
            let b = try #require(again["features"] as? [[String: Any]])
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect("\(x["id"] ?? "")" == "\(y["id"] ?? "")")
                #expect(try canonical(x["geometry"] ?? NSNull()) == canonical(y["geometry"] ?? NSNull()))
                let px = try #require(x["properties"] as? [String: Any])
                let py = try #require(y["properties"] as? [String: Any])
                for (key, value) in px {
                    // KML colours keep opacity in 8 bits: compare opacities to 1/255.
                    if key.hasSuffix("opacity"), let u = value as? Double, let v = py[key] as? Double {
                        #expect(abs(u - v) <= 1.0 / 255, "\(key)")
                        continue
                    }
                    #expect(try canonical(value) == canonical(py[key] ?? NSNull()),
                            "\(sample): \(key) was \(value), came back \(py[key] ?? "nothing")")
                }
            }
        }
    }

    @Test("Multi* geometries, clockwise rings, nulls, empty strings, arrays and objects come back through KML and KMZ unchanged",
          arguments: ["kml", "kmz"])
    func roundTripTypes(ext: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = dir.appendingPathComponent("in.geojson").path
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"mp","geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[0,1],[1,1],[1,0],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]},"properties":{"note":null,"n":2,"t":"[1]","tags":["a","b"]}},
            {"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[0,0],[1,1]]]},"properties":{"note":"x","n":null}},
            {"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2],[3,4]]},"properties":{"ok":true,"e":"","nested":{"k":[1,2.50],"z":null}}},
            {"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[0,0],[1,1]]}]},"properties":{}}
            ]}
            """
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let middle = dir.appendingPathComponent("m.\(ext)").path
        let back = dir.appendingPathComponent("back.geojson").path
        let there = try MapBridgeRunner.run(["convert", input, middle, "--quiet"])
        #expect(there.status == 0, "\(there.stderr)")
        let again = try MapBridgeRunner.run(["convert", middle, back, "--quiet"])
        #expect(again.status == 0, "\(again.stderr)")
        let a = try #require(try MapBridgeRunner.json(atPath: input)["features"] as? [[String: Any]])
        let b = try #require(try MapBridgeRunner.json(atPath: back)["features"] as? [[String: Any]])
        try #require(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(try canonical(x["geometry"] ?? NSNull()) == canonical(y["geometry"] ?? NSNull()))
            #expect(try canonical(x["properties"] ?? NSNull()) == canonical(y["properties"] ?? NSNull()))
            #expect("\(x["id"] ?? "")" == "\(y["id"] ?? "")")
        }
    }

    @Test("KML → GeoJSON → KML keeps folders and a style reference to another file")
    func foldersThroughGeoJSON() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = dir.appendingPathComponent("in.kml").path
        try """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Trips</name><Folder><name>2026</name>
            <Placemark><name>p</name><styleUrl>styles.kml#pin</styleUrl><Point><coordinates>1,2</coordinates></Point></Placemark>
            </Folder></Folder></Document></kml>
            """.write(toFile: input, atomically: true, encoding: .utf8)
        let middle = dir.appendingPathComponent("m.geojson").path
        let back = dir.appendingPathComponent("back.kml").path
        #expect(try MapBridgeRunner.run(["convert", input, middle, "--quiet"]).status == 0)
        let again = try MapBridgeRunner.run(["convert", middle, back])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("dropped-member") && !again.stderr.contains("no place for"), "\(again.stderr)")
        let kml = try String(contentsOfFile: back, encoding: .utf8)
        #expect(kml.contains("<Folder><name>Trips</name>"))
        #expect(kml.contains("<Folder><name>2026</name>"))
        #expect(kml.contains("<styleUrl>styles.kml#pin</styleUrl>"))
    }

    @Test("KML output is a KML 2.2 document with shared styles before the placemarks")
    func kmlShape() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "kml"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\""))
        let firstStyle = try #require(run.stdout.range(of: "<Style id="))
        let firstPlacemark = try #require(run.stdout.range(of: "<Placemark"))
        #expect(firstStyle.lowerBound < firstPlacemark.lowerBound)
        #expect(run.stdout.contains("<SimpleData name=\"elevation_ft\">13</SimpleData>"))
    }

    @Test("KMZ cannot go to standard output")
    func kmzStdout() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "kmz"])
        #expect(run.status == 64)
    }
}

@Suite("mapbridge convert and GeoJSON it cannot read")
struct UnreadableGeoJSONConvertTests {
    private let text = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"A"},"geometry":{"type":"Point","coordinates":[1,2]}},
        {"type":"Feature","properties":{"name":"B"},"geometry":{"type":"Hexagon","coordinates":[1,2]}},
        {"type":"Feature","properties":{},"geometry":{"type":"MultiPoint","coordinates":[]}},
        {"type":"Feature","properties":{"name":"D"},"geometry":{"type":"Point","coordinates":[3,4]}}
        ]}
        """

    @Test("by default a feature of an unknown type is left out with a located warning, and an empty one is not written to KML")
    func skippedByDefault() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(text, to: "odd.geojson", in: dir)
        let output = dir.appendingPathComponent("odd.kml").path
        let run = try MapBridgeRunner.run(["convert", input, output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("odd.geojson:3:64: warning: unknown geometry type 'Hexagon'"), "\(run.stderr)")
        #expect(run.stderr.contains("warning: a feature without positions"), "\(run.stderr)")
        let kml = try String(contentsOfFile: output, encoding: .utf8)
        #expect(kml.components(separatedBy: "<Placemark").count - 1 == 2)
        #expect(kml.contains("<name>A</name>") && kml.contains("<name>D</name>"))
        // GeoJSON can hold the empty MultiPoint, so it stays there
        let geojson = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojsonl", "--quiet"])
        #expect(geojson.stdout.split(separator: "\n").count == 3)
    }

    @Test("with --on-error fail it stops at the feature, exit 1, and writes nothing")
    func failOnRequest() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(text, to: "odd.geojson", in: dir)
        let output = dir.appendingPathComponent("odd.kml").path
        let run = try MapBridgeRunner.run(["convert", input, output, "--on-error", "fail"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("odd.geojson:3:64: error: unknown geometry type 'Hexagon'"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("a file that is JSON but not GeoJSON gives an empty document and says so")
    func notGeoJSON() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write("{}\n", to: "empty.geojson", in: dir)
        let run = try MapBridgeRunner.run(["convert", input, dir.appendingPathComponent("o.kml").path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("empty.geojson:1:1: warning: this object has no 'type' member, so it is not GeoJSON"), "\(run.stderr)")
    }

    @Test("a repeated <Data name> keeps both values through KML to KML, with a warning")
    func repeatedDataRoundTrip() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>a</name><ExtendedData>
            <Data name="k"><value>one</value></Data>
            <Data name="k"><value>two</value></Data>
            </ExtendedData><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
            """, to: "in.kml", in: dir)
        let first = try MapBridgeRunner.run(["convert", "in.kml", "out.kml"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("in.kml:3:"), "\(first.stderr)")
        #expect(first.stderr.contains("kept as 'k_2'"), "\(first.stderr)")
        let back = try MapBridgeRunner.run(["convert", "out.kml", "back.geojson"], in: dir)
        #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stderr)")
        let features = try #require(try MapBridgeRunner.json(atPath: dir.appendingPathComponent("back.geojson").path)["features"] as? [[String: Any]])
        let properties = try #require(features.first?["properties"] as? [String: Any])
        #expect(properties["k"] as? String == "one")
        #expect(properties["k_2"] as? String == "two")
    }
}
