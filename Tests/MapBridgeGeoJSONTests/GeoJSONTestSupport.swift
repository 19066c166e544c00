import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel
import Testing

/// Collects the diagnostics a reader or writer reports.
final class DiagnosticLog {
    private(set) var all: [Diagnostic] = []
    func add(_ d: Diagnostic) { all.append(d) }
    var codes: [String] { all.map(\.code) }
    var handler: DiagnosticHandler { { [self] in add($0) } }
}

/// A reader over `text` held in memory.
func makeReader(_ text: String, log: DiagnosticLog = DiagnosticLog()) -> GeoJSONReader {
    makeReader(bytes: Array(text.utf8), log: log)
}

func makeReader(bytes: [UInt8], log: DiagnosticLog = DiagnosticLog()) -> GeoJSONReader {
    GeoJSONReader(source: ByteSource(bytes: bytes, name: "t.json"), report: log.handler)
}

/// What reading a whole input gave.
struct ReadResult {
    var document: DocumentInfo
    var features: [Feature]
    var diagnostics: [Diagnostic]
    var codes: [String] { diagnostics.map(\.code) }
}

/// Reads every feature of `text`; the document is the one known after the end.
func readAll(_ text: String) throws -> ReadResult {
    try readAll(bytes: Array(text.utf8))
}

func readAll(bytes: [UInt8]) throws -> ReadResult {
    let log = DiagnosticLog()
    let reader = makeReader(bytes: bytes, log: log)
    var features: [Feature] = []
    while let feature = try reader.next() { features.append(feature) }
    return ReadResult(document: reader.document, features: features, diagnostics: log.all)
}

/// The one feature of `text`.
func readOne(_ text: String) throws -> Feature {
    let result = try readAll(text)
    guard result.features.count == 1 else {
        throw MapBridgeError(.data, "expected one feature, read \(result.features.count)")
    }
    return result.features[0]
}

/// The error reading `text` throws, or nil when it reads to the end.
func readError(_ text: String) -> MapBridgeError? {
    do {
        _ = try readAll(text)
        return nil
    } catch let error as MapBridgeError {
        return error
    } catch {
        return MapBridgeError(.usage, "unexpected error type: \(error)")
    }
}

/// What writing gave.
struct WriteResult {
    var text: String
    var bytes: [UInt8]
    var diagnostics: [Diagnostic]
    var codes: [String] { diagnostics.map(\.code) }
}

/// Writes `features` with a writer made with `options`.
func writeAll(_ features: [Feature], document: DocumentInfo = DocumentInfo(), finishing: DocumentInfo? = nil,
              options: GeoJSONWriter.Options = GeoJSONWriter.Options()) throws -> WriteResult {
    let sink = ByteSink(collectingInMemoryNamed: "out.json")
    let log = DiagnosticLog()
    let writer = GeoJSONWriter(sink: sink, options: options, report: log.handler)
    try writer.begin(document)
    for f in features { try writer.write(f) }
    try writer.finish(finishing ?? document)
    try sink.flush()
    let bytes = sink.collectedBytes
    return WriteResult(text: String(decoding: bytes, as: UTF8.self), bytes: bytes, diagnostics: log.all)
}

/// Reads `text` and writes what it read with `options` (the document as `open()` and as the
/// end of reading know it, as the convert pipeline passes them).
func rewrite(_ text: String, options: GeoJSONWriter.Options = GeoJSONWriter.Options()) throws -> WriteResult {
    let reader = makeReader(text)
    let sink = ByteSink(collectingInMemoryNamed: "out.json")
    let log = DiagnosticLog()
    let writer = GeoJSONWriter(sink: sink, options: options, report: log.handler)
    try writer.begin(try reader.open())
    while let f = try reader.next() { try writer.write(f) }
    try writer.finish(reader.document)
    try sink.flush()
    let bytes = sink.collectedBytes
    return WriteResult(text: String(decoding: bytes, as: UTF8.self), bytes: bytes, diagnostics: log.all)
}

/// Shorthand for a coordinate from values.
func c(_ lon: Double, _ lat: Double, _ alt: Double? = nil) -> Coordinate {
    Coordinate(longitude: lon, latitude: lat, altitude: alt)
}

/// The coordinates of a shape as plain [lon, lat(, alt)] arrays, in traversal order.
func flatCoordinates(_ shape: Shape?) -> [[Double]] {
    var out: [[Double]] = []
    shape?.forEachCoordinate { c in out.append([c.longitude, c.latitude] + (c.altitude.map { [$0] } ?? [])) }
    return out
}

/// A JSON value parsed with the tokenizer (for checking writer output member by member,
/// including members the GeoJSON reader does not keep, such as `bbox`).
func parseJSON(_ text: String) throws -> PropertyValue {
    let t = JSONTokenizer(source: ByteSource(bytes: Array(text.utf8), name: "out.json"))
    let result = try t.value(startingWith: try t.next())
    guard try t.next() == .endOfInput else { throw t.error("more than one value") }
    return result
}

extension PropertyValue {
    /// The member `key` of an object.
    subscript(key: String) -> PropertyValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element `index` of an array.
    subscript(index: Int) -> PropertyValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    /// The elements of an array.
    var items: [PropertyValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The numbers of an array of numbers.
    var numbers: [Double]? {
        items?.compactMap(\.doubleValue)
    }
}

/// Checks that two features carry the same content (the source location aside).
func expectSameContent(_ a: Feature, _ b: Feature, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(a.id == b.id, sourceLocation: sourceLocation)
    #expect(a.title == b.title, sourceLocation: sourceLocation)
    #expect(a.subtitle == b.subtitle, sourceLocation: sourceLocation)
    #expect(a.shape == b.shape, sourceLocation: sourceLocation)
    #expect(a.properties == b.properties, sourceLocation: sourceLocation)
    #expect(a.style == b.style, sourceLocation: sourceLocation)
    #expect(a.time == b.time, sourceLocation: sourceLocation)
    #expect(a.foreignMembers == b.foreignMembers, sourceLocation: sourceLocation)
}
