import Foundation
import Testing

@Suite("mapbridge convert on GPX")
struct GPXConvertTests {
    @Test("a track's per-point values survive GPX → KML → GeoJSON; SVG says it cannot hold them")
    func perPointValuesThroughKML() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let gpx = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><name>Run</name><trkseg>
            <trkpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
            <trkpt lat="1.001" lon="2.001"><time>2024-05-01T10:00:05Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>125</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
            </trkseg></trk></gpx>
            """#
        let input = try MapBridgeRunner.write(gpx, to: "run.gpx", in: dir)
        let kml = dir.appendingPathComponent("run.kml").path
        let toKML = try MapBridgeRunner.run(["convert", input, kml])
        #expect(toKML.status == 0)
        #expect(toKML.stderr.isEmpty)
        let back = try MapBridgeRunner.run(["convert", kml, "-", "--to", "geojson"])
        #expect(back.stdout.contains(#""heart":[120,125]"#) && back.stdout.contains(#""cads":[80,null]"#))
        let svg = try MapBridgeRunner.run(["convert", input, "-", "--to", "svg"])
        #expect(svg.status == 0)
        #expect(svg.stderr.contains("SVG holds no per-point values"))
    }

    @Test("a GPX track with two segments, times and heart rate reads as a timed multi-line")
    func readSample() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("taxi-jfk.gpx"), "-", "--to", "geojson"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try MapBridgeRunner.json(run.stdoutData)
        #expect(json["name"] as? String == "Taxi at JFK")
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 2)
        #expect((features[0]["geometry"] as? [String: Any])?["type"] as? String == "MultiLineString")
        let per = try #require((features[0]["properties"] as? [String: Any])?["coordinateProperties"] as? [String: Any])
        #expect((per["times"] as? [[String]])?.first?.count == 2)
        #expect((per["heart"] as? [[Any]])?.first?.first as? Int == 88)
        #expect((features[1]["properties"] as? [String: Any])?["name"] as? String == "Gate B22")
    }

    @Test("GPX → GPX → GeoJSON keeps points, times and names")
    func roundTrip() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let gpx = dir.appendingPathComponent("again.gpx").path
        #expect(try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("taxi-jfk.gpx"), gpx]).status == 0)
        let first = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("taxi-jfk.gpx"), "-", "--to", "geojson"])
        let second = try MapBridgeRunner.run(["convert", gpx, "-", "--to", "geojson"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(first.stdout == second.stdout)
    }

    @Test("GeoJSON points and lines become GPX; what GPX cannot hold is reported")
    func fromGeoJSON() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "gpx"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("<gpx version=\"1.1\""))
        #expect(run.stdout.contains("<trk>"))
        #expect(run.stderr.contains("warning:"))  // the polygon keeps only its outer ring
    }
}
