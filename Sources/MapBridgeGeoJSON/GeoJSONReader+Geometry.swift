import MapBridgeJSON
import MapBridgeModel

extension GeoJSONReader {
    /// Parses a `coordinates` array whose `[` was just read.
    func parseCoordinateTree() throws -> CoordinateTree {
        let t = tokenizer
        var token = try t.next()
        switch token {
        case .number:
            return .position(try parsePositionRest())
        case .endArray:
            return .lists([])
        case .beginArray:
            break
        default:
            throw fail("coordinates must hold numbers or arrays", found: token)
        }
        path.append(.index(0))
        let first = try parseCoordinateTree()
        path.removeLast()
        if case .position(let c) = first {
            // Filled in the reader's kept list, and handed over at its exact size.
            var list = CoordinateList()
            swap(&list, &positionScratch)
            list.append(c)
            while true {
                token = try t.next()
                if token == .endArray {
                    let positions = list.takeCompacted()
                    swap(&list, &positionScratch)
                    return .positions(positions)
                }
                path.append(.index(list.count))
                defer { path.removeLast() }
                guard token == .beginArray else {
                    throw fail("expected a position [longitude, latitude]", found: token)
                }
                let firstNumber = try t.next()
                guard firstNumber == .number else {
                    throw fail(firstNumber == .beginArray
                        ? "positions and arrays of positions are mixed at the same level"
                        : "a position must hold numbers, found \(firstNumber.displayName)")
                }
                list.append(try parsePositionRest())
            }
        }
        var children = [first]
        while true {
            token = try t.next()
            if token == .endArray { return .lists(children) }
            path.append(.index(children.count))
            defer { path.removeLast() }
            guard token == .beginArray else {
                throw fail("expected an array of positions", found: token)
            }
            let child = try parseCoordinateTree()
            if case .position = child {
                throw fail("positions and arrays of positions are mixed at the same level")
            }
            children.append(child)
        }
    }

    /// Reads a position whose `[` and first number were just read, up to its `]`.
    ///
    /// Each number is kept as its value and spelling (`FixedPointSpelling`), which nearly
    /// every number's text has, and the coordinate is made of those: no `Coordinate.Number`
    /// (whose text makes each one a value to copy and free). From a number without a spelling
    /// on, `parsePositionRest(spelled:value:start:)` reads the position, keeping texts.
    func parsePositionRest() throws -> Coordinate {
        let t = tokenizer
        try countVertex()
        try checkRecordBytes()
        let start = TokenMark(t)
        let longitude = try coordinateValue()
        guard let lonSpelling = spelling(of: longitude) else {
            return try parsePositionRest(spelled: [], value: longitude, start: start)
        }
        try expectSecondNumber(start: start)
        let latitude = try coordinateValue()
        guard let latSpelling = spelling(of: latitude) else {
            return try parsePositionRest(spelled: [(longitude, lonSpelling)], value: latitude, start: start)
        }
        var altitude: (value: Double, spelling: FixedPointSpelling)?
        if try altitudeFollows() {
            let value = try coordinateValue()
            guard let altSpelling = spelling(of: value) else {
                return try parsePositionRest(spelled: [(longitude, lonSpelling), (latitude, latSpelling)], value: value,
                                             start: start)
            }
            altitude = (value, altSpelling)
            try skipExtraNumbers()
        }
        return Coordinate(longitude: (longitude, lonSpelling), latitude: (latitude, latSpelling), altitude: altitude)
    }

    /// `parsePositionRest()` from the number just read on (its value `value`), whose text has
    /// no spelling: the numbers before it were `spelled`, and it and those after it are kept
    /// with their texts. Apart, so that the common position pays for none of it.
    @inline(never)
    private func parsePositionRest(spelled: [(value: Double, spelling: FixedPointSpelling)], value: Double,
                                   start: TokenMark) throws -> Coordinate {
        var numbers = spelled.map { Coordinate.Number(value: $0.value, spelling: $0.spelling) }
        numbers.append(tokenizer.coordinateNumber(value: value))
        if numbers.count == 1 {
            try expectSecondNumber(start: start)
            numbers.append(try coordinateNumber())
        }
        if numbers.count == 2, try altitudeFollows() { numbers.append(try coordinateNumber()) }
        if numbers.count == 3 { try skipExtraNumbers() }
        return Coordinate(longitude: numbers[0], latitude: numbers[1], altitude: numbers.count > 2 ? numbers[2] : nil)
    }

    /// Reads the token after a position's first number (which began at `start`): a number.
    private func expectSecondNumber(start: TokenMark) throws {
        let token = try tokenizer.next()
        guard token == .number else {
            if token == .endArray { throw onlyOneNumber(at: start) }
            throw fail("a position must hold numbers", found: token)
        }
    }

    /// Reads the token after a position's latitude: whether it is a number (the altitude);
    /// else it is the `]` that ends the position.
    private func altitudeFollows() throws -> Bool {
        let token = try tokenizer.next()
        if token == .number { return true }
        guard token == .endArray else { throw fail("a position must hold numbers", found: token) }
        return false
    }

    /// Reads the rest of a position after its altitude, up to its `]`: any further numbers
    /// are not kept (reported).
    private func skipExtraNumbers() throws {
        var token = try tokenizer.next()
        var extra = 0
        while token == .number {
            extra += 1
            token = try tokenizer.next()
        }
        if extra > 0 { warnExtraDimensions(extra) }
        guard token == .endArray else { throw fail("a position must hold numbers", found: token) }
    }

    /// The value of the number just read, which must be finite.
    @inline(__always)
    private func coordinateValue() throws -> Double {
        let value = tokenizer.numberValue()
        guard value.isFinite else { throw coordinateOutOfRange() }
        return value
    }

    /// The spelling of the number just read, whose value is `value`, when its text has one.
    @inline(__always)
    private func spelling(of value: Double) -> FixedPointSpelling? {
        tokenizer.numberDigits.flatMap { FixedPointSpelling(scanned: $0, value: value) }
    }

    /// The number just read, with its text (no `String` made for plain fixed-point text).
    private func coordinateNumber() throws -> Coordinate.Number {
        tokenizer.coordinateNumber(value: try coordinateValue())
    }

    // The messages of a position, apart, so that reading one pays for none of them.

    /// The error for a position with one number, which started at `start`.
    @inline(never)
    private func onlyOneNumber(at start: TokenMark) -> MapBridgeError {
        MapBridgeError(.data, "a position needs at least two numbers [longitude, latitude]; this one has 1",
                       at: SourceLocation(file: tokenizer.sourceName, line: start.line, column: start.column,
                                          pointer: pointer()))
    }

    /// Reports a position with `extra` numbers after its altitude.
    @inline(never)
    private func warnExtraDimensions(_ extra: Int) {
        warn("extra-dimensions",
             "a position has \(3 + extra) numbers; values after longitude, latitude and altitude are not kept",
             at: tokenizer.location(pointer: pointer()))
    }

    /// The error for the number just read, too large for a double.
    @inline(never)
    private func coordinateOutOfRange() -> MapBridgeError {
        fail("the coordinate \(tokenizer.numberText()) is out of range")
    }

    /// Builds a shape from a geometry object's members.
    /// Its errors all mean "this object cannot be read" (a `crs` is checked by the caller).
    /// - Returns: `nil` for a Point with empty coordinates (`[]`, how many tools write an empty
    ///   point), read as no geometry as RFC 7946 §3.1 allows, with an `empty-point` warning.
    func makeShape(_ m: Members) throws -> Shape? {
        if let problem = m.unreadable { throw problem }
        guard let type = m.type else {
            throw error(in: m, "this geometry object has no 'type' member")
        }
        for member in m.foreign {
            warn("dropped-member", "the member '\(member.key)' of a \(type) geometry is not kept (the model keeps foreign members on features only)",
                 at: m.location)
        }
        if m.id != nil || m.properties != nil || m.hasGeometry {
            warn("dropped-member", "'id', 'properties' or 'geometry' inside a \(type) geometry are not kept; did you mean a Feature?",
                 at: m.location)
        }
        if type == "GeometryCollection" {
            guard let shapes = m.geometries else {
                throw error(in: m, "this GeometryCollection has no 'geometries' member")
            }
            return .collection(shapes)
        }
        guard let kind = m.shapeKind else {
            let known = GeoJSONMapping.geometryTypes.keys.sorted() + ["GeometryCollection"]
            if let match = known.first(where: { $0.lowercased() == type.lowercased() }) {
                throw error(in: m, "unknown geometry type '\(type)'; types are case-sensitive: write '\(match)'",
                              at: m.typeLocation, member: "type")
            }
            for container in ["Feature", "FeatureCollection"] where type.lowercased() == container.lowercased() {
                throw error(in: m, type == container
                    ? "a \(type) stands where a geometry belongs"
                    : "unknown type '\(type)'; types are case-sensitive: write \"\(container)\"",
                    at: m.typeLocation, member: "type")
            }
            throw error(in: m, "unknown geometry type '\(type)'; expected one of \(known.joined(separator: ", "))",
                          at: m.typeLocation, member: "type")
        }
        guard let tree = m.coordinates else {
            throw error(in: m, "this \(type) has no 'coordinates' member")
        }
        let location = m.coordinatesLocation ?? m.location
        switch shape(of: kind, tree, at: location) {
        case .shape(let shape):
            return shape
        case .mismatch(let expected):
            throw error(in: m, "the coordinates of a \(type) must be \(expected)", at: location, member: "coordinates")
        }
    }

    /// What `coordinates` make for a geometry kind.
    enum ShapeFromCoordinates {
        /// The shape (`nil` for a Point with empty coordinates, reported).
        case shape(Shape?)
        /// The coordinates do not fit the kind: they must be `expected` (for the message).
        case mismatch(expected: String)
    }

    /// The shape of `kind` from `tree`, with the warnings the coordinates deserve (at
    /// `location`); a mismatch reports nothing, so a caller may go on to say it its own way.
    /// `location` is made only for a warning (most shapes need none).
    func shape(of kind: ShapeKind, _ tree: CoordinateTree, at location: @autoclosure () -> SourceLocation) -> ShapeFromCoordinates {
        switch kind {
        case .annotation:
            if case .position(let c) = tree { return .shape(.annotation(c)) }
            if tree.positionList?.isEmpty == true {
                warn("empty-point", "a Point with empty coordinates is read as no geometry (RFC 7946 §3.1 lets readers treat empty geometries as null)",
                     at: location())
                return .shape(nil)
            }
            return .mismatch(expected: "one position [longitude, latitude]")
        case .multiPoint:
            guard let list = tree.positionList else { return .mismatch(expected: "an array of positions") }
            return .shape(.multiPoint(list))
        case .polyline:
            guard let list = tree.positionList else { return .mismatch(expected: "an array of positions") }
            if list.count == 1 {
                warn("short-line", "a LineString has only 1 position; it needs at least 2", at: location())
            }
            return .shape(.polyline(Polyline(list)))
        case .multiPolyline:
            guard let lines = tree.listOfPositionLists else { return .mismatch(expected: "an array of arrays of positions") }
            return .shape(.multiPolyline(lines.map { Polyline($0) }))
        case .polygon:
            guard let rings = tree.listOfPositionLists else {
                return .mismatch(expected: "an array of linear rings (arrays of positions)")
            }
            return .shape(.polygon(makePolygon(rings, at: location())))
        case .multiPolygon:
            guard let polygons = tree.listOfListsOfPositionLists else {
                return .mismatch(expected: "an array of polygons (arrays of linear rings)")
            }
            return .shape(.multiPolygon(polygons.map { makePolygon($0, at: location()) }))
        case .circle, .collection:
            return .mismatch(expected: "a known geometry")
        }
    }

    /// A polygon from rings. A ring that is not closed, or too short, is kept as given and
    /// reported: a conversion does not change the data it carries (`validate` flags it).
    private func makePolygon(_ rings: [CoordinateList], at location: @autoclosure () -> SourceLocation) -> Polygon {
        for (index, ring) in rings.enumerated() {
            if let first = ring.first, let last = ring.last, first != last {
                warn("ring-not-closed",
                     "ring \(index) is not closed (first \(first.longitude),\(first.latitude) ≠ last \(last.longitude),\(last.latitude)); it is kept as given: repeat the first position at the end to fix it",
                     at: location())
            }
            if !ring.isEmpty && ring.count < 4 {
                warn("short-ring", "ring \(index) has \(ring.count) positions; a linear ring needs at least 4",
                     at: location())
            }
        }
        guard let outer = rings.first else { return Polygon(outer: []) }
        return Polygon(outer: outer, holes: Array(rings.dropFirst()))
    }
}
