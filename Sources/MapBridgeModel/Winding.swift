/// Ring orientation in the longitude/latitude plane, for RFC 7946's right-hand rule.
public enum Winding: Sendable {
    /// Twice the signed area of a ring in square degrees (shoelace formula); positive when the
    /// ring runs counter-clockwise with longitude to the right and latitude up. A ring that is
    /// not closed is treated as if it were.
    @inlinable
    public static func signedArea<Ring: RandomAccessCollection<Coordinate>>(_ ring: Ring) -> Double {
        guard ring.count >= 3 else { return 0 }
        var sum = 0.0
        var previous = ring[ring.index(before: ring.endIndex)]
        for c in ring {
            sum += (previous.longitude * c.latitude) - (c.longitude * previous.latitude)
            previous = c
        }
        return sum
    }

    /// Whether the ring runs counter-clockwise (degenerate rings count as neither).
    @inlinable
    public static func isCounterClockwise<Ring: RandomAccessCollection<Coordinate>>(_ ring: Ring) -> Bool { signedArea(ring) > 0 }
}

extension Polygon {
    /// The polygon with its outer ring counter-clockwise and its holes clockwise, as RFC 7946
    /// section 3.1.6 asks of writers. Only the order of vertices changes; each keeps its text.
    public func rewoundForRFC7946() -> Polygon {
        func oriented(_ ring: CoordinateList, counterClockwise: Bool) -> CoordinateList {
            let area = Winding.signedArea(ring)
            if area == 0 || (area > 0) == counterClockwise { return ring }
            return CoordinateList(ring.reversed())
        }
        return Polygon(outer: oriented(outer, counterClockwise: true),
                       holes: holes.map { oriented($0, counterClockwise: false) })
    }
}
