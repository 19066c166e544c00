// libFuzzer entry point: any bytes fed to the GeoJSON reader and writer must end in features or
// a thrown error, never a trap. Built by Fuzz/run with the reader's sources in one module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = GeoJSONReader.Options()
    options.maximumDepth = 64
    // Both answers to an object that cannot be read: stop, or leave it out and go on.
    options.onError = size % 2 == 0 ? .skip : .fail
    let reader = GeoJSONReader(source: ByteSource(bytes: bytes, name: "fuzz"), options: options)
    let sink = ByteSink(collectingInMemoryNamed: "out")
    var writerOptions = GeoJSONWriter.Options()
    writerOptions.precision = size % 2 == 0 ? nil : size % 16
    writerOptions.writesBoundingBoxes = size % 3 == 0
    let writer = GeoJSONWriter(sink: sink, options: writerOptions)
    do {
        try writer.begin(try reader.open())
        var count = 0
        while let feature = try reader.next() {
            try writer.write(feature)
            count += 1
            if count > 10_000 { break }
        }
        try writer.finish(reader.document)
    } catch {
        // A thrown error is a correct answer to bad input.
    }
    return 0
}
