import MapBridgeModel

/// How the model's fields meet CSV columns, after `GeoJSONMapping`: the columns stay
/// properties and also fill the feature's fields when read; the fields become columns when
/// written, where no property already holds that name.
///
/// | model | CSV column (case-insensitive when read) |
/// |---|---|
/// | `id` | `id` (written only; a read `id` column stays a property) |
/// | `title` | `name` (else `title`) |
/// | `subtitle` | `description` |
/// | `time` | `timestamp` (an instant), or `begin` and `end` (a span) |
/// | `address` | `address` |
/// | `visibility` | `visibility` (`true`/`false`) |
/// | `folderPath` | `folder` (written only: a JSON array of names) |
/// | a circle's radius | `radius` (metres; written only) |
///
/// Styles, per-vertex times, highlight styles, altitude modes and foreign members have no
/// column; the writer reports each once.
struct CSVFeatureMapping: Hashable, Sendable {
    private var name: Int?, title: Int?, description: Int?, timestamp: Int?, begin: Int?, end: Int?
    private var address: Int?, visibility: Int?

    /// Finds the columns among `names`, leaving out the geometry columns.
    init(names: [String], roles: CSVColumnRoles) {
        for (k, raw) in names.enumerated() where !roles.holdsGeometry(k) {
            switch CSVValueTyping.trimmingBlanks(raw).lowercased() {
            case "name": name = name ?? k
            case "title": title = title ?? k
            case "description": description = description ?? k
            case "timestamp": timestamp = timestamp ?? k
            case "begin": begin = begin ?? k
            case "end": end = end ?? k
            case "address": address = address ?? k
            case "visibility": visibility = visibility ?? k
            default: break
            }
        }
    }

    /// Fills the feature's fields from a row's values (one per column).
    func fill(_ feature: inout Feature, from values: [PropertyValue]) {
        func string(_ k: Int?) -> String? { k.flatMap { values[$0].stringValue } }
        feature.title = string(name) ?? string(title)
        feature.subtitle = string(description)
        if let t = string(timestamp) {
            feature.time = .instant(t)
        } else if string(begin) != nil || string(end) != nil {
            feature.time = .span(begin: string(begin), end: string(end))
        }
        feature.address = string(address)
        if let v = visibility, case .bool(let b) = values[v] { feature.visibility = b }
    }

    /// The model fields a CSV row has no column for.
    enum Unwritten: String, CaseIterable {
        case style, vertexTimes, highlightStyle, altitudeMode, foreignMembers, differentID

        var message: String {
            switch self {
            case .style: "CSV has no styles; features' styles are not written"
            case .vertexTimes: "CSV has no per-vertex times; the times of tracks are not written"
            case .highlightStyle: "CSV has no highlight styles; they are not written"
            case .altitudeMode: "CSV has no altitude modes; they are not written"
            case .foreignMembers: "CSV has no place for members outside the properties (foreign members); they are not written"
            case .differentID: "features whose id differs from their 'id' property keep only the property; the feature id is not written"
            }
        }
    }

    /// The properties written for `feature`: `id`, `name` and `description` first, then its
    /// own properties, then `timestamp` or `begin`/`end`, `address`, `visibility`, `folder`
    /// and a circle's `radius` — each field only where no property has that name (in any
    /// case) — and what could not be written.
    static func outputProperties(of feature: Feature) -> (properties: Properties, unwritten: [Unwritten]) {
        var unwritten: [Unwritten] = []
        if feature.style != nil && !feature.properties.contains(where: { simplestyleKeys.contains($0.key) }) {
            unwritten.append(.style)
        }
        if feature.highlightStyle != nil { unwritten.append(.highlightStyle) }
        if feature.altitudeMode != nil { unwritten.append(.altitudeMode) }
        if !feature.foreignMembers.isEmpty { unwritten.append(.foreignMembers) }
        if hasVertexTimes(feature.shape) { unwritten.append(.vertexTimes) }
        let modelFields = feature.id != nil || feature.title != nil || feature.subtitle != nil || feature.time != nil
            || feature.address != nil || feature.visibility != nil || !feature.folderPath.isEmpty
        var isCircle = false
        if case .circle = feature.shape { isCircle = true }
        guard modelFields || isCircle else { return (feature.properties, unwritten) }

        let present = Set(feature.properties.map { $0.key.lowercased() })
        var head = Properties(), tail = Properties()
        func add(_ key: String, _ value: PropertyValue?, to list: inout Properties) {
            guard let value, !present.contains(key) else { return }
            list.append(key: key, value: value)
        }
        if let id = feature.id {
            let value: PropertyValue = switch id {
            case .string(let s): .string(s)
            case .number(let n): .number(n)
            }
            if present.contains("id") {
                if feature.properties.first(where: { $0.key.lowercased() == "id" })?.value != value { unwritten.append(.differentID) }
            } else {
                head.append(key: "id", value: value)
            }
        }
        if !present.contains("title") { add("name", feature.title.map { .string($0) }, to: &head) }
        add("description", feature.subtitle.map { .string($0) }, to: &head)
        switch feature.time {
        case .instant(let t)?:
            add("timestamp", .string(t), to: &tail)
        case .span(let b, let e)?:
            add("begin", b.map { .string($0) }, to: &tail)
            add("end", e.map { .string($0) }, to: &tail)
        case nil:
            break
        }
        add("address", feature.address.map { .string($0) }, to: &tail)
        add("visibility", feature.visibility.map { .bool($0) }, to: &tail)
        if !feature.folderPath.isEmpty { add("folder", .array(feature.folderPath.map { .string($0) }), to: &tail) }
        if case .circle(let circle)? = feature.shape { add("radius", .number(NumberValue(circle.radius)), to: &tail) }
        var out = head
        for entry in feature.properties { out.append(key: entry.key, value: entry.value) }
        for entry in tail { out.append(key: entry.key, value: entry.value) }
        return (out, unwritten)
    }

    /// simplestyle keys: when a feature's properties hold one, its style travels with them.
    private static let simplestyleKeys: Set<String> = [
        "stroke", "stroke-opacity", "stroke-width", "fill", "fill-opacity", "marker-color", "marker-symbol",
        "marker-size", "icon", "icon-color", "styleUrl",
    ]

    private static func hasVertexTimes(_ shape: Shape?) -> Bool {
        switch shape {
        case .polyline(let line)?: line.times != nil
        case .multiPolyline(let lines)?: lines.contains { $0.times != nil }
        case .collection(let shapes)?: shapes.contains { hasVertexTimes($0) }
        default: false
        }
    }
}
