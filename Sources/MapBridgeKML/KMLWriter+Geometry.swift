import MapBridgeJSON
import MapBridgeModel

/// Shapes as KML geometries.
///
/// | model | KML |
/// |---|---|
/// | `annotation` | `Point` |
/// | `polyline` | `LineString`; `tessellate` 1 when geodesic |
/// | `polyline` with `times` | `gx:Track`: the `when`s, then a `gx:coord` (`lon lat [alt]`) per vertex, then the per-point values as `gx:SimpleArrayData` (see `KMLWriter+TrackArrays.swift`) |
/// | `polygon` | `Polygon`: `outerBoundaryIs`, then an `innerBoundaryIs` per hole, each a `LinearRing` |
/// | `circle` | a `Polygon` whose ring follows the circle (see `Options.circleRing`); the radius also goes to data |
/// | `multiPoint`, `multiPolyline`, `multiPolygon`, `collection` | `MultiGeometry` (nested for nested collections) |
///
/// `altitudeMode` goes into every geometry (`MultiGeometry` has none of its own):
/// `altitudeMode` for the three OGC values, `gx:altitudeMode` for the sea-floor ones. Each
/// coordinate is `lon,lat[,alt]`, tuples separated by one space, keeping each number's source
/// text unless `precision` is set.
extension KMLWriter {
    func writeGeometry(_ shape: Shape, altitudeMode: AltitudeMode?, of feature: Feature) throws {
        switch shape {
        case .annotation(let c):
            try xml.open("Point")
            try writeAltitudeMode(altitudeMode)
            try writeCoordinates(CollectionOfOne(c))
            try xml.close("Point")
        case .polyline(let line):
            try writeLine(line, altitudeMode: altitudeMode, of: feature)
        case .polygon(let polygon):
            try writePolygon(polygon, altitudeMode: altitudeMode)
        case .circle(let circle):
            let ring: CoordinateList
            do {
                ring = try circleRing(circle)
            } catch let error as MapBridgeError where error.kind == .data {
                // A centre or radius no ring can be drawn for: keep the centre.
                note("circle-point", "\(error.message): such a circle is written as its centre Point, with its radius as data named 'radius'",
                     at: feature.location)
                return try writeGeometry(.annotation(circle.center), altitudeMode: altitudeMode, of: feature)
            }
            note("circle", "KML has no circles: a circle is written as a polygon that follows it, with its radius in metres as data named 'radius'",
                 at: feature.location)
            try writePolygon(Polygon(outer: ring), altitudeMode: altitudeMode)
        case .multiPoint(let points):
            try xml.open("MultiGeometry")
            for c in points {
                try xml.open("Point")
                try writeAltitudeMode(altitudeMode)
                try writeCoordinates(CollectionOfOne(c))
                try xml.close("Point")
            }
            try xml.close("MultiGeometry")
        case .multiPolyline(let lines):
            try xml.open("MultiGeometry")
            for line in lines { try writeLine(line, altitudeMode: altitudeMode, of: feature) }
            try xml.close("MultiGeometry")
        case .multiPolygon(let polygons):
            try xml.open("MultiGeometry")
            for polygon in polygons { try writePolygon(polygon, altitudeMode: altitudeMode) }
            try xml.close("MultiGeometry")
        case .collection(let shapes):
            try xml.open("MultiGeometry")
            for s in shapes { try writeGeometry(s, altitudeMode: altitudeMode, of: feature) }
            try xml.close("MultiGeometry")
        }
    }

    private func writeLine(_ line: Polyline, altitudeMode: AltitudeMode?, of feature: Feature) throws {
        if let times = line.times {
            if Self.isWritableTrack(line) { return try writeTrack(line.coordinates, times: times, line, altitudeMode) }
            note("track-times", "a track needs one XML Schema time (such as 2026-11-30T12:00:00Z) per vertex: a track without that is written as a plain LineString, without its times",
                 at: feature.location)
        }
        try xml.open("LineString")
        if line.interpolation == .geodesic { try xml.leaf("tessellate", literal: "1") }
        try writeAltitudeMode(altitudeMode)
        try writeCoordinates(line.coordinates)
        try xml.close("LineString")
    }

    private func writeTrack(_ coordinates: CoordinateList, times: VertexTimes, _ line: Polyline,
                            _ altitudeMode: AltitudeMode?) throws
    {
        try xml.open("gx:Track")
        if line.interpolation == .geodesic { try xml.leaf("tessellate", literal: "1") }
        try writeAltitudeMode(altitudeMode)
        for t in times { try xml.leaf("when", t) }
        for c in coordinates {
            try xml.open("gx:coord")
            try writeTuple(c, separator: UInt8(ascii: " "))
            try xml.close("gx:coord")
        }
        if let arrays = trackArrays, arrays.lines.indices.contains(trackLineIndex) {
            try writeTrackColumns(arrays.lines[trackLineIndex])
        }
        trackLineIndex += 1
        try xml.close("gx:Track")
    }

    private func writePolygon(_ polygon: Polygon, altitudeMode: AltitudeMode?) throws {
        try xml.open("Polygon")
        try writeAltitudeMode(altitudeMode)
        if !(polygon.outer.isEmpty && polygon.holes.isEmpty) {
            try writeBoundary("outerBoundaryIs", polygon.outer)
            for hole in polygon.holes { try writeBoundary("innerBoundaryIs", hole) }
        }
        try xml.close("Polygon")
    }

    private func writeBoundary(_ name: StaticString, _ ring: CoordinateList) throws {
        try xml.open(name)
        try xml.open("LinearRing")
        try writeCoordinates(ring)
        try xml.close("LinearRing")
        try xml.close(name)
    }

    private func writeAltitudeMode(_ mode: AltitudeMode?) throws {
        guard let mode else { return }
        switch mode {
        case .clampToGround, .relativeToGround, .absolute:
            try xml.leaf("altitudeMode", mode.rawValue)
        case .clampToSeaFloor, .relativeToSeaFloor:
            try xml.leaf("gx:altitudeMode", mode.rawValue)
        }
    }

    // MARK: Coordinates

    func writeCoordinates(_ coordinates: some Sequence<Coordinate>) throws {
        try xml.open("coordinates")
        var first = true
        for c in coordinates {
            if !first { try xml.raw(" ") }
            first = false
            try writeTuple(c, separator: UInt8(ascii: ","))
        }
        try xml.close("coordinates")
    }

    /// `lon,lat[,alt]` (or with spaces, for `gx:coord`).
    private func writeTuple(_ c: Coordinate, separator: UInt8) throws {
        if options.precision == nil, let (lon, lonSpelling) = c.fixedPointText(of: .longitude),
           let (lat, latSpelling) = c.fixedPointText(of: .latitude)
        {
            // The common case, numbers kept as fixed-point spellings: the whole tuple rendered
            // straight into the sink's buffer, with one check for room.
            let alt = c.fixedPointText(of: .altitude)
            if alt != nil || c.altitude == nil {
                return try xml.sink.withUnsafeSpace(3 * FixedPointSpelling.maxLength + 2) { out in
                    var n = FixedPointSpelling.render(lon, fractionDigits: lonSpelling.fractionDigits, into: out)
                    out[n] = separator
                    n += 1
                    n += FixedPointSpelling.render(lat, fractionDigits: latSpelling.fractionDigits, into: out + n)
                    if let (alt, altSpelling) = alt {
                        out[n] = separator
                        n += 1
                        n += FixedPointSpelling.render(alt, fractionDigits: altSpelling.fractionDigits, into: out + n)
                    }
                    return n
                }
            }
        }
        if options.precision == nil, c.hasSourceText {
            try xml.sink.write(sourceTextOf: c, .longitude)
            try xml.sink.write(byte: separator)
            try xml.sink.write(sourceTextOf: c, .latitude)
            if c.hasSourceText(.altitude) {
                try xml.sink.write(byte: separator)
                try xml.sink.write(sourceTextOf: c, .altitude)
            } else if let alt = c.altitude {
                try xml.sink.write(byte: separator)
                try xml.raw(numberText(alt))
            }
        } else {
            try xml.raw(numberText(c.longitude))
            try xml.sink.write(byte: separator)
            try xml.raw(numberText(c.latitude))
            if let alt = c.altitude {
                try xml.sink.write(byte: separator)
                try xml.raw(numberText(alt))
            }
        }
    }

    func numberText(_ value: Double) -> String {
        guard let places = options.precision else { return NumberValue.shortestText(value) }
        return NumberFormatting.fixed(value, decimals: places)
    }

    // MARK: Shape facts

    /// Whether a line can be a `gx:Track`: one time per vertex, each one KML accepts.
    static func isWritableTrack(_ line: Polyline) -> Bool {
        guard let times = line.times, times.count == line.coordinates.count else { return false }
        // Each time's bytes as held, without a `String` per time.
        return times.indices.allSatisfy { i in times.withUTF8(at: i) { isKMLTime(utf8: $0) } }
    }

    /// Whether any line of the shape is written as a `gx:Track`.
    /// `hasWritableTrack(_:)` of a feature's shape, if any. Inlined, so that a shape without a
    /// line (most) is known where it is, without a copy of it for the call.
    @inline(__always)
    static func hasWritableTrack(_ shape: Shape?) -> Bool {
        switch shape {
        case .polyline?, .multiPolyline?, .collection?: shape.map(hasWritableTrack) ?? false
        default: false
        }
    }

    static func hasWritableTrack(_ shape: Shape) -> Bool {
        switch shape {
        case .polyline(let line): isWritableTrack(line)
        case .multiPolyline(let lines): lines.contains(where: isWritableTrack)
        case .collection(let shapes): shapes.contains(where: hasWritableTrack)
        default: false
        }
    }

    /// Whether the shape has an area (a polygon or circle somewhere in it), so that fill
    /// styles matter.
    static func hasArea(_ shape: Shape) -> Bool {
        switch shape {
        case .polygon, .circle, .multiPolygon: true
        case .collection(let shapes): shapes.contains(where: hasArea)
        default: false
        }
    }
}
