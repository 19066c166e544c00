import MapBridgeModel

/// How the model's fields meet CSV columns: one `PropertyVocabulary`, read and written like
/// GeoJSON's properties, with column names matched whatever their case.
///
/// | model | CSV column (case-insensitive when read) |
/// |---|---|
/// | `id` | `id` (written only; a read `id` column stays a property) |
/// | `title` | `name` (else `title`) |
/// | `subtitle` | `description` |
/// | `time` | `timestamp` (an instant), or `begin` and `end` (a span) |
/// | `address` | `address` |
/// | `visibility` | `visibility` (`true`/`false`) |
/// | `style` | simplestyle's columns, as GeoJSON's properties (`stroke`, `fill`, `marker-color`, …) |
/// | `folderPath` | `folder` (written only: a JSON array of names) |
/// | a circle's radius | `radius` (metres; written only) |
///
/// A column read into a field leaves the properties; written back, each field takes its
/// column's place (a title and description without one lead the row, the other fields
/// follow it). Per-vertex times, highlight styles, altitude modes and foreign members have no
/// column; the writer reports each once.
struct CSVFeatureMapping: Hashable, Sendable {
    /// The columns CSV reads into the model's fields, best first.
    static let vocabulary = PropertyVocabulary([
        .init("name", .title), .init("title", .title), .init("description", .subtitle),
        .init("timestamp", .instant), .init("begin", .spanBegin), .init("end", .spanEnd),
        .init("address", .address), .init("visibility", .visibility),
        .init("styleUrl", .styleURL),
        .init("stroke", .strokeColor), .init("stroke-opacity", .strokeOpacity), .init("stroke-width", .strokeWidth),
        .init("fill", .fillColor), .init("fill-opacity", .fillOpacity),
        .init("marker-color", .markerColor), .init("icon-color", .iconColor),
        .init("marker-symbol", .markerSymbol), .init("marker-size", .markerSize),
        .init("icon", .iconHref), .init("icon-opacity", .iconOpacity), .init("icon-scale", .iconScale),
        .init("icon-heading", .iconHeading), .init("label-color", .labelColor), .init("label-opacity", .labelOpacity),
        .init("label-scale", .labelScale),
    ], ignoresCase: true, leading: [.title, .subtitle])

    /// Whether any of `names` (leaving out the geometry columns) is read into a field.
    let hasFieldColumns: Bool

    init(names: [String], roles: CSVColumnRoles) {
        hasFieldColumns = names.enumerated().contains { k, name in !roles.holdsGeometry(k) && Self.vocabulary.rank(of: name) != nil }
    }

    /// Moves the row's field columns into the feature's fields.
    func fill(_ feature: inout Feature) {
        if hasFieldColumns { Self.vocabulary.consume(into: &feature) }
    }

    /// The model fields a CSV row has no column for.
    enum Unwritten: String, CaseIterable {
        case vertexTimes, highlightStyle, altitudeMode, foreignMembers, differentID

        var message: String {
            switch self {
            case .vertexTimes: "CSV has no per-vertex times; the times of tracks are not written"
            case .highlightStyle: "CSV has no highlight styles; they are not written"
            case .altitudeMode: "CSV has no altitude modes; they are not written"
            case .foreignMembers: "CSV has no place for members outside the properties (foreign members); they are not written"
            case .differentID: "features whose id differs from their 'id' property keep only the property; the feature id is not written"
            }
        }
    }

    /// The properties written for `feature`: `id` first (where no property has that name), its
    /// properties with its fields in place (see `vocabulary`), then `folder` and a circle's
    /// `radius` where no property has those names; and what could not be written.
    static func outputProperties(of feature: Feature) -> (properties: Properties, unwritten: [Unwritten]) {
        var unwritten: [Unwritten] = []
        if feature.highlightStyle != nil { unwritten.append(.highlightStyle) }
        if feature.altitudeMode != nil { unwritten.append(.altitudeMode) }
        if !feature.foreignMembers.isEmpty { unwritten.append(.foreignMembers) }
        if hasVertexTimes(feature.shape) { unwritten.append(.vertexTimes) }
        let fielded = vocabulary.properties(of: feature)
        var isCircle = false
        if case .circle = feature.shape { isCircle = true }
        guard feature.id != nil || !feature.folderPath.isEmpty || isCircle else { return (fielded, unwritten) }
        let present = Set(fielded.map { $0.key.lowercased() })
        var out = Properties()
        if let id = feature.id {
            let value: PropertyValue = switch id {
            case .string(let s): .string(s)
            case .number(let n): .number(n)
            }
            if present.contains("id") {
                if fielded.first(where: { $0.key.lowercased() == "id" })?.value != value { unwritten.append(.differentID) }
            } else {
                out.append(key: "id", value: value)
            }
        }
        for entry in fielded { out.append(key: entry.key, value: entry.value) }
        if !feature.folderPath.isEmpty, !present.contains("folder") {
            out.append(key: "folder", value: .array(feature.folderPath.map { .string($0) }))
        }
        if case .circle(let circle)? = feature.shape, !present.contains("radius") {
            out.append(key: "radius", value: .number(NumberValue(circle.radius)))
        }
        return (out, unwritten)
    }

    private static func hasVertexTimes(_ shape: Shape?) -> Bool {
        switch shape {
        case .polyline(let line)?: line.times != nil
        case .multiPolyline(let lines)?: lines.contains { $0.times != nil }
        case .collection(let shapes)?: shapes.contains { hasVertexTimes($0) }
        default: false
        }
    }
}
