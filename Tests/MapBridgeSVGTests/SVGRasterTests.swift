import Foundation
import MapBridgeIO
import MapBridgeModel
import MapBridgeSVG
import Testing

/// Renders SVG text to pixels with librsvg's `rsvg-convert` (Debian `librsvg2-bin`, which
/// `make deps` installs); the test fails, saying so, when it is missing.
func rasterise(_ svg: String) throws -> PNGImage {
    let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/rsvg-convert" }
    guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        Issue.record("rsvg-convert is not installed: the SVG pixel tests need it (Debian package librsvg2-bin; run 'make deps')")
        throw PNGImage.DecodeError("no rsvg-convert")
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-svg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("in.svg"), output = dir.appendingPathComponent("out.png")
    try Data(svg.utf8).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--format=png", "-o", output.path, input.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    try #require(process.terminationStatus == 0, "rsvg-convert failed: \(message)")
    #expect(message.isEmpty, "rsvg-convert complained: \(message)")
    return try PNGImage(data: [UInt8](Data(contentsOf: output)))
}

/// Whether a pixel is `hex`'s colour, opaque, within `tolerance` per channel.
func isColour(_ p: (r: Int, g: Int, b: Int, a: Int), _ hex: String, tolerance: Int = 6) -> Bool {
    guard let c = Color(hex: hex) else { return false }
    return abs(p.r - Int(c.red)) <= tolerance && abs(p.g - Int(c.green)) <= tolerance
        && abs(p.b - Int(c.blue)) <= tolerance && p.a == 255
}

@Suite("SVG rendered by librsvg")
struct SVGRasterTests {
    static let red = Style(strokeColor: Color(hex: "#d1242f"), strokeOpacity: 1, strokeWidth: 4)
    static let background = "#f5f3ee"

    private func options(width: Double = 400, height: Double? = 300, projection: SVGProjection = .mercator) -> SVGWriter.Options {
        var o = SVGWriter.Options()
        o.width = width
        o.height = height
        o.projection = projection
        return o
    }

    /// The middle vertex of the first path whose stroke is `colour`.
    private func middle(of out: SVGOutput, stroke colour: String) throws -> (x: Int, y: Int) {
        let path = try #require(out.root.all.first { $0.name == "path" && $0["stroke"] == colour })
        let vertices = pathVertices(path["d"] ?? "").flatMap { $0 }
        let v = try #require(vertices.isEmpty ? nil : vertices[vertices.count / 2])
        return (Int(v.x.rounded(.down)), Int(v.y.rounded(.down)))
    }

    @Test("a route is drawn in its colour where it runs; the background shows elsewhere")
    func routeColour() throws {
        let out = try writeSVG([Feature(shape: line([(-73.78, 40.64), (-0.45, 51.47)], interpolation: .geodesic), style: Self.red)],
                               options: options())
        let image = try rasterise(out.text)
        #expect(image.width == 400 && image.height == 300)
        let m = try middle(of: out, stroke: "#d1242f")
        #expect(isColour(image.pixel(m.x, m.y), "#d1242f"), "\(image.pixel(m.x, m.y)) at \(m)")
        // The route arcs north between its ends; straight below its middle is open sea.
        #expect(isColour(image.pixel(m.x, min(m.y + 100, 250)), Self.background))
        #expect(isColour(image.pixel(395, 5), Self.background))
    }

    @Test("a Pacific route is drawn across the middle of the picture, not across the map")
    func pacific() throws {
        let out = try writeSVG([Feature(shape: line([(139.78, 35.55), (-118.41, 33.94)], interpolation: .geodesic), style: Self.red)],
                               options: options(width: 600, height: 300))
        let image = try rasterise(out.text)
        let m = try middle(of: out, stroke: "#d1242f")
        #expect(abs(m.x - 300) < 60, "the middle of the route at \(m)")
        #expect(isColour(image.pixel(m.x, m.y), "#d1242f"))
        // Below the arc, in the middle of the picture: nothing drawn (no stroke across the map).
        for y in stride(from: min(m.y + 30, 280), to: 290, by: 5) {
            #expect(isColour(image.pixel(m.x, y), Self.background), "\(image.pixel(m.x, y)) at \(m.x),\(y)")
        }
    }

    @Test("the remaining part of a route is dashed: its colour and gaps alternate along it")
    func dashed() throws {
        var dashedStyle = Style(strokeColor: Color(hex: "#1f6feb"), strokeOpacity: 1, strokeWidth: 4)
        dashedStyle.strokeDash = [8, 8]
        let out = try writeSVG([Feature(shape: line([(0, 0), (40, 0)]), style: dashedStyle),
                                Feature(shape: line([(0, 10), (40, 10)]), style: Self.red)],
                               options: options())
        #expect(out.text.contains(#"stroke-dasharray="8 8""#))
        let image = try rasterise(out.text)
        let dashedPath = try #require(out.root.all.first { $0.name == "path" && $0["stroke"] == "#1f6feb" })
        let solidPath = try #require(out.root.all.first { $0.name == "path" && $0["stroke"] == "#d1242f" })
        let dashedY = Int(try #require(pathVertices(dashedPath["d"] ?? "").first?.first?.y))
        let solidY = Int(try #require(pathVertices(solidPath["d"] ?? "").first?.first?.y))
        var blue = 0, gaps = 0, red = 0
        for x in 40..<360 {
            if isColour(image.pixel(x, dashedY), "#1f6feb", tolerance: 10) { blue += 1 }
            if isColour(image.pixel(x, dashedY), Self.background, tolerance: 10) { gaps += 1 }
            if isColour(image.pixel(x, solidY), "#d1242f", tolerance: 10) { red += 1 }
        }
        #expect(blue > 100 && gaps > 100, "dashes \(blue) px, gaps \(gaps) px")
        #expect(red == 320)
    }

    @Test("a hole in an area shows the background (even-odd fill)")
    func hole() throws {
        let square = Shape.polygon(Polygon(
            outer: [(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)].map { Coordinate(longitude: $0.0, latitude: $0.1) },
            holes: [[(3, 3), (3, 7), (7, 7), (7, 3), (3, 3)].map { Coordinate(longitude: $0.0, latitude: $0.1) }]))
        let style = Style(fillColor: Color(hex: "#00aa00"), fillOpacity: 1, outline: false)
        let out = try writeSVG([Feature(shape: square, style: style)], options: options(width: 300, height: 300))
        let image = try rasterise(out.text)
        #expect(isColour(image.pixel(150, 150), Self.background))
        #expect(isColour(image.pixel(40, 150), "#00aa00"))
    }

    @Test("the globe: the disc on white, the near side of a route drawn, the far side not")
    func globe() throws {
        var o = options(width: 400, height: 400, projection: .orthographic)
        o.center = Coordinate(longitude: 0, latitude: 0)
        o.scaleBar = false
        // Along the equator from the centre eastwards past the horizon (90° E) to 170° E.
        let route = Feature(shape: line([(0, 0), (170, 0)]), style: Self.red)
        let hidden = Feature(shape: .annotation(Coordinate(longitude: 180, latitude: 0)),
                             style: Style(marker: MarkerStyle(color: Color(hex: "#0000ff"))))
        let out = try writeSVG([route, hidden], options: o)
        #expect(!out.root.all.contains { $0.name == "circle" && $0["fill"] == "#0000ff" })
        let image = try rasterise(out.text)
        #expect(isColour(image.pixel(2, 2), "#ffffff"))
        // The disc is 360 px across (5 % margins): centre 200,200, radius 180.
        #expect(isColour(image.pixel(200, 120), Self.background))
        #expect(isColour(image.pixel(300, 200), "#d1242f"))
        #expect(isColour(image.pixel(200, 200), "#d1242f"))
        #expect(isColour(image.pixel(110, 200), Self.background))
        // The line stops at the horizon: no stroke outside the disc.
        #expect(isColour(image.pixel(390, 200), "#ffffff"))
    }

    @Test("an area behind the horizon on the globe is cut along the disc's edge, not across it")
    func globeArea() throws {
        var o = options(width: 400, height: 400, projection: .orthographic)
        o.center = Coordinate(longitude: 0, latitude: 0)
        o.scaleBar = false
        // A band from 60° E to 120° E, 40° S to 40° N: its visible part ends at the rim.
        let band = Shape.polygon(Polygon(outer: [(60, -40), (120, -40), (120, 40), (60, 40), (60, -40)].map {
            Coordinate(longitude: $0.0, latitude: $0.1)
        }, holes: []))
        let out = try writeSVG([Feature(shape: band, style: Style(fillColor: Color(hex: "#00aa00"), fillOpacity: 1, outline: false))],
                               options: o)
        let image = try rasterise(out.text)
        // Inside the band near the rim (85° E on the equator: x = 200 + 180 sin 85°).
        #expect(isColour(image.pixel(376, 200), "#00aa00"))
        // Between 60° E and the centre: not filled (a chord across the disc would fill it).
        #expect(isColour(image.pixel(300, 200), Self.background))
    }

    @Test("a basemap area across the antimeridian draws as one piece under the data")
    func basemap() throws {
        var o = options(width: 600, height: 300)
        o.scaleBar = false
        // Land from 170° E to 170° W, as two pieces cut at the antimeridian (as Fiji is).
        let east = [(170.0, -20.0), (180, -20), (180, -10), (170, -10), (170, -20)]
        let west = [(-180.0, -20.0), (-170, -20), (-170, -10), (-180, -10), (-180, -20)]
        let land = Shape.multiPolygon([east, west].map {
            Polygon(outer: $0.map { Coordinate(longitude: $0.0, latitude: $0.1) }, holes: [])
        })
        var diagnostics: [Diagnostic] = []
        let sink = ByteSink(collectingInMemoryNamed: "out.svg")
        let writer = SVGWriter(sink: sink, options: o) { diagnostics.append($0) }
        writer.basemap = { (draw: (Feature) throws -> Void) throws in try draw(Feature(title: "Islands", shape: land)) }
        try writer.begin(DocumentInfo())
        // The data: a route across the antimeridian, which sets the view.
        try writer.write(Feature(shape: line([(165, -5), (-165, -25)]), style: Self.red))
        try writer.finish(DocumentInfo())
        let text = String(decoding: sink.collectedBytes, as: UTF8.self)
        let image = try rasterise(text)
        // The view is 165° E to 165° W by 25° S to 5° S (the route's box) at 4664 px per world
        // unit: the land spans x 170–430 and y 80–215, the antimeridian at x = 300.
        for (x, y) in [(200, 110), (400, 100), (300, 200), (299, 190), (301, 190), (300, 120)] {
            #expect(isColour(image.pixel(x, y), "#f4f1e8"), "land at \(x),\(y): \(image.pixel(x, y))")
        }
        for (x, y) in [(300, 260), (50, 150), (560, 150), (150, 250)] {
            #expect(isColour(image.pixel(x, y), "#dce8ee"), "sea at \(x),\(y): \(image.pixel(x, y))")
        }
        #expect(isColour(image.pixel(300, 150), "#d1242f"))
        #expect(diagnostics.isEmpty)
        #expect(text.contains("<title>Islands</title>"))
    }

    @Test("a ring round the pole, closed along ±180° and the pole (as Antarctica is), fills its cap with no spike")
    func polarCap() throws {
        var o = options(width: 400, height: 400, projection: .orthographic)
        o.center = Coordinate(longitude: 0, latitude: -90)
        o.scaleBar = false
        let ring = [(-180.0, -70.0), (-90, -70), (0, -70), (90, -70), (180, -70), (180, -90), (-180, -90), (-180, -70)]
        let cap = Shape.polygon(Polygon(outer: ring.map { Coordinate(longitude: $0.0, latitude: $0.1) }, holes: []))
        let style = Style(strokeColor: Color(hex: "#d1242f"), strokeOpacity: 1, strokeWidth: 2,
                          fillColor: Color(hex: "#00aa00"), fillOpacity: 1)
        let out = try writeSVG([Feature(shape: cap, style: style)], options: o)
        let image = try rasterise(out.text)
        // The pole at the centre, and the 180° meridian below it (y = 200 + 180 cos 80°), are
        // inside the cap: green, not the outline drawn down to the pole and back.
        #expect(isColour(image.pixel(200, 200), "#00aa00"), "\(image.pixel(200, 200))")
        #expect(isColour(image.pixel(200, 231), "#00aa00"), "\(image.pixel(200, 231))")
        // The coast at 70° S is outlined (y = 200 + 180 cos 70°); beyond it, at 60° S, the sea.
        #expect(isColour(image.pixel(200, 262), "#d1242f", tolerance: 40) || isColour(image.pixel(200, 261), "#d1242f", tolerance: 40))
        #expect(isColour(image.pixel(200, 290), Self.background))
    }
}
