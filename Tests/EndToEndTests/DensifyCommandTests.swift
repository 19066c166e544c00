import Foundation
import Testing

@Suite("mapbridge densify and the geodesy options of convert")
struct DensifyCommandTests {
    static let routes = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"NRT-LAX"},"geometry":{"type":"LineString","coordinates":[[140.3864,35.7647],[-118.4081,33.9425]]}},
        {"type":"Feature","properties":{"name":"short"},"geometry":{"type":"LineString","coordinates":[[2.0,48.0],[2.01,48.01]]}},
        {"type":"Feature","properties":{"name":"Fiji"},"geometry":{"type":"Polygon","coordinates":[[[176,-20],[-178,-20],[-178,-15],[176,-15],[176,-20]]]}}
        ]}
        """

    static func lines(of feature: [String: Any]) -> [[[Double]]] {
        let geometry = feature["geometry"] as? [String: Any]
        if geometry?["type"] as? String == "MultiLineString" { return geometry?["coordinates"] as? [[[Double]]] ?? [] }
        return [geometry?["coordinates"] as? [[Double]] ?? []]
    }

    @Test("densify --max-segment 100km: cut at the antimeridian, input points kept, bbox across it")
    func maxSegment() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.routes, to: "routes.geojson", in: dir)
        let output = dir.appendingPathComponent("dense.geojson").path
        let run = try MapBridgeRunner.run(["densify", input, output, "--max-segment", "100km", "--bbox"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let features = try #require(try MapBridgeRunner.json(atPath: output)["features"] as? [[String: Any]])
        let route = Self.lines(of: features[0])
        #expect(route.count == 2)
        #expect(route[0].first == [140.3864, 35.7647] && route[1].last == [-118.4081, 33.9425])
        #expect(route[0].last?.first == 180 && route[1].first?.first == -180)
        #expect(route[0].count + route[1].count > 88)
        #expect((features[0]["bbox"] as? [Double])?.first == 140.3864)
        #expect((features[0]["bbox"] as? [Double])?[2] == -118.4081)
        #expect(Self.lines(of: features[1]) == [[[2.0, 48.0], [2.01, 48.01]]])
        let fiji = features[2]["geometry"] as? [String: Any]
        #expect(fiji?["type"] as? String == "MultiPolygon")
        // The input's number text survives.
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("[2.0,48.0]"))
    }

    @Test("convert --max-error 1km needs fewer points than --max-segment; --no-antimeridian-cut keeps one line")
    func maxErrorAndNoCut() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.routes, to: "routes.geojson", in: dir)
        let byError = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson", "--max-error", "1km"])
        #expect(byError.status == 0)
        let errorPoints = Self.lines(of: try #require((try MapBridgeRunner.json(byError.stdoutData)["features"] as? [[String: Any]])?.first))
            .map(\.count).reduce(0, +)
        let bySegment = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson", "--max-segment", "20km"])
        let segmentPoints = Self.lines(of: try #require((try MapBridgeRunner.json(bySegment.stdoutData)["features"] as? [[String: Any]])?.first))
            .map(\.count).reduce(0, +)
        #expect(errorPoints > 2 && errorPoints < segmentPoints)
        let uncut = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson", "--no-antimeridian-cut"])
        #expect(uncut.stdout.contains("\"LineString\",\"coordinates\":[[140.3864,35.7647],[-118.4081,33.9425]]"))
    }

    @Test("lengths in nautical and statute miles: 50nm is 92.6km, 10mi is 16.09344km", arguments: [
        ("50nm", "92600"), ("50 NM", "92.6km"), ("10mi", "16093.44"), ("2.5mi", "4.02336km"),
    ])
    func lengthUnits(length: String, metres: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.routes, to: "routes.geojson", in: dir)
        let withUnit = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson", "--max-segment", length])
        let inMetres = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson", "--max-segment", metres])
        #expect(withUnit.status == 0 && inMetres.status == 0)
        #expect(withUnit.stderr.isEmpty)
        #expect(withUnit.stdout == inMetres.stdout)
        #expect(withUnit.stdout.count > 2 * Self.routes.count)
    }

    @Test("bad usage exits 64 with a message", arguments: [
        ["densify", "a.geojson", "b.geojson"],
        ["densify", "a.geojson", "b.geojson", "--max-segment", "ten"],
        ["densify", "a.geojson", "b.geojson", "--max-segment", "5 leagues"],
        ["densify", "a.geojson", "b.geojson", "--max-segment", "nm"],
        ["densify", "a.geojson", "b.geojson", "--max-segment", "1km", "--max-error", "1m"],
        ["convert", "a.geojson", "b.geojson", "--only-geodesic"],
    ])
    func usage(arguments: [String]) throws {
        let run = try MapBridgeRunner.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains("error:"))
    }

    @Test("info reports geodesic lengths and areas, and a box across the antimeridian")
    func info() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.routes, to: "routes.geojson", in: dir)
        let text = try MapBridgeRunner.run(["info", input])
        #expect(text.stdout.contains("line length: 8,774.059 km"))
        #expect(text.stdout.contains("polygon area: 352,734.212 km²"))
        #expect(text.stdout.contains("bounding box: west 140.3864, south -20, east 2.01, north 48.01"))
        let json = try MapBridgeRunner.json(try MapBridgeRunner.run(["info", input, "--json"]).stdoutData)
        #expect((json["lineLengthKm"] as? Double).map { abs($0 - 8774.059) < 0.001 } == true)
        #expect((json["bbox"] as? [Double])?.first == 140.3864)
    }

    static let track = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"NRT-LAX flown","coordinateProperties":{"times":["2026-01-01T00:00:00Z","2026-01-01T10:00:00Z"]}},
         "geometry":{"type":"LineString","coordinates":[[140.3864,35.7647],[-118.4081,33.9425]]}}
        ]}
        """

    @Test("a track keeps its times: cut at the antimeridian, and densified, with times interpolated")
    func timedTrack() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.track, to: "track.geojson", in: dir)
        for extra in [[], ["--max-segment", "500km"]] {
            let run = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson"] + extra)
            #expect(run.status == 0)
            #expect(!run.stderr.contains("antimeridian-times") && !run.stderr.contains("loses"))
            let feature = try #require((try MapBridgeRunner.json(run.stdoutData)["features"] as? [[String: Any]])?.first)
            let parts = Self.lines(of: feature)
            let properties = feature["properties"] as? [String: Any]
            let times = try #require((properties?["coordinateProperties"] as? [String: Any])?["times"] as? [[String]])
            #expect(parts.count == 2 && times.count == 2)
            #expect(zip(parts, times).allSatisfy { $0.count == $1.count })
            #expect(times.first?.first == "2026-01-01T00:00:00Z" && times.last?.last == "2026-01-01T10:00:00Z")
            // The cut point has the same time on both sides, between the ends, in order.
            #expect(times[0].last == times[1].first)
            let all = times.joined().map { $0 }
            #expect(all == all.sorted())
            if extra.isEmpty { #expect(parts[0].count == 2) } else { #expect(parts[0].count + parts[1].count > 18) }
        }
    }

    @Test("help lists densify and its options")
    func help() throws {
        let run = try MapBridgeRunner.run(["help", "densify"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--max-segment LENGTH") && run.stdout.contains("--only-geodesic"))
        #expect(try MapBridgeRunner.run(["--help"]).stdout.contains("densify"))
    }
}
