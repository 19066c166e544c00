// The round trip the reader harnesses (KML, CSV, GPX) share: the features through the
// format's own writer and the GeoJSON writer into memory, then both outputs read back
// (`readBack` in FuzzSupport.swift). Compiled into those targets by Fuzz/run.

/// The most features a harness writes; past it nothing is read back, so a run stays quick.
let fuzzFeatureLimit = 10_000

/// Reads `reader` to its end (or past `fuzzFeatureLimit`) through every one of `writers`,
/// calling `each` per feature; returns how many features went through, or `nil` when reading
/// or writing threw, which is a correct answer to bad input. The readers and writers are
/// classes, so their state is the caller's to look at afterwards.
func writeThrough(_ reader: some FeatureReader, _ writers: [any FeatureWriter],
                  each: (Feature) -> Void = { _ in }) -> Int? {
    var reader = reader
    var writers = writers
    var count = 0
    do {
        let document = try reader.open()
        for k in writers.indices { try writers[k].begin(document) }
        while let feature = try reader.next() {
            for k in writers.indices { try writers[k].write(feature) }
            each(feature)
            count += 1
            if count > fuzzFeatureLimit { break }
        }
        for k in writers.indices { try writers[k].finish(reader.document) }
    } catch {
        return nil
    }
    return count
}

/// Reads GeoJSON output back and traps unless it holds `count` features. A text sequence or
/// lines of no features are no text at all, which reads as nothing: that is accepted.
func readBackGeoJSON(_ bytes: [UInt8], count: Int, layout: GeoJSONWriter.Layout) {
    if bytes.isEmpty && count == 0 && layout != .collection { return }
    readBack(bytes, expecting: count) { GeoJSONReader(source: ByteSource(bytes: $0, name: "out.geojson")) }
}
