import MapBridgeGeodesy
import MapBridgeJSON
import MapBridgeModel

/// A shape as the writer writes it when lines cross the antimeridian: each such line is kept
/// whole and cut as it is written (`AntimeridianCut`), so a line that crosses at every vertex
/// needs no list of parts; areas are cut before (`Geodesic.cutAtAntimeridian`).
///
/// Written as `Geodesic.cutAtAntimeridian` would give it: a line of one part as a LineString,
/// of more as a MultiLineString, the lines of a multi-line each in its parts.
indirect enum WrittenShape {
    /// Written as it is.
    case whole(Shape)
    /// A polyline that crosses, written as its parts.
    case cutLine(AntimeridianCut)
    /// A multi-polyline some line of which crosses: each line's parts in turn.
    case cutLines([AntimeridianCut])
    /// A geometry collection.
    case collection([WrittenShape])

    /// `shape` cut at the antimeridian: lines to be cut as they are written, areas cut now.
    init(cutting shape: Shape, geodesic: Geodesic) {
        switch shape {
        case .polyline(let line):
            self = Geodesic.crossesAntimeridian(line.coordinates) ? .cutLine(AntimeridianCut(line, geodesic: geodesic)) : .whole(shape)
        case .multiPolyline(let lines):
            self = lines.contains(where: { Geodesic.crossesAntimeridian($0.coordinates) })
                ? .cutLines(lines.map { AntimeridianCut($0, geodesic: geodesic) }) : .whole(shape)
        case .collection(let shapes):
            self = .collection(shapes.map { WrittenShape(cutting: $0, geodesic: geodesic) })
        default:
            self = .whole(geodesic.cutAtAntimeridian(shape))
        }
    }

    /// Whether some line keeps per-vertex times (`Shape.hasTimedLine` of the cut shape).
    var hasTimedLine: Bool {
        switch self {
        case .whole(let shape): shape.hasTimedLine
        case .cutLine(let cut): cut.keepsTimes
        case .cutLines(let cuts): cuts.contains { $0.keepsTimes }
        case .collection(let items): items.contains { $0.hasTimedLine }
        }
    }

    /// `GeoJSONWriter.mayNote` of the cut shape (a cut line has at least one part, of its
    /// interpolation).
    var mayNote: Bool {
        switch self {
        case .whole(let s): GeoJSONWriter.mayNote(s)
        case .cutLine(let cut): cut.line.interpolation == .geodesic
        case .cutLines(let cuts): cuts.contains { $0.line.interpolation == .geodesic }
        case .collection(let items): items.contains(where: \.mayNote)
        }
    }

    /// Whether the cut shape differs from `shape`, the one it was cut from (a line that
    /// crosses never comes back as it was: the vertices on either side of a crossing end up in
    /// different parts, or one of them is left out).
    func differs(from shape: Shape) -> Bool {
        switch self {
        case .whole(let cut): return cut != shape
        case .cutLine, .cutLines: return true
        case .collection(let items):
            guard case .collection(let shapes) = shape, shapes.count == items.count else { return true }
            return zip(items, shapes).contains { $0.differs(from: $1) }
        }
    }
}

extension GeoJSONWriter {
    /// Writes the geometry of a cut shape (see `WrittenShape`); records in each cut what
    /// writing its times later reuses.
    func writeGeometry(_ shape: inout WrittenShape) throws {
        switch shape {
        case .whole(let s):
            try writeGeometry(s)
        case .cutLine(var cut):
            try json.beginObject()
            try json.key("type")
            try json.string(cut.isOnePart ? "LineString" : "MultiLineString")
            try json.key("coordinates")
            noteInterpolation(cut.line)
            var parts = PartWriter(writer: self)
            if cut.isOnePart {
                try cut.visit(&parts)
            } else {
                try json.beginArray()
                try cut.visit(&parts)
                try json.endArray()
            }
            try json.endObject()
            shape = .cutLine(cut)
        case .cutLines(var cuts):
            try json.beginObject()
            try json.key("type")
            try json.string("MultiLineString")
            try json.key("coordinates")
            try json.beginArray()
            var parts = PartWriter(writer: self)
            for i in cuts.indices {
                noteInterpolation(cuts[i].line)
                try cuts[i].visit(&parts)
            }
            try json.endArray()
            try json.endObject()
            shape = .cutLines(cuts)
        case .collection(var items):
            try json.beginObject()
            try json.key("type")
            try json.string("GeometryCollection")
            try json.key("geometries")
            try json.beginArray()
            for i in items.indices { try writeGeometry(&items[i]) }
            try json.endArray()
            try json.endObject()
            shape = .collection(items)
        }
    }
}

/// Writes each part of a cut line as a position array.
private struct PartWriter: AntimeridianCutVisitor {
    let writer: GeoJSONWriter

    func beginPart() throws { try writer.json.beginArray(inline: true) }
    func vertex(_ coordinate: Coordinate, at index: Int) throws { try writer.writePosition(coordinate) }
    func cutPoint(_ point: AntimeridianCutPoint) throws { try writer.writePosition(point.coordinate) }
    func endPart() throws { try writer.json.endArray() }
}

extension GeoJSONMapping.TimesMember {
    /// The times of a cut shape, if it has any: as `init(of:)` gives them for the shape cut.
    init?(of shape: WrittenShape) {
        switch shape {
        case .whole(let s):
            self.init(of: s)
        case .cutLine(let cut):
            guard cut.keepsTimes else { return nil }
            self.init(sources: [.parts(cut)], nested: !cut.isOnePart)
        case .cutLines(let cuts):
            guard cuts.contains(where: \.keepsTimes) else { return nil }
            // A line that does not cross keeps its times as they are (of any count).
            self.init(sources: cuts.map { $0.crossings == 0 ? .times($0.line.times) : .parts($0) }, nested: true)
        case .collection(let items):
            // Only a line that stays one line keeps its times in a collection.
            let each: [Source] = items.map {
                switch $0 {
                case .whole(.polyline(let line)): .times(line.times)
                case .cutLine(let cut) where cut.isOnePart && cut.keepsTimes: .parts(cut)
                default: .times(nil)
                }
            }
            guard each.contains(where: \.hasTimes) else { return nil }
            self.init(sources: each, nested: true)
        }
    }
}

/// Writes each part's times as an array of texts (empty when the parts keep none).
struct PartTimesWriter: AntimeridianCutVisitor {
    let json: JSONEmitter
    /// The line's times when the parts keep them.
    let texts: VertexTimes?
    var cutTimes: AntimeridianCut.CutPointTimes

    init(json: JSONEmitter, cut: AntimeridianCut) {
        self.json = json
        texts = cut.keepsTimes ? cut.line.times : nil
        cutTimes = AntimeridianCut.CutPointTimes(cut)
    }

    func beginPart() throws { try json.beginArray() }

    func vertex(_ coordinate: Coordinate, at index: Int) throws {
        guard let texts else { return }
        try texts.withUTF8(at: index) { try json.string(utf8: $0) }
    }

    mutating func cutPoint(_ point: AntimeridianCutPoint) throws {
        guard texts != nil, let time = cutTimes.time(of: point) else { return }
        try json.string(time)
    }

    func endPart() throws { try json.endArray() }
}

/// Collects each part's times as a value.
struct PartTimesCollector: AntimeridianCutVisitor {
    /// The line's times when the parts keep them.
    let texts: VertexTimes?
    var cutTimes: AntimeridianCut.CutPointTimes
    var parts: [PropertyValue] = []
    private var current: [PropertyValue] = []

    init(cut: AntimeridianCut) {
        texts = cut.keepsTimes ? cut.line.times : nil
        cutTimes = AntimeridianCut.CutPointTimes(cut)
    }

    mutating func beginPart() { current = [] }

    mutating func vertex(_ coordinate: Coordinate, at index: Int) {
        guard let texts else { return }
        current.append(.string(texts[index]))
    }

    mutating func cutPoint(_ point: AntimeridianCutPoint) {
        guard texts != nil, let time = cutTimes.time(of: point) else { return }
        current.append(.string(time))
    }

    mutating func endPart() { parts.append(.array(current)) }
}
