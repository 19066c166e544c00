import MapBridgeModel

/// Cuts a polygon at the antimeridian (RFC 7946 §3.1.9) into polygons within [-180, 180].
///
/// 1. Each ring is unrolled: longitudes continue past ±180 (x), so the ring is one loop in
///    the plane. A ring that goes round a pole does not close there (its end is 360° from its
///    start): it is rotated to begin on the antimeridian and closed along that meridian, the
///    pole's latitude and the meridian 360° on, so it spans exactly one turn.
/// 2. Rings are oriented as RFC 7946 wants them (outer counter-clockwise, holes clockwise), so
///    the area always lies on the left of travel.
/// 3. The polygon is split along each line x = 180 + 360k it straddles. Crossing rings are
///    cut into chains, each running on one side from one crossing point (on the geodesic) to
///    the next. On the west side a chain that ends at latitude y continues with the chain
///    that starts nearest above y (the area lies on its left: north of an eastward crossing);
///    on the east side, with the one nearest below. Holes that do not cross go to the piece
///    that contains them.
/// 4. Each piece is shifted by a whole number of turns into [-180, 180]; vertices that were
///    given come back as given (their source text too), cut points lie exactly on ±180.
struct AntimeridianSplit {
    let geodesic: Geodesic
    /// Whether chains are matched and holes placed by scanning every candidate, as a reference
    /// for tests: the result is the same, in O(k²) for k chains rather than O(k log k).
    var matchesByScan = false

    /// A vertex in unrolled longitude `x`, with the coordinate it came from (`x` =
    /// `original.longitude` + 360 `turns`), or none for a cut or closing point.
    struct Vertex {
        var x: Double
        var y: Double
        var altitude: Double?
        var original: Coordinate?
        var turns: Int
    }

    /// A piece under construction: its outer ring, then its holes (open rings, unrolled).
    typealias Piece = [[Vertex]]

    func split(_ polygon: Polygon) -> [Polygon] {
        var outer = unrolled(polygon.outer)
        orient(&outer, counterClockwise: true)
        let middle = ((outer.map(\.x).min() ?? 0) + (outer.map(\.x).max() ?? 0)) / 2
        var piece: Piece = [outer]
        for hole in polygon.holes {
            var ring = unrolled(hole)
            guard let first = ring.first else { continue }
            let shift = Int(((middle - first.x) / 360).rounded())
            for i in ring.indices {
                ring[i].x += 360 * Double(shift)
                ring[i].turns += shift
            }
            orient(&ring, counterClockwise: false)
            piece.append(ring)
        }
        let xs = outer.map(\.x)
        guard let low = xs.min(), let high = xs.max() else { return [polygon] }
        var pieces = [piece]
        var line = 180 + 360 * ((low - 180) / 360).rounded(.down)
        while line < high {
            if line > low { pieces = pieces.flatMap { split($0, at: line) } }
            line += 360
        }
        return pieces.compactMap(polygon(from:))
    }

    // MARK: Unrolling

    /// The ring's vertices with longitudes continued past ±180, without the closing repeat;
    /// a ring round a pole comes back rotated and closed along the antimeridian and the pole.
    func unrolled(_ ring: CoordinateList) -> [Vertex] {
        var coordinates = ring
        if coordinates.count > 1, let first = coordinates.first, let last = coordinates.last,
           first.longitude == last.longitude, first.latitude == last.latitude {
            coordinates.removeLast()
        }
        guard let first = coordinates.first else { return [] }
        var vertices: [Vertex] = []
        var turns = 0
        var previous = first.longitude
        for c in coordinates {
            let delta = c.longitude - previous
            if delta > 180 { turns -= 1 } else if delta < -180 { turns += 1 }
            previous = c.longitude
            vertices.append(Vertex(x: c.longitude + 360 * Double(turns), y: c.latitude, altitude: c.altitude,
                                   original: c, turns: turns))
        }
        // Closing edge: does the loop come back to where it started?
        let closing = first.longitude - previous
        let net = turns + (closing > 180 ? -1 : closing < -180 ? 1 : 0)
        guard net != 0 else { return vertices }
        return aroundPole(vertices, net: net)
    }

    /// A ring round a pole (`net` turns east, ±1), rotated to start where it first crosses a
    /// line x = 180 + 360k and closed along that line, the pole and the line one turn on.
    private func aroundPole(_ vertices: [Vertex], net: Int) -> [Vertex] {
        var chain = vertices
        if let first = vertices.first { chain.append(shifted(first, by: net)) }
        let meanLatitude = vertices.map(\.y).reduce(0, +) / Double(max(vertices.count, 1))
        let pole: Double = meanLatitude >= 0 ? 90 : -90
        for i in 0..<(chain.count - 1) {
            let a = chain[i], b = chain[i + 1]
            // The first line x = 180 + 360k that the edge reaches from a (a itself may lie on it).
            let low = min(a.x, b.x), high = max(a.x, b.x)
            let line = 180 + 360 * ((low - 180) / 360).rounded(.up)
            guard line <= high, line != b.x, let start = cutPoint(a, b, at: line) else { continue }
            let rest = Array(chain[(i + 1)..<(chain.count - 1)])
            let again = chain[0...i].map { shifted($0, by: net) }
            let end = Vertex(x: line + 360 * Double(net), y: start.y, altitude: start.altitude, original: nil, turns: 0)
            return [start] + rest + again + [end,
                Vertex(x: end.x, y: pole, altitude: end.altitude, original: nil, turns: 0),
                Vertex(x: line, y: pole, altitude: start.altitude, original: nil, turns: 0)]
        }
        return vertices
    }

    private func shifted(_ v: Vertex, by turns: Int) -> Vertex {
        var copy = v
        copy.x += 360 * Double(turns)
        copy.turns += turns
        return copy
    }

    /// Twice the signed area in the unrolled plane (positive: counter-clockwise).
    private func orient(_ ring: inout [Vertex], counterClockwise: Bool) {
        guard let last = ring.last else { return }
        var sum = 0.0
        var previous = last
        for v in ring {
            sum += previous.x * v.y - v.x * previous.y
            previous = v
        }
        if sum != 0, (sum > 0) != counterClockwise { ring.reverse() }
    }

    // MARK: Splitting

    /// The point where the edge from `a` to `b` meets the line `x = line`, on the edge's
    /// geodesic when both ends were given (a straight step otherwise: closing edges run
    /// along meridians and the pole).
    private func cutPoint(_ a: Vertex, _ b: Vertex, at line: Double) -> Vertex? {
        if a.x == line { return Vertex(x: line, y: a.y, altitude: a.altitude, original: nil, turns: 0) }
        if b.x == line { return Vertex(x: line, y: b.y, altitude: b.altitude, original: nil, turns: 0) }
        if let p = a.original, let q = b.original,
           let hit = geodesic.crossing(from: p, to: q, atUnrolledLongitude: p.longitude + (line - a.x)) {
            return Vertex(x: line, y: hit.latitude, altitude: geodesic.interpolatedAltitude(p, q, hit.fraction),
                          original: nil, turns: 0)
        }
        let t = (line - a.x) / (b.x - a.x)
        guard t.isFinite else { return nil }
        let altitude = a.altitude.flatMap { lo in b.altitude.map { lo + ($0 - lo) * t } }
        return Vertex(x: line, y: a.y + (b.y - a.y) * t, altitude: altitude, original: nil, turns: 0)
    }

    /// A run of vertices on one side of the line, from one crossing point to the next.
    struct Chain {
        var points: [Vertex]
        var east: Bool
    }

    private func split(_ piece: Piece, at line: Double) -> [Piece] {
        let isEast = { (v: Vertex) in v.x > line }
        func crosses(_ ring: [Vertex]) -> Bool { ring.contains(where: isEast) && ring.contains { !isEast($0) } }
        guard let outer = piece.first, crosses(outer) else { return [piece] }
        var chains: [Chain] = []
        var whole: [[Vertex]] = []
        for ring in piece {
            guard crosses(ring) else {
                whole.append(ring)
                continue
            }
            chains += self.chains(of: ring, at: line, isEast: isEast)
        }
        var pieces: [(ring: [Vertex], east: Bool)] = []
        for east in [false, true] {
            let side = chains.filter { $0.east == east }
            let starts = ChainStarts(side, byScan: matchesByScan)
            var used = Array(repeating: false, count: side.count)
            for origin in side.indices where !used[origin] {
                var ring: [Vertex] = []
                var current = origin
                while true {
                    used[current] = true
                    ring += side[current].points
                    guard let endY = side[current].points.last?.y,
                          let next = starts.nearest(to: endY, upwards: !east) else { break }
                    if next == origin || used[next] { break }
                    current = next
                }
                pieces.append((ring, east))
            }
        }
        var result: [Piece] = pieces.map { [$0.ring] }
        guard !whole.isEmpty else { return result }
        var rings = pieces.map { PieceRing($0.ring, byScan: matchesByScan) }
        for hole in whole {
            guard let probe = hole.first else { continue }
            let east = isEast(probe)
            // The first piece on the probe's side that contains it.
            for index in pieces.indices where pieces[index].east == east && rings[index].contains(probe) {
                result[index].append(hole)
                break
            }
        }
        return result
    }

    /// The ring (crossing the line) cut into chains that start and end on it.
    private func chains(of ring: [Vertex], at line: Double, isEast: (Vertex) -> Bool) -> [Chain] {
        // Start just after a crossing so that every chain is whole.
        guard let startIndex = ring.indices.first(where: { isEast(ring[$0]) != isEast(ring[($0 + ring.count - 1) % ring.count]) })
        else { return [] }
        var chains: [Chain] = []
        var current: [Vertex] = []
        for k in 0..<ring.count {
            let b = ring[(startIndex + k) % ring.count]
            let a = ring[(startIndex + k + ring.count - 1) % ring.count]
            if isEast(a) != isEast(b), let cut = cutPoint(a, b, at: line) {
                if !current.isEmpty {
                    current.append(cut)
                    chains.append(Chain(points: current, east: isEast(a)))
                }
                current = [cut]
            }
            current.append(b)
        }
        // The last chain ends at the first crossing.
        let a = ring[(startIndex + ring.count - 1) % ring.count], b = ring[startIndex]
        if let cut = cutPoint(a, b, at: line) {
            current.append(cut)
            chains.append(Chain(points: current, east: isEast(a)))
        }
        return chains
    }

    // MARK: Back to coordinates

    /// The piece shifted by whole turns into [-180, 180], as a closed polygon; `nil` when its
    /// outer ring has fewer than three distinct points.
    private func polygon(from piece: Piece) -> Polygon? {
        guard let outer = piece.first else { return nil }
        let xs = outer.map(\.x)
        guard let low = xs.min(), let high = xs.max() else { return nil }
        let turns = Int(((low + high) / 2 / 360).rounded())
        func ring(_ vertices: [Vertex]) -> CoordinateList {
            var out: CoordinateList = []
            for v in vertices {
                let c: Coordinate
                if let original = v.original, v.turns == turns {
                    c = original
                } else {
                    c = Coordinate(longitude: v.x - 360 * Double(turns), latitude: v.y, altitude: v.altitude)
                }
                if let last = out.last, last.longitude == c.longitude, last.latitude == c.latitude { continue }
                out.append(c)
            }
            if let first = out.first, let last = out.last, out.count > 1,
               first.longitude == last.longitude, first.latitude == last.latitude {
                out.removeLast()
            }
            guard out.count >= 3, let first = out.first else { return [] }
            return out + [first]
        }
        let outerRing = ring(outer)
        guard !outerRing.isEmpty else { return nil }
        return Polygon(outer: outerRing, holes: piece.dropFirst().map(ring).filter { !$0.isEmpty })
    }
}
