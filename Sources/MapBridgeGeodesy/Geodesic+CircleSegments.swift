#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// How many vertices a circle ring needs so that the geodesic chords between neighbouring
// vertices stay within a given distance of the true circle.
//
// ## The bound
//
// Take a circle of geodesic radius r and n vertices, Δ = 2π/n apart as seen from the
// centre C. On a sphere of radius R (θ = r/R, the angular radius), the chord PQ between two
// neighbours comes nearest C at its midpoint M, and the triangle C–M–P has a right angle at
// M, the angle Δ/2 at C and the hypotenuse θ. Napier's rule gives cos(Δ/2) = tan CM / tan θ,
// so the chord strays inwards by
//
//     e_sphere = R · (θ − atan(tan θ · cos(Δ/2)))          (≈ r (1 − cos(Δ/2)) for small r)
//
// A circle larger than a hemisphere is a smaller circle about the antipode, of angular
// radius π − θ, and the chord strays outwards by the same formula with θ' = min(θ, π − θ).
//
// For a fixed r, e_sphere grows with R (d/dR [R sin 2θ] ≥ 0 for θ ≤ π/2), so on the
// ellipsoid the sphere of radius a²/b, the largest radius of curvature anywhere on it (at the
// poles), gives the larger sag. What no sphere can see is the ellipsoid's own departure, which
// matters only for circles near a quarter meridian in radius (nearly geodesics themselves,
// where e_sphere → 0): checked against GeographicLib at latitudes 0–90° every 5°, radii up to
// π b and n from 8 to 128, the chords never strayed by more than e_sphere + 1.01 f r (Δ/2)².
// The bound used adds twice that:
//
//     e(r, n) = e_sphere(R = a²/b) + 2 f r (π/n)²
//
// For a small circle that is r (π/n)² / 2 · (1 + 4f): 1.3 % above the planar sag.
extension Geodesic {
    /// The fewest and most vertices `circleRing(center:radius:maximumError:)` uses.
    public static let circleSegmentRange: ClosedRange<Int> = 8...4096

    /// An upper bound on how far, in metres, the geodesic chords of a circle ring of
    /// `segments` vertices stray from the true circle of `radius` metres (see the derivation
    /// above this extension).
    ///
    ///     Geodesic.wgs84.circleChordError(radius: 1_000, segments: 64)  // 1.22 m
    ///
    /// - Parameters:
    ///   - radius: metres, in (0, `maximumCircleRadius`].
    ///   - segments: vertices around the ring, ≥ 3.
    /// - Returns: metres, ≥ 0; NaN when a parameter is out of range.
    public func circleChordError(radius: Double, segments: Int) -> Double {
        guard radius > 0, radius <= maximumCircleRadius, segments >= 3 else { return .nan }
        let f = ellipsoid.f
        let a = ellipsoid.a
        // The largest radius of curvature: a²/b at the poles of an oblate ellipsoid, b²/a at
        // the equator of a prolate one.
        let curvatureRadius = f >= 0 ? a / (1 - f) : a * (1 - f) * (1 - f)
        let halfStep = Double.pi / Double(segments)
        var theta = radius / curvatureRadius
        theta = min(theta, Double.pi - theta)
        let sphere = curvatureRadius * (theta - atan(tan(theta) * cos(halfStep)))
        return sphere + 2 * abs(f) * radius * halfStep * halfStep
    }

    /// The fewest vertices, within `circleSegmentRange` (8 to 4096), for which
    /// `circleChordError(radius:segments:)` is at most `maximumError`.
    ///
    ///     Geodesic.wgs84.circleSegmentCount(radius: 1_000, maximumError: 0.5)  // 101
    ///
    /// When even 4096 vertices stray further (a metre-wide tolerance on a continent-wide
    /// circle), 4096 is returned and the bound does not hold.
    ///
    /// - Parameters:
    ///   - radius: metres, in (0, `maximumCircleRadius`].
    ///   - maximumError: metres, > 0.
    /// - Returns: a count in `circleSegmentRange`; its lower end for parameters out of range.
    /// - Complexity: O(log 4096): a binary search over the bound, which falls as n grows.
    public func circleSegmentCount(radius: Double, maximumError: Double) -> Int {
        var low = Geodesic.circleSegmentRange.lowerBound
        var high = Geodesic.circleSegmentRange.upperBound
        guard maximumError > 0, circleChordError(radius: radius, segments: low) > maximumError else {
            return low
        }
        // Invariant: the bound at `low` exceeds maximumError; at `high` it does not, or high is the cap.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if circleChordError(radius: radius, segments: middle) > maximumError {
                low = middle
            } else {
                high = middle
            }
        }
        return high
    }
}
