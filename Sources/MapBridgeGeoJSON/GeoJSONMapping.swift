import MapBridgeModel

/// How the model's fields meet GeoJSON.
///
/// | model | GeoJSON |
/// |---|---|
/// | `Feature.id` | `id` (string or number, as given) |
/// | `title` | the first string of the properties `name`, `title`, `NAME`, `Name`, in that order (Natural Earth and shapefile exports write `NAME`) |
/// | `subtitle` | `description` property |
/// | `style` | simplestyle properties `stroke`, `stroke-opacity`, `stroke-width`, `fill`, `fill-opacity`, `marker-color`, `marker-symbol`, `marker-size`, and `icon`, `icon-scale`, `icon-opacity`, `icon-heading`, `label-color`, `label-opacity`, `label-scale` |
/// | `time` | `timestamp` property (instant) or `timespan` `{begin, end}` |
/// | `foreignMembers` | other members of the Feature object |
/// | `DocumentInfo.name` / `.description` | FeatureCollection `name` / `description` members |
///
/// The reader leaves these properties in place and also fills the model's fields from them,
/// so that a GeoJSON round trip keeps properties exactly; the writer adds a property from a
/// model field only when the feature's properties do not already hold that key, or hold the
/// same value under the name GPX (and togeojson) gives it: `desc` for the description, `time`
/// for an instant, `sym` for the marker symbol.
///
/// Per-vertex times (`Polyline.times`) are written as `coordinateProperties.times`; when the
/// properties already hold a `coordinateProperties` object without `times` (a GPX track's
/// heart rates, say), the times join it as its first member.
public enum GeoJSONMapping {
    /// GeoJSON geometry type names and the shape kinds they become.
    static let geometryTypes: [String: ShapeKind] = [
        "Point": .annotation, "MultiPoint": .multiPoint, "LineString": .polyline,
        "MultiLineString": .multiPolyline, "Polygon": .polygon, "MultiPolygon": .multiPolygon,
    ]

    /// Property keys that also fill a model field.
    enum Field: Int, CaseIterable {
        case name, title, nameUpper, nameCapitalised, description, stroke, strokeOpacity, strokeWidth, fill, fillOpacity, markerColor,
            markerSymbol, markerSize, icon, iconColor, iconOpacity, iconScale, iconHeading, labelColor,
            labelOpacity, labelScale, timestamp, timespan, address, visibility, coordinateProperties, iconOffset,
            iconOffsetUnits, styleUrl

        var key: String {
            switch self {
            case .name: "name"
            case .title: "title"
            case .nameUpper: "NAME"
            case .nameCapitalised: "Name"
            case .description: "description"
            case .stroke: "stroke"
            case .strokeOpacity: "stroke-opacity"
            case .strokeWidth: "stroke-width"
            case .fill: "fill"
            case .fillOpacity: "fill-opacity"
            case .markerColor: "marker-color"
            case .markerSymbol: "marker-symbol"
            case .markerSize: "marker-size"
            case .icon: "icon"
            case .iconColor: "icon-color"
            case .iconOpacity: "icon-opacity"
            case .iconScale: "icon-scale"
            case .iconHeading: "icon-heading"
            case .labelColor: "label-color"
            case .labelOpacity: "label-opacity"
            case .labelScale: "label-scale"
            case .timestamp: "timestamp"
            case .timespan: "timespan"
            case .address: "address"
            case .visibility: "visibility"
            case .coordinateProperties: "coordinateProperties"
            case .iconOffset: "icon-offset"
            case .iconOffsetUnits: "icon-offset-units"
            case .styleUrl: "styleUrl"
            }
        }

        private static let byKey: [String: Field] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.key, $0) })

        /// The field a property key fills, if any: a first-byte check turns most other keys
        /// away before one hashed lookup.
        static func lookup(_ key: String) -> Field? {
            switch key.utf8.first {
            case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "s"), UInt8(ascii: "f"),
                UInt8(ascii: "m"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "a"), UInt8(ascii: "v"),
                UInt8(ascii: "c"), UInt8(ascii: "S"), UInt8(ascii: "N"):
                return byKey[key]
            default:
                return nil
            }
        }

        var bit: UInt32 { 1 << UInt32(rawValue) }
    }

    // MARK: Reading

    /// Restores the folder path from a `folder` member of strings (how MapBridge writes a KML
    /// feature's folders to GeoJSON), keeping the member, so KML output rebuilds the Folders.
    public static func restoreFolderPath(of feature: inout Feature) {
        guard feature.folderPath.isEmpty, case .array(let parts)? = feature.foreignMembers["folder"] else { return }
        let names = parts.compactMap(\.stringValue)
        if names.count == parts.count, !names.isEmpty { feature.folderPath = names }
    }

    /// Fills title, subtitle, style and time from the feature's properties.
    public static func fillModelFields(of feature: inout Feature) {
        var style = Style()
        var marker = MarkerStyle()
        var label = LabelStyle()
        // The title's candidates, best first.
        var name: String?, title: String?, nameUpper: String?, nameCapitalised: String?
        var begin: String?, end: String?
        for entry in feature.properties {
            guard let field = Field.lookup(entry.key) else { continue }
            let v = entry.value
            switch field {
            case .name: name = v.stringValue ?? name
            case .title: title = v.stringValue ?? title
            case .nameUpper: nameUpper = v.stringValue ?? nameUpper
            case .nameCapitalised: nameCapitalised = v.stringValue ?? nameCapitalised
            case .description: feature.subtitle = v.stringValue
            case .stroke: style.strokeColor = v.stringValue.flatMap(Color.init(hex:))
            case .strokeOpacity: style.strokeOpacity = unitInterval(v)
            case .strokeWidth: style.strokeWidth = v.doubleValue.flatMap { $0 >= 0 ? $0 : nil }
            case .fill: style.fillColor = v.stringValue.flatMap(Color.init(hex:))
            case .fillOpacity: style.fillOpacity = unitInterval(v)
            case .markerColor: marker.color = v.stringValue.flatMap(Color.init(hex:))
            case .markerSymbol: marker.symbol = v.stringValue ?? v.doubleValue.map { NumberValue($0).text }
            case .markerSize: marker.size = v.stringValue.flatMap(MarkerSize.init(rawValue:))
            case .icon: marker.href = v.stringValue
            case .iconColor: marker.color = marker.color ?? v.stringValue.flatMap(Color.init(hex:))
            case .iconOpacity: marker.opacity = unitInterval(v)
            case .iconScale: marker.scale = v.doubleValue
            case .iconHeading: marker.heading = v.doubleValue
            case .labelColor: label.color = v.stringValue.flatMap(Color.init(hex:))
            case .labelOpacity: label.opacity = unitInterval(v)
            case .labelScale: label.scale = v.doubleValue
            case .timestamp: feature.time = v.stringValue.map { .instant($0) } ?? feature.time
            case .timespan:
                if case .object(let span) = v {
                    begin = span["begin"]?.stringValue
                    end = span["end"]?.stringValue
                }
            case .iconOffset:
                if case .array(let xy) = v, xy.count == 2, let x = xy[0].doubleValue, let y = xy[1].doubleValue {
                    marker.hotSpot = HotSpot(x: x, y: y, xUnits: marker.hotSpot?.xUnits ?? "fraction",
                                             yUnits: marker.hotSpot?.yUnits ?? "fraction")
                }
            case .iconOffsetUnits:
                if case .array(let units) = v, units.count == 2, let xu = units[0].stringValue, let yu = units[1].stringValue {
                    marker.hotSpot = HotSpot(x: marker.hotSpot?.x ?? 0, y: marker.hotSpot?.y ?? 0, xUnits: xu, yUnits: yu)
                }
            case .styleUrl:
                // A shared style's name (as KML writes it, `#id`): the style's id.
                if let url = v.stringValue { style.id = url.hasPrefix("#") ? String(url.dropFirst()) : url }
            case .address: feature.address = v.stringValue
            case .visibility: if case .bool(let b) = v { feature.visibility = b }
            case .coordinateProperties:
                if case .object(let p) = v, let times = p["times"] { feature.shape = shape(feature.shape, withTimes: times) }
            }
        }
        feature.title = name ?? title ?? nameUpper ?? nameCapitalised
        if begin != nil || end != nil { feature.time = .span(begin: begin, end: end) }
        if !marker.isEmpty { style.marker = marker }
        if !label.isEmpty { style.label = label }
        feature.style = style.isEmpty ? nil : style
    }

    /// The shape with per-vertex times from a `coordinateProperties.times` value: an array
    /// of strings for a line, an array of such arrays for several lines. Times that do not
    /// match the vertices one for one are left out.
    private static func shape(_ shape: Shape?, withTimes times: PropertyValue) -> Shape? {
        func strings(_ v: PropertyValue) -> [String]? {
            guard case .array(let items) = v else { return nil }
            let texts = items.compactMap(\.stringValue)
            return texts.count == items.count ? texts : nil
        }
        func timed(_ line: Polyline, _ v: PropertyValue) -> Polyline {
            guard let t = strings(v), t.count == line.coordinates.count else { return line }
            var l = line
            l.times = t
            return l
        }
        switch shape {
        case .polyline(let line)?:
            return .polyline(timed(line, times))
        case .multiPolyline(let lines)?:
            guard case .array(let each) = times, each.count == lines.count else { return shape }
            return .multiPolyline(zip(lines, each).map { timed($0, $1) })
        case .collection(let shapes)?:
            guard case .array(let each) = times, each.count == shapes.count else { return shape }
            return .collection(zip(shapes, each).map { s, t in
                if case .polyline(let l) = s { return .polyline(timed(l, t)) }
                return s
            })
        default:
            return shape
        }
    }

    /// The `coordinateProperties.times` value for a shape's per-vertex times, if it has any.
    private static func timesValue(of shape: Shape?) -> PropertyValue? {
        func value(_ t: [String]) -> PropertyValue { .array(t.map { .string($0) }) }
        switch shape {
        case .polyline(let line)?:
            return line.times.map(value)
        case .multiPolyline(let lines)?:
            guard lines.contains(where: { $0.times != nil }) else { return nil }
            return .array(lines.map { $0.times.map(value) ?? .array([]) })
        case .collection(let shapes)?:
            let lines: [[String]?] = shapes.map { if case .polyline(let l) = $0 { return l.times } else { return nil } }
            guard lines.contains(where: { $0 != nil }) else { return nil }
            return .array(lines.map { $0.map(value) ?? .array([]) })
        default:
            return nil
        }
    }

    private static func unitInterval(_ v: PropertyValue) -> Double? {
        v.doubleValue.flatMap { (0...1).contains($0) ? $0 : nil }
    }

    /// The document from a FeatureCollection's foreign members.
    static func document(from members: Properties) -> DocumentInfo {
        DocumentInfo(name: members["name"]?.stringValue, description: members["description"]?.stringValue,
                     foreignMembers: members)
    }

    // MARK: Writing

    /// The properties a writer emits for `feature`: its own, then those its model fields add
    /// (title, subtitle, style, time) where the properties lack the key.
    public static func outputProperties(of feature: Feature) -> Properties {
        let p = feature.properties
        let times = timesValue(of: feature.shape)
        guard feature.title != nil || feature.subtitle != nil || feature.time != nil || feature.style != nil
            || feature.address != nil || feature.visibility != nil || times != nil
        else {
            return p
        }
        // Which model-field keys the properties hold already, in one pass.
        var present: UInt32 = 0
        for entry in p {
            if let f = Field.lookup(entry.key) {
                present |= f.bit
            } else if let f = restatedField(entry, of: feature) {
                present |= f.bit
            }
        }
        var out = p
        func add(_ field: Field, _ value: PropertyValue?) {
            guard let value, present & field.bit == 0 else { return }
            present |= field.bit
            out.append(key: field.key, value: value)
        }
        // `NAME` or `Name` holding the title stands for it (the reader took it from there).
        if let title = feature.title, present & Field.title.bit == 0,
           present & (Field.nameUpper.bit | Field.nameCapitalised.bit) == 0
            || !p.contains(where: { ($0.key == "NAME" || $0.key == "Name") && $0.value.stringValue == title })
        {
            add(.name, .string(title))
        }
        if let subtitle = feature.subtitle { add(.description, .string(subtitle)) }
        if let address = feature.address { add(.address, .string(address)) }
        if let visibility = feature.visibility { add(.visibility, .bool(visibility)) }
        if let times {
            if present & Field.coordinateProperties.bit == 0 {
                add(.coordinateProperties, .object(["times": times]))
            } else if case .object(let perVertex)? = out["coordinateProperties"], perVertex["times"] == nil {
                out["coordinateProperties"] = .object(Properties([Properties.Entry(key: "times", value: times)] + perVertex.entries))
            }
        }
        switch feature.time {
        case .instant(let t)?: add(.timestamp, .string(t))
        case let span?: add(.timespan, span.propertyValue)
        case nil: break
        }
        if let s = feature.style {
            add(.styleUrl, s.id.map { .string("#" + $0) })
            add(.stroke, s.strokeColor.map { .string($0.hex) })
            add(.strokeOpacity, s.strokeOpacity.map(number))
            add(.strokeWidth, s.strokeWidth.map(number))
            add(.fill, s.fillColor.map { .string($0.hex) })
            // simplestyle has no fill switch: an area drawn without fill has fill-opacity 0.
            let noFill: PropertyValue? = s.fill == false ? number(0) : Optional.none
            add(.fillOpacity, s.fillOpacity.map(number) ?? noFill)
            if let m = s.marker {
                // A pin's colour is simplestyle's marker-color; an icon image's tint is icon-color.
                add(m.href == nil ? .markerColor : .iconColor, m.color.map { .string($0.hex) })
                add(.markerSymbol, m.symbol.map { .string($0) })
                add(.markerSize, m.size.map { .string($0.rawValue) })
                add(.icon, m.href.map { .string($0) })
                add(.iconOpacity, m.opacity.map(number))
                add(.iconScale, m.scale.map(number))
                add(.iconHeading, m.heading.map(number))
                if let h = m.hotSpot {
                    add(.iconOffset, .array([number(h.x), number(h.y)]))
                    add(.iconOffsetUnits, .array([.string(h.xUnits), .string(h.yUnits)]))
                }
            }
            if let l = s.label {
                add(.labelColor, l.color.map { .string($0.hex) })
                add(.labelOpacity, l.opacity.map(number))
                add(.labelScale, l.scale.map(number))
            }
        }
        return out
    }

    private static func number(_ d: Double) -> PropertyValue { .number(NumberValue(d)) }

    /// The field whose key `entry` stands in for when it repeats a model field under its GPX
    /// name (`desc`, `time`, `sym`).
    private static func restatedField(_ entry: Properties.Entry, of feature: Feature) -> Field? {
        switch feature.fieldRestated(by: entry) {
        case .subtitle?: .description
        case .instant?: .timestamp
        case .markerSymbol?: .markerSymbol
        case nil: nil
        }
    }

    // MARK: Values

    /// A position as a JSON array, keeping the numbers' text.
    static func propertyValue(of c: Coordinate) -> PropertyValue {
        func n(_ text: String?, _ value: Double) -> PropertyValue {
            .number(text.map { NumberValue(text: $0, value: value) } ?? NumberValue(value))
        }
        var items = [n(c.sourceText?.longitude, c.longitude), n(c.sourceText?.latitude, c.latitude)]
        if let alt = c.altitude { items.append(n(c.sourceText?.altitude, alt)) }
        return .array(items)
    }

    /// A shape as a GeoJSON geometry object value.
    static func propertyValue(of shape: Shape) -> PropertyValue {
        func line(_ cs: [Coordinate]) -> PropertyValue { .array(cs.map { propertyValue(of: $0) }) }
        func poly(_ p: Polygon) -> PropertyValue { .array(p.outer.isEmpty && p.holes.isEmpty ? [] : p.rings.map(line)) }
        var object = Properties()
        switch shape {
        case .annotation(let c):
            object["type"] = "Point"; object["coordinates"] = propertyValue(of: c)
        case .polyline(let l):
            object["type"] = "LineString"; object["coordinates"] = line(l.coordinates)
        case .polygon(let p):
            object["type"] = "Polygon"; object["coordinates"] = poly(p)
        case .circle(let c):
            object["type"] = "Point"; object["coordinates"] = propertyValue(of: c.center)
            object["radius"] = .number(NumberValue(c.radius))
        case .multiPoint(let cs):
            object["type"] = "MultiPoint"; object["coordinates"] = line(cs)
        case .multiPolyline(let ls):
            object["type"] = "MultiLineString"; object["coordinates"] = .array(ls.map { line($0.coordinates) })
        case .multiPolygon(let ps):
            object["type"] = "MultiPolygon"; object["coordinates"] = .array(ps.map(poly))
        case .collection(let shapes):
            object["type"] = "GeometryCollection"; object["geometries"] = .array(shapes.map { propertyValue(of: $0) })
        }
        return .object(object)
    }

    // MARK: CRS

    /// The name a 2008-style `crs` member gives (`name` or `EPSG` type), if any.
    static func crsName(_ crs: PropertyValue) -> String? {
        guard case .object(let object) = crs, case .object(let props)? = object["properties"] else { return nil }
        switch object["type"]?.stringValue {
        case "name": return props["name"]?.stringValue
        case "EPSG", "epsg": return props["code"].flatMap { v in v.stringValue ?? v.doubleValue.map { "EPSG:\(Int($0))" } }
        default: return nil
        }
    }

    /// Whether a CRS name means WGS 84 longitude/latitude (OGC CRS84 or EPSG:4326).
    static func isWGS84(_ name: String) -> Bool {
        let n = String(name.uppercased().filter { $0 != " " })
        return n.hasSuffix("CRS84") || n == "EPSG:4326" || n.hasSuffix("EPSG::4326") || n.hasSuffix("EPSG:4326")
            || n == "4326" || n == "WGS84"
    }
}
