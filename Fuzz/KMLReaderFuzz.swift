// libFuzzer entry point: any bytes read as a KML document must end in features or a thrown
// error, never a trap; the features then go through the KML and GeoJSON writers (into memory),
// which must not trap either, and what they write must read back, as KML and as GeoJSON, to
// as many features (KML: those that carry something, see `KMLWriter.carriesNothing`; a
// writer's output its own reader refuses is a defect: the harness traps
// with the reader's message; see FuzzSupport.swift). Built by `Fuzz/run SECONDS kml` with the sources of the KML
// reader and writer and of every module they use in one module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader = KMLReader(path: "fuzz.kml", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })

    // The input's length picks the writers' options, so that every layout gets its turn.
    var kmlOptions = KMLWriter.Options()
    kmlOptions.precision = size % 2 == 0 ? nil : size % 16
    kmlOptions.pretty = size % 3 == 0
    kmlOptions.styles = size % 5 < 2 ? .inline : .shared
    kmlOptions.propertyTypes = size % 7 < 3 ? .text : .schema
    kmlOptions.maximumSharedStyles = 4
    kmlOptions.maximumSchemaFields = 8
    kmlOptions.appliesSimplestyleDefaults = size % 11 < 5
    kmlOptions.circleRing = .maximumError(1 + Double(size % 1000))
    var geoJSONOptions = GeoJSONWriter.Options()
    geoJSONOptions.precision = size % 2 == 1 ? nil : size % 17
    geoJSONOptions.writesBoundingBoxes = size % 3 != 0
    geoJSONOptions.keepsWinding = size % 4 < 2
    geoJSONOptions.layout = GeoJSONWriter.Layout.allCases[size % GeoJSONWriter.Layout.allCases.count]

    let kmlSink = ByteSink(collectingInMemoryNamed: "out.kml")
    let geoJSONSink = ByteSink(collectingInMemoryNamed: "out.geojson")
    let kmlWriter = KMLWriter(sink: kmlSink, options: kmlOptions)
    let geoJSONWriter = GeoJSONWriter(sink: geoJSONSink, options: geoJSONOptions)
    var placemarkCount = 0
    let written = writeThrough(reader, [kmlWriter, geoJSONWriter]) { if !KMLWriter.carriesNothing($0) { placemarkCount += 1 } }
    guard let count = written, count <= fuzzFeatureLimit else { return 0 }
    readBack(kmlSink.collectedBytes, expecting: placemarkCount) { bytes in
        KMLReader(path: "out.kml", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })
    }
    readBackGeoJSON(geoJSONSink.collectedBytes, count: count, layout: geoJSONOptions.layout)
    return 0
}
