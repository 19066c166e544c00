import CProj
import MapBridgeModel

extension Geodesic {
    /// The length of a polyline whose vertices are joined by geodesics, metres.
    ///
    ///     Geodesic.wgs84.length(of: [jfk, lhr, sin])
    ///
    /// - Parameter coordinates: the vertices in order; latitudes in degrees, [-90, 90].
    /// - Returns: the sum of the geodesic distances between neighbours; 0 for fewer than two
    ///   vertices; NaN when a latitude lies outside [-90, 90].
    /// - Complexity: O(n).
    public func length(of coordinates: CoordinateList) -> Double {
        guard coordinates.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<coordinates.count {
            total += distance(from: coordinates[i - 1], to: coordinates[i])
        }
        return total
    }

    /// The area enclosed by a ring whose vertices are joined by geodesics, square metres,
    /// positive when the ring runs counter-clockwise (RFC 7946's outer rings: the area on the
    /// left, seen on a map with east to the right and north up), negative when clockwise
    /// (PROJ's `geod_polygonarea`).
    ///
    ///     Geodesic.wgs84.signedArea(of: ring)  // > 0 for an RFC 7946 outer ring
    ///
    /// Rings around a pole and across the antimeridian are measured correctly; of the two
    /// regions a ring divides the ellipsoid into, the one on its left is measured, reduced to
    /// (−½, +½] of the ellipsoid's total area (about 510,065,622 km² on WGS 84), so a ring
    /// taken the other way round gives the same value negated. A self-crossing ring's loops
    /// are added with their signs (a figure eight's halves cancel).
    ///
    /// - Parameter ring: closed (first == last) or not; the closing vertex is optional.
    ///   Latitudes in degrees, [-90, 90].
    /// - Returns: m²; 0 for fewer than three distinct vertices; NaN when a latitude lies
    ///   outside [-90, 90].
    /// - Complexity: O(n).
    public func signedArea(of ring: CoordinateList) -> Double {
        var vertices = ring[...]
        if vertices.count > 1, let first = vertices.first, let last = vertices.last,
           first.latitude == last.latitude, first.longitude == last.longitude {
            vertices = vertices.dropLast()
        }
        guard vertices.count >= 3 else { return 0 }
        var latitudes = vertices.map(\.latitude)
        var longitudes = vertices.map(\.longitude)
        var area = 0.0
        withEllipsoid { g in
            latitudes.withUnsafeMutableBufferPointer { lats in
                longitudes.withUnsafeMutableBufferPointer { lons in
                    // geod_polygonarea only reads the arrays; it is declared without `const`.
                    geod_polygonarea(g, lats.baseAddress, lons.baseAddress, Int32(clamping: lats.count), &area, nil)
                }
            }
        }
        return area
    }

    /// The area enclosed by a ring whose vertices are joined by geodesics, square metres,
    /// whichever way the ring runs: the absolute value of `signedArea(of:)`.
    ///
    ///     Geodesic.wgs84.area(of: ring)  // ≥ 0
    public func area(of ring: CoordinateList) -> Double {
        abs(signedArea(of: ring))
    }

    /// The ellipsoid's whole surface area, square metres (about 510,065,622 km² on WGS 84).
    public var totalArea: Double { ellipsoid.c2 * 4 * Double.pi }
}

extension Geodesic {
    /// `length(of:)` for vertices in any sequence (an array).
    public func length<S: Sequence<Coordinate>>(of coordinates: S) -> Double {
        length(of: CoordinateList(coordinates))
    }

    /// `signedArea(of:)` for a ring in any sequence (an array).
    public func signedArea<S: Sequence<Coordinate>>(of ring: S) -> Double {
        signedArea(of: CoordinateList(ring))
    }

    /// `area(of:)` for a ring in any sequence (an array).
    public func area<S: Sequence<Coordinate>>(of ring: S) -> Double {
        area(of: CoordinateList(ring))
    }
}
