import Foundation
import Testing

@Suite("validate: exit status, report shape, folders")
struct ValidateCommandTests {
    static let clean = "{\"type\": \"Point\", \"coordinates\": [1, 2]}"
    static let broken = "{\"type\": \"Polygon\", \"coordinates\": [\n [[0, 0], [1, 0], [1, 1], [0, 1]]]}"
    static let warned = "{\"type\": \"Point\", \"crs\": null, \"coordinates\": [1, 2]}"

    @Test("a clean file exits 0 with a summary")
    func clean() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.clean, to: "ok.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "ok.geojson"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n")
    }

    @Test("GeoJSON sequences are checked text by text; two texts in a .geojson file are an error; CSV is refused")
    func sequences() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("\u{1E}\(Self.clean)\n\u{1E}{\"type\": \"Point\", \"coordinates\": [3]}\n", to: "s.geojsons", in: dir)
        _ = try MapBridgeRunner.write("\(Self.clean)\n\(Self.clean)\n", to: "l.geojsonl", in: dir)
        _ = try MapBridgeRunner.write("\(Self.clean)\n\(Self.clean)\n", to: "two.geojson", in: dir)
        _ = try MapBridgeRunner.write("id,lat,lon\n1,2,3\n", to: "p.csv", in: dir)
        let seq = try MapBridgeRunner.run(["validate", "s.geojsons", "l.geojsonl"], in: dir)
        #expect(seq.status == 1)
        #expect(seq.stdout.contains("s.geojsons:2:"), "\(seq.stdout)")
        #expect(seq.stdout.contains("[position-size]"))
        #expect(!seq.stdout.contains("l.geojsonl:"), "\(seq.stdout)")
        let two = try MapBridgeRunner.run(["validate", "two.geojson"], in: dir)
        #expect(two.status == 1)
        #expect(two.stdout.contains("[json-syntax]"))
        let csv = try MapBridgeRunner.run(["validate", "p.csv"], in: dir)
        #expect(csv.status == 64)
        #expect(csv.stderr.contains("CSV"))
    }

    @Test("errors exit 1 and are located")
    func errors() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.broken, to: "bad.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "bad.geojson"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("bad.geojson:2:2: error: [ring-not-closed] "), "\(run.stdout)")
    }

    @Test("warnings pass unless --strict; --ignore and --severity adjust")
    func warnings() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.warned, to: "w.geojson", in: dir)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson"], in: dir).status == 0)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson", "--strict"], in: dir).status == 1)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson", "--strict", "--ignore", "crs-member"], in: dir).status == 0)
        #expect(try MapBridgeRunner.run(["validate", "w.geojson", "--severity", "crs-member=error"], in: dir).status == 1)
    }

    @Test("json report has the documented shape, one entry per file of a folder")
    func json() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("data/sub"), withIntermediateDirectories: true)
        _ = try MapBridgeRunner.write(Self.clean, to: "data/a.geojson", in: dir)
        _ = try MapBridgeRunner.write(Self.broken, to: "data/sub/b.json", in: dir)
        _ = try MapBridgeRunner.write("not geojson", to: "data/notes.txt", in: dir)
        // .json files are walked only when --include names them (issue 13: package.json and friends).
        let run = try MapBridgeRunner.run(["validate", "data", "--format", "json", "--include", "*.json"], in: dir)
        #expect(run.status == 1)
        let report = try MapBridgeRunner.json(run.stdoutData)
        #expect(report["errors"] as? Int == 1)
        #expect(report["warnings"] as? Int == 0)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["data/a.geojson", "data/sub/b.json"])
        let finding = try #require((files[1]["findings"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["rule", "severity", "message", "line", "column", "byteColumn", "pointer"])
        #expect(finding["pointer"] as? String == "/coordinates/0")
    }

    @Test("sarif and github formats")
    func otherFormats() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.broken, to: "bad.geojson", in: dir)
        let sarif = try MapBridgeRunner.run(["validate", "bad.geojson", "--format", "sarif"], in: dir)
        #expect(sarif.status == 1)
        #expect(try MapBridgeRunner.json(sarif.stdoutData)["version"] as? String == "2.1.0")
        let github = try MapBridgeRunner.run(["validate", "bad.geojson", "--format", "github"], in: dir)
        #expect(github.stdout.hasPrefix("::error file=bad.geojson,line=2,col=2,"), "\(github.stdout)")
    }

    @Test("usage errors exit 64, missing files 66")
    func usage() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        #expect(try MapBridgeRunner.run(["validate"], in: dir).status == 64)
        #expect(try MapBridgeRunner.run(["validate", "x.geojson", "--format", "xml"], in: dir).status == 64)
        #expect(try MapBridgeRunner.run(["validate", "x.geojson", "--ignore", "no-such-rule"], in: dir).status == 64)
        let missing = try MapBridgeRunner.run(["validate", "x.geojson"], in: dir)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("x.geojson"))
    }

    @Test("--list-rules names every rule")
    func listRules() throws {
        let run = try MapBridgeRunner.run(["validate", "--list-rules"])
        #expect(run.status == 0)
        for rule in ["ring-not-closed", "excessive-precision", "bbox-mismatch", "swapped-axes", "antimeridian-crossing",
                     "xml-syntax", "kml-schema", "kml-coordinates", "style-url-unresolved", "duplicate-id"] {
            #expect(run.stdout.contains(rule + " "), "\(rule)")
        }
    }

    static let cleanKML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>ok</name>
        <Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark>
        </Document></kml>
        """
    static let brokenKML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>bad</name>
        <Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark>
        <Placemark><name>b</name><styleUrl>#nowhere</styleUrl><Polygon><outerBoundaryIs><LinearRing>
        <coordinates>0,0 1,0 1,1 0,1</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
        </Document></kml>
        """

    @Test("KML: exit status, findings with element paths in every format")
    func kml() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.cleanKML, to: "ok.kml", in: dir)
        _ = try MapBridgeRunner.write(Self.brokenKML, to: "bad.kml", in: dir)
        let ok = try MapBridgeRunner.run(["validate", "ok.kml"], in: dir)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")

        let text = try MapBridgeRunner.run(["validate", "bad.kml"], in: dir)
        #expect(text.status == 1)
        #expect(text.stdout.contains("bad.kml:5:14: error: [ring-not-closed] "), "\(text.stdout)")
        #expect(text.stdout.contains("error: [style-url-unresolved] "), "\(text.stdout)")

        let json = try MapBridgeRunner.run(["validate", "bad.kml", "--format", "json"], in: dir)
        let report = try MapBridgeRunner.json(json.stdoutData)
        let files = try #require(report["files"] as? [[String: Any]])
        let findings = try #require(files.first?["findings"] as? [[String: Any]])
        let ring = try #require(findings.first { $0["rule"] as? String == "ring-not-closed" })
        #expect(ring["pointer"] as? String == "/kml/Document/Placemark[2]/Polygon/outerBoundaryIs/LinearRing/coordinates")
        #expect(ring["line"] as? Int == 5)

        let sarif = try MapBridgeRunner.run(["validate", "bad.kml", "ok.kml", "--format", "sarif"], in: dir)
        #expect(sarif.status == 1)
        let log = try MapBridgeRunner.json(sarif.stdoutData)
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect((location?["region"] as? [String: Any])?["startLine"] as? Int != nil)
            #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "bad.kml")
        }

        let github = try MapBridgeRunner.run(["validate", "bad.kml", "--format", "github"], in: dir)
        #expect(github.stdout.contains("::error file=bad.kml,line=5,col=14,title=ring-not-closed::"), "\(github.stdout)")
    }

    @Test("KML: malformed XML is located; the reader schema is checked unless --schema none")
    func kmlSyntaxAndProfile() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("<kml>\n<Document><name>x</nam></Document></kml>", to: "broken.kml", in: dir)
        let broken = try MapBridgeRunner.run(["validate", "broken.kml"], in: dir)
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("broken.kml:2:24: error: [xml-syntax] "), "\(broken.stdout)")

        let odd = Self.cleanKML.replacing("<name>a</name>", with: "<name>a</name><unknownThing/>")
        _ = try MapBridgeRunner.write(odd, to: "odd.kml", in: dir)
        let profiled = try MapBridgeRunner.run(["validate", "odd.kml"], in: dir)
        #expect(profiled.status == 1)
        #expect(profiled.stdout.contains("[kml-schema]"), "\(profiled.stdout)")
        #expect(try MapBridgeRunner.run(["validate", "odd.kml", "--schema", "none"], in: dir).status == 0)
        #expect(try MapBridgeRunner.run(["validate", "odd.kml", "--ignore", "kml-schema"], in: dir).status == 0)
    }

    @Test("KML: --schema validates against any XSD; a bad schema is a usage-level failure")
    func customSchema() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("""
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.opengis.net/kml/2.2"
              elementFormDefault="qualified">
              <xs:element name="kml"><xs:complexType><xs:sequence>
                <xs:element name="Document"><xs:complexType><xs:sequence>
                  <xs:any processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
                </xs:sequence></xs:complexType></xs:element>
              </xs:sequence></xs:complexType></xs:element>
            </xs:schema>
            """, to: "loose.xsd", in: dir)
        let odd = Self.cleanKML.replacing("<name>a</name>", with: "<name>a</name><unknownThing/>")
        _ = try MapBridgeRunner.write(odd, to: "odd.kml", in: dir)
        let loose = try MapBridgeRunner.run(["validate", "odd.kml", "--schema", "loose.xsd"], in: dir)
        #expect(loose.status == 0, "\(loose.stdout)\(loose.stderr)")
        _ = try MapBridgeRunner.write("<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Folder/></kml>", to: "folder.kml", in: dir)
        let strict = try MapBridgeRunner.run(["validate", "folder.kml", "--schema", "loose.xsd", "--format", "json"], in: dir)
        #expect(strict.status == 1)
        let report = try MapBridgeRunner.json(strict.stdoutData)
        let findings = (report["files"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]
        #expect(findings?.first?["rule"] as? String == "kml-schema")
        #expect(findings?.first?["pointer"] as? String == "/kml/Folder")

        let missing = try MapBridgeRunner.run(["validate", "odd.kml", "--schema", "nowhere.xsd"], in: dir)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nowhere.xsd"))
        _ = try MapBridgeRunner.write("<notaschema/>", to: "bad.xsd", in: dir)
        let bad = try MapBridgeRunner.run(["validate", "odd.kml", "--schema", "bad.xsd"], in: dir)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("bad.xsd"))
    }

    @Test("KML: the reader schema by default takes what Google Earth writes; --schema writer is the strict profile")
    func readerAndWriterSchemas() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
            <Document id="d"><name>x</name><open>1</open>
            <Style id="s"><LineStyle><color>FF0000FF</color></LineStyle></Style>
            <Folder id="f"><Placemark id="p"><styleUrl>#s</styleUrl><name>a</name>
            <LineString id="l"><tessellate>true</tessellate><coordinates>
              1,2,0
              3,4,0
            </coordinates></LineString></Placemark></Folder>
            <ScreenOverlay><Icon><href>logo.png</href></Icon></ScreenOverlay>
            </Document></kml>
            """, to: "earth.kml", in: dir)
        let reader = try MapBridgeRunner.run(["validate", "earth.kml"], in: dir)
        #expect(reader.status == 0, "\(reader.stdout)\(reader.stderr)")
        let writer = try MapBridgeRunner.run(["validate", "earth.kml", "--schema", "writer"], in: dir)
        #expect(writer.status == 1)
        #expect(writer.stdout.contains("[kml-schema]"), "\(writer.stdout)")

        _ = try MapBridgeRunner.write("""
            <kml xmlns="http://earth.google.com/kml/2.1"><Document><Placemark><name>a</name>
            <Point><coordinates>1,2</coordinates></Point><bogus/></Placemark></Document></kml>
            """, to: "old.kml", in: dir)
        let old = try MapBridgeRunner.run(["validate", "old.kml"], in: dir)
        #expect(old.status == 0, "\(old.stdout)\(old.stderr)")
        #expect(old.stdout.contains("old.kml:1:45: info: [kml-schema] "), "\(old.stdout)")
    }

    @Test("folders are walked for KML and KMZ too")
    func folderWithKML() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        _ = try MapBridgeRunner.write(Self.cleanKML, to: "data/a.kml", in: dir)
        _ = try MapBridgeRunner.write(Self.clean, to: "data/b.geojson", in: dir)
        _ = try MapBridgeRunner.write("PK not really a zip", to: "data/c.kmz", in: dir)
        // .json files are walked only when --include names them (issue 13: package.json and friends).
        let run = try MapBridgeRunner.run(["validate", "data", "--format", "json", "--include", "*.json"], in: dir)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let report = try MapBridgeRunner.json(run.stdoutData)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["data/a.kml", "data/b.geojson", "data/c.kmz"])
        let kmz = files.last?["findings"] as? [[String: Any]]
        #expect(kmz?.first?["rule"] as? String == "xml-syntax")
    }
}
