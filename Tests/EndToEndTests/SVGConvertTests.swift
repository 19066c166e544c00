import Foundation
import Testing

@Suite("convert to SVG")
struct SVGConvertTests {
    @Test("the JFK–SIN sample becomes an SVG picture with the options applied")
    func flight() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "svg",
                                           "--max-segment", "200km", "--width", "640", "--projection", "equirectangular",
                                           "--labels", "name"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<?xml"))
        #expect(run.stdout.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="640""#))
        #expect(run.stdout.contains(#"data-projection="equirectangular""#))
        #expect(run.stdout.contains(##"stroke="#d1242f""##))
        #expect(run.stdout.contains("<text"))
        #expect(run.stdout.hasSuffix("</svg>\n"))
    }

    @Test("bad SVG options are usage errors")
    func badOptions() throws {
        let projection = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "svg",
                                                  "--projection", "globe"])
        #expect(projection.status == 64)
        #expect(projection.stderr.contains("--projection"))
        let width = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "svg",
                                             "--width", "0"])
        #expect(width.status == 64)
    }

    @Test("librsvg renders the route, globe and basemap pictures without complaint (rsvg-convert is required)",
          arguments: [[], ["--projection", "orthographic"], ["--projection", "equirectangular", "--labels", "name"]])
    func rasterise(extra: [String]) throws {
        guard let tool = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            Issue.record("rsvg-convert is not installed: these tests need it (Debian package librsvg2-bin; run 'make deps')")
            return
        }
        let dir = try MapBridgeRunner.temporaryDirectory()
        let basemap = try writeBasemap(in: dir)
        let svg = dir.appendingPathComponent("flight.svg").path
        let png = dir.appendingPathComponent("flight.png").path
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), svg, "--basemap", basemap] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-o", png, svg]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0 && complaint.isEmpty, "\(complaint)")
        let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
        #expect(size > 1000)
    }

    /// A small basemap: a box round New York and one cut at the antimeridian (as Fiji is).
    private func writeBasemap(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("land.geojson")
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"Box"},"geometry":{"type":"Polygon","coordinates":[[[-80,35],[-70,35],[-70,45],[-80,45],[-80,35]]]}},
            {"type":"Feature","properties":{"name":"Islands"},"geometry":{"type":"MultiPolygon","coordinates":[
              [[[170,-20],[180,-20],[180,-10],[170,-10],[170,-20]]],[[[-180,-20],[-170,-20],[-170,-10],[-180,-10],[-180,-20]]]]}}]}
            """
        try Data(text.utf8).write(to: path)
        return path.path
    }

    @Test("--basemap draws underneath the data and sets the view only when there is no data")
    func basemap() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let basemap = try writeBasemap(in: dir)
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "svg",
                                           "--basemap", basemap])
        #expect(run.status == 0, "\(run.stderr)")
        let basemapAt = try #require(run.stdout.range(of: #"<g id="basemap""#))
        let featureAt = try #require(run.stdout.range(of: #"<g id="feature-1""#))
        #expect(basemapAt.lowerBound < featureAt.lowerBound)
        #expect(run.stdout.contains("<title>Box</title>"))
        // The islands lie outside the route's view (JFK to Singapore over the pole): left out.
        #expect(!run.stdout.contains("<title>Islands</title>"))
        // Alone, the basemap sets the view: the islands across the antimeridian are drawn.
        let alone = try MapBridgeRunner.run(["convert", basemap, "-", "--to", "svg", "--basemap", basemap])
        #expect(alone.status == 0)
        #expect(alone.stdout.contains("<title>Islands</title>"))

        let missing = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"),
                                               dir.appendingPathComponent("out.svg").path, "--basemap", dir.appendingPathComponent("nope.geojson").path])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("nope.geojson"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.svg").path))
    }

    @Test("--view-bbox shows that area, across the antimeridian when west > east, and leaves out what is outside")
    func viewBox() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "svg",
                                           "--view-bbox", "-10,35,30,60", "--labels", "name", "--width", "500"])
        #expect(run.status == 0, "\(run.stderr)")
        let all = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "svg"])
        let shown = run.stdout.components(separatedBy: "<circle").count, everything = all.stdout.components(separatedBy: "<circle").count
        #expect(shown > 1 && shown < everything, "\(shown) of \(everything) points")
        let bad = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("airports.geojson"), "-", "--to", "svg",
                                           "--view-bbox", "10,60,20,50"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--view-bbox"))
    }

    @Test("--bbox W,S,E,N is the view box for SVG; --bbox alone still adds bounding boxes to GeoJSON")
    func bboxWithValue() throws {
        let sample = MapBridgeRunner.sample("airports.geojson")
        let viewed = try MapBridgeRunner.run(["convert", sample, "-", "--to", "svg", "--bbox", "-10,35,30,60"])
        let same = try MapBridgeRunner.run(["convert", sample, "-", "--to", "svg", "--view-bbox", "-10,35,30,60"])
        #expect(viewed.status == 0, "\(viewed.stderr)")
        #expect(viewed.stdout == same.stdout)
        let dir = try MapBridgeRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("b.geojson").path
        let boxes = try MapBridgeRunner.run(["convert", sample, "--bbox", out])
        #expect(boxes.status == 0, "\(boxes.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("\"bbox\""))
        let wrong = try MapBridgeRunner.run(["convert", sample, out, "--bbox", "-10,35,30,60"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("SVG"))
    }

    @Test("route takes the SVG options")
    func routeSVGOptions() throws {
        let run = try MapBridgeRunner.run(["route", "JFK", "SIN", "-", "--format", "svg", "--places", MapBridgeRunner.sample("airports.geojson"),
                                           "--projection", "orthographic", "--width", "400"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("data-projection=\"orthographic\""))
        #expect(run.stdout.contains("width=\"400\""))
    }

    @Test("the globe faces --center, and the remaining part of a route is dashed")
    func globeAndDashes() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let route = dir.appendingPathComponent("route.geojson").path
        let made = try MapBridgeRunner.run(["route", "JFK", "SIN", route, "--places", MapBridgeRunner.sample("airports.geojson"),
                                            "--progress", "0.4"])
        #expect(made.status == 0, "\(made.stderr)")
        let run = try MapBridgeRunner.run(["convert", route, "-", "--to", "svg", "--projection", "orthographic", "--center", "60,-20"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#"data-center="60,-20""#))
        #expect(run.stdout.contains(#"<circle id="horizon""#))
        #expect(run.stdout.contains(#"stroke-dasharray="8 6""#))
        #expect(run.stdout.contains(#"id="scale-bar""#))
        let noBar = try MapBridgeRunner.run(["convert", route, "-", "--to", "svg", "--no-scale-bar"])
        #expect(!noBar.stdout.contains(#"id="scale-bar""#))
        let flat = try MapBridgeRunner.run(["convert", route, "-", "--to", "svg", "--center", "60,-20"])
        #expect(flat.status == 64)
    }
}
