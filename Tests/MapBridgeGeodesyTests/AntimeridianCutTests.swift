@testable import MapBridgeGeodesy
import MapBridgeModel
import Testing

/// `AntimeridianCut` visits exactly the parts the cut that built a list of lines gave (kept
/// here as the reference), and its times visit gives the same times.
@Suite("AntimeridianCut")
struct AntimeridianCutTests {
    /// The cut as it was before it was visited lazily: every part built as a line.
    static func referenceCut(_ line: Polyline) -> [Polyline] {
        let geodesic = wgs84
        let coordinates = line.coordinates
        var crossings = 0
        var previous: Double?
        coordinates.forEachPosition { longitude, _ in
            if let p = previous, Geodesic.isCrossing(p, longitude) { crossings += 1 }
            previous = longitude
        }
        guard crossings > 0 else { return [line] }
        let times = line.times.flatMap { $0.count == coordinates.count ? TrackTimes($0, keepsRead: false) : nil }
        var parts: [Polyline] = []
        var current: [Coordinate] = []
        var currentTimes: [String] = []
        func finish() {
            if current.count >= 2 {
                parts.append(Polyline(current, interpolation: line.interpolation, times: times == nil ? nil : currentTimes))
            }
            current = []
            currentTimes = []
        }
        let all = Array(coordinates)
        guard var a = all.first else { return [line] }
        current.append(a)
        if let times { currentTimes.append(times.texts[0]) }
        for i in all.indices.dropFirst() {
            let b = all[i]
            defer { a = b }
            guard Geodesic.isCrossing(a, b) else {
                current.append(b)
                if let times { currentTimes.append(times.texts[i]) }
                continue
            }
            let side: Double = b.longitude - a.longitude < 0 ? 180 : -180
            let (latitude, fraction) = geodesic.crossing(from: a, to: b, atUnrolledLongitude: side)
                ?? (a.latitude + (b.latitude - a.latitude) * 0.5, 0.5)
            let altitude = geodesic.interpolatedAltitude(a, b, fraction)
            let time = times.map { $0.text(segment: i - 1, fraction: min(max(fraction, 0), 1)) }
            if current.last.map({ $0.longitude != side || $0.latitude != latitude }) ?? true {
                current.append(Coordinate(longitude: side, latitude: latitude, altitude: altitude))
                if let time { currentTimes.append(time) }
            }
            finish()
            if b.longitude != -side || b.latitude != latitude {
                current.append(Coordinate(longitude: -side, latitude: latitude, altitude: altitude))
                if let time { currentTimes.append(time) }
            }
            current.append(b)
            if let times { currentTimes.append(times.texts[i]) }
        }
        finish()
        return parts
    }

    /// Collects the parts' vertices (bit for bit) and times as visited.
    struct Recorder: AntimeridianCutVisitor {
        let cut: AntimeridianCut
        var parts: [[Coordinate]] = []
        var times: [[String]] = []
        var begun = false

        mutating func beginPart() {
            #expect(!begun)
            begun = true
            parts.append([])
            times.append([])
        }

        mutating func vertex(_ coordinate: Coordinate, at index: Int) {
            #expect(begun)
            #expect(AntimeridianCutTests.same(cut.line.coordinates[index], coordinate))
            parts[parts.count - 1].append(coordinate)
            // A line that does not cross keeps its times whatever their count.
            if cut.keepsTimes, let t = cut.line.times, index < t.count { times[times.count - 1].append(t[index]) }
        }

        mutating func cutPoint(_ point: AntimeridianCutPoint) {
            #expect(begun)
            parts[parts.count - 1].append(point.coordinate)
            if let t = cut.time(of: point) { times[times.count - 1].append(t) }
        }

        mutating func endPart() {
            #expect(begun && ((parts.last?.count ?? 0) >= 2 || cut.crossings == 0))
            begun = false
        }
    }

    /// Whether two coordinates are the same bit for bit (NaN too), altitude included.
    static func same(_ a: Coordinate, _ b: Coordinate) -> Bool {
        a.longitude.bitPattern == b.longitude.bitPattern && a.latitude.bitPattern == b.latitude.bitPattern
            && a.altitude?.bitPattern == b.altitude?.bitPattern
    }

    /// Checks every way of visiting `line` against the reference cut.
    static func check(_ line: Polyline, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let expected = referenceCut(line)
        var cut = AntimeridianCut(line)
        #expect(cut.isOnePart == (expected.count == 1), sourceLocation: sourceLocation)
        // The lines built from the visit.
        let parts = cut.parts()
        #expect(parts.count == expected.count, sourceLocation: sourceLocation)
        for (p, e) in zip(parts, expected) {
            #expect(p.coordinates.count == e.coordinates.count
                && zip(p.coordinates, e.coordinates).allSatisfy(same), sourceLocation: sourceLocation)
            #expect(p.times == e.times && p.interpolation == e.interpolation, sourceLocation: sourceLocation)
        }
        // The times visit before any other (finding the crossings), the visit, then the times
        // visit again (reusing what the visit found).
        // (A line that does not cross has its own times, whatever their count.)
        let expectedTimes = expected.map { p in Array(p.times ?? []).prefix(p.coordinates.count).map { $0 } }
        var early = Recorder(cut: cut)
        try? cut.visitTimes(&early)
        #expect(early.times == expectedTimes, sourceLocation: sourceLocation)
        var visited = Recorder(cut: cut)
        try? cut.visit(&visited)
        #expect(visited.parts.count == expected.count, sourceLocation: sourceLocation)
        for (p, e) in zip(visited.parts, expected) {
            #expect(p.count == e.coordinates.count && zip(p, e.coordinates).allSatisfy(same), sourceLocation: sourceLocation)
        }
        #expect(visited.times == expectedTimes, sourceLocation: sourceLocation)
        var replayed = Recorder(cut: cut)
        try? cut.visitTimes(&replayed)
        #expect(replayed.times == expectedTimes, sourceLocation: sourceLocation)
        #expect(replayed.parts.map(\.count) == expected.map(\.coordinates.count), sourceLocation: sourceLocation)
        #expect(cut.keepsTimes == (expected.first?.times != nil), sourceLocation: sourceLocation)
    }

    /// A small deterministic generator (the tests must not depend on the run).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
        mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    }

    static func times(_ count: Int, start: Int = 0) -> [String] {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return (0..<count).map { (i: Int) -> String in
            let s = start + i * 37
            let fraction = i % 3 == 0 ? ".5" : ""
            return "2026-01-01T" + two(s / 3600 % 24) + ":" + two(s / 60 % 60) + ":" + two(s % 60) + fraction + "Z"
        }
    }

    @Test("an empty line, one vertex, and lines that do not cross are their own one part")
    func notCrossing() {
        Self.check(Polyline([Coordinate]()))
        Self.check(Polyline([point(10, 20)]))
        Self.check(Polyline([point(10, 20), point(11, 21)], times: ["a"]))
        Self.check(Polyline([point(10, 180), point(11, -180), point(12, 180)]))
        #expect(AntimeridianCut(Polyline([point(10, 20), point(11, 21)], times: ["a"])).keepsTimes)
    }

    @Test("random zigzags across the antimeridian, with and without times and altitudes",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func zigzags(seed: UInt64) {
        var g = Generator(state: seed)
        for _ in 0..<30 {
            let count = Int(g.next() % 12) + 2
            let hasAltitude = g.next() % 2 == 0
            var vertices: [Coordinate] = []
            for _ in 0..<count {
                // Mostly near the antimeridian, some on it exactly, some far away.
                let east: Double = 170 + 10 * g.unit(), west: Double = -170 - 10 * g.unit(), any: Double = 90 * g.unit()
                let longitude = g.pick([east, west, 180, -180, 179.9999999999, 0, any])
                let middle: Double = 80 * g.unit() - 40
                let latitude = g.pick([middle, 0, 10, 90, -90])
                let altitude: Double? = hasAltitude ? 1000 * g.unit() : nil
                vertices.append(Coordinate(longitude: longitude, latitude: latitude, altitude: altitude))
            }
            let interpolation: Interpolation = g.next() % 2 == 0 ? .straight : .geodesic
            Self.check(Polyline(vertices, interpolation: interpolation))
            Self.check(Polyline(vertices, interpolation: interpolation, times: Self.times(count)))
        }
    }

    @Test("lines touching ±180, running along it and ending on it")
    func onTheAntimeridian() {
        let lines: [[Coordinate]] = [
            [point(0, 180), point(0, -170)],
            [point(0, 170), point(0, -180)],
            [point(0, -180), point(0, 170)],
            [point(0, 180), point(0, -170), point(0, 180)],
            [point(0, 170), point(0, -180), point(0, 170)],
            [point(0, -170), point(0, 180), point(0, -170), point(0, 180)],
            [point(10, 179), point(10, -180), point(20, -180), point(20, 179)],
            [point(90, 170), point(90, -170)],
            [point(-90, 170), point(-90, -170), point(-90, 170)],
            [point(0, 179), point(0, -179), point(0, 179), point(0, -179)],
        ]
        for line in lines {
            Self.check(Polyline(line))
            Self.check(Polyline(line, times: Self.times(line.count)))
            Self.check(Polyline(line.map { Coordinate(longitude: $0.longitude, latitude: $0.latitude, altitude: 5) },
                                times: Self.times(line.count, start: 100)))
        }
    }

    @Test("NaN, infinite and odd values, and times that cannot all be read")
    func oddInputs() {
        let lines: [[Coordinate]] = [
            [point(.nan, 170), point(0, -170), point(.nan, 170)],
            [point(0, .nan), point(0, 170), point(0, -170)],
            [point(0, 170), point(.infinity, -170), point(0, 170)],
            [point(0, 170, altitude: .nan), point(0, -170, altitude: 3)],
            [point(0, 170, altitude: 1), point(0, -170)],
            [point(0, 540), point(0, -170)],
        ]
        for line in lines {
            Self.check(Polyline(line))
            Self.check(Polyline(line, times: Self.times(line.count)))
        }
        let crossing = [point(35, 140), point(33, -118), point(40, 170)]
        Self.check(Polyline(crossing, times: ["morning", "noon", "evening"]))
        Self.check(Polyline(crossing, times: Array(Self.times(2))))
        Self.check(Polyline(crossing, times: ["2026-01-01T00:00:00Z", "2026-01-01T00:00:00+02:00", "2026-01-01"]))
        #expect(!AntimeridianCut(Polyline(crossing, times: ["morning", "noon", "evening"])).keepsTimes)
    }

    @Test("a zigzag crossing at every vertex gives a part per vertex and one more")
    func longZigzag() {
        var g = Generator(state: 99)
        var vertices: [Coordinate] = []
        for i in 0..<2_000 {
            let longitude: Double = i % 2 == 0 ? 179 + g.unit() : -179 - g.unit()
            let latitude: Double = 60 * g.unit() - 30
            vertices.append(Coordinate(longitude: longitude, latitude: latitude, altitude: 10 * g.unit()))
        }
        let line = Polyline(vertices, times: Self.times(vertices.count))
        Self.check(line)
        #expect(AntimeridianCut(line).crossings == 1_999)
        #expect(AntimeridianCut(line).parts().count == 2_000)
    }
}
