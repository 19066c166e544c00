#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

// Adaptive densification: points along a geodesic until the straight line in
// longitude/latitude between neighbours stays within a distance of the geodesic.
//
// ## How far a piece strays
//
// A viewer that reads GeoJSON draws the piece from p to q as the straight line
// L(t) = p + t (q − p) in longitude/latitude (longitude taken the short way round), while the
// path meant is the geodesic G(t), the point a fraction t of the way along it. The piece is
// measured at t = ¼, ½ and ¾ by the geodesic distance from L(t) to the nearest point of the
// geodesic, found from G(t) by Newton steps along it (PROJ's `geod_position` and
// `geod_inverse`: at the nearest point the offset leaves at a right angle). Between samples
// the deviation of a short piece is nearly the parabola c t (1 − t); its largest value
// exceeds the largest sample by at most 1/16 of it, so a piece is accepted when its samples
// stay under 0.9 × the bound.
//
// ## How it splits
//
// A march along the geodesic from the segment's start: each piece is first tried as the
// whole rest of the segment, and while it strays D > 0.9 e it is shortened by the factor
// 0.97 √(0.9 e / D) (kept in [0.1, 0.9]), since the deviation grows with the square of the
// length; the first length that fits is taken, and the march goes on from its end. Each piece
// is thus nearly as long as the bound allows where it lies: near a pole, where the straight
// line bends most, pieces are shorter than elsewhere on the same segment. Every added point
// lies on the original segment's geodesic (one `GeodesicLine`, `geod_position`).
extension Geodesic {
    /// The share of the bound that sampled deviations must stay under (see above).
    static let deviationSafety = 0.9

    /// The vertices with points added along each segment's geodesic, so that the straight line
    /// in longitude/latitude between neighbours strays less than `maximumError` metres from the
    /// geodesic; a segment that already does is left alone.
    ///
    ///     // Tokyo to Los Angeles drawn within 1 km of the geodesic.
    ///     let route = try Geodesic.wgs84.densify([hnd, lax], maximumError: 1_000)
    ///
    /// The given vertices stay exactly as they were (values and source text); added points
    /// have longitudes in [-180, 180] and altitudes interpolated as in
    /// `densify(_:maximumSegment:)`. Longitudes of neighbours are joined the short way round,
    /// as the antimeridian cut (`cutAtAntimeridian`) later draws them.
    ///
    /// - Parameters:
    ///   - coordinates: the vertices in order; latitudes in degrees, [-90, 90].
    ///   - maximumError: metres, > 0.
    /// - Throws: `MapBridgeError` of kind `.usage` when `maximumError` is not a positive number
    ///   or a segment would need more than `maximumDensifyPiecesPerSegment` pieces; `.data` for
    ///   a vertex outside [-90, 90] or not finite.
    /// - Complexity: O(n + m) geodesic problems (about 20 per piece), for n vertices and m points added.
    public func densify(_ coordinates: [Coordinate], maximumError: Double) throws -> [Coordinate] {
        guard maximumError > 0, maximumError.isFinite else {
            throw MapBridgeError(.usage, "the largest error of a densified line must be a positive number of metres, not \(maximumError)")
        }
        try checkVertices(coordinates)
        guard coordinates.count > 1 else { return coordinates }
        var result: [Coordinate] = [coordinates[0]]
        result.reserveCapacity(coordinates.count)
        for i in 1..<coordinates.count {
            let start = coordinates[i - 1], end = coordinates[i]
            let line = self.line(from: start, to: end)
            var added: [(s: Double, c: Coordinate)] = []
            try refine(line, from: (0, start), to: (line.distance, end), bound: maximumError * Geodesic.deviationSafety,
                       into: &added, segment: i - 1)
            for point in added {
                result.append(Coordinate(longitude: point.c.longitude, latitude: point.c.latitude,
                                         altitude: interpolatedAltitude(start, end, point.s / line.distance)))
            }
            result.append(end)
        }
        return result
    }

    /// How far, in metres, the straight longitude/latitude line from `a` to `b` strays from
    /// the geodesic between them, measured at t = ¼, ½, ¾ (see the notes above).
    public func lonLatDeviation(from a: Coordinate, to b: Coordinate) -> Double {
        let line = self.line(from: a, to: b)
        return deviation(line, from: (0, a), to: (line.distance, b))
    }

    private func deviation(_ line: GeodesicLine, from a: (s: Double, c: Coordinate), to b: (s: Double, c: Coordinate)) -> Double {
        let dLon = remainder(b.c.longitude - a.c.longitude, 360)
        let dLat = b.c.latitude - a.c.latitude
        var worst = 0.0
        for t in [0.25, 0.5, 0.75] {
            let straight = Coordinate(longitude: a.c.longitude + t * dLon, latitude: a.c.latitude + t * dLat)
            worst = max(worst, distance(from: straight, to: line, near: a.s + t * (b.s - a.s)))
        }
        return worst
    }

    /// The distance from `point` to the nearest point of `line`, starting the search at
    /// `guess` metres along it: Newton steps by the along-track part of the offset
    /// (the geodesic from the line's point to `point` leaves at a right angle at the nearest
    /// point), at most four.
    private func distance(from point: Coordinate, to line: GeodesicLine, near guess: Double) -> Double {
        var s = guess
        var d = 0.0
        for _ in 0..<4 {
            let foot = line.coordinate(atDistance: s)
            let offset = inverse(from: foot, to: point)
            d = offset.distance
            let along = d * cos((offset.initialAzimuth - line.azimuth(atDistance: s)) * Double.pi / 180)
            guard along.isFinite, abs(along) > 1e-4 else { break }
            s += along
        }
        return d
    }

    /// Appends the points that `line` needs strictly between `a` and `b`, in order, each with
    /// its distance along `line`: a march from `a`, each piece as long as the bound allows.
    private func refine(_ line: GeodesicLine, from a: (s: Double, c: Coordinate), to b: (s: Double, c: Coordinate),
                        bound: Double, into added: inout [(s: Double, c: Coordinate)], segment: Int) throws
    {
        var start = a
        while b.s - start.s > 1e-3 {
            var length = b.s - start.s
            var end = b
            // Shrink the trial piece by the square root of how far it strays over the bound
            // (the deviation grows with the square of the length) until it fits.
            while length > 1e-3 {
                let d = deviation(line, from: start, to: end)
                if d <= bound { break }
                length *= min(0.9, max(0.1, 0.97 * (bound / d).squareRoot()))
                let s = start.s + length
                end = (s, line.coordinate(atDistance: s))
            }
            guard end.s < b.s else { return }
            guard added.count < Geodesic.maximumDensifyPiecesPerSegment else {
                throw MapBridgeError(
                    .usage, "segment \(segment) is \(Int(line.distance)) m long: keeping it within \(bound / Geodesic.deviationSafety) m of its geodesic would need more than \(Geodesic.maximumDensifyPiecesPerSegment) points; choose a larger error")
            }
            added.append(end)
            start = end
        }
    }
}
