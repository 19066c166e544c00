// Checks the fuzz harnesses share (compiled into each target by Fuzz/run): what a writer wrote
// must read back, and what a report says is JSON must be JSON. A failed check traps with the
// reason and the output, so that libFuzzer keeps the input.

/// Reads a writer's output back; traps when the reader refuses it or, with `count` given, finds
/// another number of features.
func readBack(_ bytes: [UInt8], expecting count: Int?, _ makeReader: ([UInt8]) -> some FeatureReader) {
    var reader = makeReader(bytes)
    var found = 0
    do {
        _ = try reader.open()
        while try reader.next() != nil { found += 1 }
    } catch {
        fatalError("the written output does not read back: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
    }
    if let count, found != count {
        fatalError("the written output reads back as \(found) features, not \(count)\n\(String(decoding: bytes, as: UTF8.self))")
    }
}

/// Walks `bytes` with the project's tokenizer; traps unless they are exactly one JSON value.
func expectOneJSONValue(_ bytes: [UInt8], _ what: String) {
    var options = JSONTokenizer.Options()
    options.allowsMultipleValues = false
    options.detectsDuplicateKeys = false
    let tokenizer = JSONTokenizer(source: ByteSource(bytes: bytes, name: what), options: options)
    do {
        var values = 0
        while true {
            let token = try tokenizer.next()
            if token == .endOfInput { break }
            try tokenizer.skipValue(startingWith: token)
            values += 1
        }
        if values != 1 { fatalError("\(what) holds \(values) JSON values, not 1\n\(String(decoding: bytes, as: UTF8.self))") }
    } catch {
        fatalError("\(what) is not JSON: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
    }
}
