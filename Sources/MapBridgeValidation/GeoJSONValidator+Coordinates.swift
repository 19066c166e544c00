import MapBridgeModel

extension GeoJSONValidator {
    /// Checks `node` as the coordinates of a geometry of `type`; the pointer is at "coordinates".
    func checkCoordinates(_ node: CoordinateNode, type: String, memberAt: (line: Int, column: Int)) {
        var walk = CoordinateWalk()
        switch type {
        case "Point": position(node, [], &walk)
        case "MultiPoint": positions(node, [], &walk, minimum: 0, role: .points)
        case "LineString": positions(node, [], &walk, minimum: 2, role: .line)
        case "MultiLineString": nested(node, []) { positions($0, $1, &walk, minimum: 2, role: .line) }
        case "Polygon": polygon(node, [], &walk)
        case "MultiPolygon": nested(node, []) { polygon($0, $1, &walk) }
        default: return
        }
        if let fine = walk.finePrecision {
            report(.excessivePrecision, Messages.precision(fine.decimals), at: (fine.line, fine.column), indices: fine.indices)
        }
    }

    /// Running state of one geometry's walk.
    struct CoordinateWalk {
        var finePrecision: (decimals: Int, line: Int, column: Int, indices: [Int])?
    }

    enum Role { case points, line, ring }

    private func nested(_ node: CoordinateNode, _ indices: [Int], _ body: (CoordinateNode, [Int]) -> Void) {
        guard case .array(let items, _, _) = node else {
            return report(.coordinatesShape, Messages.shape(expected: "an array", found: node), at: node.position, indices: indices)
        }
        for (i, item) in items.enumerated() { body(item, indices + [i]) }
    }

    private func polygon(_ node: CoordinateNode, _ indices: [Int], _ walk: inout CoordinateWalk) {
        guard case .array(let rings, _, _) = node else {
            return report(.coordinatesShape, Messages.shape(expected: "an array of rings", found: node), at: node.position, indices: indices)
        }
        for (i, ring) in rings.enumerated() {
            guard let area = positions(ring, indices + [i], &walk, minimum: 4, role: .ring) else { continue }
            let exterior = i == 0
            if (exterior && area < 0) || (!exterior && area > 0) {
                report(.rightHandRule, Messages.winding(ring: i, exterior: exterior), at: ring.position, indices: indices + [i])
            }
        }
    }

    /// Checks an array of positions; for a ring returns twice its signed area (positive when
    /// counterclockwise), or nil when the ring is unusable.
    @discardableResult
    private func positions(_ node: CoordinateNode, _ indices: [Int], _ walk: inout CoordinateWalk, minimum: Int,
                           role: Role) -> Double? {
        guard case .array(let items, _, _) = node else {
            report(.coordinatesShape, Messages.shape(expected: "an array of positions", found: node), at: node.position, indices: indices)
            return nil
        }
        var points: [(Double, Double)] = []
        var usable = true
        for (i, item) in items.enumerated() {
            if let p = position(item, indices + [i], &walk) { points.append(p) } else { usable = false }
        }
        if items.count < minimum {
            switch role {
            case .line: report(.lineTooShort, Messages.lineTooShort(items.count), at: node.position, indices: indices)
            case .ring: report(.ringTooShort, Messages.ringTooShort(items.count), at: node.position, indices: indices)
            case .points: break
            }
            return nil
        }
        guard role == .ring, usable, let first = points.first, let last = points.last,
            let firstNode = items.first, let lastNode = items.last else { return nil }
        if !samePosition(firstNode, lastNode) {
            report(.ringNotClosed, Messages.notClosed(first: first, last: last), at: node.position, indices: indices)
            return nil
        }
        var area = 0.0
        for k in 0..<(points.count - 1) {
            area += points[k].0 * points[k + 1].1 - points[k + 1].0 * points[k].1
        }
        return area
    }

    /// Checks one position; returns its longitude and latitude when both are numbers.
    @discardableResult
    private func position(_ node: CoordinateNode, _ indices: [Int], _ walk: inout CoordinateWalk) -> (Double, Double)? {
        guard case .array(let items, _, _) = node else {
            report(.coordinatesShape, Messages.shape(expected: "a position (an array of numbers)", found: node),
                   at: node.position, indices: indices)
            return nil
        }
        var values: [Double] = []
        for (i, item) in items.enumerated() {
            guard case .number(let v, let decimals, let line, let column) = item else {
                report(.positionNotNumber, Messages.notNumber(item), at: item.position, indices: indices + [i])
                return nil
            }
            if decimals > 9 && (walk.finePrecision?.decimals ?? 0) < decimals {
                walk.finePrecision = (decimals, line, column, indices + [i])
            }
            values.append(v)
        }
        if values.count < 2 {
            report(.positionSize, Messages.tooFewNumbers(values.count), at: node.position, indices: indices)
            return nil
        }
        if values.count > 3 {
            report(.positionSize, Messages.tooManyNumbers(values.count), severity: .warning, at: node.position, indices: indices)
        }
        if !(-180...180).contains(values[0]) {
            report(.lonOutOfRange, Messages.longitude(values[0], latitude: values[1]), at: items[0].position, indices: indices + [0])
        }
        if !(-90...90).contains(values[1]) {
            report(.latOutOfRange, Messages.latitude(values[1], longitude: values[0]), at: items[1].position, indices: indices + [1])
        }
        return (values[0], values[1])
    }

    private func samePosition(_ a: CoordinateNode, _ b: CoordinateNode) -> Bool {
        guard case .array(let x, _, _) = a, case .array(let y, _, _) = b, x.count == y.count else { return false }
        for (p, q) in zip(x, y) {
            guard case .number(let u, _, _, _) = p, case .number(let v, _, _, _) = q, u == v else { return false }
        }
        return true
    }
}

extension GeoJSONValidator.Messages {
    static func shape(expected: String, found: CoordinateNode) -> String {
        "\"coordinates\" nesting is wrong here: expected \(expected), found \(found.kindName)"
    }
    static func notNumber(_ node: CoordinateNode) -> String {
        "each element of a position must be a number, found \(node.kindName)"
    }
    static func tooFewNumbers(_ n: Int) -> String {
        "a position needs at least 2 numbers (longitude, latitude), this one has \(n)"
    }
    static func tooManyNumbers(_ n: Int) -> String {
        "a position has \(n) numbers; RFC 7946 says use at most 3 (longitude, latitude, altitude)"
    }
    static func lineTooShort(_ n: Int) -> String { "a LineString needs 2 or more positions, this one has \(n)" }
    static func ringTooShort(_ n: Int) -> String { "a polygon ring needs 4 or more positions, this one has \(n)" }
    static func notClosed(first: (Double, Double), last: (Double, Double)) -> String {
        "the ring is not closed: its first position (\(first.0), \(first.1)) differs from its last (\(last.0), \(last.1))"
    }
    static func winding(ring: Int, exterior: Bool) -> String {
        exterior ? "the exterior ring runs clockwise; RFC 7946 asks for counterclockwise (right-hand rule)"
                 : "hole \(ring) runs counterclockwise; RFC 7946 asks for clockwise holes (right-hand rule)"
    }
    static func longitude(_ lon: Double, latitude: Double) -> String {
        let swap = (-90...90).contains(lon) && (-180...180).contains(latitude) ? "; the axes may be swapped (GeoJSON is longitude, latitude)" : ""
        return "longitude \(lon) is outside [-180, 180]\(swap)"
    }
    static func latitude(_ lat: Double, longitude: Double) -> String {
        let swap = (-90...90).contains(longitude) && (-180...180).contains(lat) ? "; the axes may be swapped (GeoJSON is longitude, latitude)" : ""
        return "latitude \(lat) is outside [-90, 90]\(swap)"
    }
    static func precision(_ decimals: Int) -> String {
        "coordinates with up to \(decimals) decimals; more than 9 (under a millimetre) only add bytes"
    }
}
