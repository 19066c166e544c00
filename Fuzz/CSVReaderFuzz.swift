// libFuzzer entry point: any bytes read as CSV must end in features or a thrown error, never a
// trap; the features then go through the CSV and GeoJSON writers (into memory), which must not
// trap either. What the GeoJSON writer wrote must read back to as many features, and what the
// CSV writer wrote must read back (as CSV with the writer's delimiter and a header; see
// FuzzSupport.swift). Built by `Fuzz/run SECONDS csv` with the sources of the CSV reader and
// writer, the GeoJSON writer and the modules they use in one module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // The input's length picks the options, so that every combination gets its turn.
    var options = CSVReader.Options()
    options.onError = size % 2 == 0 ? .skip : .fail
    options.quotedFields = CSVReader.Options.QuotedFields.allCases[size % 3]
    options.header = CSVReader.Options.Header.allCases[(size / 3) % 3]
    options.maximumFieldBytes = 1024
    if size % 5 == 0 { options.delimiter = CSVDelimiter.sniffable[(size / 5) % 4] }
    if size % 7 == 0 { options.latitudeColumn = "2"; options.longitudeColumn = "1" }
    if size % 11 == 0 { options.wktColumn = "wkt" }
    if size % 13 == 0 { options.columns = ["a", "lat", "lon"] }
    var csvOptions = CSVWriter.Options()
    csvOptions.precision = size % 2 == 1 ? nil : size % 16
    csvOptions.lookAhead = 1 + size % 4
    csvOptions.delimiter = CSVDelimiter.sniffable[size % 4]
    csvOptions.lineEnding = size % 3 == 0 ? .crlf : .lf
    var geoJSONOptions = GeoJSONWriter.Options()
    geoJSONOptions.precision = size % 2 == 0 ? nil : size % 17
    geoJSONOptions.writesBoundingBoxes = size % 3 != 0
    geoJSONOptions.layout = GeoJSONWriter.Layout.allCases[size % GeoJSONWriter.Layout.allCases.count]

    let reader = CSVReader(source: ByteSource(bytes: bytes, name: "fuzz.csv"), options: options)
    let csvSink = ByteSink(collectingInMemoryNamed: "out.csv")
    let geoJSONSink = ByteSink(collectingInMemoryNamed: "out.geojson")
    let csvWriter = CSVWriter(sink: csvSink, options: csvOptions)
    let geoJSONWriter = GeoJSONWriter(sink: geoJSONSink, options: geoJSONOptions)
    let written = writeThrough(reader, [csvWriter, geoJSONWriter])
    guard let count = written, count <= fuzzFeatureLimit else { return 0 }
    let csv = csvSink.collectedBytes
    if !csv.isEmpty {
        var back = CSVReader.Options()
        back.delimiter = csvOptions.delimiter
        back.header = .present
        readBack(csv, expecting: nil) { CSVReader(source: ByteSource(bytes: $0, name: "out.csv"), options: back) }
    }
    readBackGeoJSON(geoJSONSink.collectedBytes, count: count, layout: geoJSONOptions.layout)
    return 0
}
