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
}
