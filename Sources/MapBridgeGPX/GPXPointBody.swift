import MapBridgeModel

/// The children of a `wpt`, `rtept` or `trkpt` (GPX's `wptType`), gathered before they are
/// written in the schema's order: `ele`, `time`, `magvar`, `geoidheight`, `name`, `cmt`,
/// `desc`, `src`, `link`, `sym`, `type`, `fix`, `sat`, `hdop`, `vdop`, `pdop`,
/// `ageofdgpsdata`, `dgpsid`, `extensions`.
struct GPXPointBody {
    var time: String?
    var name: String?
    var cmt: String?
    var desc: String?
    var src: String?
    var links: [GPXLink] = []
    var sym: String?
    var type: String?
    /// `magvar`, `geoidheight`, `fix`, `sat`, `hdop`, `vdop`, `pdop`, `ageofdgpsdata`,
    /// `dgpsid` by name.
    var fields: [String: String] = [:]
    /// Garmin TrackPointExtension children, in its schema's order.
    var garmin: [(element: StaticString, text: String)] = []
    /// MapBridge extension elements, as (key, value, whether named as a per-point value).
    var extensions: [(key: String, value: PropertyValue, perPoint: Bool)] = []

    init() {}

    /// A route or track point's body from its time and its per-point values.
    init(time: String?, values: [(key: String, value: PropertyValue)]) {
        self.time = time
        var garminValues: [String: String] = [:]
        for (key, value) in values where value != .null {
            if !take(key, value, garmin: &garminValues) { extensions.append((key, value, true)) }
        }
        garmin = GPXMapping.garminTrackPointFields.compactMap { field in
            garminValues[field.key].map { (field.element, $0) }
        }
    }

    /// The GPX element children of `wptType` in schema order after `src`, by field name.
    static let fieldOrderBeforeLinks = ["magvar", "geoidheight"]
    static let fieldOrderAfterType = ["fix", "sat", "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid"]

    /// Puts a per-point value into its GPX element (or Garmin's); `false` when it stays an extension.
    private mutating func take(_ key: String, _ value: PropertyValue, garmin: inout [String: String]) -> Bool {
        let text = value.stringValue
        func set(_ slot: inout String?) -> Bool {
            guard slot == nil, let text else { return false }
            slot = text
            return true
        }
        func setField(_ name: String, _ fieldText: String?) -> Bool {
            guard let fieldText else { return false }
            fields[name] = fieldText
            return true
        }
        switch key {
        case "times":
            // GeoJSON's coordinateProperties.times may repeat Polyline.times.
            guard let text, GPXValues.isDateTime(text) else { return false }
            if time == nil { time = text }
            return time == text
        case "names": return set(&name)
        case "cmts": return set(&cmt)
        case "descs": return set(&desc)
        case "srcs": return set(&src)
        case "syms": return set(&sym)
        case "types": return set(&type)
        case "links":
            guard let parsed = GPXLink.links(value) else { return false }
            links = parsed
            return true
        case "magvars":
            guard let d = GPXValues.decimal(value), let v = Double(d), (0..<360).contains(v) else { return false }
            return setField("magvar", d)
        case "geoidheights", "hdops", "vdops", "pdops", "ageofdgpsdatas":
            return setField(String(key.dropLast()), GPXValues.decimal(value))
        case "sats":
            return setField("sat", GPXValues.nonNegativeInteger(value))
        case "dgpsids":
            return setField("dgpsid", GPXValues.nonNegativeInteger(value, maximum: 1023))
        case "fixs":
            guard let text, GPXFeatureFields.fixValues.contains(text) else { return false }
            return setField("fix", text)
        case "heart", "cads":
            guard garmin[key] == nil, case .number = value,
                  let n = GPXValues.nonNegativeInteger(value, maximum: 255) else { return false }
            garmin[key] = n
            return true
        case _ where GPXMapping.garminTrackPointAliases[key] != nil:
            // Another writer's name for a Garmin value (a KML track's `heartrate`). Of it and
            // the value's own name, the first is Garmin's and the other stays a MapBridge value,
            // so neither is lost. KML data without a Schema is text.
            guard let slot = GPXMapping.garminTrackPointAliases[key], garmin[slot] == nil,
                  let n = GPXValues.nonNegativeInteger(value, maximum: 255) else { return false }
            garmin[slot] = n
            return true
        case "atemps", "wtemps", "depths":
            guard case .number = value, let d = GPXValues.decimal(value) else { return false }
            garmin[key] = d
            return true
        default:
            return false
        }
    }
}
