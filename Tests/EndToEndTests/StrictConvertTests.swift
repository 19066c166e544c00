import Foundation
import Testing

@Suite("--strict: any loss fails the command, with no output file")
struct StrictConvertTests {
    static let unreadable = #"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Hexagon"},"properties":{}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"name":"kept"}}
        ]}
        """#

    @Test("a GeoJSON object left out: exit 0 without --strict, exit 1 and no file with it (--quiet too)", arguments: [
        [String](), ["--quiet"],
    ])
    func skippedObject(extra: [String]) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.unreadable, to: "in.geojson", in: dir)
        let output = dir.appendingPathComponent("out.kml").path
        let lenient = try MapBridgeRunner.run(["convert", input, output] + extra)
        #expect(lenient.status == 0)
        try FileManager.default.removeItem(atPath: output)
        let strict = try MapBridgeRunner.run(["convert", input, output, "--strict"] + extra)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("in.geojson:2:"))
        #expect(strict.stderr.contains("strict: nothing is written, because of this warning [skipped-feature]"))
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.geojson"])
    }

    @Test("a skipped CSV row and a property the target cannot hold fail under --strict; a note does not")
    func otherLosses() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let csv = try MapBridgeRunner.write("name,lat,lon\na,1,2\nb,\"x\n", to: "in.csv", in: dir)
        let skipped = try MapBridgeRunner.run(["convert", csv, "-", "--to", "geojson", "--on-error", "skip", "--strict"])
        #expect(skipped.status == 1)
        let nested = try MapBridgeRunner.write(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"a":[1,2]}}"#,
                                               to: "nested.geojson", in: dir)
        let toCSV = try MapBridgeRunner.run(["convert", nested, dir.appendingPathComponent("out.csv").path, "--strict"])
        #expect(toCSV.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.csv").path))
        // A header-less OpenFlights file is recognised with a note, which is no loss.
        let airports = try MapBridgeRunner.write(
            #"1,"Goroka Airport","Goroka","Papua New Guinea","GKA","AYGA",-6.08,145.39,5282,10,"U","Pacific/Port_Moresby","airport","OurAirports""# + "\n",
            to: "airports.dat", in: dir)
        let noted = try MapBridgeRunner.run(["convert", airports, "-", "--to", "geojson", "--strict"])
        #expect(noted.status == 0)
        #expect(noted.stderr.contains("info:"))
    }

    @Test("densify, dedupe and route take --strict too")
    func everyWritingCommand() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.unreadable, to: "in.geojson", in: dir)
        for command in [["densify", input, "-", "--to", "geojson", "--max-segment", "100km"],
                        ["dedupe", input, "-", "--to", "geojson"]] {
            let run = try MapBridgeRunner.run(command + ["--strict"])
            #expect(run.status == 1, "\(command[0])")
            #expect(run.stderr.contains("[skipped-feature]"), "\(command[0])")
        }
        let route = try MapBridgeRunner.run(["route", "1,2", "3,4", "-", "--strict"])
        #expect(route.status == 0)
    }

    @Test("positions out of range are reported once per file, with a count and the first, for GeoJSON, KML and GPX input")
    func outOfRange() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(#"""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[-227.6,151]},"properties":{}},
            {"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[200,3],[190,95]]},"properties":{}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}
            ]}
            """#, to: "range.geojson", in: dir)
        let kml = dir.appendingPathComponent("range.kml").path
        let first = try MapBridgeRunner.run(["convert", input, kml])
        #expect(first.status == 0)
        #expect(first.stderr.split(separator: "\n").count == 1)
        #expect(first.stderr.contains("range.geojson:2:"))
        #expect(first.stderr.contains("3 positions in 2 features lie outside longitude [-180, 180] and latitude [-90, 90] degrees (the first here: longitude -227.6, latitude 151)"))
        let again = try MapBridgeRunner.run(["convert", kml, "-", "--to", "geojson"])
        #expect(again.stderr.contains("3 positions in 2 features"))
        let gpx = try MapBridgeRunner.write(#"<gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="95" lon="10"/></gpx>"#,
                                            to: "w.gpx", in: dir)
        #expect(try MapBridgeRunner.run(["convert", gpx, "-", "--to", "geojson"]).stderr.contains("1 position lies outside"))
        #expect(try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson", "--strict"]).status == 1)
    }
}
