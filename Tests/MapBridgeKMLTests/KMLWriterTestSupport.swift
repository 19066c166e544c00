import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import MapBridgeXML
import Testing

/// What writing some features as KML gave.
struct KMLWriterOutput {
    var text: String
    var diagnostics: [Diagnostic]
    var codes: [String] { diagnostics.map(\.code) }
}

/// Writes `features` through a `KMLWriter` into memory.
func writeKMLDocument(_ features: [Feature], document: DocumentInfo = DocumentInfo(),
                      options: KMLWriter.Options = KMLWriter.Options()) throws -> KMLWriterOutput
{
    var diagnostics: [Diagnostic] = []
    let sink = ByteSink(collectingInMemoryNamed: "out.kml")
    let writer = KMLWriter(sink: sink, options: options) { diagnostics.append($0) }
    try writer.begin(document)
    for f in features { try writer.write(f) }
    try writer.finish(document)
    return KMLWriterOutput(text: String(decoding: sink.collectedBytes, as: UTF8.self), diagnostics: diagnostics)
}

/// The options with inline styles, for tests that look at one placemark at a time.
func inlineStyleOptions(_ change: (inout KMLWriter.Options) -> Void = { _ in }) -> KMLWriter.Options {
    var options = KMLWriter.Options()
    options.styles = .inline
    change(&options)
    return options
}

/// The options for a document written as it goes: inline styles and text properties, no
/// temporary file.
func streamingOptions(_ change: (inout KMLWriter.Options) -> Void = { _ in }) -> KMLWriter.Options {
    var options = KMLWriter.Options()
    options.styles = .inline
    options.propertyTypes = .text
    change(&options)
    return options
}

/// `ExtendedData` of typed `SimpleData`, all in schema `schema-N`.
func simpleDataXML(_ pairs: (String, String)..., schema: Int = 1) -> String {
    ##"<ExtendedData><SchemaData schemaUrl="#schema-\##(schema)">"##
        + pairs.map { #"<SimpleData name="\#($0.0)">\#($0.1)</SimpleData>"# }.joined() + "</SchemaData></ExtendedData>"
}

/// `ExtendedData` of untyped `Data`.
func dataXML(_ pairs: (String, String)...) -> String {
    "<ExtendedData>" + pairs.map { #"<Data name="\#($0.0)"><value>\#($0.1)</value></Data>"# }.joined() + "</ExtendedData>"
}

/// A whole document as the writer lays it out by default: `documentStart` (the `Document`
/// start tag and anything on its line), then each line of `lines` on its own line.
func expectedKML(_ lines: String..., documentStart: String = "<Document>") -> String {
    var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    text += #"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">"# + "\n"
    text += documentStart
    for line in lines { text += "\n" + line }
    return text + "\n</Document>\n</kml>\n"
}

/// The placemark lines of a default-layout document (between the `Document` lines).
func placemarkLines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("<Placemark") }
}

/// A coordinate from values (no source text).
func wpt(_ lon: Double, _ lat: Double, _ alt: Double? = nil) -> Coordinate {
    Coordinate(longitude: lon, latitude: lat, altitude: alt)
}

/// A coordinate that remembers its numbers' text.
func wptText(_ lon: String, _ lat: String, _ alt: String? = nil) -> Coordinate {
    Coordinate(longitude: Double(lon) ?? .nan, latitude: Double(lat) ?? .nan, altitude: alt.flatMap { Double($0) },
               sourceText: CoordinateText(longitude: lon, latitude: lat, altitude: alt))
}

// MARK: - Schema validation

/// The repository's own schema of the KML the writer emits (`schemas/mapbridge-kml22.xsd`).
let mapBridgeKMLSchemaPath: String = {
    // #filePath is …/Tests/MapBridgeKMLTests/KMLWriterTestSupport.swift.
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/schemas/mapbridge-kml22.xsd"
}()

/// The schema errors of `text` against the schema at `schemaPath`, as
/// `line N: message`; empty when it validates. Parses without network access.
func kmlSchemaErrors(_ text: String, schemaPath: String = mapBridgeKMLSchemaPath) -> [String] {
    XMLSchemaValidation.errors(in: text, schemaPath: schemaPath, documentName: "out.kml")
}

/// Expects `output` to validate against the repository's KML schema.
func expectSchemaValid(_ output: KMLWriterOutput, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let errors = kmlSchemaErrors(output.text)
    #expect(errors.isEmpty, "\(errors)\n\(output.text)", sourceLocation: sourceLocation)
}
