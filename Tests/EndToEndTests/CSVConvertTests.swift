import Foundation
import Testing

@Suite("mapbridge convert and info on CSV")
struct CSVConvertTests {
    @Test("a semicolon CSV with quotes, line breaks and \\N reads as typed points")
    func readSample() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.csv"), "-", "--to", "geojson"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try MapBridgeRunner.json(run.stdoutData)
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 4)
        let sin = try #require(features[1]["properties"] as? [String: Any])
        #expect(sin["elevation_ft"] as? Int == 22)
        #expect(sin["hub"] as? Bool == true)
        #expect(sin["note"] as? String == "Terminal 5 \"opens\" later")
        #expect((features[2]["properties"] as? [String: Any])?["note"] is NSNull)
        #expect((features[3]["properties"] as? [String: Any])?["note"] as? String == "two\nlines")
        #expect(((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [Double]) == [-73.7789, 40.6398])
    }

    @Test("--columns openflights-airports names the layout; a route between its codes needs no other option")
    func openFlightsLayout() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let rows = #"""
            3797,"John F Kennedy International Airport","New York","United States","JFK","KJFK",40.63980103,-73.77890015,13,-5,"A","America/New_York","airport","OurAirports"
            3316,"Singapore Changi Airport","Singapore","Singapore","SIN","WSSS",1.35019,103.994003,22,8,"N","Asia/Singapore","airport","OurAirports"

            """#
        let input = try MapBridgeRunner.write(rows, to: "airports.dat", in: dir)
        let named = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson", "--columns", "openflights-airports"])
        #expect(named.status == 0)
        #expect(named.stderr.isEmpty)
        #expect(named.stdout.contains(#""iata":"SIN""#) && named.stdout.contains(#""altitude_ft":22"#))
        let route = try MapBridgeRunner.run(["route", "JKF", "SIN", "-", "--places", input])
        #expect(route.status == 1)
        #expect(route.stderr.contains("close matches: JFK (John F Kennedy International Airport)"))
        #expect(route.stderr.contains("the layout of OpenFlights airports.dat"))
    }

    @Test("CSV → GeoJSON → CSV gives the same bytes in the writer's own layout")
    func roundTrip() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let paths = ["a.geojson", "b.csv", "c.geojson", "d.csv"].map { dir.appendingPathComponent($0).path }
        #expect(try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.csv"), paths[0]]).status == 0)
        for (from, to) in [(0, 1), (1, 2), (2, 3)] {
            let run = try MapBridgeRunner.run(["convert", paths[from], paths[to]])
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[1])) == Data(contentsOf: URL(fileURLWithPath: paths[3])))
    }

    @Test("headerless files take --columns; lines and shapes go out as WKT")
    func headerlessAndWKT() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let dat = try MapBridgeRunner.write("1,\"Goroka\",-6.0817,145.392,5282\n2,\"Madang\",-5.2071,145.789,\\N\n", to: "a.dat", in: dir)
        let run = try MapBridgeRunner.run(["info", dat, "--columns", "id,name,lat,lon,altitude_ft", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try MapBridgeRunner.json(run.stdoutData)["shapes"] as? [String: Int] == ["Point": 2])
        let wkt = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "csv", "--quiet"])
        #expect(wkt.stdout.hasPrefix("wkt,"))
        #expect(wkt.stdout.contains("\"LINESTRING (-73.7789 40.6398, 103.994 1.35019)\""))
    }

    @Test("a malformed row fails with its line, or is skipped and reported with --on-error skip")
    func malformedRows() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let csv = try MapBridgeRunner.write("name,lat,lon\nA,1,2\nB,north,3\nC,5,6\n", to: "bad.csv", in: dir)
        let fail = try MapBridgeRunner.run(["convert", csv, dir.appendingPathComponent("o.geojson").path])
        #expect(fail.status == 1)
        #expect(fail.stderr.contains("bad.csv:3:"), "\(fail.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o.geojson").path))
        let skip = try MapBridgeRunner.run(["convert", csv, "-", "--to", "geojsonl", "--on-error", "skip"])
        #expect(skip.status == 0)
        #expect(skip.stdout.split(separator: "\n").count == 2)
        #expect(skip.stderr.contains("bad.csv:3:"))
    }
}
