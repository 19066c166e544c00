#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeGeodesy
import MapBridgeModel

/// One feature as a `<g>`: title, areas, lines, points and label, styled from the model.
extension SVGWriter {
    /// The shape's parts sorted for drawing, as longitudes (unwrapped along each line and
    /// ring) and latitudes in degrees.
    struct Parts {
        var areas: [[(lon: Double, lat: Double)]] = []
        var lines: [[(lon: Double, lat: Double)]] = []
        var points: [(lon: Double, lat: Double)] = []
        /// Where a label goes: the first point, else the middle of the first line or ring.
        var anchor: (lon: Double, lat: Double)?
    }

    func writeFeature(_ feature: Feature, number: Int) throws {
        var parts = Parts()
        if let shape = feature.shape { try collect(shape, into: &parts) }
        try xml.sink.writeMark(.groupStart)
        try xml.raw("\n<g id=\"feature-\(number)\"")
        try writeDataAttributes(feature)
        try xml.raw(">")
        let text = [feature.title, feature.subtitle].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        if !text.isEmpty { try xml.leaf("title", text) }
        let style = feature.style ?? Style()
        if !parts.areas.isEmpty {
            try xml.sink.writeMark(.elementStart)
            try xml.raw("<path d=\"")
            for ring in parts.areas { try xml.sink.writeSubpath(ring, closed: true) }
            let fill = style.fill == false ? "none" : (style.fillColor ?? Self.defaultColor).hex
            try xml.raw("\" fill=\"\(fill)\" fill-rule=\"evenodd\"")
            if style.fill != false { try xml.raw(" fill-opacity=\"\(SVGViewport.text(style.fillOpacity ?? 0.6))\"") }
            if style.outline == false { try xml.raw(" stroke=\"none\"/>") } else { try writeStroke(style, feature: feature) }
            try xml.sink.writeMark(.end)
        }
        if !parts.lines.isEmpty {
            try xml.sink.writeMark(.elementStart)
            try xml.raw("<path d=\"")
            for line in parts.lines { try xml.sink.writeSubpath(line, closed: false) }
            try xml.raw("\" fill=\"none\"")
            try writeStroke(style, feature: feature)
            try xml.sink.writeMark(.end)
        }
        let marker = style.marker ?? MarkerStyle()
        let radius = Self.markerRadius(marker)
        for p in parts.points {
            try xml.sink.writeMark(.elementStart)
            try xml.raw("<circle")
            try xml.sink.writePosition(.centre, lon: p.lon, lat: p.lat)
            try xml.raw(" r=\"\(SVGViewport.text(radius))\" fill=\"\((marker.color ?? Self.defaultMarkerColor).hex)\"")
            if let o = marker.opacity, o < 1 { try xml.raw(" fill-opacity=\"\(SVGViewport.text(o))\"") }
            try xml.raw(" stroke=\"#ffffff\" stroke-width=\"1.5\"/>")
            try xml.sink.writeMark(.end)
        }
        if options.labels == .name, let title = feature.title, !title.isEmpty, let anchor = parts.anchor {
            try xml.sink.writeMark(.elementStart)
            try xml.raw("<text")
            try xml.sink.writePosition(.labelAnchor, lon: anchor.lon, lat: anchor.lat, offset: radius + 3)
            try xml.raw(" dy=\".35em\" fill=\"\((style.label?.color ?? Color(red: 0x22, green: 0x22, blue: 0x22)).hex)\"")
            try xml.raw(" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">")
            try xml.escaped(title, inAttribute: true)
            try xml.raw("</text>")
            try xml.sink.writeMark(.end)
        }
        try xml.raw("</g>")
        try xml.sink.writeMark(.end)
    }

    /// A basemap feature: its title for hovering, its areas, lines and points in the
    /// basemap group's muted colours (its own style and properties left out).
    func writeBasemapFeature(_ feature: Feature, number: Int) throws {
        var parts = Parts()
        if let shape = feature.shape { try collect(shape, into: &parts) }
        try xml.sink.writeMark(.groupStart, basemap: true)
        try xml.raw("\n<g id=\"basemap-\(number)\">")
        if let title = Self.basemapTitle(feature) { try xml.leaf("title", title) }
        // Rings cut at the antimeridian (Fiji, Chukotka) are filled whole but outlined
        // without the cut, so that the land shows no seam where its pieces meet.
        let cutOutlines = parts.areas.map(Self.outlineWithoutCuts)
        let hasCuts = cutOutlines.contains { $0 != nil }
        if !parts.areas.isEmpty {
            try xml.sink.writeMark(.elementStart)
            try xml.raw("<path d=\"")
            for ring in parts.areas { try xml.sink.writeSubpath(ring, closed: true) }
            try xml.raw(hasCuts ? "\" fill-rule=\"evenodd\" stroke=\"none\"/>" : "\" fill-rule=\"evenodd\"/>")
            try xml.sink.writeMark(.end)
        }
        var lines = parts.lines
        if hasCuts {
            for (ring, cut) in zip(parts.areas, cutOutlines) { lines += cut ?? [ring] }
        }
        if !lines.isEmpty {
            try xml.sink.writeMark(.elementStart)
            try xml.raw("<path d=\"")
            for line in lines { try xml.sink.writeSubpath(line, closed: false) }
            try xml.raw("\" fill=\"none\"/>")
            try xml.sink.writeMark(.end)
        }
        for p in parts.points {
            try xml.sink.writeMark(.elementStart)
            try xml.raw("<circle")
            try xml.sink.writePosition(.centre, lon: p.lon, lat: p.lat)
            try xml.raw(" r=\"2\" fill=\"\(Self.borderColour)\" stroke=\"none\"/>")
            try xml.sink.writeMark(.end)
        }
        try xml.raw("</g>")
        try xml.sink.writeMark(.end)
    }

    /// A basemap feature's name for hovering: its title, else a `name`, `name_en` or
    /// `admin` property in any case (Natural Earth writes `NAME`).
    static func basemapTitle(_ feature: Feature) -> String? {
        if let title = feature.title, !title.isEmpty { return title }
        for wanted in ["name", "name_en", "admin"] {
            for entry in feature.properties where entry.key.lowercased() == wanted {
                if case .string(let s) = entry.value, !s.isEmpty { return s }
            }
        }
        return nil
    }

    /// A ring's outline as lines without its edges along the antimeridian (both ends on the
    /// same meridian ±180°), or `nil` when it has no such edge.
    static func outlineWithoutCuts(_ ring: [(lon: Double, lat: Double)]) -> [[(lon: Double, lat: Double)]]? {
        guard ring.count > 2 else { return nil }
        func onCut(_ i: Int) -> Bool {
            let a = ring[i], b = ring[i + 1]
            return a.lon == b.lon && abs(LongitudeUnwrapping.normalised(a.lon)) == 180
        }
        let cuts = (0..<(ring.count - 1)).filter(onCut)
        guard let firstCut = cuts.first else { return nil }
        var lines: [[(lon: Double, lat: Double)]] = []
        var current: [(lon: Double, lat: Double)] = []
        // Walk the ring once, starting just after a cut edge (the ring's last point repeats
        // its first).
        let n = ring.count - 1
        for step in 0..<n {
            let i = (firstCut + 1 + step) % n
            if current.isEmpty { current.append(ring[i]) }
            if onCut(i) {
                if current.count > 1 { lines.append(current) }
                current = []
            } else {
                current.append(ring[i + 1])
            }
        }
        if current.count > 1 { lines.append(current) }
        return lines
    }

    /// ` stroke="…" stroke-width="…"` (and opacity) and the end of the path element.
    ///
    /// Dashes come from the style's `strokeDash`; a line that `mapbridge route --progress`
    /// marked as the part still to fly (`part` = `remaining` beside a `progress`
    /// property), read back from a format without dashes, gets `remainingDash`.
    private func writeStroke(_ style: Style, feature: Feature) throws {
        try xml.raw(" stroke=\"\((style.strokeColor ?? Self.defaultColor).hex)\"")
        try xml.raw(" stroke-width=\"\(SVGViewport.text(style.strokeWidth ?? 2))\"")
        if let o = style.strokeOpacity, o < 1 { try xml.raw(" stroke-opacity=\"\(SVGViewport.text(o))\"") }
        let dash = style.strokeDash ?? (Self.isRemainingPart(feature) ? Self.remainingDash : nil)
        if let dash, !dash.isEmpty, dash.allSatisfy({ $0 >= 0 && $0.isFinite }), dash.contains(where: { $0 > 0 }) {
            // Butt ends: round caps would eat into the gaps.
            try xml.raw(" stroke-dasharray=\"\(dash.map { SVGViewport.text($0) }.joined(separator: " "))\" stroke-linecap=\"butt\"")
        }
        try xml.raw("/>")
    }

    /// The dashes, pixels, of a route's remaining part read without its style: 8 on, 6 off.
    static let remainingDash: [Double] = [8, 6]

    /// Whether `feature` is the remaining part of a route split by `--progress`.
    static func isRemainingPart(_ feature: Feature) -> Bool {
        guard case .string("remaining")? = feature.properties["part"], feature.properties["progress"] != nil else { return false }
        return true
    }

    /// Properties with simple values (text, numbers, booleans) as `data-` attributes; names
    /// lowered and made XML-safe (other characters become `-`), later duplicates left out.
    private func writeDataAttributes(_ feature: Feature) throws {
        var seen: Set<String> = []
        var entries: [(String, String)] = []
        if let id = feature.id { entries.append(("id", id.description)) }
        for entry in feature.properties {
            switch entry.value {
            case .string(let s): entries.append((entry.key, s))
            case .number(let n): entries.append((entry.key, n.text))
            case .bool(let b): entries.append((entry.key, b ? "true" : "false"))
            case .null: continue
            case .array, .object:
                note(entry.key == "coordinateProperties" ? "svg-per-point" : "svg-nested",
                     entry.key == "coordinateProperties"
                        ? "SVG holds no per-point values: a track's coordinateProperties (heart rate, cadence …) are not written"
                        : "SVG data attributes hold text: array and object properties are not written",
                     at: feature.location)
            }
        }
        for (key, value) in entries {
            let name = Self.dataAttributeName(key)
            guard !name.isEmpty, seen.insert(name).inserted else { continue }
            try xml.raw(" data-\(name)=\"")
            try xml.escaped(value, inAttribute: true)
            try xml.raw("\"")
        }
    }

    /// `key` as the part of a `data-` attribute name after the prefix: ASCII letters (lowered),
    /// digits, `-`, `_` and `.` kept, anything else `-`.
    static func dataAttributeName(_ key: String) -> String {
        String(String.UnicodeScalarView(key.unicodeScalars.map { s -> Unicode.Scalar in
            switch s {
            case "a"..."z", "0"..."9", "-", "_", ".": s
            case "A"..."Z": Unicode.Scalar(s.value + 32) ?? "-"
            default: "-"
            }
        }))
    }

    /// The marker's radius in pixels: 4, 6 or 8 for small, medium and large, times its scale.
    static func markerRadius(_ marker: MarkerStyle) -> Double {
        let base: Double = switch marker.size {
        case .small: 4
        case .large: 8
        case .medium, nil: 6
        }
        let scale = marker.scale.flatMap { $0 > 0 && $0.isFinite ? min($0, 10) : nil } ?? 1
        return base * scale
    }

    static let defaultColor = Color(red: 0x55, green: 0x55, blue: 0x55)
    static let defaultMarkerColor = Color(red: 0x7e, green: 0x7e, blue: 0x7e)

    // MARK: - Geometry

    /// Sorts `shape` into parts (unwrapping, densifying), growing the extent.
    private func collect(_ shape: Shape, into parts: inout Parts) throws {
        switch shape {
        case .annotation(let c):
            addPoint(c, to: &parts)
        case .multiPoint(let cs):
            for c in cs { addPoint(c, to: &parts) }
        case .polyline(let line):
            try addLine(line, to: &parts)
        case .multiPolyline(let lines):
            for line in Self.joinedAtAntimeridian(lines) { try addLine(line, to: &parts) }
        case .polygon(let polygon):
            addPolygon(polygon, to: &parts)
        case .multiPolygon(let polygons):
            for polygon in polygons { addPolygon(polygon, to: &parts) }
        case .circle(let circle):
            let ring = try Geodesic.wgs84.ring(of: circle, maximumError: max(circle.radius / 1_000, 1))
            parts.areas.append(unwrap(ring, closed: true))
            if parts.anchor == nil { parts.anchor = (LongitudeUnwrapping.normalised(circle.center.longitude), circle.center.latitude) }
        case .collection(let shapes):
            for s in shapes { try collect(s, into: &parts) }
        }
    }

    /// `lines` with each part that ends on the antimeridian joined to the next when that
    /// starts at the same place on its other side: a route that GeoJSON output cut there
    /// (RFC 7946 §3.1.9) is drawn as the one curve it was.
    static func joinedAtAntimeridian(_ lines: [Polyline]) -> [Polyline] {
        guard lines.count > 1 else { return lines }
        var result: [Polyline] = []
        for line in lines {
            if var last = result.last, let end = last.coordinates.last, let start = line.coordinates.first,
               last.interpolation == line.interpolation,
               abs(end.longitude) == 180, abs(start.longitude) == 180, end.latitude == start.latitude
            {
                last.coordinates += line.coordinates.dropFirst()
                result[result.count - 1] = last
            } else {
                result.append(line)
            }
        }
        return result
    }

    private func addPoint(_ c: Coordinate, to parts: inout Parts) {
        let p = (lon: LongitudeUnwrapping.normalised(c.longitude), lat: c.latitude)
        guard p.lon.isFinite, p.lat.isFinite else { return }
        grow(west: p.lon, east: p.lon, south: p.lat, north: p.lat)
        addDirection(lon: p.lon, lat: p.lat)
        parts.points.append(p)
        if parts.anchor == nil { parts.anchor = p }
    }

    private func addLine(_ line: Polyline, to parts: inout Parts) throws {
        var coordinates = line.coordinates
        if line.interpolation == .geodesic, coordinates.count > 1 {
            coordinates = try Geodesic.wgs84.densify(coordinates, maximumSegment: options.geodesicStep)
        }
        let points = unwrap(coordinates, closed: false)
        guard !points.isEmpty else { return }
        parts.lines.append(points)
        if parts.anchor == nil { parts.anchor = points[points.count / 2] }
    }

    private func addPolygon(_ polygon: Polygon, to parts: inout Parts) {
        for ring in polygon.rings where !ring.isEmpty {
            let points = unwrap(ring, closed: true)
            guard !points.isEmpty else { continue }
            parts.areas.append(points)
            if parts.anchor == nil { parts.anchor = points[0] }
        }
    }

    /// A line's or ring's longitudes unwrapped, with their latitudes; the extent grows to
    /// hold them.
    private func unwrap(_ coordinates: CoordinateList, closed: Bool) -> [(lon: Double, lat: Double)] {
        let longitudes = LongitudeUnwrapping.unwrapped(coordinates, closed: closed)
        var points: [(lon: Double, lat: Double)] = []
        points.reserveCapacity(coordinates.count)
        var west = Double.infinity, east = -Double.infinity, south = Double.infinity, north = -Double.infinity
        for (c, lon) in zip(coordinates, longitudes) where lon.isFinite && c.latitude.isFinite {
            points.append((lon, c.latitude))
            addDirection(lon: lon, lat: c.latitude)
            west = min(west, lon); east = max(east, lon)
            south = min(south, c.latitude); north = max(north, c.latitude)
        }
        if !points.isEmpty { grow(west: west, east: east, south: south, north: north) }
        return points
    }

    /// Adds a point's direction from the earth's centre to the sum the globe's default
    /// centre comes from (only for the orthographic projection).
    private func addDirection(lon: Double, lat: Double) {
        guard options.projection == .orthographic else { return }
        let phi = lat * .pi / 180, lambda = lon * .pi / 180
        let v = (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi), 1.0)
        if drawingBasemap {
            basemapDirections = (basemapDirections.0 + v.0, basemapDirections.1 + v.1, basemapDirections.2 + v.2, basemapDirections.3 + 1)
        } else {
            directions = (directions.0 + v.0, directions.1 + v.1, directions.2 + v.2, directions.3 + 1)
        }
    }

    private func grow(west: Double, east: Double, south: Double, north: Double) {
        if drawingBasemap {
            basemapExtent.add(west: west, east: east, south: south, north: north)
        } else {
            extent.add(west: west, east: east, south: south, north: north)
        }
    }
}
