import MapBridgeCore
import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// The reading layers above the floor: every JSON token, or every feature as `convert` reads it.
enum ReadWalk {
    /// `tokenize FILE`: walks every JSON token (numbers parsed, strings decoded); returns the
    /// token count and the sum of the numbers (so that nothing is optimised away).
    static func tokenize(_ source: ByteSource) throws -> (count: Int, checksum: Double) {
        let tokenizer = JSONTokenizer(source: source)
        var count = 0, checksum = 0.0
        while true {
            let token = try tokenizer.next()
            if token == .endOfInput { break }
            if token == .number { checksum += tokenizer.numberValue() }
            count += 1
        }
        return (count, checksum)
    }

    /// `read FILE [--threads N]`: reads every feature into the model through the reader
    /// `info` uses for the file's format (GeoJSON, KML, CSV, GPX …), on `threads` threads
    /// (`nil`: the cores; on two, a FeatureCollection's chunks are parsed at once and KML's
    /// libxml2 has a thread of its own; 1: one thread does all); returns the feature count
    /// and the sum of their property counts. Diagnostics are dropped.
    static func read(_ path: String, threads: Int? = nil) throws -> (count: Int, checksum: Double) {
        guard let format = Format(path: path), format.isReadable else {
            throw MapBridgeError(.usage, "cannot tell a readable format from '\(path)'; readable: \(Format.supportedNames)")
        }
        var options = ConvertOptions()
        if let threads { options.threads = threads }
        var reader = try FeatureSources.reader(for: path, format: format, options: options, report: { _ in })
        return try walk(&reader)
    }

    /// Takes every feature of `reader` as a conversion takes them: the reader as its own type
    /// (the existential opened once, not projected for each feature), each feature lent
    /// (`lendNext(to:)`), not returned.
    private static func walk<Reader: FeatureReader>(_ reader: inout Reader) throws -> (count: Int, checksum: Double) {
        var count = 0, checksum = 0.0
        while try reader.lendNext(to: { feature in checksum += Double(feature.properties.count) }) {
            count += 1
        }
        return (count, checksum)
    }
}
