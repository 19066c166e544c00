import Foundation
import Testing

@Suite("mapbridge convert on GPX")
struct GPXConvertTests {
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
