import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Cutting at the antimeridian")
struct GeodesicAntimeridianTests {
    static let tokyo = point(35.7647, 140.3864)       // NRT
    static let losAngeles = point(33.9425, -118.4081) // LAX
    static let auckland = point(-37.0082, 174.7850)
    static let santiago = point(-33.3930, -70.7858)

    /// Whether `p` lies on the geodesic from `a` to `b` within a millimetre.
    static func onGeodesic(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(wgs84.distance(from: a, to: p) + wgs84.distance(from: p, to: b) - wgs84.distance(from: a, to: b)) < 1e-3
    }

    @Test("a line that does not cross comes back unchanged")
    func untouched() {
        let shape = Shape.polyline(Polyline([Place.jfk, Place.lhr]))
        #expect(wgs84.cutAtAntimeridian(shape) == shape)
        #expect(wgs84.cutAtAntimeridian(.annotation(Place.jfk)) == .annotation(Place.jfk))
    }

    @Test("Tokyo to Los Angeles and Auckland to Santiago: two parts meeting at ±180 on the geodesic",
          arguments: [(tokyo, losAngeles), (auckland, santiago), (losAngeles, tokyo)])
    func route(from: Coordinate, to: Coordinate) throws {
        let cut = wgs84.cutAtAntimeridian(.polyline(Polyline([from, to], interpolation: .geodesic)))
        guard case .multiPolyline(let parts) = cut else {
            Issue.record("expected two lines, got \(cut)")
            return
        }
        #expect(parts.count == 2)
        let end = try #require(parts[0].coordinates.last), start = try #require(parts[1].coordinates.first)
        #expect(parts[0].coordinates.first == from && parts[1].coordinates.last == to)
        #expect(abs(end.longitude) == 180 && start.longitude == -end.longitude)
        #expect(end.longitude == (from.longitude > 0 ? 180 : -180))
        #expect(end.latitude == start.latitude)
        #expect(Self.onGeodesic(end, from, to))
        #expect(parts.allSatisfy { $0.interpolation == .geodesic })
    }

    @Test("Tokyo to Los Angeles densified: every segment that crosses is cut once, on the geodesic")
    func densifiedRoute() throws {
        let dense = try wgs84.densify([Self.tokyo, Self.losAngeles], maximumSegment: 100_000)
        guard case .multiPolyline(let parts) = wgs84.cutAtAntimeridian(.polyline(Polyline(dense))) else {
            Issue.record("expected a multi-line")
            return
        }
        #expect(parts.count == 2)
        let cutPoint = try #require(parts[0].coordinates.last)
        #expect(Self.onGeodesic(cutPoint, Self.tokyo, Self.losAngeles))
        #expect(parts[0].coordinates.count + parts[1].coordinates.count == dense.count + 2)
    }

    @Test("data already cut at ±180 (an edge along the seam, as in Natural Earth's Antarctica) is left alone")
    func alreadyCut() {
        let ring = [point(-90, -180), point(-84.7, -180), point(-70, -90), point(-70, 90),
                    point(-84.7, 180.00000000000014), point(-90, 180), point(-90, -180)]
        let shape = Shape.polygon(Polygon(outer: ring))
        #expect(wgs84.cutAtAntimeridian(shape) == shape)
        #expect(!Geodesic.crossesAntimeridian([point(-84.7, 180), point(-84.7, -180)]))
    }

    @Test("a vertex exactly on the antimeridian ends the part; none is duplicated")
    func vertexOnTheLine() {
        let line = [point(10, 170), point(11, 180), point(12, -170)]
        guard case .multiPolyline(let parts) = wgs84.cutAtAntimeridian(.polyline(Polyline(line))) else {
            Issue.record("expected a multi-line")
            return
        }
        #expect(parts.map(\.coordinates) == [[point(10, 170), point(11, 180)], [point(11, -180), point(12, -170)]])
    }

    @Test("a polygon around Fiji becomes two polygons closed along the antimeridian")
    func fiji() throws {
        let ring = [point(-20, 176), point(-20, -178), point(-15, -178), point(-15, 176), point(-20, 176)]
        guard case .multiPolygon(let pieces) = wgs84.cutAtAntimeridian(.polygon(Polygon(outer: ring))) else {
            Issue.record("expected a multi-polygon")
            return
        }
        #expect(pieces.count == 2)
        for piece in pieces {
            #expect(piece.outer.first == piece.outer.last)
            #expect(piece.outer.allSatisfy { (-180...180).contains($0.longitude) })
            let onLine = piece.outer.filter { abs($0.longitude) == 180 }
            #expect(onLine.count >= 2)
            #expect(Winding.isCounterClockwise(piece.outer))
        }
        let west = try #require(pieces.first { $0.outer.contains { $0.longitude == 176 } })
        #expect(Set(west.outer.filter { $0.longitude == 180 }).count == 2)
        // The pieces' areas add up to the whole (geodesic edges, cut on the geodesic).
        let total = pieces.map { wgs84.area(of: $0.outer) }.reduce(0, +)
        #expect(abs(total - wgs84.area(of: ring)) < 1)
        // Cut points lie on the geodesic of the edge they cut.
        let cutSouth = try #require(west.outer.first { $0.longitude == 180 && $0.latitude < -19 })
        #expect(Self.onGeodesic(cutSouth, ring[0], ring[1]))
    }

    @Test("a hole that crosses becomes a notch in each piece; areas still add up")
    func holeAcross() throws {
        let outer = [point(-20, 170), point(-20, -170), point(-10, -170), point(-10, 170), point(-20, 170)]
        let hole = [point(-17, 175), point(-13, 175), point(-13, -175), point(-17, -175), point(-17, 175)]
        guard case .multiPolygon(let pieces) = wgs84.cutAtAntimeridian(.polygon(Polygon(outer: outer, holes: [hole]))) else {
            Issue.record("expected a multi-polygon")
            return
        }
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.holes.isEmpty })
        let total = pieces.map { wgs84.area(of: $0.outer) }.reduce(0, +)
        #expect(abs(total - (wgs84.area(of: outer) - wgs84.area(of: hole))) < 1)
    }

    @Test("a ring round the North Pole becomes one cap closed along ±180 and latitude 90")
    func northPole() throws {
        let ring = [point(70, 0), point(70, 90), point(70, 180), point(70, -90), point(70, 0)]
        let cut = wgs84.cutAtAntimeridian(.polygon(Polygon(outer: ring)))
        guard case .polygon(let cap) = cut else {
            Issue.record("expected one polygon, got \(cut)")
            return
        }
        #expect(cap.outer.contains(point(90, 180)) && cap.outer.contains(point(90, -180)))
        #expect(cap.outer.allSatisfy { (-180...180).contains($0.longitude) })
        #expect(Winding.isCounterClockwise(cap.outer))
        let polarCap = wgs84.area(of: ring)
        #expect(abs(wgs84.area(of: cap.outer) - polarCap) < 1)
    }

    @Test("the crossing latitude is found to a micrometre along the geodesic")
    func crossing() throws {
        let hit = try #require(wgs84.crossing(from: Self.tokyo, to: Self.losAngeles, atUnrolledLongitude: 180))
        let cut = point(hit.latitude, 180)
        #expect(Self.onGeodesic(cut, Self.tokyo, Self.losAngeles))
        #expect(abs(wgs84.distance(from: Self.tokyo, to: cut) - hit.fraction * wgs84.distance(from: Self.tokyo, to: Self.losAngeles)) < 1e-3)
    }
}
