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
// path meant is the geodesic G(s), s metres along it. The piece is measured at t = ¼, ½ and ¾
// by the distance from L(t) to the nearest point of the geodesic. That point is found by
// Newton steps on s in Earth-centred cartesian coordinates, from the guess s = the same
// fraction t of the piece's length: with P = L(t) on the ellipsoid, G = G(s) and T the
// geodesic's unit tangent there (from `geod_position`'s azimuth), s moves by u = (P − G)·T
// until |u| ≤ √(2 M e / 1000) for the bound e, and the distance is |(P − G) − u T|, the part of
// the offset across the geodesic. This needs no inverse problem, only points along the line,
// and usually one or two of them. Its accuracy: a geodesic has no sideways curvature, so near
// G it is straight in the tangent plane to second order, and it bends away from the plane
// (towards the centre) by at most u² / (2 M) over u metres (M ≥ b²/a ≈ 6,335 km, the least
// radius of curvature): with that |u|, at most e / 1000 (3.4 km of slack and 1 m of error at
// e = 1 km). The straight chord from G to P falls short of the distance along the surface by
// c³ / (24 M²) at most: a micrometre at 1 km.
//
// A fourth sample goes where the parabola through the largest of the three and its
// neighbours (the ends counting as 0) peaks, so a lopsided hump (a piece leaving a pole peaks
// near t = 0.6; one crossing the equator is S-shaped) is measured near its top. A piece is
// accepted when its samples stay under 0.9 × the bound: the margin covers what the samples
// still miss (for a parabola c t (1 − t) alone, 1/16 of the largest sample at most; the
// GeographicLib check in Tests/GeodesyCheck measures the rest on 10,000 random segments).
//
// ## How it splits
//
// A march along the geodesic from the segment's start. The first piece is tried as the whole
// segment, so a short segment is left alone. A piece that strays D > 0.9 e is shortened by the
// factor 0.97 √(0.9 e / D) (kept in [0.1, 0.9]), since the deviation grows with the square of
// the length, until it fits; the march goes on from its end. Each next piece is first tried
// at the length the last one predicts, its length times 0.97 √(0.9 e / D) (at most 8 times as
// long), or the rest of the segment when that is shorter: the deviation changes slowly along
// a geodesic, so that trial usually fits at once, about 97 % as long as the bound allows. A
// piece that strays less than half the bound is lengthened the same way while it fits.
// Near a pole, where the straight line bends most, pieces are shorter than elsewhere on the
// same segment. Every added point lies on the original segment's geodesic (one
// `GeodesicLine`, `geod_position`).
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
    /// - Complexity: O(n + m): about a dozen points along a geodesic (`geod_position`) per piece, for n
    ///   vertices given and m points added.
    public func densify(_ coordinates: CoordinateList, maximumError: Double) throws -> CoordinateList {
        var unused: [Double] = []
        return try densify(coordinates, maximumError: maximumError, along: &unused, recordsAlong: false)
    }

    /// `densify(_:maximumError:)`, and when `recordsAlong` is set, where each output point lies
    /// appended to `along` (as in `densify(_:maximumSegment:along:recordsAlong:)`).
    /// Stops with `DensifyBudget.Overflow` before the result passes `maximumPoints`.
    func densify(_ coordinates: CoordinateList, maximumError: Double, along: inout [Double], recordsAlong: Bool,
                 maximumPoints: Int = .max) throws -> CoordinateList
    {
        guard maximumError > 0, maximumError.isFinite else {
            throw MapBridgeError(.usage, "the largest error of a densified line must be a positive number of metres, not \(maximumError)")
        }
        try checkVertices(coordinates)
        guard coordinates.count > 1 else { return coordinates }
        var result: CoordinateList = [coordinates[0]]
        result.reserveCapacity(coordinates.count)
        if recordsAlong { along.append(0) }
        for i in 1..<coordinates.count {
            let start = coordinates[i - 1], end = coordinates[i]
            let line = self.line(from: start, to: end)
            var added: [(s: Double, c: Coordinate)] = []
            try refine(line, from: (0, start), to: (line.distance, end), bound: maximumError * Geodesic.deviationSafety,
                       into: &added, segment: i - 1, most: maximumPoints - result.count - 1)
            for point in added {
                let fraction = point.s / line.distance
                result.append(Coordinate(longitude: point.c.longitude, latitude: point.c.latitude,
                                         altitude: interpolatedAltitude(start, end, fraction)))
                if recordsAlong { along.append(Double(i - 1) + fraction) }
            }
            result.append(end)
            if recordsAlong { along.append(Double(i)) }
        }
        return result
    }

    /// How far, in metres, the straight longitude/latitude line from `a` to `b` strays from
    /// the geodesic between them, measured at t = ¼, ½, ¾ and where the parabola through the
    /// largest of those peaks (see the notes above).
    public func lonLatDeviation(from a: Coordinate, to b: Coordinate) -> Double {
        let line = self.line(from: a, to: b)
        return deviation(line, from: (0, a), to: (line.distance, b), bound: 0.01)
    }

    /// How far the straight lon/lat line from `a` to `b` strays from `line` (metres), sampled as
    /// the notes above say, each sample to within 1/1000 of `bound` (metres).
    private func deviation(_ line: GeodesicLine, from a: (s: Double, c: Coordinate), to b: (s: Double, c: Coordinate),
                           bound: Double) -> Double {
        let dLon = remainder(b.c.longitude - a.c.longitude, 360)
        let dLat = b.c.latitude - a.c.latitude
        let settled = settledAlong(bound: bound)
        func at(_ t: Double) -> Double {
            across(line, latitude: a.c.latitude + t * dLat, longitude: a.c.longitude + t * dLon, near: a.s + t * (b.s - a.s),
                   settled: settled)
        }
        // Samples at t = 0, ¼, ½, ¾, 1 (none at the ends, which lie on the geodesic).
        let y = [0, at(0.25), at(0.5), at(0.75), 0]
        var k = 1
        if y[2] > y[k] { k = 2 }
        if y[3] > y[k] { k = 3 }
        // The vertex of the parabola through the largest sample and its neighbours, where a
        // lopsided hump (as on a piece leaving a pole) peaks between the samples.
        let curvature = y[k - 1] - 2 * y[k] + y[k + 1]
        guard curvature < 0 else { return y[k] }
        let offset = 0.5 * (y[k - 1] - y[k + 1]) / curvature
        return max(y[k], at((Double(k) + offset) * 0.25))
    }

    /// The distance, metres, from the point at `latitude`, `longitude` (degrees) to the
    /// nearest point of `line`, searched from `guess` metres along it (see the notes above):
    /// Newton steps by the along-line part `u` of the cartesian offset, until |u| is at most
    /// `settled` metres; then the part across the line. The line bends out of its tangent by
    /// at most u² / (2 M) (M = b² / a, the least radius of curvature), so that is the most the
    /// answer can be off. At most six steps; if they do not settle, the whole offset to the
    /// last point tried (never less than the answer).
    private func across(_ line: GeodesicLine, latitude: Double, longitude: Double, near guess: Double,
                        settled: Double) -> Double
    {
        let p = ellipsoidPoint(latitude: latitude, longitude: longitude)
        var s = guess
        for _ in 0..<6 {
            let (lat, lon, azi) = line.position(atDistance: s)
            let g = ellipsoidPoint(latitude: lat, longitude: lon)
            let dx = p.x - g.x, dy = p.y - g.y, dz = p.z - g.z
            // The unit tangent: azimuth `azi` in the local north/east frame at (lat, lon).
            let alpha = azi * (Double.pi / 180)
            let ca = cos(alpha), sa = sin(alpha)
            let tx = -ca * g.sinLat * g.cosLon - sa * g.sinLon
            let ty = -ca * g.sinLat * g.sinLon + sa * g.cosLon
            let tz = ca * g.cosLat
            let along = dx * tx + dy * ty + dz * tz
            guard along.isFinite else { break }
            if abs(along) <= settled {
                let ex = dx - along * tx, ey = dy - along * ty, ez = dz - along * tz
                return (ex * ex + ey * ey + ez * ez).squareRoot()
            }
            s += along
        }
        let (lat, lon, _) = line.position(atDistance: s)
        let g = ellipsoidPoint(latitude: lat, longitude: lon)
        let dx = p.x - g.x, dy = p.y - g.y, dz = p.z - g.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }

    /// The point on the ellipsoid's surface at `latitude`, `longitude` (degrees) in
    /// Earth-centred cartesian coordinates, metres, with the sines and cosines on the way.
    private func ellipsoidPoint(latitude: Double, longitude: Double)
        -> (x: Double, y: Double, z: Double, sinLat: Double, cosLat: Double, sinLon: Double, cosLon: Double)
    {
        let phi = latitude * (Double.pi / 180), lambda = longitude * (Double.pi / 180)
        let sp = sin(phi), cp = cos(phi), sl = sin(lambda), cl = cos(lambda)
        let e2 = ellipsoid.f * (2 - ellipsoid.f)
        let n = ellipsoid.a / (1 - e2 * sp * sp).squareRoot()
        return (n * cp * cl, n * cp * sl, n * (1 - e2) * sp, sp, cp, sl, cl)
    }

    /// How far from the foot (metres along the line) a Newton search may stop while
    /// measuring deviations against `bound`: the answer is then off by at most 1/1000 of it.
    func settledAlong(bound: Double) -> Double {
        (2 * polarRadius * polarRadius / equatorialRadius * 0.001 * bound).squareRoot()
    }

    /// Appends the points that `line` needs strictly between `a` and `b`, in order, each with
    /// its distance along `line`: a march from `a`, each piece as long as the bound allows.
    private func refine(_ line: GeodesicLine, from a: (s: Double, c: Coordinate), to b: (s: Double, c: Coordinate),
                        bound: Double, into added: inout [(s: Double, c: Coordinate)], segment: Int, most: Int) throws
    {
        var start = a
        var predicted = b.s - a.s
        while b.s - start.s > 1e-3 {
            var length = min(predicted, b.s - start.s)
            var end: (s: Double, c: Coordinate) = length < b.s - start.s ? (start.s + length, line.coordinate(atDistance: start.s + length)) : b
            // Shrink the trial piece by the square root of how far it strays over the bound
            // (the deviation grows with the square of the length) until it fits.
            var d = deviation(line, from: start, to: end, bound: bound)
            while d > bound, length > 1e-3 {
                length *= min(0.9, max(0.1, 0.97 * (bound / d).squareRoot()))
                let s = start.s + length
                end = (s, line.coordinate(atDistance: s))
                d = deviation(line, from: start, to: end, bound: bound)
            }
            // Far under the bound (the prediction came from a much tighter stretch, such as
            // a piece leaving a pole): lengthen it while it still fits.
            while d < 0.5 * bound, end.s < b.s {
                let longer = min(length * (d > 0 ? min(8, 0.97 * (bound / d).squareRoot()) : 8), b.s - start.s)
                let trial: (s: Double, c: Coordinate) = longer < b.s - start.s
                    ? (start.s + longer, line.coordinate(atDistance: start.s + longer)) : b
                let dTrial = deviation(line, from: start, to: trial, bound: bound)
                guard dTrial <= bound else { break }
                (length, end, d) = (longer, trial, dTrial)
            }
            guard end.s < b.s else { return }
            guard added.count < Geodesic.maximumDensifyPiecesPerSegment else {
                throw MapBridgeError(
                    .usage, "segment \(segment) is \(Int(line.distance)) m long: keeping it within \(bound / Geodesic.deviationSafety) m of its geodesic would need more than \(Geodesic.maximumDensifyPiecesPerSegment) points; choose a larger error")
            }
            guard added.count < most else { throw DensifyBudget.Overflow() }
            added.append(end)
            start = end
            // The next piece, as long as this one's deviation says the bound allows.
            predicted = length * (d > 0 ? min(8, 0.97 * (bound / d).squareRoot()) : 8)
        }
    }
}

extension Geodesic {
    /// `densify(_:maximumError:)` for vertices in any sequence (an array).
    public func densify<S: Sequence<Coordinate>>(_ coordinates: S, maximumError: Double) throws -> CoordinateList {
        try densify(CoordinateList(coordinates), maximumError: maximumError)
    }
}
