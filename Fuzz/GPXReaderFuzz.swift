// libFuzzer entry point: any bytes read as GPX must end in features or a thrown error, never a
// trap; the features then go through the GPX and GeoJSON writers (into memory), which must not
// trap either. What the GeoJSON writer wrote must read back to as many features, and what the
// GPX writer wrote must read back as GPX (its count differs by design: features without
// geometry are left out, multi-points become several waypoints; see FuzzSupport.swift). Built
// by `Fuzz/run SECONDS gpx` with the sources of the GPX reader and writer, the GeoJSON writer
// and the modules they use in one module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPX(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader = GPXReader(path: "fuzz.gpx", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })

    // The input's length picks the writers' options, so that every layout gets its turn.
    var gpxOptions = GPXWriter.Options()
    gpxOptions.precision = size % 2 == 0 ? nil : size % 16
    gpxOptions.pretty = size % 3 == 0
    var geoJSONOptions = GeoJSONWriter.Options()
    geoJSONOptions.precision = size % 2 == 1 ? nil : size % 17
    geoJSONOptions.writesBoundingBoxes = size % 3 != 0
    geoJSONOptions.keepsWinding = size % 4 < 2
    geoJSONOptions.layout = GeoJSONWriter.Layout.allCases[size % GeoJSONWriter.Layout.allCases.count]

    let gpxSink = ByteSink(collectingInMemoryNamed: "out.gpx")
    let geoJSONSink = ByteSink(collectingInMemoryNamed: "out.geojson")
    let gpxWriter = GPXWriter(sink: gpxSink, options: gpxOptions)
    let geoJSONWriter = GeoJSONWriter(sink: geoJSONSink, options: geoJSONOptions)
    let written = writeThrough(reader, [gpxWriter, geoJSONWriter])
    guard let count = written, count <= fuzzFeatureLimit else { return 0 }
    readBack(gpxSink.collectedBytes, expecting: nil) { bytes in
        GPXReader(path: "out.gpx", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })
    }
    readBackGeoJSON(geoJSONSink.collectedBytes, count: count, layout: geoJSONOptions.layout)
    return 0
}
