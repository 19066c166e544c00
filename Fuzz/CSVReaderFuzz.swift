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
    var count = 0
    do {
        let document = try reader.open()
        try csvWriter.begin(document)
        try geoJSONWriter.begin(document)
        while let feature = try reader.next() {
            try csvWriter.write(feature)
            try geoJSONWriter.write(feature)
            count += 1
            if count > 10_000 { break }
        }
        try csvWriter.finish(reader.document)
        try geoJSONWriter.finish(reader.document)
    } catch {
        // A thrown error is a correct answer to bad input.
        return 0
    }
    if count <= 10_000 {
        let csv = csvSink.collectedBytes
        if !csv.isEmpty {
            var back = CSVReader.Options()
            back.delimiter = csvOptions.delimiter
            back.header = .present
            readBack(csv, expecting: nil) { CSVReader(source: ByteSource(bytes: $0, name: "out.csv"), options: back) }
        }
        // No features in a text sequence or in lines is no text at all, which reads as nothing.
        let geoJSON = geoJSONSink.collectedBytes
        if !(geoJSON.isEmpty && count == 0 && geoJSONOptions.layout != .collection) {
            readBack(geoJSON, expecting: count) { GeoJSONReader(source: ByteSource(bytes: $0, name: "out.geojson")) }
        }
    }
    return 0
}
