import MapBridgeModel

/// A line cut at the antimeridian (RFC 7946 §3.1.9), visited part by part as the cut is found,
/// without building the parts: a writer streams them, and a line that crosses at every vertex
/// takes no more room cut than whole.
///
///     var cut = AntimeridianCut(line)          // Tokyo to Los Angeles
///     var writer = MyPartWriter()              // an AntimeridianCutVisitor
///     try cut.visit(&writer)                   // two parts, meeting at 180 / −180
///
/// The parts are those `Geodesic.cutAtAntimeridian(_:)` gives (it collects them from here):
/// each ends on the antimeridian at longitude exactly 180 on the east side and −180 on the
/// west, at the latitude where the crossing segment's geodesic passes it (see `Geodesic`'s
/// `crossing(from:to:atUnrolledLongitude:)`); a cut point lying on a given vertex is not
/// repeated, and a part of fewer than two vertices is left out. A track's parts keep their
/// per-vertex times when all of them are date-times `TrackTime` reads, a cut point getting the
/// time interpolated by geodesic distance along its segment, the same on both sides.
///
/// Times are often written apart from positions (GeoJSON's `coordinateProperties.times` after
/// the geometry): `visitTimes(_:)` goes over the parts again for them, reusing the crossings the
/// first `visit(_:)` found (8 bytes a crossing) rather than finding them again.
public struct AntimeridianCut: Sendable {
    /// The line as given.
    public let line: Polyline
    private let geodesic: Geodesic
    /// How many segments cross the antimeridian (`Geodesic.isCrossing`); 0: the line is
    /// itself its one part, times and all.
    public let crossings: Int
    /// The line's times when the parts keep them (one date-time per vertex); `nil` otherwise.
    private let times: TrackTimes?
    /// Whether the cut gives exactly one part (a line that does not cross, or one whose other
    /// parts were a single vertex on the antimeridian).
    public private(set) var isOnePart: Bool
    /// Each crossing's share of its segment (0...1) for the time of its cut points, recorded
    /// by `visit(_:)` when the parts keep times.
    private var fractions: [Double] = []
    /// The crossings (ascending) after which the next part starts at its given vertex rather
    /// than at a cut point (the vertex lies on the cut point), recorded with `fractions`.
    private var startsAtVertex: [Int] = []

    /// Counts the line's crossings and reads its times (O(n) for n vertices); the cut itself
    /// is found as it is visited.
    public init(_ line: Polyline, geodesic: Geodesic = .wgs84) {
        self.line = line
        self.geodesic = geodesic
        // A part is left out only when it is one given vertex lying exactly on ±180 (a cut
        // point there would repeat it), and the parts next to it are then kept (their
        // vertices are off the antimeridian, or their segment would not cross): k crossings
        // give at least ⌊(k + 1) / 2⌋ parts. Those that may be left out are counted here.
        var crossings = 0
        var mayBeLeftOut = 0
        var previous: Double?
        var partVertices = 0
        line.coordinates.forEachPosition { longitude, _ in
            if let p = previous, Geodesic.isCrossing(p, longitude) {
                crossings += 1
                if partVertices == 1, abs(p) == 180 { mayBeLeftOut += 1 }
                partVertices = 0
            }
            partVertices += 1
            previous = longitude
        }
        if crossings > 0, partVertices == 1, let p = previous, abs(p) == 180 { mayBeLeftOut += 1 }
        self.crossings = crossings
        let count = line.coordinates.count
        times = crossings == 0 ? nil
            : line.times.flatMap { $0.count == count ? TrackTimes($0, keepsRead: false) : nil }
        isOnePart = crossings == 0
        if mayBeLeftOut > 0, crossings <= 2 {
            // Whether they are needs the cut points: found by a walk (of at most two crossings).
            var counter = PartCounter()
            var probe = self
            // A counter does not throw.
            try? probe.walk(&counter, recording: false, replaying: false)
            isOnePart = counter.parts == 1
        }
    }

    /// Whether the parts carry per-vertex times: the line's own when it does not cross (as
    /// many as it has, which may not be one per vertex), else when all of them are date-times
    /// to interpolate the cut points' from (one per vertex).
    public var keepsTimes: Bool { crossings == 0 ? line.times != nil : times != nil }

    /// The time of `point` (a cut point of this line given to a visitor), when the parts keep
    /// times: the given vertex's text at a fraction 0, else interpolated along the segment.
    /// (`CutPointTimes` finds it once for both points of a crossing.)
    public func time(of point: AntimeridianCutPoint) -> String? {
        times?.text(segment: point.segment, fraction: point.fraction)
    }

    /// The times of a cut's cut points as a visitor meets them: the two points of a crossing
    /// share one, found once.
    public struct CutPointTimes {
        let cut: AntimeridianCut
        private var last: (segment: Int, text: String?)?

        public init(_ cut: AntimeridianCut) { self.cut = cut }

        /// `cut.time(of: point)`.
        public mutating func time(of point: AntimeridianCutPoint) -> String? {
            if let last, last.segment == point.segment { return last.text }
            let text = cut.time(of: point)
            last = (point.segment, text)
            return text
        }
    }

    /// Calls `visitor` with each part in order: `beginPart`, its vertices (given ones with their
    /// index in `line`, cut points), `endPart`. A line that does not cross is one part with all
    /// its vertices. Records what `visitTimes(_:)` reuses.
    /// - Complexity: O(n) for n vertices, plus about 50 geodesic positions per crossing.
    /// - Throws: what `visitor` throws.
    public mutating func visit<V: AntimeridianCutVisitor>(_ visitor: inout V) throws {
        try walk(&visitor, recording: times != nil && fractions.count != crossings, replaying: false)
    }

    /// `visit(_:)` for writing the parts' times: the same parts and vertices, but cut points
    /// carry only what `time(of:)` needs (their coordinate is not computed: NaN latitude, no
    /// altitude). Reuses the crossings `visit(_:)` found, when it has run.
    /// - Throws: what `visitor` throws.
    public func visitTimes<V: AntimeridianCutVisitor>(_ visitor: inout V) throws {
        var copy = self
        try copy.walk(&visitor, recording: false, replaying: times != nil && fractions.count == crossings)
    }

    /// The parts as lines, each stored in exactly its size, its times packed.
    public func parts() -> [Polyline] {
        guard crossings > 0 else { return [line] }
        var collector = PartCollector(self)
        collector.parts.reserveCapacity(isOnePart ? 1 : crossings + 1)
        var copy = self
        // A collector does not throw.
        try? copy.walk(&collector, recording: false, replaying: false)
        return collector.parts
    }

    // MARK: The walk

    /// Goes over the line once, finding each crossing (or, `replaying`, taking its recorded
    /// share; `recording`, keeping it) and handing `visitor` the parts of two vertices or more.
    private mutating func walk<V: AntimeridianCutVisitor>(_ visitor: inout V, recording: Bool, replaying: Bool) throws {
        let coordinates = line.coordinates
        var vertices = coordinates.makeIterator()
        guard crossings > 0 else {
            // The line as it is, even of fewer than two vertices.
            try visitor.beginPart()
            var i = 0
            while let b = vertices.next() {
                try visitor.vertex(b, at: i)
                i += 1
            }
            try visitor.endPart()
            return
        }
        guard var a = vertices.next() else { return }
        if recording {
            fractions.removeAll(keepingCapacity: true)
            fractions.reserveCapacity(crossings)
            startsAtVertex.removeAll()
        }
        // A part's first vertex is held back until a second one comes: a part of one vertex
        // is left out.
        var part = PendingPart<V>()
        try part.add(.given(a, 0), to: &visitor)
        var i = 0
        var k = 0
        var skips = startsAtVertex.makeIterator()
        var nextSkip = replaying ? skips.next() : nil
        while let b = vertices.next() {
            i += 1
            defer { a = b }
            guard Geodesic.isCrossing(a, b) else {
                try part.add(.given(b, i), to: &visitor)
                continue
            }
            // Leaving the east side (a > 0, heading east past 180) or the west side.
            let side: Double = b.longitude - a.longitude < 0 ? 180 : -180
            let latitude: Double, fraction: Double, altitude: Double?
            if replaying {
                // Only the comparisons with the vertices matter here: the cut point lies on `a`
                // exactly when `a` is on that side's meridian (the crossing is found there at
                // once), on `b` as recorded.
                fraction = fractions[k]
                altitude = nil
                if a.longitude == side {
                    latitude = a.latitude
                } else if nextSkip == k {
                    latitude = b.latitude
                    nextSkip = skips.next()
                } else {
                    latitude = .nan
                }
            } else {
                let hit = geodesic.crossing(from: a, to: b, atUnrolledLongitude: side)
                    ?? (a.latitude + (b.latitude - a.latitude) * 0.5, 0.5)
                latitude = hit.latitude
                fraction = min(max(hit.fraction, 0), 1)
                altitude = geodesic.interpolatedAltitude(a, b, hit.fraction)
            }
            let point = { (longitude: Double) in
                AntimeridianCutPoint(coordinate: Coordinate(longitude: longitude, latitude: latitude, altitude: altitude),
                                     segment: i - 1, fraction: fraction)
            }
            if a.longitude != side || a.latitude != latitude { try part.add(.cut(point(side)), to: &visitor) }
            try part.finish(&visitor)
            // The next part starts on the other side, at b itself when b lies there.
            let startsAtB = b.longitude == -side && b.latitude == latitude
            if !startsAtB { try part.add(.cut(point(-side)), to: &visitor) }
            try part.add(.given(b, i), to: &visitor)
            if recording {
                fractions.append(fraction)
                if startsAtB { startsAtVertex.append(k) }
            }
            k += 1
        }
        try part.finish(&visitor)
    }
}

/// A point where a line meets the antimeridian, as `AntimeridianCut` hands it to a visitor.
public struct AntimeridianCutPoint: Sendable {
    /// The point: longitude exactly 180 or −180; altitude interpolated when both ends have one.
    public var coordinate: Coordinate
    /// The segment it lies on (from vertex `segment` to the next).
    let segment: Int
    /// Its share of the segment's geodesic distance, 0...1.
    let fraction: Double
}

/// Receives the parts of a line cut at the antimeridian (see `AntimeridianCut`).
public protocol AntimeridianCutVisitor {
    /// A part starts; at least two vertices follow before `endPart`, unless the line does not
    /// cross (it is then its own part, whatever its length).
    mutating func beginPart() throws
    /// A vertex of the line, with its index in it.
    mutating func vertex(_ coordinate: Coordinate, at index: Int) throws
    /// A cut point, on ±180.
    mutating func cutPoint(_ point: AntimeridianCutPoint) throws
    /// The part ends.
    mutating func endPart() throws
}

/// The part being visited, whose first vertex waits for a second.
private struct PendingPart<V: AntimeridianCutVisitor> {
    enum Vertex {
        case given(Coordinate, Int)
        case cut(AntimeridianCutPoint)

        func send(to visitor: inout V) throws {
            switch self {
            case .given(let c, let i): try visitor.vertex(c, at: i)
            case .cut(let p): try visitor.cutPoint(p)
            }
        }
    }

    private var first: Vertex?
    private var started = false

    mutating func add(_ vertex: Vertex, to visitor: inout V) throws {
        if started {
            try vertex.send(to: &visitor)
        } else if let first {
            started = true
            self.first = nil
            try visitor.beginPart()
            try first.send(to: &visitor)
            try vertex.send(to: &visitor)
        } else {
            first = vertex
        }
    }

    mutating func finish(_ visitor: inout V) throws {
        if started { try visitor.endPart() }
        first = nil
        started = false
    }
}

/// Counts parts.
private struct PartCounter: AntimeridianCutVisitor {
    var parts = 0
    mutating func beginPart() { parts += 1 }
    mutating func vertex(_ coordinate: Coordinate, at index: Int) {}
    mutating func cutPoint(_ point: AntimeridianCutPoint) {}
    mutating func endPart() {}
}

/// Builds the parts as lines, in lists that keep their room from part to part.
private struct PartCollector: AntimeridianCutVisitor {
    let interpolation: Interpolation
    /// The line's times when the parts keep them.
    let texts: VertexTimes?
    var cutTimes: AntimeridianCut.CutPointTimes
    var parts: [Polyline] = []
    private var current = CoordinateList()
    private var currentTimes = VertexTimes()

    init(_ cut: AntimeridianCut) {
        interpolation = cut.line.interpolation
        texts = cut.keepsTimes ? cut.line.times : nil
        cutTimes = AntimeridianCut.CutPointTimes(cut)
    }

    mutating func beginPart() {}

    mutating func vertex(_ coordinate: Coordinate, at index: Int) {
        current.append(coordinate)
        if let texts { currentTimes.append(timeAt: index, of: texts) }
    }

    mutating func cutPoint(_ point: AntimeridianCutPoint) {
        current.append(point.coordinate)
        if texts != nil, let time = cutTimes.time(of: point) { currentTimes.append(time) }
    }

    mutating func endPart() {
        parts.append(Polyline(current.takeCompacted(), interpolation: interpolation, times: texts == nil ? nil : currentTimes))
        currentTimes = VertexTimes()
    }
}
