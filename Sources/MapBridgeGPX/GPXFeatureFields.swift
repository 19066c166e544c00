import MapBridgeModel

/// What of a feature GPX's own elements carry (`name`, `desc`, `link`, `sym`, …) and what
/// is left for `<extensions>`, decided once per feature.
///
/// Properties named as the GPX reader names them (`cmt`, `src`, `type`, `links`, `number`,
/// `fix`, `sat`, `hdop`, …) become those elements when their values fit the schema; those
/// that repeat a model field (`name`, `desc`, `description`, `time`, `timestamp`, `sym`,
/// `marker-symbol`) are not said twice; the rest, and the model's id, address and visibility,
/// go to `<extensions>`.
struct GPXFeatureFields {
    /// `name`, `cmt`, `desc`, `src`, `link`s and `type` (and a waypoint's `time`, `sym` and
    /// other elements), with what is left for `<extensions>`.
    var body = GPXPointBody()
    /// A route's or track's number.
    var number: String?

    /// - Parameters:
    ///   - lineStart: a line's first point's time (a line's `time` property repeats it).
    ///   - carried: property keys the caller writes itself (`coordinateProperties`, style keys).
    init(_ f: Feature, isWaypoint: Bool, lineStart: String?, carried: Set<String>) {
        body.name = f.title
        body.desc = f.subtitle
        body.sym = f.style?.marker?.symbol
        if isWaypoint, case .instant(let t)? = f.time, GPXValues.isDateTime(t) { body.time = t }
        var rest = Properties()
        for entry in f.properties where !carried.contains(entry.key) {
            if take(entry, of: f, isWaypoint: isWaypoint, lineStart: lineStart) { continue }
            rest.append(key: entry.key, value: entry.value)
        }
        // The model's fields GPX has no element for, unless the properties hold them already.
        func keep(_ key: String, _ value: PropertyValue?) {
            if let value, !f.properties.contains(key: key), !rest.contains(key: key) { rest.append(key: key, value: value) }
        }
        switch f.id {
        case .string(let s)?: keep("id", .string(s))
        case .number(let n)?: keep("id", .number(n))
        case nil: break
        }
        keep("address", f.address.map(PropertyValue.string))
        keep("visibility", f.visibility.map(PropertyValue.bool))
        // A time GPX cannot hold: a span, an instant that is not an xsd:dateTime, a line's.
        if let t = f.time, t != body.time.map(FeatureTime.instant) { keep(t.propertyKey, t.propertyValue) }
        body.extensions = rest.map { ($0.key, $0.value, false) }
    }

    /// Takes a property into an element; `false` when it stays for `<extensions>`.
    private mutating func take(_ entry: Properties.Entry, of f: Feature, isWaypoint: Bool, lineStart: String?) -> Bool {
        let value = entry.value
        let text = value.stringValue
        switch entry.key {
        case "_gpxType":
            return true
        case "name", "title":
            if body.name == nil, let text { body.name = text }
            return text != nil && text == body.name
        case "desc", "description":
            if body.desc == nil, let text { body.desc = text }
            return text != nil && text == body.desc
        case "cmt":
            return assign(&body.cmt, text)
        case "src":
            return assign(&body.src, text)
        case "type":
            return assign(&body.type, text)
        case "links":
            guard body.links.isEmpty, let parsed = GPXLink.links(value) else { return false }
            body.links = parsed
            return true
        case "number" where !isWaypoint:
            return assign(&number, GPXValues.nonNegativeInteger(value))
        case "sym", "marker-symbol":
            if body.sym == nil, let text { body.sym = text }
            return text != nil && text == body.sym
        case "time", "timestamp":
            if isWaypoint {
                if body.time == nil, f.time == nil, let text, GPXValues.isDateTime(text) { body.time = text }
                return text != nil && text == body.time
            }
            return entry.key == "time" && text != nil && text == lineStart
        case "magvar" where isWaypoint:
            let degrees = GPXValues.decimal(value).flatMap { d in Double(d).map { (d, $0) } }
            guard let degrees, (0..<360).contains(degrees.1) else { return false }
            return assignField("magvar", degrees.0)
        case "geoidheight" where isWaypoint, "hdop" where isWaypoint, "vdop" where isWaypoint,
            "pdop" where isWaypoint, "ageofdgpsdata" where isWaypoint:
            return assignField(entry.key, GPXValues.decimal(value))
        case "sat" where isWaypoint:
            return assignField("sat", GPXValues.nonNegativeInteger(value))
        case "dgpsid" where isWaypoint:
            return assignField("dgpsid", GPXValues.nonNegativeInteger(value, maximum: 1023))
        case "fix" where isWaypoint:
            guard let text, GPXFeatureFields.fixValues.contains(text) else { return false }
            return assignField("fix", text)
        default:
            return false
        }
    }

    private func assign(_ slot: inout String?, _ value: String?) -> Bool {
        guard slot == nil, let value else { return false }
        slot = value
        return true
    }

    private mutating func assignField(_ key: String, _ value: String?) -> Bool {
        guard body.fields[key] == nil, let value else { return false }
        body.fields[key] = value
        return true
    }

    /// `fixType`'s values.
    static let fixValues: Set<String> = ["none", "2d", "3d", "dgps", "pps"]

    /// Whether a style has members GPX does not hold: for a line anything but the stroke's
    /// colour, opacity and width; for a waypoint anything but the marker's symbol.
    static func hasUnwritableStyle(_ s: Style, isLine: Bool) -> Bool {
        var rest = s
        rest.id = nil
        if isLine {
            rest.strokeColor = nil
            rest.strokeOpacity = nil
            rest.strokeWidth = nil
        }
        rest.marker?.symbol = nil
        return !rest.isEmpty
    }
}

/// A `link`: `href`, and optionally its `text` and MIME `type`.
struct GPXLink {
    var href: String
    var text: String?
    var type: String?

    /// The links a `links` property holds (`[{"href", "text", "type"}]`), or `nil` when it
    /// holds anything else.
    static func links(_ value: PropertyValue) -> [GPXLink]? {
        guard case .array(let items) = value, !items.isEmpty else { return nil }
        var result: [GPXLink] = []
        for item in items {
            guard case .object(let o) = item, let href = o["href"]?.stringValue,
                o.keys.allSatisfy({ ["href", "text", "type"].contains($0) }),
                o["text"].map({ $0.stringValue != nil }) ?? true, o["type"].map({ $0.stringValue != nil }) ?? true
            else { return nil }
            result.append(GPXLink(href: href, text: o["text"]?.stringValue, type: o["type"]?.stringValue))
        }
        return result
    }
}
