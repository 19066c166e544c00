import Foundation
@testable import MapBridgeGeodesy
@testable import MapBridgeModel
import Testing

/// A small seeded generator, so that the random shapes are the same on every run.
struct AntimeridianTestRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Splitting at the antimeridian: the searches give what scanning gives")
struct AntimeridianSplitSearchTests {
    typealias Vertex = AntimeridianSplit.Vertex

    static func vertex(_ x: Double, _ y: Double) -> Vertex {
        Vertex(x: x, y: y, altitude: nil, original: nil, turns: 0)
    }

    /// A comb: `teeth` vertices alternating between the two sides of the antimeridian at
    /// latitudes from `latitudes` (repeats give equal crossing latitudes), back along a spine
    /// at 179°, with small square holes on either side.
    static func comb(teeth: Int, holes: Int, latitudes: [Double], using random: inout AntimeridianTestRandom) -> Polygon {
        var ring: [Coordinate] = []
        var y = -60.0
        for i in 0..<teeth {
            y += latitudes.randomElement(using: &random) ?? 0.1
            let x = i % 2 == 0 ? Double.random(in: 179.2...179.9, using: &random) : Double.random(in: -179.9 ... -179.2, using: &random)
            ring.append(Coordinate(longitude: x, latitude: y))
        }
        for k in stride(from: teeth - 1, to: 0, by: -1) {
            ring.append(Coordinate(longitude: 179.0, latitude: ring[k].latitude))
        }
        ring.append(Coordinate(longitude: 179.0, latitude: -60.0))
        ring.append(ring[0])
        var inner: [CoordinateList] = []
        for _ in 0..<holes {
            let x = Bool.random(using: &random) ? Double.random(in: 178.0...179.9, using: &random)
                : Double.random(in: -179.95 ... -179.5, using: &random)
            let y = Double.random(in: -60...(y + 1), using: &random), d = 0.01
            inner.append(CoordinateList([Coordinate(longitude: x, latitude: y), Coordinate(longitude: x, latitude: y + d),
                                         Coordinate(longitude: x + d, latitude: y + d), Coordinate(longitude: x + d, latitude: y),
                                         Coordinate(longitude: x, latitude: y)]))
        }
        return Polygon(outer: CoordinateList(ring), holes: inner)
    }

    @Test("random combs, with equal crossing latitudes and holes, split into the pieces scanning gives",
          arguments: [(1, 0), (2, 1), (6, 3), (25, 10), (120, 40)])
    func combs(teeth: Int, holes: Int) {
        var random = AntimeridianTestRandom(state: UInt64(teeth * 1_000 + holes))
        for _ in 0..<20 {
            let steps = [[0.05], [0.05, 0.0, 0.0], [0.3, -0.2, 0.0, 0.1]].randomElement(using: &random) ?? [0.1]
            let polygon = Self.comb(teeth: teeth, holes: holes, latitudes: steps, using: &random)
            let fast = AntimeridianSplit(geodesic: wgs84).split(polygon)
            let scanned = AntimeridianSplit(geodesic: wgs84, matchesByScan: true).split(polygon)
            #expect(fast == scanned)
        }
    }

    @Test("random rings that cross back and forth split into the pieces scanning gives")
    func randomRings() {
        var random = AntimeridianTestRandom(state: 7)
        for count in [3, 5, 9, 17, 40, 100] {
            for _ in 0..<10 {
                var ring = (0..<count).map { _ in
                    Coordinate(longitude: Bool.random(using: &random) ? Double.random(in: 170...180, using: &random)
                                   : Double.random(in: -180 ... -170, using: &random),
                               latitude: (Double.random(in: -3...3, using: &random) * 4).rounded() / 4)
                }
                ring.append(ring[0])
                let polygon = Polygon(outer: CoordinateList(ring), holes: [])
                #expect(AntimeridianSplit(geodesic: wgs84).split(polygon)
                    == AntimeridianSplit(geodesic: wgs84, matchesByScan: true).split(polygon))
            }
        }
    }

    @Test("the nearest start above or below: empty, ties by lowest index, gaps that round alike, NaN")
    func nearestStart() {
        func chains(_ starts: [Double]) -> [AntimeridianSplit.Chain] {
            starts.map { AntimeridianSplit.Chain(points: [Self.vertex(180, $0), Self.vertex(179, $0)], east: false) }
        }
        let empty = AntimeridianSplit.ChainStarts([], byScan: false)
        #expect(empty.nearest(to: 0, upwards: true) == nil && empty.nearest(to: 0, upwards: false) == nil)
        // 1 and its successor are 50 + 1 apart from −50 alike once rounded: a tie, lowest index wins.
        let one = 1.0, above = one.nextUp
        let close: [Double] = [above, 3, 1.0, above, -2, 3, -0.0, 0.0, 1.0]
        let ys: [Double] = [-50, -2, -1, -0.0, 0, 0.5, 1, above, 2, 3, 4, 50, .infinity, -.infinity, .nan]
        for starts in [close, close + [.nan], [5], [5, 5, 5]] {
            let fast = AntimeridianSplit.ChainStarts(chains(starts), byScan: false)
            let scan = AntimeridianSplit.ChainStarts(chains(starts), byScan: true)
            for y in ys {
                for upwards in [true, false] {
                    #expect(fast.nearest(to: y, upwards: upwards) == scan.nearest(to: y, upwards: upwards),
                            "starts \(starts), y \(y), upwards \(upwards)")
                }
            }
        }
        var random = AntimeridianTestRandom(state: 3)
        let many = (0..<500).map { _ in Double(Int.random(in: -40...40, using: &random)) / 8 }
        let fast = AntimeridianSplit.ChainStarts(chains(many), byScan: false)
        let scan = AntimeridianSplit.ChainStarts(chains(many), byScan: true)
        for _ in 0..<500 {
            let y = Double(Int.random(in: -44...44, using: &random)) / 8 + (Bool.random(using: &random) ? 0 : 0.01)
            #expect(fast.nearest(to: y, upwards: true) == scan.nearest(to: y, upwards: true))
            #expect(fast.nearest(to: y, upwards: false) == scan.nearest(to: y, upwards: false))
        }
    }

    @Test("a piece's ring answers containment as scanning every edge does, before and after bucketing")
    func pieceRing() {
        var random = AntimeridianTestRandom(state: 11)
        for count in [3, 4, 40, 300] {
            // A star-shaped ring round (179.5, 0), with some vertices on the probes' latitudes.
            let ring = (0..<count).map { k -> Vertex in
                let angle = Double(k) / Double(count) * 2 * .pi
                let r = Double.random(in: 0.2...1, using: &random)
                let y = Bool.random(using: &random) ? (r * sin(angle) * 4).rounded() / 4 : r * sin(angle)
                return Self.vertex(179.5 + r * cos(angle), y)
            }
            var fast = AntimeridianSplit.PieceRing(ring, byScan: false)
            var scan = AntimeridianSplit.PieceRing(ring, byScan: true)
            for _ in 0..<400 {
                let p = Self.vertex(Double.random(in: 178...181, using: &random),
                                    (Double.random(in: -1.5...1.5, using: &random) * 8).rounded() / 8)
                #expect(fast.contains(p) == scan.contains(p))
            }
        }
    }

    @Test("a line cut at nearly every vertex keeps every time exactly; its parts take what they hold")
    func cutTrackKeepsTimes() throws {
        var random = AntimeridianTestRandom(state: 5)
        var coordinates: [Coordinate] = []
        var texts: [String] = []
        for i in 0..<400 {
            let longitude = Double.random(in: 1...179, using: &random) * (i % 2 == 0 ? 1 : -1)
            coordinates.append(Coordinate(longitude: longitude, latitude: Double.random(in: -60...60, using: &random),
                                          altitude: Double(i)))
            let second = i % 60, minute = i / 60
            texts.append(i % 7 == 3 ? "2024-01-01T00:\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second).123456Z"
                         : "2024-01-01T00:\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second)Z")
        }
        let line = Polyline(coordinates, times: texts)
        guard case .multiPolyline(let parts) = wgs84.cutAtAntimeridian(.polyline(line)) else {
            Issue.record("expected parts")
            return
        }
        #expect(parts.count > 100)
        // Every given vertex comes back once, in order, with its own time.
        var given: [(Coordinate, String)] = []
        for part in parts {
            let times = try #require(part.times)
            #expect(times.count == part.coordinates.count && part.coordinates.count >= 2)
            for (c, t) in zip(part.coordinates, times) where abs(c.longitude) != 180 { given.append((c, t)) }
            #expect(part.coordinates.tailCapacity == part.coordinates.count)
            #expect(times.capacity < 64)
        }
        #expect(given.map(\.0) == coordinates)
        #expect(given.map(\.1) == texts)
    }
}
