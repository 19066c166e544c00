import MapBridgeGeodesy
import MapBridgeModel
import MapBridgeJSON

/// How the model's fields meet GeoJSON.
///
/// | model | GeoJSON |
/// |---|---|
/// | `Feature.id` | `id` (string or number, as given) |
/// | `title` | the string property `name`, else `title`, `NAME`, `Name`, in that order (Natural Earth and shapefile exports write `NAME`) |
/// | `subtitle` | `description` (written as `desc` for a feature from GPX, as `time` and `sym` for its time and symbol: keys GeoJSON does not read back) |
/// | `style` | simplestyle properties `stroke`, `stroke-opacity`, `stroke-width`, `fill`, `fill-opacity`, `marker-color`, `marker-symbol`, `marker-size`, and `styleUrl`, `icon`, `icon-color`, `icon-scale`, `icon-opacity`, `icon-heading`, `icon-offset`, `icon-offset-units`, `label-color`, `label-opacity`, `label-scale` |
/// | `time` | `timestamp` property (instant) or `timespan` `{begin, end}` |
/// | `address`, `visibility` | `address` (string), `visibility` (boolean) |
/// | per-vertex times (`Polyline.times`) | `coordinateProperties.times` |
/// | `folderPath` | a `folder` member: an array of the folder names, outermost first |
/// | `overlay` | an `@geometry-type` property: `groundoverlay`, `screenoverlay`, `photooverlay`, `networklink` (as togeojson writes them) |
/// | `foreignMembers` | other members of the Feature object |
/// | `DocumentInfo.name` / `.description` | FeatureCollection `name` / `description` members |
///
/// The reader moves each property it recognises (and whose value fits) into its field, with a
/// `FieldPlacement` that remembers the key and the place; the writer puts the fields back
/// there, so a round trip keeps the properties as they were, and a field set in code is what
/// gets written. A property that does not fit its field (a `stroke` that is not a colour)
/// stays a property.
///
/// Per-vertex times are written as `coordinateProperties.times`; when the properties hold a
/// `coordinateProperties` object without `times` (a GPX track's heart rates, say), the times
/// join it as its first member.
public enum GeoJSONMapping {
    /// GeoJSON geometry type names and the shape kinds they become.
    static let geometryTypes: [String: ShapeKind] = [
        "Point": .annotation, "MultiPoint": .multiPoint, "LineString": .polyline,
        "MultiLineString": .multiPolyline, "Polygon": .polygon, "MultiPolygon": .multiPolygon,
    ]

    /// The property keys GeoJSON reads into the model's fields, best first.
    public static let vocabulary = PropertyVocabulary([
        .init("name", .title), .init("title", .title), .init("NAME", .title), .init("Name", .title),
        .init("description", .subtitle), .init("desc", .subtitle, isRead: false),
        .init("timestamp", .instant), .init("time", .instant, isRead: false), .init("timespan", .span),
        .init("address", .address), .init("visibility", .visibility),
        .init("styleUrl", .styleURL),
        .init("stroke", .strokeColor), .init("stroke-opacity", .strokeOpacity), .init("stroke-width", .strokeWidth),
        .init("fill", .fillColor), .init("fill-opacity", .fillOpacity),
        .init("marker-color", .markerColor), .init("icon-color", .iconColor),
        .init("marker-symbol", .markerSymbol), .init("sym", .markerSymbol, isRead: false), .init("marker-size", .markerSize),
        .init("icon", .iconHref), .init("icon-opacity", .iconOpacity), .init("icon-scale", .iconScale),
        .init("icon-heading", .iconHeading), .init("icon-offset", .iconOffset), .init("icon-offset-units", .iconOffsetUnits),
        .init("label-color", .labelColor), .init("label-opacity", .labelOpacity), .init("label-scale", .labelScale),
    ])

    // MARK: Reading

    /// Takes the folder path from a `folder` member of strings (how MapBridge writes a KML
    /// feature's folders to GeoJSON), so KML output rebuilds the Folders.
    public static func restoreFolderPath(of feature: inout Feature) {
        guard feature.folderPath.isEmpty, case .array(let parts)? = feature.foreignMembers["folder"] else { return }
        let names = parts.compactMap(\.stringValue)
        guard names.count == parts.count, !names.isEmpty else { return }
        feature.folderPath = names
        feature.foreignMembers["folder"] = nil
    }

    /// Moves the properties GeoJSON recognises into title, subtitle, style and time, and a
    /// line's `coordinateProperties.times` into its per-vertex times.
    public static func fillModelFields(of feature: inout Feature) {
        fillModelFields(of: &feature, candidates: nil, mayHoldLookedUpKeys: true)
    }

    /// The property keys `fillModelFields` and `restoreCircle` look up (besides the
    /// vocabulary's): a reader that knows none of them is among a feature's properties says so
    /// with `mayHoldLookedUpKeys: false`, and nothing is looked up.
    static let keysLookedUpAfterReading: Set<String> = [OverlayKind.geometryTypeKey, "coordinateProperties"]

    /// `fillModelFields(of:)` for a reader that looked the keys up as it read them: the
    /// vocabulary's `candidates` among the properties (`nil`: look them up here) and whether
    /// any of `keysLookedUpAfterReading` may be among them.
    static func fillModelFields(of feature: inout Feature, candidates: UnsafeBufferPointer<PropertyVocabulary.Candidate>?,
                                mayHoldLookedUpKeys: Bool) {
        var candidates = candidates
        if mayHoldLookedUpKeys, case .string(let name)? = feature.properties[OverlayKind.geometryTypeKey],
           let kind = OverlayKind(rawValue: name) {
            feature.overlay = kind
            feature.properties[OverlayKind.geometryTypeKey] = nil
            candidates = nil  // the positions moved
        }
        // An overlay's `icon` is its image, a property the KML writer makes the overlay's Icon.
        let leaving: Set<String> = feature.overlay == nil || feature.overlay == .networkLink ? [] : ["icon"]
        if let candidates {
            vocabulary.consume(into: &feature, candidates: candidates, leaving: leaving)
        } else {
            vocabulary.consume(into: &feature, leaving: leaving)
        }
        guard mayHoldLookedUpKeys,
              case .object(var perVertex)? = feature.properties["coordinateProperties"], let times = perVertex["times"] else { return }
        let timed = shape(feature.shape, withTimes: times)
        guard timed != feature.shape else { return }
        feature.shape = timed
        perVertex["times"] = nil
        feature.properties["coordinateProperties"] = perVertex.isEmpty ? nil : .object(perVertex)
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
            l.times = VertexTimes(t)
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

    /// A shape's per-vertex times as `coordinateProperties.times` holds them: one line's
    /// array of texts, or (`nested`) an array per line, empty for a line without times.
    struct TimesMember {
        /// Where one line's times, or (a line cut at the antimeridian) its parts', come from.
        enum Source {
            /// One line's times, or none.
            case times(VertexTimes?)
            /// A cut line's parts (`GeoJSONWriter+CutLines.swift`): an array for each.
            case parts(AntimeridianCut)

            var hasTimes: Bool {
                switch self {
                case .times(let t): t != nil
                case .parts(let cut): cut.keepsTimes
                }
            }
        }

        /// The times of one line (not nested), or of each line or shape (nested).
        let sources: [Source]
        let nested: Bool

        init(sources: [Source], nested: Bool) {
            self.sources = sources
            self.nested = nested
        }

        /// The times of `shape`, if it has any.
        init?(of shape: Shape?) {
            switch shape {
            case .polyline(let line)?:
                guard let times = line.times else { return nil }
                (sources, nested) = ([.times(times)], false)
            case .multiPolyline(let each)?:
                guard each.contains(where: { $0.times != nil }) else { return nil }
                (sources, nested) = (each.map { .times($0.times) }, true)
            case .collection(let shapes)?:
                let each: [Source] = shapes.map { if case .polyline(let l) = $0 { return .times(l.times) } else { return .times(nil) } }
                guard each.contains(where: \.hasTimes) else { return nil }
                (sources, nested) = (each, true)
            default:
                return nil
            }
        }

        /// The member as a value.
        var value: PropertyValue {
            var arrays: [PropertyValue] = []
            for source in sources {
                switch source {
                case .times(let t):
                    arrays.append(.array(t.map { $0.map { .string($0) } } ?? []))
                case .parts(let cut):
                    var collector = PartTimesCollector(cut: cut)
                    // A collector does not throw.
                    try? cut.visitTimes(&collector)
                    arrays += collector.parts
                }
            }
            return nested ? .array(arrays) : arrays.first ?? .array([])
        }

        /// Writes the member's value to `json` as `value` would be written, without making
        /// a value per time.
        func write(to json: JSONEmitter) throws {
            if nested { try json.beginArray() }
            for source in sources {
                switch source {
                case .times(let t):
                    try json.beginArray()
                    if let t {
                        for i in t.indices { try t.withUTF8(at: i) { try json.string(utf8: $0) } }
                    }
                    try json.endArray()
                case .parts(let cut):
                    var parts = PartTimesWriter(json: json, cut: cut)
                    try cut.visitTimes(&parts)
                }
            }
            if nested { try json.endArray() }
        }
    }

    /// The document from a FeatureCollection's foreign members.
    static func document(from members: Properties) -> DocumentInfo {
        DocumentInfo(name: members["name"]?.stringValue, description: members["description"]?.stringValue,
                     foreignMembers: members)
    }

    // MARK: Writing

    /// The properties a writer emits for `feature`: its own, with its fields put back where
    /// they stood (or after the properties), and a line's per-vertex times as
    /// `coordinateProperties.times`.
    public static func outputProperties(of feature: Feature, unplaced: ((PropertyField) -> Void)? = nil) -> Properties {
        let times = TimesMember(of: feature.shape)
        return outputProperties(of: feature, unplaced: unplaced, times: times?.value ?? .null, hasTimes: times != nil).properties
    }

    /// `outputProperties(of:unplaced:)` with `times` standing for the per-vertex times (when
    /// `hasTimes`), and whether it went in as `coordinateProperties.times`.
    static func outputProperties(of feature: Feature, unplaced: ((PropertyField) -> Void)?, times: PropertyValue,
                                 hasTimes: Bool) -> (properties: Properties, placedTimes: Bool)
    {
        var out = vocabulary.properties(of: feature, unplaced: unplaced)
        if let kind = feature.overlay, !out.contains(key: OverlayKind.geometryTypeKey) {
            out.append(key: OverlayKind.geometryTypeKey, value: .string(kind.rawValue))
        }
        guard hasTimes else { return (out, false) }
        if case .object(let perVertex)? = out["coordinateProperties"] {
            guard perVertex["times"] == nil else { return (out, false) }
            out["coordinateProperties"] = .object(Properties([Properties.Entry(key: "times", value: times)] + perVertex.entries))
        } else if !out.contains(key: "coordinateProperties") {
            out.append(key: "coordinateProperties", value: .object(["times": times]))
        } else {
            return (out, false)
        }
        return (out, true)
    }

    /// Whether `outputProperties(of:unplaced:)` gives just what the vocabulary gives
    /// (`PropertyVocabulary.writeProperties(of:unplaced:to:)`): no overlay kind and no
    /// per-vertex times to add.
    public static func writesPropertiesAsTheyCome(_ feature: Feature) -> Bool {
        guard feature.overlay == nil else { return false }
        switch feature.shape {
        case .polyline(let line)?: return line.times == nil
        case .multiPolyline(let lines)?: return !lines.contains { $0.times != nil }
        case .collection(let shapes)?:
            return !shapes.contains { if case .polyline(let l) = $0 { l.times != nil } else { false } }
        default: return true
        }
    }

    // MARK: Values

    /// A position as a JSON array, keeping the numbers' text.
    static func propertyValue(of c: Coordinate) -> PropertyValue {
        func n(_ text: String?, _ value: Double) -> PropertyValue {
            .number(text.map { NumberValue(text: $0, value: value) } ?? NumberValue(value))
        }
        var items = [n(c.sourceText(of: .longitude), c.longitude), n(c.sourceText(of: .latitude), c.latitude)]
        if let alt = c.altitude { items.append(n(c.sourceText(of: .altitude), alt)) }
        return .array(items)
    }

    /// A shape as a GeoJSON geometry object value.
    static func propertyValue(of shape: Shape) -> PropertyValue {
        func line(_ cs: CoordinateList) -> PropertyValue { .array(cs.map { propertyValue(of: $0) }) }
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
