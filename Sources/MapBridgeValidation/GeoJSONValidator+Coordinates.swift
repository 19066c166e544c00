import MapBridgeModel

extension GeoJSONValidator {
    typealias Place = (line: Int, column: Int)

    /// Checks `node` as the coordinates of a geometry of `type` whose object starts at `object`;
    /// the pointer is at "coordinates". Returns the extent of its positions.
    func checkCoordinates(_ node: CoordinateNode, type: GeoJSONType, object: Place) -> Extent {
        var walk = CoordinateWalk()
        switch type {
        case .point: position(node, IndexPath(base: []), holder: object, &walk)
        case .multiPoint: positions(node, [], holder: object, &walk, minimum: 0, role: .points)
        case .lineString: positions(node, [], holder: object, &walk, minimum: 2, role: .line)
        case .multiLineString:
            nested(node, [], holder: object) { positions($0, $1, holder: $2, &walk, minimum: 2, role: .line) }
        case .polygon: polygon(node, [], holder: object, &walk)
        case .multiPolygon: nested(node, [], holder: object) { polygon($0, $1, holder: $2, &walk) }
        default: return walk.extent
        }
        if let fine = walk.finePrecision {
            report(.excessivePrecision, Messages.precision(fine.decimals), at: fine.at, indices: fine.indices)
        }
        if let beyond = walk.latitudeBeyond90, walk.allSwappable {
            report(.swappedAxes, Messages.swapped(latitude: beyond.latitude, at: pointer.text(appending: beyond.indices)),
                   at: node.position)
        }
        return walk.extent
    }

    /// Running state of one geometry's walk.
    struct CoordinateWalk {
        var finePrecision: (decimals: Int, at: Place, indices: [Int])?
        var extent = Extent()
        /// The first position whose latitude is beyond ±90.
        var latitudeBeyond90: (latitude: Double, indices: [Int])?
        /// Whether every position would be in range with its axes swapped.
        var allSwappable = true
    }

    enum Role { case points, line, ring }

    /// The indices below "coordinates" of the position being checked: those of the array that
    /// holds it and its own, made one array only for a finding (positions are many, findings few).
    struct IndexPath {
        var base: [Int]
        var last: Int?

        init(base: [Int], last: Int? = nil) {
            self.base = base
            self.last = last
        }

        var indices: [Int] { last.map { base + [$0] } ?? base }

        /// The indices with `more` after them.
        func appending(_ more: Int) -> [Int] { indices + [more] }
    }

    private func nested(_ node: CoordinateNode, _ indices: [Int], holder: Place, _ body: (CoordinateNode, [Int], Place) -> Void) {
        guard let items = node.items else {
            return report(.coordinatesShape, Messages.shape(expected: "an array", found: node), at: holder, indices: indices)
        }
        for (i, item) in items.enumerated() { body(item, indices + [i], node.position) }
    }

    private func polygon(_ node: CoordinateNode, _ indices: [Int], holder: Place, _ walk: inout CoordinateWalk) {
        guard let rings = node.items else {
            return report(.coordinatesShape, Messages.shape(expected: "an array of rings", found: node), at: holder, indices: indices)
        }
        for (i, ring) in rings.enumerated() {
            guard let area = positions(ring, indices + [i], holder: node.position, &walk, minimum: 4, role: .ring) else { continue }
            let exterior = i == 0
            if (exterior && area < 0) || (!exterior && area > 0) {
                report(.rightHandRule, Messages.winding(ring: i, exterior: exterior), at: ring.position, indices: indices + [i])
            }
        }
    }

    /// Checks an array of positions; for a ring returns twice its signed area (positive when
    /// counterclockwise), or nil when the ring is unusable.
    @discardableResult
    private func positions(_ node: CoordinateNode, _ indices: [Int], holder: Place, _ walk: inout CoordinateWalk,
                           minimum: Int, role: Role) -> Double? {
        guard let items = node.items else {
            report(.coordinatesShape, Messages.shape(expected: "an array of positions", found: node), at: holder, indices: indices)
            return nil
        }
        // One pass, nothing kept per position: a line of millions of positions is checked in
        // the memory its nodes take already.
        var usable = true
        /// The first jump across the antimeridian between two positions read as numbers
        /// (with any position between that is not), by their indices in the array.
        var jump: (from: (index: Int, longitude: Double), to: (index: Int, longitude: Double))?
        var first: (Double, Double)?, previous: (Double, Double)?
        var previousIndex = 0
        var area = 0.0
        for (i, item) in items.enumerated() {
            guard let p = position(item, IndexPath(base: indices, last: i), holder: node.position, &walk) else {
                usable = false
                continue
            }
            if let q = previous {
                if jump == nil, crossesAntimeridian(from: q.0, to: p.0) { jump = ((previousIndex, q.0), (i, p.0)) }
                area += q.0 * p.1 - p.0 * q.1
            } else {
                first = p
            }
            previous = p
            previousIndex = i
        }
        if items.count < minimum {
            switch role {
            case .line: report(.lineTooShort, Messages.lineTooShort(items.count), at: node.position, indices: indices)
            case .ring: report(.ringTooShort, Messages.ringTooShort(items.count), at: node.position, indices: indices)
            case .points: break
            }
            return nil
        }
        if role != .points, let jump {
            report(.antimeridianCrossing, Messages.crossing(from: jump.from, to: jump.to, ring: role == .ring),
                   at: node.position, indices: indices)
        }
        guard role == .ring, usable, let first, let last = previous,
            let firstNode = items.first, let lastNode = items.last else { return nil }
        if !samePosition(firstNode, lastNode) {
            report(.ringNotClosed, Messages.notClosed(first: first, last: last), at: node.position, indices: indices)
            return nil
        }
        return area
    }

    /// Whether the longitude differs from the one before by more than 180°: the shorter way
    /// between them crosses the antimeridian, so a line drawn the long way round was meant to
    /// be cut there (RFC 7946 §3.1.9). Out-of-range longitudes are left to `lon-out-of-range`.
    private func crossesAntimeridian(from a: Double, to b: Double) -> Bool {
        abs(a) <= 180 && abs(b) <= 180 && abs(b - a) > 180
    }

    /// Checks one position held by the array at `holder`; returns its longitude and latitude
    /// when both are numbers.
    @discardableResult
    private func position(_ node: CoordinateNode, _ path: IndexPath, holder: Place, _ walk: inout CoordinateWalk) -> (Double, Double)? {
        if case .position(let p) = node {
            for i in 0..<p.count {
                let decimals = Int(p.decimals(i))
                if decimals > 9 && (walk.finePrecision?.decimals ?? 0) < decimals {
                    walk.finePrecision = (decimals, node.position, path.appending(i))
                }
            }
            return check(longitude: p.longitude, latitude: p.latitude, altitude: p.hasAltitude ? p.altitude : nil,
                         of: node, path, &walk)
        }
        guard let items = node.items else {
            report(.coordinatesShape, Messages.shape(expected: "a position (an array of numbers)", found: node),
                   at: holder, indices: path.indices)
            return nil
        }
        var values: [Double] = []
        for (i, item) in items.enumerated() {
            guard case .number(let v, let decimals, _, _) = item else {
                report(.positionNotNumber, Messages.notNumber(item), at: node.position, indices: path.appending(i))
                return nil
            }
            if decimals > 9 && (walk.finePrecision?.decimals ?? 0) < decimals {
                walk.finePrecision = (decimals, node.position, path.appending(i))
            }
            values.append(v)
        }
        if values.count < 2 {
            report(.positionSize, Messages.tooFewNumbers(values.count), at: node.position, indices: path.indices)
            return nil
        }
        if values.count > 3 {
            report(.positionSize, Messages.tooManyNumbers(values.count), severity: .warning, at: node.position, indices: path.indices)
        }
        return check(longitude: values[0], latitude: values[1], altitude: values.count > 2 ? values[2] : nil,
                     of: node, path, &walk)
    }

    /// Checks the numbers of a position: ranges, axis order, extent.
    private func check(longitude lon: Double, latitude lat: Double, altitude: Double?, of node: CoordinateNode,
                       _ path: IndexPath, _ walk: inout CoordinateWalk) -> (Double, Double) {
        if !(-180...180).contains(lon) {
            report(.lonOutOfRange, Messages.longitude(lon), at: node.position, indices: path.appending(0))
        }
        if !(-90...90).contains(lat) {
            report(.latOutOfRange, Messages.latitude(lat), at: node.position, indices: path.appending(1))
            if walk.latitudeBeyond90 == nil { walk.latitudeBeyond90 = (lat, path.appending(1)) }
        }
        if !(abs(lon) <= 90 && abs(lat) <= 180) { walk.allSwappable = false }
        walk.extent.add(longitude: lon, latitude: lat, altitude: altitude)
        return (lon, lat)
    }

    private func samePosition(_ a: CoordinateNode, _ b: CoordinateNode) -> Bool {
        if case .position(let p) = a, case .position(let q) = b {
            return p.count == q.count && (0..<p.count).allSatisfy { p.value($0) == q.value($0) }
        }
        guard let x = a.items, let y = b.items, x.count == y.count else { return false }
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
    static func longitude(_ lon: Double) -> String { "longitude \(lon) is outside [-180, 180]" }
    static func latitude(_ lat: Double) -> String { "latitude \(lat) is outside [-90, 90]" }
    static func swapped(latitude: Double, at pointer: String) -> String {
        "latitude \(latitude) (at \(pointer)) is beyond ±90, yet every position of this geometry would be in range "
            + "with its two numbers swapped: GeoJSON positions are [longitude, latitude], this looks like [latitude, longitude]"
    }
    static func crossing(from a: (index: Int, longitude: Double), to b: (index: Int, longitude: Double), ring: Bool) -> String {
        "positions \(a.index) and \(b.index) jump from longitude \(a.longitude) to \(b.longitude): the \(ring ? "ring" : "line") crosses the "
            + "antimeridian without being cut; RFC 7946 §3.1.9 asks to split it at ±180 into a "
            + (ring ? "MultiPolygon" : "MultiLineString")
    }
    static func precision(_ decimals: Int) -> String {
        "coordinates with up to \(decimals) decimals; more than 9 (under a millimetre) only add bytes"
    }
}
