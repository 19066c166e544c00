import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// Writes features as GeoJSON (RFC 7946), one at a time.
///
/// By default a FeatureCollection with one feature per line; `pretty` indents it; the
/// sequence layouts write RFC 8142 text sequences (`RS` before each feature) or
/// newline-delimited features. Rings keep the input's orientation unless `keepsWinding` is
/// cleared, which turns outer rings counter-clockwise and holes clockwise (RFC 7946 §3.1.6);
/// numbers keep their source text unless `precision` is set. Circles, geodesic lines and
/// lines across the antimeridian are written as a conversion writes them (`Options.shapes`,
/// `GeoJSONWriter+Shapes.swift`), so that reading the file back gives what was meant.
///
///     let writer = GeoJSONWriter(sink: sink, options: .init())
///     try writer.begin(document)
///     try writer.write(feature)
///     try writer.finish(document)
public final class GeoJSONWriter: FeatureWriter {
    /// How features are laid out.
    public enum Layout: String, Sendable, CaseIterable {
        /// One FeatureCollection.
        case collection
        /// RFC 8142 GeoJSON text sequence: `RS`, one feature, line feed.
        case textSequence
        /// One feature per line (newline-delimited GeoJSON).
        case lines
    }

    /// Output settings.
    public struct Options: Sendable {
        public var layout: Layout = .collection
        /// Decimal places for coordinates (0...15), or `nil` to keep each number's source text.
        public var precision: Int?
        /// Indent the output over many lines.
        public var pretty = false
        /// Add a `bbox` member to every feature and to the collection.
        public var writesBoundingBoxes = false
        /// Keep rings as the input wound them (default); `false` applies RFC 7946's right-hand rule.
        public var keepsWinding = true
        /// What circles, geodesic lines and lines across the antimeridian become (see
        /// `ShapeRules`); by default what a conversion writes, so the file reads back as meant.
        public var shapes = ShapeRules()
        public init() {}
    }

    let json: JSONEmitter
    let options: Options
    let report: DiagnosticHandler
    private var writtenDocumentKeys: Set<String> = []
    private var featureCount = 0
    private var collectionBox: BoundingBox?
    /// The vocabulary's steps for the shapes of feature written lately
    /// (`PropertyVocabulary.WritePlan`), with their keys as JSON names (`writerKeys`).
    private var plan = PropertyVocabulary.WritePlan()
    /// The codes of the warnings given, each given once.
    var reported: Set<String> = []

    /// Makes a writer that puts its bytes into `sink`.
    public init(sink: ByteSink, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) {
        json = JSONEmitter(sink: sink, pretty: options.pretty)
        self.options = options
        self.report = report
    }

    public func begin(_ document: DocumentInfo) throws {
        guard options.layout == .collection else { return }
        try json.beginObject()
        try json.key("type")
        try json.string("FeatureCollection")
        try writeDocumentMembers(document)
        try json.key("features")
        try json.beginArray()
    }

    public func write(_ feature: Feature) throws {
        switch options.layout {
        case .collection:
            if !options.pretty { try json.breakLineBeforeNextElement() }
        case .textSequence:
            try json.sink.write(byte: 0x1E)
        case .lines:
            break
        }
        // The feature as it came unless its shape had to change: no copy on the common path.
        if let changed = try reshaped(feature) {
            try writeFeature(changed.feature, cut: changed.cut)
        } else {
            try writeFeature(feature)
        }
        if options.layout != .collection { try json.sink.write(byte: 0x0A) }
        featureCount += 1
    }

    public func finish(_ document: DocumentInfo) throws {
        guard options.layout == .collection else {
            if document.name != nil || !document.foreignMembers.isEmpty {
                note("document-dropped", "a GeoJSON sequence has no place for the document's own members (such as its name); they are not written")
            }
            try json.sink.flush()
            return
        }
        if !options.pretty && featureCount > 0 { try json.sink.write(byte: 0x0A) }
        try json.endArray()
        try writeDocumentMembers(document)
        if options.writesBoundingBoxes, let box = collectionBox { try writeBoundingBox(box) }
        try json.endObject()
        try json.sink.write(byte: 0x0A)
        try json.sink.flush()
    }

    // MARK: - Features

    private func writeDocumentMembers(_ document: DocumentInfo) throws {
        var members = document.foreignMembers
        if let name = document.name, !members.contains(key: "name") { members["name"] = .string(name) }
        if let d = document.description, !members.contains(key: "description") { members["description"] = .string(d) }
        for m in members where !writtenDocumentKeys.contains(m.key) {
            writtenDocumentKeys.insert(m.key)
            if ["type", "features", "bbox", "crs"].contains(m.key) { continue }
            try json.key(m.key)
            try json.value(m.value)
        }
    }

    /// Writes `feature`, with `cut` (when given) as its geometry: its shape with lines cut at
    /// the antimeridian as they are written.
    private func writeFeature(_ feature: Feature, cut: WrittenShape? = nil) throws {
        try json.beginObject()
        try json.key("type")
        try json.string("Feature")
        if let id = feature.id {
            try json.key("id")
            switch id {
            case .string(let s): try json.string(s)
            case .number(let n): try json.number(text: n.text)
            }
        }
        let unplaced = { (field: PropertyField) in
            self.note("field-key-taken", "a feature's \(field.description) is not written: its properties already hold every key GeoJSON gives it ('\(field.key)')")
        }
        // Most features' properties go straight to the output as they come; the others are
        // gathered first (a radius or per-vertex times join them, or the geometry's warning
        // must come after theirs).
        let cutTimes = cut.flatMap { GeoJSONMapping.TimesMember(of: $0) }
        let streams: Bool
        if let cut {
            streams = feature.overlay == nil && cutTimes == nil && !mayNoteGeometry(cut)
        } else {
            streams = GeoJSONMapping.writesPropertiesAsTheyCome(feature)
                && !mayNoteGeometry(feature.shape) && !isCircle(feature.shape)
        }
        // Per-vertex times are written from the shape, not gathered as a value per time.
        var properties = Properties()
        var times: GeoJSONMapping.TimesMember?
        if !streams {
            let member = cut == nil ? GeoJSONMapping.TimesMember(of: feature.shape) : cutTimes
            let out = GeoJSONMapping.outputProperties(of: feature, unplaced: unplaced, times: .null, hasTimes: member != nil)
            properties = out.properties
            if out.placedTimes { times = member }
        }
        if options.writesBoundingBoxes, let shape = feature.shape, let box = BoundingBox(shape) {
            try writeBoundingBox(box)
            if collectionBox == nil { collectionBox = box } else { collectionBox?.extend(box) }
        }
        try json.key("geometry")
        if var cut {
            try writeGeometry(&cut)
            // Its times again, now with what writing the geometry found.
            if times != nil { times = GeoJSONMapping.TimesMember(of: cut) }
        } else if let shape = feature.shape {
            if case .circle(let circle) = shape, !properties.contains(key: "radius") {
                properties.append(key: "radius", value: .number(NumberValue(circle.radius)))
            }
            try writeGeometry(shape)
        } else {
            try json.null()
        }
        try json.key("properties")
        try json.beginObject()
        if streams {
            if PropertyVocabulary.carriesFields(feature) {
                try writePlannedProperties(of: feature, unplaced: unplaced)
            } else {
                try json.members(feature.properties)
            }
        } else if let times {
            try writeMembers(properties, times: times)
        } else {
            try json.members(properties)
        }
        try json.endObject()
        for m in feature.foreignMembers {
            switch m.key {
            case "type", "id", "geometry", "properties", "bbox": continue
            default:
                try json.key(m.key)
                try json.value(m.value)
            }
        }
        if !feature.folderPath.isEmpty && !feature.foreignMembers.contains(key: "folder") {
            note("folders", "GeoJSON has no folders; each feature's folder path is written as a 'folder' member")
            try json.key("folder")
            try json.value(.array(feature.folderPath.map { .string($0) }))
        }
        try json.endObject()
    }

    /// Writes the properties of `feature`, with its fields among them, by the plan's steps for
    /// its shape: the vocabulary looks at keys only for a shape not seen lately, and each
    /// shape's keys are made JSON names once.
    private func writePlannedProperties(of feature: Feature, unplaced: @escaping (PropertyField) -> Void) throws {
        GeoJSONMapping.vocabulary.writeProperties(of: feature, plan: &plan, unplaced: unplaced)
        if plan.writerKeys.isEmpty { plan.writerKeys = JSONEmitter.preparedNames(plan.outputKeys) }
        let names = plan.writerKeys
        let values = plan.outputValues
        try names.withUnsafeBytes { names in
            var offset = 0
            for value in values {
                offset = try json.key(prepared: names, at: offset)
                try json.value(value)
            }
        }
    }

    /// Writes `properties` as `json.members` would, with `times` as the value of
    /// `coordinateProperties.times` (where `outputProperties` put a stand-in).
    private func writeMembers(_ properties: Properties, times: GeoJSONMapping.TimesMember) throws {
        var pending = true
        for m in properties {
            try json.key(m.key)
            guard pending, m.key == "coordinateProperties", case .object(let perVertex) = m.value else {
                try json.value(m.value)
                continue
            }
            pending = false
            try json.beginObject()
            for member in perVertex {
                try json.key(member.key)
                if member.key == "times" { try times.write(to: json) } else { try json.value(member.value) }
            }
            try json.endObject()
        }
    }

    /// Whether writing `shape` may give a warning (not given yet) that a feature's
    /// properties, when gathered first, would give after theirs.
    private func mayNoteGeometry(_ shape: Shape?) -> Bool {
        guard let shape, Self.mayNote(shape) else { return false }
        return !reported.contains("field-key-taken")
    }

    /// `mayNoteGeometry` for a shape with lines cut as they are written.
    private func mayNoteGeometry(_ shape: WrittenShape) -> Bool {
        shape.mayNote && !reported.contains("field-key-taken")
    }

    /// Whether `shape` has a geodesic line or a circle, whose writing may give a warning.
    static func mayNote(_ shape: Shape) -> Bool {
        switch shape {
        case .polyline(let line): line.interpolation == .geodesic
        case .multiPolyline(let lines): lines.contains { $0.interpolation == .geodesic }
        case .collection(let shapes): shapes.contains(where: mayNote)
        case .circle: true
        default: false
        }
    }

    private func isCircle(_ shape: Shape?) -> Bool {
        if case .circle? = shape { return true }
        return false
    }

    private func writeBoundingBox(_ box: BoundingBox) throws {
        try json.key("bbox")
        try json.beginArray(inline: true)
        let hasAltitude = box.minAltitude != nil
        try writeNumber(box.west)
        try writeNumber(box.south)
        if hasAltitude, let lo = box.minAltitude { try writeNumber(lo) }
        try writeNumber(box.east)
        try writeNumber(box.north)
        if hasAltitude, let hi = box.maxAltitude { try writeNumber(hi) }
        try json.endArray()
    }

    // MARK: - Geometry

    func writeGeometry(_ shape: Shape) throws {
        try json.beginObject()
        try json.key("type")
        switch shape {
        case .annotation(let c):
            try json.string("Point")
            try json.key("coordinates")
            try writePosition(c)
        case .circle(let circle):
            note("circle", "GeoJSON has no circles; a circle is written as its centre Point with its radius in metres in the 'radius' property")
            try json.string("Point")
            try json.key("coordinates")
            try writePosition(circle.center)
        case .polyline(let line):
            noteInterpolation(line)
            try json.string("LineString")
            try json.key("coordinates")
            try writePositions(line.coordinates)
        case .polygon(let polygon):
            try json.string("Polygon")
            try json.key("coordinates")
            try writePolygon(polygon)
        case .multiPoint(let points):
            try json.string("MultiPoint")
            try json.key("coordinates")
            try writePositions(points)
        case .multiPolyline(let lines):
            try json.string("MultiLineString")
            try json.key("coordinates")
            try json.beginArray()
            for line in lines {
                noteInterpolation(line)
                try writePositions(line.coordinates)
            }
            try json.endArray()
        case .multiPolygon(let polygons):
            try json.string("MultiPolygon")
            try json.key("coordinates")
            try json.beginArray()
            for polygon in polygons { try writePolygon(polygon) }
            try json.endArray()
        case .collection(let shapes):
            try json.string("GeometryCollection")
            try json.key("geometries")
            try json.beginArray()
            for s in shapes { try writeGeometry(s) }
            try json.endArray()
        }
        try json.endObject()
    }

    private func writePolygon(_ polygon: Polygon) throws {
        let p = options.keepsWinding ? polygon : polygon.rewoundForRFC7946()
        try json.beginArray()
        if !(p.outer.isEmpty && p.holes.isEmpty) {
            try writePositions(p.outer)
            for hole in p.holes { try writePositions(hole) }
        }
        try json.endArray()
    }

    private func writePositions(_ coordinates: CoordinateList) throws {
        try json.beginArray(inline: true)
        for c in coordinates { try writePosition(c) }
        try json.endArray()
    }

    func writePosition(_ c: Coordinate) throws {
        try json.beginArray(inline: true)
        if options.precision == nil, c.hasSourceText {
            try json.number(sourceTextOf: c, .longitude)
            try json.number(sourceTextOf: c, .latitude)
            if c.hasSourceText(.altitude) {
                try json.number(sourceTextOf: c, .altitude)
            } else if let alt = c.altitude {
                try writeNumber(alt)
            }
        } else {
            try writeNumber(c.longitude)
            try writeNumber(c.latitude)
            if let alt = c.altitude { try writeNumber(alt) }
        }
        try json.endArray()
    }

    private func writeNumber(_ value: Double) throws {
        try json.number(value, decimals: options.precision)
    }

    func noteInterpolation(_ line: Polyline) {
        // Lines the writer densified along their geodesics are drawn as meant.
        if line.interpolation == .geodesic, options.shapes.geodesicLines == nil {
            note("geodesic-line", "GeoJSON lines are straight between vertices; lines marked geodesic are written with their vertices as they are (add \(Setting.maximumSegment.mention()) or \(Setting.maximumError.mention()) to put points along the geodesic)")
        }
    }

    /// Reports what GeoJSON cannot hold, once per kind (the message is made only then).
    private func note(_ code: String, _ message: @autoclosure () -> String) {
        guard reported.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: .warning, message: message()))
    }
}
