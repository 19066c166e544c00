#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns spooled longitudes and latitudes into SVG path data and positions in pixels, for the
/// view `finish` settled on: cuts away what lies outside the picture, and on the globe what
/// lies behind the horizon.
///
/// On the flat maps a line or ring is moved by whole turns of the world (360°) to where it
/// meets the picture: data once, at the copy that overlaps the view most; the basemap in
/// every copy the view shows, so that land continues across the antimeridian.
///
/// On the globe, lines are split where they pass behind the horizon and only the near parts
/// drawn; rings are cut at the horizon and closed along it (the disc's outline), so areas
/// fill the way they should (see `clippedRing`). Straight edges longer than 2° are followed
/// in small steps, so that a border along a parallel stays on it.
struct SVGRenderer {
    let projection: SVGProjection
    let viewport: SVGViewport
    /// The globe, for the orthographic projection.
    let globe: SVGGlobe?
    /// The part of the plane (world units, or the globe's unit disc with y down) that the
    /// picture shows, widened by `pad` pixels so that strokes at the edge are kept.
    let window: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// Pixels kept beyond the picture's edges (thick strokes, markers, labels).
    static let pad = 40.0
    /// The longest straight edge drawn on the globe without extra points, degrees.
    static let globeStep = 2.0

    init(projection: SVGProjection, viewport: SVGViewport, globe: SVGGlobe?) {
        self.projection = projection
        self.viewport = viewport
        self.globe = globe
        let pad = SVGRenderer.pad / viewport.scale
        window = (viewport.originX - pad, viewport.originY - pad,
                  viewport.originX + viewport.width / viewport.scale + pad,
                  viewport.originY + viewport.height / viewport.scale + pad)
    }

    // MARK: - Positions

    /// The pixel position (tenths) of a point, or `nil` when it is not in the picture.
    func position(lon: Double, lat: Double) -> (x: Int, y: Int)? {
        if let globe {
            let p = globe.point(longitude: lon, latitude: lat)
            guard p.isVisible, inWindow(x: p.east, y: -p.north) else { return nil }
            return viewport.tenths(x: p.east, y: -p.north)
        }
        let p = projection.project(longitude: LongitudeUnwrapping.normalised(lon), latitude: lat)
        guard p.y >= window.minY, p.y <= window.maxY,
              let k = bestShift(minX: p.x, maxX: p.x) else { return nil }
        return viewport.tenths(x: p.x + Double(k), y: p.y)
    }

    private func inWindow(x: Double, y: Double) -> Bool {
        x >= window.minX && x <= window.maxX && y >= window.minY && y <= window.maxY
    }

    // MARK: - Paths

    /// SVG path data for a line (`closed` false) or ring, empty when nothing of it shows.
    /// - Parameter everyCopy: draw it in every turn of the world the view shows, not only
    ///   the one overlapping it most (for the basemap).
    func pathData(_ points: [(lon: Double, lat: Double)], closed: Bool, everyCopy: Bool) -> String {
        if let globe { return globePathData(points, closed: closed, globe: globe) }
        var plane: [(x: Double, y: Double)] = []
        plane.reserveCapacity(points.count)
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in points {
            let q = projection.project(longitude: p.lon, latitude: p.lat)
            guard q.x.isFinite, q.y.isFinite else { continue }
            plane.append(q)
            minX = min(minX, q.x); maxX = max(maxX, q.x)
            minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        guard !plane.isEmpty, maxY >= window.minY, minY <= window.maxY else { return "" }
        var shifts: [Int] = []
        if everyCopy {
            let low = Int((window.minX - maxX).rounded(.up)), high = Int((window.maxX - minX).rounded(.down))
            if low <= high { shifts = Array(low...min(high, low + 7)) }
        } else if let k = bestShift(minX: minX, maxX: maxX) {
            shifts = [k]
        }
        var text = ""
        for k in shifts {
            SVGRenderer.appendPath(&text, plane.map { viewport.tenths(x: $0.x + Double(k), y: $0.y) }, closed: closed)
        }
        return text
    }

    /// The whole turns of the world to move something spanning world x `minX...maxX` by so
    /// that it overlaps the window most (nearest the view's centre on a tie), or `nil` when
    /// no turn brings it into the window.
    private func bestShift(minX: Double, maxX: Double) -> Int? {
        guard minX.isFinite, maxX.isFinite, maxX - minX < 1e6 else { return nil }
        let low = Int((window.minX - maxX).rounded(.up)), high = Int((window.maxX - minX).rounded(.down))
        guard low <= high else { return nil }
        let centre = viewport.centre.x
        var best: (k: Int, overlap: Double, distance: Double)?
        for k in low...min(high, low + 7) {
            let shift = Double(k)
            let overlap = min(maxX + shift, window.maxX) - max(minX + shift, window.minX)
            let distance = abs((minX + maxX) / 2 + shift - centre)
            if let b = best, overlap < b.overlap || (overlap == b.overlap && distance >= b.distance) { continue }
            best = (k, overlap, distance)
        }
        return best?.k
    }

    /// Appends `M x y l dx dy …` (and `z` when closed) for points in tenths of a pixel:
    /// relative steps, repeated points left out, a lone point drawn as a dot.
    static func appendPath(_ text: inout String, _ points: [(x: Int, y: Int)], closed: Bool) {
        guard let first = points.first else { return }
        text += "M" + SVGViewport.text(tenths: first.x) + " " + SVGViewport.text(tenths: first.y)
        var last = first
        var steps = 0
        for p in points.dropFirst() where p != last {
            text += (steps == 0 ? "l" : " ") + SVGViewport.text(tenths: p.x - last.x) + " " + SVGViewport.text(tenths: p.y - last.y)
            steps += 1
            last = p
        }
        if steps == 0 { text += "l0 0" }
        if closed { text += "z" }
    }

    // MARK: - The globe

    private func globePathData(_ points: [(lon: Double, lat: Double)], closed: Bool, globe: SVGGlobe) -> String {
        let ring = globePoints(points, closed: closed, globe: globe)
        guard !ring.isEmpty else { return "" }
        var text = ""
        if !closed {
            for run in visibleRuns(ring) { appendGlobe(&text, run, closed: false) }
            return text
        }
        for loop in clippedRing(ring, source: points, globe: globe) { appendGlobe(&text, loop, closed: true) }
        return text
    }

    /// Globe points along the line or ring, edges longer than `globeStep` followed in steps,
    /// repeats dropped; for a ring, the closing repeat and spikes that run out and straight
    /// back (a polar ring's edge down a meridian to the pole) dropped too.
    private func globePoints(_ points: [(lon: Double, lat: Double)], closed: Bool, globe: SVGGlobe) -> [SVGGlobe.Point] {
        var result: [SVGGlobe.Point] = []
        result.reserveCapacity(points.count)
        func add(_ p: SVGGlobe.Point) {
            if let last = result.last, Self.same(last, p) { return }
            if closed, result.count >= 2, Self.same(result[result.count - 2], p) {
                result.removeLast()
                return
            }
            result.append(p)
        }
        var previous: (lon: Double, lat: Double)?
        for p in points where p.lon.isFinite && p.lat.isFinite {
            if let a = previous {
                let steps = Int((max(abs(p.lon - a.lon), abs(p.lat - a.lat)) / Self.globeStep).rounded(.up))
                if steps > 1 {
                    for s in 1..<min(steps, 10_000) {
                        let t = Double(s) / Double(steps)
                        add(globe.point(longitude: a.lon + (p.lon - a.lon) * t, latitude: a.lat + (p.lat - a.lat) * t))
                    }
                }
            }
            add(globe.point(longitude: p.lon, latitude: p.lat))
            previous = p
        }
        if closed {
            while result.count > 1, let first = result.first, let last = result.last, Self.same(first, last) { result.removeLast() }
        }
        return result
    }

    private static func same(_ a: SVGGlobe.Point, _ b: SVGGlobe.Point) -> Bool {
        abs(a.east - b.east) < 1e-9 && abs(a.north - b.north) < 1e-9 && abs(a.depth - b.depth) < 1e-9
    }

    /// The parts of a line in front of the horizon, each ending on it where it goes behind.
    private func visibleRuns(_ line: [SVGGlobe.Point]) -> [[SVGGlobe.Point]] {
        var runs: [[SVGGlobe.Point]] = []
        var current: [SVGGlobe.Point] = []
        var previous: SVGGlobe.Point?
        for p in line {
            if let a = previous, a.isVisible != p.isVisible {
                let crossing = a.horizonCrossing(to: p)
                if a.isVisible {
                    current.append(crossing)
                    runs.append(current)
                    current = []
                } else {
                    current = [crossing]
                }
            }
            if p.isVisible { current.append(p) }
            previous = p
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// A ring cut at the horizon, as closed loops to fill with the even-odd rule.
    ///
    /// The ring's visible runs each enter the disc at one point of the rim and leave at
    /// another. Going round the rim, the crossings cut it into arcs, each inside the area or
    /// outside it (tested at its middle against `source`, the ring as longitudes and
    /// latitudes, the way the flat maps fill it). From the end of a run the loop follows
    /// the inside arc to the next crossing and carries on with the run starting there,
    /// until it is back where it began. A ring wholly behind the horizon draws the whole
    /// disc when the disc lies inside it (an area larger than the hemisphere), else nothing.
    private func clippedRing(_ ring: [SVGGlobe.Point], source: [(lon: Double, lat: Double)], globe: SVGGlobe) -> [[SVGGlobe.Point]] {
        guard let hidden = ring.firstIndex(where: { !$0.isVisible }) else { return [ring] }
        let inside = { (angle: Double) -> Bool in
            let c = globe.horizonCoordinate(angle: angle)
            return Self.contains(source, lon: c.longitude, lat: c.latitude)
        }
        // Start behind the horizon, so that every run ends before the ring does.
        let rotated = Array(ring[hidden...] + ring[..<hidden]) + [ring[hidden]]
        let runs = visibleRuns(rotated)
        guard !runs.isEmpty else {
            return inside(0) ? [Self.rim(from: 0, to: 2 * .pi, counterclockwise: true)] : []
        }
        // The crossings in order round the rim: (angle, run, whether the run starts there).
        var crossings: [(angle: Double, run: Int, entry: Bool)] = []
        for (r, run) in runs.enumerated() {
            if let first = run.first { crossings.append((first.angle, r, true)) }
            if let last = run.last { crossings.append((last.angle, r, false)) }
        }
        crossings.sort { $0.angle != $1.angle ? $0.angle < $1.angle : (!$0.entry && $1.entry) }
        let m = crossings.count
        // arcInside[j]: whether the arc counterclockwise from crossing j to j + 1 is inside.
        let arcInside = (0..<m).map { j -> Bool in
            let a = crossings[j].angle
            var b = crossings[(j + 1) % m].angle
            if b <= a { b += 2 * .pi }
            return inside((a + b) / 2)
        }
        var exitAt = [Int](repeating: 0, count: runs.count)
        for (j, c) in crossings.enumerated() where !c.entry { exitAt[c.run] = j }
        var used = [Bool](repeating: false, count: runs.count)
        var loops: [[SVGGlobe.Point]] = []
        for start in runs.indices where !used[start] {
            var loop: [SVGGlobe.Point] = []
            var r = start
            while true {
                used[r] = true
                loop += runs[r]
                let j = exitAt[r]
                let next: Int, counterclockwise: Bool
                if arcInside[j] {
                    next = (j + 1) % m
                    counterclockwise = true
                } else if arcInside[(j + m - 1) % m] {
                    next = (j + m - 1) % m
                    counterclockwise = false
                } else {
                    break
                }
                loop += Self.rim(from: crossings[j].angle, to: crossings[next].angle, counterclockwise: counterclockwise)
                guard crossings[next].entry else { break }
                r = crossings[next].run
                if r == start || used[r] { break }
            }
            loops.append(loop)
        }
        return loops
    }

    /// Points along the rim from angle `a` to angle `b` (radians), inner points only, in
    /// steps of at most 2°; all the way round when they are equal.
    private static func rim(from a: Double, to b: Double, counterclockwise: Bool) -> [SVGGlobe.Point] {
        var sweep = counterclockwise ? b - a : a - b
        while sweep <= 0 { sweep += 2 * .pi }
        while sweep > 2 * .pi { sweep -= 2 * .pi }
        let steps = max(Int((sweep / (globeStep * .pi / 180)).rounded(.up)), 1)
        var points: [SVGGlobe.Point] = []
        for s in 1..<steps {
            let t = a + (counterclockwise ? 1 : -1) * sweep * Double(s) / Double(steps)
            points.append(SVGGlobe.Point(east: cos(t), north: sin(t), depth: 0))
        }
        return points
    }

    /// Whether a ring of longitudes (unwrapped) and latitudes holds a point, by the even-odd
    /// rule in the flat longitude–latitude plane, the point's longitude taken in whichever
    /// turn of the world falls within the ring's span.
    static func contains(_ ring: [(lon: Double, lat: Double)], lon: Double, lat: Double) -> Bool {
        guard ring.count > 2 else { return false }
        var west = Double.infinity, east = -Double.infinity
        for p in ring { west = min(west, p.lon); east = max(east, p.lon) }
        var x = lon + 360 * ((west - lon) / 360).rounded(.up)
        while x <= east {
            var inside = false
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.lat > lat) != (b.lat > lat), x < (b.lon - a.lon) * (lat - a.lat) / (b.lat - a.lat) + a.lon {
                    inside.toggle()
                }
                j = i
            }
            if inside { return true }
            x += 360
        }
        return false
    }

    private func appendGlobe(_ text: inout String, _ points: [SVGGlobe.Point], closed: Bool) {
        guard !points.isEmpty else { return }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.east); maxX = max(maxX, p.east)
            minY = min(minY, -p.north); maxY = max(maxY, -p.north)
        }
        guard maxX >= window.minX, minX <= window.maxX, maxY >= window.minY, minY <= window.maxY else { return }
        Self.appendPath(&text, points.map { viewport.tenths(x: $0.east, y: -$0.north) }, closed: closed)
    }
}
