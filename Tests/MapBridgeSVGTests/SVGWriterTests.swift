import MapBridgeIO
import MapBridgeModel
import MapBridgeSVG
import Testing

@Suite("SVG writer")
struct SVGWriterTests {
    @Test("no features: a valid SVG of the whole world")
    func empty() throws {
        let out = try writeSVG([])
        #expect(out.root.name == "svg")
        #expect(out.width == 1000)
        #expect(out.height == 1000)
        #expect(out.features.isEmpty)
        #expect(out.root["viewBox"] == "0 0 1000 1000")
    }

    @Test("one point sits in the middle of the picture")
    func onePoint() throws {
        let out = try writeSVG([Feature(shape: .annotation(Coordinate(longitude: -73.78, latitude: 40.64)))],
                               options: options(width: 400, height: 300))
        let circle = try #require(out.root.all.first { $0.name == "circle" })
        #expect(circle["cx"] == "200")
        #expect(circle["cy"] == "150")
        #expect(circle["r"] == "6")
    }

    @Test("the view fits the data's box with a margin", arguments: [SVGProjection.mercator, .equirectangular])
    func fits(projection: SVGProjection) throws {
        var o = options(width: 800, height: nil)
        o.projection = projection
        let out = try writeSVG([
            Feature(shape: line([(2.35, 48.86), (13.4, 52.52), (-0.13, 51.5)])),
            Feature(shape: .annotation(Coordinate(longitude: 12.5, latitude: 41.9))),
        ], options: o)
        let path = try #require(out.root.all.first { $0.name == "path" }?["d"])
        let circle = try #require(out.root.all.first { $0.name == "circle" })
        var xs = pathVertices(path).flatMap { $0.map(\.x) }, ys = pathVertices(path).flatMap { $0.map(\.y) }
        xs.append(Double(circle["cx"] ?? "") ?? -1)
        ys.append(Double(circle["cy"] ?? "") ?? -1)
        let margin = out.width * 0.05  // the height follows the data
        #expect(abs((xs.min() ?? 0) - margin) < 0.2)
        #expect(abs((xs.max() ?? 0) - (out.width - margin)) < 0.2)
        #expect((ys.min() ?? -1) >= margin - 0.2)
        #expect((ys.max() ?? .infinity) <= out.height - margin + 0.2)
        #expect(abs((ys.max() ?? 0) - (ys.min() ?? 0) - (out.height - 2 * margin)) < 1)
    }

    @Test("a Pacific route is one continuous curve", arguments: [
        [(139.78, 35.55), (-118.41, 33.94)],  // Tokyo to Los Angeles
        [(-73.78, 40.64), (103.99, 1.35)],  // JFK to Singapore
        [(174.79, -37.0), (-149.6, -17.55), (-157.9, 21.3)],  // Auckland, Papeete, Honolulu
    ])
    func pacific(points: [(Double, Double)]) throws {
        let out = try writeSVG([Feature(shape: line(points, interpolation: .geodesic))])
        let d = try #require(out.root.all.first { $0.name == "path" }?["d"])
        let vertices = try #require(pathVertices(d).first)
        #expect(vertices.count > 20)  // densified
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            #expect(abs(b.x - a.x) < out.width / 2)
        }
        #expect(vertices.allSatisfy { $0.x >= 0 && $0.x <= out.width && $0.y >= 0 && $0.y <= out.height })
    }

    @Test("styles from the model, defaults where unset")
    func styles() throws {
        let styled = Style(strokeColor: Color(hex: "#d1242f"), strokeOpacity: 0.9, strokeWidth: 3,
                           fillColor: Color(hex: "#00ff00"), fillOpacity: 0.25,
                           marker: MarkerStyle(color: Color(hex: "#0000ff"), size: .large))
        let square = Shape.polygon(Polygon(outer: [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)].map { Coordinate(longitude: $0.0, latitude: $0.1) },
                                           holes: [[(0.4, 0.4), (0.4, 0.6), (0.6, 0.6), (0.4, 0.4)].map { Coordinate(longitude: $0.0, latitude: $0.1) }]))
        let out = try writeSVG([
            Feature(shape: square, style: styled),
            Feature(shape: line([(0, 0), (1, 1)])),
            Feature(shape: .annotation(Coordinate(longitude: 0.5, latitude: 0.5)), style: styled),
        ])
        let paths = out.features.flatMap(\.all).filter { $0.name == "path" }
        #expect(paths.count == 2)
        #expect(paths[0]["fill"] == "#00ff00")
        #expect(paths[0]["fill-opacity"] == ".25")
        #expect(paths[0]["fill-rule"] == "evenodd")
        #expect(paths[0]["stroke"] == "#d1242f")
        #expect(paths[0]["stroke-width"] == "3")
        #expect(paths[0]["stroke-opacity"] == ".9")
        #expect(pathVertices(paths[0]["d"] ?? "").count == 2)  // outer ring and hole
        #expect(paths[1]["fill"] == "none")
        #expect(paths[1]["stroke"] == "#555555")
        #expect(paths[1]["stroke-width"] == "2")
        let circle = try #require(out.root.all.first { $0.name == "circle" })
        #expect(circle["fill"] == "#0000ff")
        #expect(circle["r"] == "8")
    }

    @Test("titles and data attributes are escaped and read back as given")
    func escaping() throws {
        let hostile = "Fish & \"Chips\" <b>\n'x'"
        var properties = Properties()
        properties["Name Tag"] = .string(hostile)
        properties["count"] = 7
        properties["open"] = true
        properties["nested"] = .object(["a": 1])
        properties["name-tag"] = "duplicate after lowering"
        let out = try writeSVG([Feature(id: .string("A&1"), title: hostile, subtitle: "<p>desc</p>",
                                        shape: .annotation(Coordinate(longitude: 1, latitude: 2)),
                                        properties: properties)],
                               options: options(labels: .name))
        let g = try #require(out.features.first)
        #expect(g["id"] == "feature-1")
        #expect(g["data-id"] == "A&1")
        #expect(g["data-name-tag"] == hostile)
        #expect(g["data-count"] == "7")
        #expect(g["data-open"] == "true")
        #expect(g["data-nested"] == nil)
        let title = try #require(g.children.first { $0.name == "title" })
        #expect(title.text == hostile + "\n<p>desc</p>")
        let label = try #require(g.children.first { $0.name == "text" })
        #expect(label.text == hostile)
    }

    @Test("a circle is drawn as its geodesic ring")
    func circle() throws {
        let out = try writeSVG([Feature(shape: .circle(Circle(center: Coordinate(longitude: 179.9, latitude: -16.5), radius: 50_000)))])
        let d = try #require(out.root.all.first { $0.name == "path" }?["d"])
        let ring = try #require(pathVertices(d).first)
        #expect(ring.count > 16)
        let xs = ring.map(\.x), ys = ring.map(\.y)
        // Across the antimeridian, still round: as wide as tall.
        let width = (xs.max() ?? 0) - (xs.min() ?? 0), height = (ys.max() ?? 0) - (ys.min() ?? 0)
        #expect(width > 500)
        #expect(abs(width / height - 1) < 0.01)
    }

    @Test("output is deterministic")
    func deterministic() throws {
        let features = [Feature(title: "a", shape: line([(0, 0), (10, 10)], interpolation: .geodesic))]
        #expect(try writeSVG(features).text == writeSVG(features).text)
    }

    private func options(width: Double = 1000, height: Double? = nil, labels: SVGWriter.Labels = .none) -> SVGWriter.Options {
        var o = SVGWriter.Options()
        o.width = width
        o.height = height
        o.labels = labels
        return o
    }
}
