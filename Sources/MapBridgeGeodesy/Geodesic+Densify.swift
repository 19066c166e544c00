import CProj
import MapBridgeModel

extension Geodesic {
    /// The most pieces `densify` cuts one segment into (a guard against, say, a 1 mm maximum
    /// on an ocean crossing, which would need billions of points).
    public static let maximumDensifyPiecesPerSegment = 1_000_000

    /// The vertices with points added along each segment's geodesic, so that no piece between
    /// neighbours is longer than `maximumSegment` metres.
    ///
    ///     // JFK to SIN in pieces of at most 100 km: 154 pieces, 155 points.
    ///     let route = try Geodesic.wgs84.densify([jfk, sin], maximumSegment: 100_000)
    ///
    /// The given vertices stay exactly as they were (same values, same source text) and in
    /// their order; between two of them, a segment of length s gets ⌈s / maximumSegment⌉
    /// pieces of equal length (a segment already short enough is left alone). Added points
    /// have their longitude normalised to [-180, 180]; their altitude is interpolated
    /// linearly along the piece when both ends have one, and `nil` otherwise.
    ///
    /// Use it to turn a line meant as geodesic (KML `tessellate`, MapKit's geodesic polyline)
    /// into one a straight-line consumer (GeoJSON) draws nearly the same. A closed ring stays
    /// closed.
    ///
    /// - Parameters:
    ///   - coordinates: the vertices in order; latitudes in degrees, [-90, 90].
    ///   - maximumSegment: metres, > 0.
    /// - Throws: `MapBridgeError` of kind `.usage` when `maximumSegment` is not a positive
    ///   number or would cut one segment into more than `maximumDensifyPiecesPerSegment`
    ///   pieces; `.data` when a vertex's latitude is outside [-90, 90] or a value is not finite.
    /// - Complexity: O(n + m), for n vertices given and m points added.
    public func densify(_ coordinates: CoordinateList, maximumSegment: Double) throws -> CoordinateList {
        var unused: [Double] = []
        return try densify(coordinates, maximumSegment: maximumSegment, along: &unused, recordsAlong: false)
    }

    /// `densify(_:maximumSegment:)`, and when `recordsAlong` is set, where each output point
    /// lies appended to `along`: the index of the segment it is on plus the fraction of that
    /// segment's geodesic length before it (a given vertex k: exactly k).
    /// Stops with `DensifyBudget.Overflow` before the result passes `maximumPoints`.
    func densify(_ coordinates: CoordinateList, maximumSegment: Double, along: inout [Double], recordsAlong: Bool,
                 maximumPoints: Int = .max) throws -> CoordinateList
    {
        guard maximumSegment > 0, maximumSegment.isFinite else {
            throw MapBridgeError(.usage, "the longest piece of a densified line must be a positive number of metres, not \(maximumSegment)")
        }
        try checkVertices(coordinates)
        guard coordinates.count > 1 else { return coordinates }
        // The points each segment needs, counted first (one inverse problem per segment), so
        // that a line over `maximumPoints` stops before holding any of its points, and one
        // within it is held once, in an array of exactly its size.
        var total = 1
        for i in 1..<coordinates.count {
            total += try pieceCount(length: distance(from: coordinates[i - 1], to: coordinates[i]),
                                    maximum: maximumSegment, segment: i - 1)
            guard total <= maximumPoints else { throw DensifyBudget.Overflow() }
        }
        var result: CoordinateList = []
        result.reserveCapacity(total)
        if recordsAlong { along.reserveCapacity(along.count + total) }
        result.append(coordinates[0])
        if recordsAlong { along.append(0) }
        for i in 1..<coordinates.count {
            let start = coordinates[i - 1], end = coordinates[i]
            let line = self.line(from: start, to: end)
            let pieces = try pieceCount(length: line.distance, maximum: maximumSegment, segment: i - 1)
            guard pieces <= maximumPoints - result.count else { throw DensifyBudget.Overflow() }
            if pieces > 1 {
                let step = line.distance / Double(pieces)
                for k in 1..<pieces {
                    let point = line.coordinate(atDistance: step * Double(k))
                    let fraction = Double(k) / Double(pieces)
                    result.append(Coordinate(longitude: point.longitude, latitude: point.latitude,
                                             altitude: interpolatedAltitude(start, end, fraction)))
                    if recordsAlong { along.append(Double(i - 1) + fraction) }
                }
            }
            result.append(end)
            if recordsAlong { along.append(Double(i)) }
        }
        return result
    }

    /// How many equal pieces keep a segment of `length` metres within `maximum`: 1 when it
    /// already is, else ⌈length / maximum⌉, plus one where round-off could leave the pieces a
    /// hair over the maximum when measured again.
    private func pieceCount(length: Double, maximum: Double, segment: Int) throws -> Int {
        guard length > maximum else { return 1 }
        let needed = (length / maximum).rounded(.up)
        guard needed < Double(Geodesic.maximumDensifyPiecesPerSegment) else {
            throw MapBridgeError(
                .usage, "segment \(segment) is \(Int(length)) m long: pieces of at most \(maximum) m would need more than \(Geodesic.maximumDensifyPiecesPerSegment) points; choose a longer piece")
        }
        var pieces = Int(needed)
        if length / Double(pieces) > maximum * (1 - 1e-9) { pieces += 1 }
        return pieces
    }

    /// Throws `.data` naming the first vertex that is not a position on the ellipsoid.
    func checkVertices(_ coordinates: CoordinateList) throws {
        for (index, c) in coordinates.enumerated() where !Geodesic.isValidPosition(c) {
            throw MapBridgeError(
                .data, "cannot densify: vertex \(index) has latitude \(c.latitude) and longitude \(c.longitude); latitude must be in [-90, 90]")
        }
    }

    /// The altitude a `fraction` of the way from `start` to `end`, when both have one.
    func interpolatedAltitude(_ start: Coordinate, _ end: Coordinate, _ fraction: Double) -> Double? {
        guard let a = start.altitude, let b = end.altitude else { return nil }
        return a + (b - a) * fraction
    }
}

extension Geodesic {
    /// `densify(_:maximumSegment:)` for vertices in any sequence (an array).
    public func densify<S: Sequence<Coordinate>>(_ coordinates: S, maximumSegment: Double) throws -> CoordinateList {
        try densify(CoordinateList(coordinates), maximumSegment: maximumSegment)
    }
}
