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

    /// The properties written around a feature's own (`outputProperties`), each `nil` when
    /// not written.
    struct Extras {
        /// `id`, written first: the feature's id, where no property has that name.
        var id: PropertyValue?
        /// `folder`, written after the properties: the folder path as a JSON array of names,
        /// where no property has that name.
        var folder: PropertyValue?
        /// `radius`, written last: a circle's radius in metres, where no property has that name.
        var radius: PropertyValue?
    }

    /// The properties written for `feature`, in order: `id` (`Extras.id`), its properties with
    /// its fields in place (see `vocabulary`), put in `plan.outputKeys` and
    /// `plan.outputValues`, then `folder` and `radius` (`Extras`); `unwritten` is called with
    /// what cannot be written. `plan` keeps the vocabulary's steps from row to row
    /// (`PropertyVocabulary.WritePlan`): a feature shaped like the one before is written
    /// without looking at its keys again.
    static func outputProperties(
        of feature: Feature, plan: inout PropertyVocabulary.WritePlan, unwritten: (Unwritten) -> Void
    ) -> Extras {
        if feature.highlightStyle != nil { unwritten(.highlightStyle) }
        if feature.altitudeMode != nil { unwritten(.altitudeMode) }
        if !feature.foreignMembers.isEmpty { unwritten(.foreignMembers) }
        if hasVertexTimes(feature.shape) { unwritten(.vertexTimes) }
        vocabulary.writeProperties(of: feature, plan: &plan)
        var extras = Extras()
        var circle: Circle?
        if case .circle(let c)? = feature.shape { circle = c }
        guard feature.id != nil || !feature.folderPath.isEmpty || circle != nil else { return extras }
        let keys = plan.outputKeys
        if let id = feature.id {
            let value: PropertyValue = switch id {
            case .string(let s): .string(s)
            case .number(let n): .number(n)
            }
            if let held = keys.firstIndex(where: { isNamed($0, "id") }) {
                if plan.outputValues[held] != value { unwritten(.differentID) }
            } else {
                extras.id = value
            }
        }
        if !feature.folderPath.isEmpty, !keys.contains(where: { isNamed($0, "folder") }) {
            extras.folder = .array(feature.folderPath.map { .string($0) })
        }
        if let circle, !keys.contains(where: { isNamed($0, "radius") }) {
            extras.radius = .number(NumberValue(circle.radius))
        }
        return extras
    }

    /// Whether `key` is `name` (lower-case ASCII) whatever its case. Only ASCII letters
    /// lower-case to the letters of `id`, `folder` and `radius`, so comparing bytes decides
    /// as `lowercased()` would, without making a string.
    private static func isNamed(_ key: String, _ name: StaticString) -> Bool {
        let k = key.utf8
        guard k.count == name.utf8CodeUnitCount else { return false }
        var i = name.utf8Start
        for b in k {
            let lower = (0x41...0x5A).contains(b) ? b | 0x20 : b
            if lower != i.pointee { return false }
            i += 1
        }
        return true
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
