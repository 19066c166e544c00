import MapBridgeModel
@testable import MapBridgeSVG
import Testing

@Suite("SVG view: extent, bbox, globe, scale bar")
struct SVGViewTests {
    @Test("the extent's arc is the narrowest one: across the antimeridian when that is narrower")
    func extentArc() throws {
        var pacific = SVGExtent()
        pacific.add(west: 139.78, east: 139.78, south: 35.55, north: 35.55)
        pacific.add(west: -118.41, east: -118.41, south: 33.94, north: 33.94)
        pacific.add(west: 139.78, east: 241.59, south: 33.94, north: 47.4)
        let arc = try #require(pacific.arc)
        #expect(abs(arc.west - 139.78) < 1e-9)
        #expect(abs(arc.span - (241.59 - 139.78)) < 1e-9)
        #expect(pacific.south == 33.94 && pacific.north == 47.4)

        var atlantic = SVGExtent()
        atlantic.add(west: -73.78, east: -0.45, south: 40.64, north: 51.47)
        let a = try #require(atlantic.arc)
        #expect(abs(a.west + 73.78) < 1e-9 && abs(a.span - 73.33) < 1e-9)

        var world = SVGExtent()
        world.add(west: -175, east: 170, south: 0, north: 1)
        world.add(west: 175, east: 185, south: 0, north: 1)
        // Only 170° E to 175° E is empty: the arc runs from 175° E round to 170° E.
        let w = try #require(world.arc)
        #expect(w.west == 175 && w.span == 355, "\(w)")
        world.add(west: 160, east: 180, south: 0, north: 1)
        #expect(try #require(world.arc).span == 360, "\(String(describing: world.arc))")
        #expect(SVGExtent().arc == nil)
    }

    @Test("a line GeoJSON cut at the antimeridian is drawn as one curve")
    func joinedCut() throws {
        let cut = Shape.multiPolyline([
            Polyline([Coordinate(longitude: 170, latitude: 10), Coordinate(longitude: 180, latitude: 12)]),
            Polyline([Coordinate(longitude: -180, latitude: 12), Coordinate(longitude: -170, latitude: 14)]),
        ])
        let out = try writeSVG([Feature(shape: cut)])
        let d = try #require(out.features.first?.all.first { $0.name == "path" }?["d"])
        let subpaths = pathVertices(d)
        #expect(subpaths.count == 1)
        #expect(subpaths.first?.count == 3)
        let xs = subpaths.flatMap { $0.map(\.x) }
        #expect((xs.min() ?? 0) > 40 && (xs.max() ?? 0) < 960)
    }

    @Test("with a bbox, what lies outside is left out and the box fills the picture")
    func bbox() throws {
        var o = SVGWriter.Options()
        o.width = 500
        o.scaleBar = false
        var box = BoundingBox(Coordinate(longitude: -10, latitude: 35))
        box.east = 30
        box.north = 60
        o.bbox = box
        let paris = Feature(title: "Paris", shape: .annotation(Coordinate(longitude: 2.35, latitude: 48.86)))
        let tokyo = Feature(title: "Tokyo", shape: .annotation(Coordinate(longitude: 139.78, latitude: 35.55)))
        let out = try writeSVG([paris, tokyo], options: o)
        #expect(out.features.count == 1)
        #expect(out.text.contains("Paris") && !out.text.contains("Tokyo"))
        let circle = try #require(out.root.all.first { $0.name == "circle" })
        // No margin: x from −10° to 30° spans the 500 px, so 2.35° E is at 154.4 px.
        #expect(abs((Double(circle["cx"] ?? "") ?? 0) - 154.4) < 0.2)
    }

    @Test("a bbox across the antimeridian shows the Pacific, with points on both sides")
    func bboxAcross() throws {
        var o = SVGWriter.Options()
        o.width = 600
        var box = BoundingBox(Coordinate(longitude: 150, latitude: -30))
        box.east = -150
        box.north = 10
        o.bbox = box
        let fiji = Feature(shape: .annotation(Coordinate(longitude: 178.4, latitude: -18.1)))
        let samoa = Feature(shape: .annotation(Coordinate(longitude: -171.8, latitude: -13.8)))
        let out = try writeSVG([fiji, samoa], options: o)
        let xs = out.root.all.filter { $0.name == "circle" }.compactMap { Double($0["cx"] ?? "") }
        #expect(xs.count == 2)
        // 60° across 600 px: 178.4° E at 284 px, 171.8° W at 382 px.
        #expect(abs(xs[0] - 284) < 0.2)
        #expect(abs(xs[1] - 382) < 0.2)
    }

    @Test("the globe faces the data's middle by default, or --center; hidden points are left out")
    func globeCentre() throws {
        var o = SVGWriter.Options()
        o.projection = .orthographic
        o.width = 400
        let jfk = Coordinate(longitude: -73.78, latitude: 40.64), sin = Coordinate(longitude: 103.99, latitude: 1.35)
        let route = Feature(shape: .polyline(Polyline([jfk, sin], interpolation: .geodesic)))
        let ends = [jfk, sin].map { Feature(shape: .annotation($0)) }
        let out = try writeSVG([route] + ends, options: o)
        // Both ends of the route face the viewer.
        #expect(out.root.all.filter { $0.name == "circle" && $0["id"] == nil }.count == 2)
        o.center = Coordinate(longitude: -74, latitude: 40)
        let turned = try writeSVG([route] + ends, options: o)
        #expect(turned.root["data-center"] == "40,-74")
        // Singapore is behind the globe from New York.
        #expect(turned.root.all.filter { $0.name == "circle" && $0["id"] == nil }.count == 1)
        let centre = try #require(turned.root.all.first { $0.name == "circle" && $0["id"] == nil })
        #expect(abs((Double(centre["cx"] ?? "") ?? 0) - 200) < 5 && abs((Double(centre["cy"] ?? "") ?? 0) - 200) < 5)
    }

    @Test("the scale bar is a round length, true at the centre's latitude")
    func scaleBar() throws {
        // Mercator at the equator, the whole world 1000 px wide: 40075 km / 1000 px.
        let world = SVGViewport(box: SVGViewport.Box(minX: 0, minY: 0, maxX: 1, maxY: 1), width: 1000, height: 1000, marginShare: 0)
        let mpp = try #require(SVGScaleBar.metresPerPixel(projection: .mercator, viewport: world))
        #expect(abs(mpp - 40_075.017) < 0.01)
        let bar = try #require(SVGScaleBar.length(metresPerPixel: mpp, maximum: 200))
        #expect(bar.metres == 5_000_000)
        #expect(abs(bar.pixels - 124.77) < 0.01)
        #expect(SVGScaleBar.label(metres: bar.metres) == "5000 km")
        #expect(SVGScaleBar.label(metres: 200) == "200 m")
        // At 60° N the same map shows half the metres per pixel (on the sphere; the ellipsoid
        // makes it slightly more).
        let north = SVGViewport(box: SVGViewport.Box(minX: 0.4, minY: SVGProjection.mercatorY(latitude: 60) - 0.01,
                                                     maxX: 0.6, maxY: SVGProjection.mercatorY(latitude: 60) + 0.01),
                                width: 1000, height: nil)
        let m60 = try #require(SVGScaleBar.metresPerPixel(projection: .mercator, viewport: north))
        #expect(abs(m60 / (40_075_016.686 / north.scale) - 0.5) < 0.002)
        let bar60 = try #require(SVGScaleBar.length(metresPerPixel: m60, maximum: 200))
        #expect([1.0, 2, 5].contains(bar60.metres / pow10(floorLog10(bar60.metres))))
    }

    private func floorLog10(_ v: Double) -> Int { var p = 0; var x = v; while x >= 10 { x /= 10; p += 1 }; return p }
    private func pow10(_ p: Int) -> Double { (0..<p).reduce(1.0) { r, _ in r * 10 } }
}
