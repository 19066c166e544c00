import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// RFC 7946 section 3.1.6: outer rings counter-clockwise, holes clockwise, unless
/// `keepsWinding` is set.
@Suite("GeoJSONWriter winding")
struct GeoJSONWriterWindingTests {
    private static let cwOuter = "[[0,0],[0,10],[10,10],[10,0],[0,0]]"
    private static let ccwOuter = "[[0,0],[10,0],[10,10],[0,10],[0,0]]"
    private static let ccwHole = "[[2,2],[4,2],[4,4],[2,4],[2,2]]"
    private static let cwHole = "[[2,2],[2,4],[4,4],[4,2],[2,2]]"

    private func options(keepsWinding: Bool) -> GeoJSONWriter.Options {
        var o = GeoJSONWriter.Options()
        o.keepsWinding = keepsWinding
        return o
    }

    /// The polygons of the first feature written from `geometry`, as read back.
    private func polygonsAfterWriting(_ geometry: String, keepsWinding: Bool = false) throws -> [Polygon] {
        let text = #"{"type":"Feature","geometry":\#(geometry),"properties":{}}"#
        let written = try rewrite(text, options: options(keepsWinding: keepsWinding))
        let shape = try readAll(written.text).features.first?.shape
        var polygons: [Polygon] = []
        func collect(_ s: Shape) {
            switch s {
            case .polygon(let p): polygons.append(p)
            case .multiPolygon(let ps): polygons += ps
            case .collection(let shapes): shapes.forEach(collect)
            default: break
            }
        }
        if let shape { collect(shape) }
        return polygons
    }

    @Test("a clockwise outer ring comes out counter-clockwise, as the same ring reversed")
    func clockwiseOuter() throws {
        let polygons = try polygonsAfterWriting(#"{"type":"Polygon","coordinates":[\#(Self.cwOuter)]}"#)
        let outer = try #require(polygons.first?.outer)
        #expect(Winding.signedArea(outer) > 0)
        #expect(outer == [c(0, 0), c(10, 0), c(10, 10), c(0, 10), c(0, 0)])
    }

    @Test("a counter-clockwise hole comes out clockwise")
    func counterClockwiseHole() throws {
        let polygons = try polygonsAfterWriting(#"{"type":"Polygon","coordinates":[\#(Self.cwOuter),\#(Self.ccwHole)]}"#)
        let polygon = try #require(polygons.first)
        #expect(Winding.signedArea(polygon.outer) > 0)
        #expect(polygon.holes.count == 1)
        #expect(Winding.signedArea(polygon.holes[0]) < 0)
        #expect(polygon.holes[0] == [c(2, 2), c(2, 4), c(4, 4), c(4, 2), c(2, 2)])
    }

    @Test("rings already right stay as they are, vertex for vertex")
    func alreadyRight() throws {
        let geometry = #"{"type":"Polygon","coordinates":[\#(Self.ccwOuter),\#(Self.cwHole)]}"#
        let text = #"{"type":"Feature","geometry":\#(geometry),"properties":{}}"#
        #expect(try rewrite(text).text.contains(#""coordinates":[\#(Self.ccwOuter),\#(Self.cwHole)]"#))
    }

    @Test("every polygon of a MultiPolygon and of a GeometryCollection is rewound")
    func nestedPolygons() throws {
        let geometry = #"""
            {"type":"GeometryCollection","geometries":[
              {"type":"MultiPolygon","coordinates":[[\#(Self.cwOuter)],[\#(Self.cwOuter),\#(Self.ccwHole)]]},
              {"type":"Polygon","coordinates":[\#(Self.cwOuter),\#(Self.ccwHole),\#(Self.cwHole)]}]}
            """#
        let polygons = try polygonsAfterWriting(geometry)
        #expect(polygons.count == 3)
        for polygon in polygons {
            #expect(Winding.signedArea(polygon.outer) > 0)
            for hole in polygon.holes { #expect(Winding.signedArea(hole) < 0) }
        }
        #expect(polygons.map(\.holes.count) == [0, 1, 2])
    }

    @Test("keepsWinding writes rings as the input wound them")
    func keepsWinding() throws {
        let polygons = try polygonsAfterWriting(#"{"type":"Polygon","coordinates":[\#(Self.cwOuter),\#(Self.ccwHole)]}"#,
                                                keepsWinding: true)
        let polygon = try #require(polygons.first)
        #expect(Winding.signedArea(polygon.outer) < 0)
        #expect(Winding.signedArea(polygon.holes[0]) > 0)
        let text = #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[\#(Self.cwOuter)]},"properties":{}}"#
        #expect(try rewrite(text, options: options(keepsWinding: true)).text.contains(Self.cwOuter))
        #expect(!(try rewrite(text, options: options(keepsWinding: false)).text.contains(Self.cwOuter)))
    }

    @Test("by default the writer keeps the input's orientation")
    func keepsByDefault() throws {
        let text = #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0,0],[0,1],[1,1],[1,0],[0,0]]]},"properties":{}}"#
        #expect(GeoJSONWriter.Options().keepsWinding)
        #expect(try rewrite(text).text.contains("[[[0,0],[0,1],[1,1],[1,0],[0,0]]]"))
    }

    @Test("rewinding keeps each number's source text")
    func keepsText() throws {
        let text = #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[0.0,0.0],[0.0,1.50],[1.50,1.50],[1.50,0.0],[0.0,0.0]]]},"properties":{}}"#
        let written = try rewrite(text, options: options(keepsWinding: false)).text
        #expect(written.contains("[[[0.0,0.0],[1.50,0.0],[1.50,1.50],[0.0,1.50],[0.0,0.0]]]"))
    }

    @Test("degenerate rings are left alone")
    func degenerate() throws {
        let ring = "[[0,0],[1,1],[2,2],[0,0]]"
        let text = #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[\#(ring)]},"properties":{}}"#
        #expect(try rewrite(text).text.contains(ring))
    }
}
