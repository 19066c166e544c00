import MapBridgeGPX
import MapBridgeIO
import MapBridgeModel
import MapBridgeXML
import Testing

/// What reading a GPX text gave.
struct GPXReadResult {
    var features: [Feature]
    var document: DocumentInfo
    var warnings: [Diagnostic]
    var codes: [String] { warnings.map(\.code) }
}

/// Reads `text` as a GPX file named `name`, all of it, within `limits`: with libxml2 on the
/// calling thread and again on a thread of its own (`GPXReader.parsesOnOwnThread`); expects
/// the two readings to give the same features, document, warnings and error, and returns the
/// first (or throws its error).
func readGPX(_ text: String, name: String = "t.gpx", limits: ReadLimits = ReadLimits(),
             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> GPXReadResult {
    let bytes = Array(text.utf8)
    let one = Result<GPXReadResult, GPXReadingFailure> { () throws(GPXReadingFailure) in
        try readGPX(bytes: bytes, name: name, limits: limits, parsesOnOwnThread: false)
    }
    let two = Result<GPXReadResult, GPXReadingFailure> { () throws(GPXReadingFailure) in
        try readGPX(bytes: bytes, name: name, limits: limits, parsesOnOwnThread: true)
    }
    switch (one, two) {
    case (.success(let a), .success(let b)):
        #expect(a.features == b.features, "features differ on two threads", sourceLocation: sourceLocation)
        #expect(a.document == b.document, "document differs on two threads", sourceLocation: sourceLocation)
        #expect(a.warnings == b.warnings, "warnings differ on two threads", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect("\(a.error)" == "\(b.error)", "errors differ on two threads", sourceLocation: sourceLocation)
        #expect(a.before.features == b.before.features, sourceLocation: sourceLocation)
        #expect(a.before.warnings == b.before.warnings, sourceLocation: sourceLocation)
    default:
        Issue.record("one thread and two disagree: \(one) against \(two)", sourceLocation: sourceLocation)
    }
    return try one.mapError(\.error).get()
}

/// An error a reading stopped at, with what came before it.
struct GPXReadingFailure: Error {
    var error: any Error
    var before: GPXReadResult
}

/// Reads GPX `bytes` with the reader's parsing thread on or off.
func readGPX(bytes: [UInt8], name: String, limits: ReadLimits, parsesOnOwnThread: Bool) throws(GPXReadingFailure) -> GPXReadResult {
    var warnings: [Diagnostic] = []
    let reader = GPXReader(path: name, limits: limits, report: { warnings.append($0) }, source: { ByteSource(bytes: bytes, name: $0) })
    reader.parsesOnOwnThread = parsesOnOwnThread
    var features: [Feature] = []
    do {
        _ = try reader.open()
        while let f = try reader.next() { features.append(f) }
    } catch {
        throw GPXReadingFailure(error: error, before: GPXReadResult(features: features, document: reader.document, warnings: warnings))
    }
    return GPXReadResult(features: features, document: reader.document, warnings: warnings)
}

/// A GPX 1.1 document around `body`.
func gpx(_ body: String, extraNamespaces: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"\(extraNamespaces)>
    \(body)
    </gpx>
    """
}

/// The Garmin TrackPointExtension namespace declaration, for `gpx(_:extraNamespaces:)`.
let garminNamespace = #" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1""#

/// What writing some features as GPX gave.
struct GPXWriterOutput {
    var text: String
    var diagnostics: [Diagnostic]
    var codes: [String] { diagnostics.map(\.code) }
}

/// Writes `features` through a `GPXWriter` into memory.
func writeGPX(_ features: [Feature], document: DocumentInfo = DocumentInfo(),
              options: GPXWriter.Options = GPXWriter.Options()) throws -> GPXWriterOutput
{
    var diagnostics: [Diagnostic] = []
    let sink = ByteSink(collectingInMemoryNamed: "out.gpx")
    let writer = GPXWriter(sink: sink, options: options) { diagnostics.append($0) }
    try writer.begin(document)
    for f in features { try writer.write(f) }
    try writer.finish(document)
    return GPXWriterOutput(text: String(decoding: sink.collectedBytes, as: UTF8.self), diagnostics: diagnostics)
}

/// The repository's transcription of the GPX 1.1 schema (`schemas/gpx11.xsd`).
let gpxSchemaPath: String = {
    // #filePath is …/Tests/MapBridgeGPXTests/GPXTestSupport.swift.
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/schemas/gpx11.xsd"
}()

/// Expects `output` to validate against GPX 1.1.
func expectSchemaValid(_ output: GPXWriterOutput, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let errors = XMLSchemaValidation.errors(in: output.text, schemaPath: gpxSchemaPath, documentName: "out.gpx")
    #expect(errors.isEmpty, "\(errors)\n\(output.text)", sourceLocation: sourceLocation)
}

/// A point feature at `lon`, `lat`.
func waypoint(_ lon: Double, _ lat: Double, title: String? = nil, properties: Properties = Properties()) -> Feature {
    Feature(title: title, shape: .annotation(Coordinate(longitude: lon, latitude: lat)), properties: properties)
}

/// A line feature through `(lon, lat)` pairs.
func line(_ points: [(Double, Double)], times: [String]? = nil, title: String? = nil,
          properties: Properties = Properties()) -> Feature
{
    let coordinates = points.map { Coordinate(longitude: $0.0, latitude: $0.1) }
    return Feature(title: title, shape: .polyline(Polyline(coordinates, times: times)), properties: properties)
}
