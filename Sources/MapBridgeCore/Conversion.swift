import MapBridgeIO
import MapBridgeModel

/// One conversion from an input file to an output file, streamed feature by feature.
///
///     let conversion = Conversion(input: "in.geojson", inputFormat: .geojson,
///                                 output: "out.geojson", outputFormat: .geojson)
///     let result = try conversion.run(report: { print($0) })
///
/// The output appears only when the conversion succeeds (written to a temporary file and
/// renamed); the input is never overwritten by its own output.
public struct Conversion: Sendable {
    public var input: String
    public var inputFormat: Format
    /// The output path, or `-` for standard output.
    public var output: String
    public var outputFormat: Format
    public var options: ConvertOptions

    public init(input: String, inputFormat: Format, output: String, outputFormat: Format,
                options: ConvertOptions = ConvertOptions())
    {
        self.input = input
        self.inputFormat = inputFormat
        self.output = output
        self.outputFormat = outputFormat
        self.options = options
    }

    /// What a finished conversion did.
    public struct Result: Sendable {
        public var features: Int
        public var bytesRead: Int64
        public var bytesWritten: Int64
    }

    /// Progress so far, handed to the progress callback after each feature.
    public struct Progress: Sendable {
        public var features: Int
        public var bytesRead: Int64
        public var totalBytes: Int64?
    }

    /// Runs the conversion.
    /// - Parameters:
    ///   - report: receives warnings from the reader and writer.
    ///   - progress: called after each feature (cheap; throttle printing yourself).
    /// - Throws: `MapBridgeError`: `.data` for malformed input, `.inputUnavailable`,
    ///   `.outputUnavailable`, `.usage` for an unsupported format or output onto input.
    public func run(report: @escaping DiagnosticHandler, progress: (Progress) -> Void = { _ in }) throws -> Result {
        guard inputFormat.isReadable else {
            throw MapBridgeError(.usage, "reading \(inputFormat.rawValue.uppercased()) is not supported yet; readable formats: \(Format.supportedNames)")
        }
        if input != "-" && output != "-" && isSameFile(input, output) {
            throw MapBridgeError(.usage, "the output '\(output)' is the input file; write to another path")
        }
        guard outputFormat.isWritable else {
            throw MapBridgeError(.usage, "writing \(outputFormat.rawValue.uppercased()) is not supported yet; writable formats: \(Format.writableNames)")
        }
        if outputFormat == .kmz && output == "-" {
            throw MapBridgeError(.usage, "a KMZ archive cannot be written to standard output; name an output file")
        }
        // The input opens first: a missing input fails before any output exists.
        var reader = try FeatureSources.streamingReader(for: input, format: inputFormat, options: options, report: report)
        // A KMZ's images and models go into a KMZ output; any other output says it leaves them.
        // A KMZ made from another file takes the local files its features link to.
        var attachments: KMZAttachments?
        if inputFormat == .kmz {
            let found = try KMZResources(kmz: input, report: report)
            if outputFormat == .kmz { attachments = KMZAttachments(resources: found) } else { found.reportLeftBehind(format: outputFormat, report: report) }
        } else if outputFormat == .kmz && input != "-" {
            attachments = KMZAttachments(linkedFrom: input)
        }
        var count = 0
        let bytes = try FeatureOutput.write(to: output, format: outputFormat, options: options, inputs: [input],
                                            inputFormat: inputFormat, carrying: attachments, report: report) { writer in
            count = try Self.copy(from: &reader, to: &writer, attachments: &attachments, progress: progress)
        }
        return Result(features: count, bytesRead: reader.progress.bytesRead, bytesWritten: bytes)
    }

    /// Writes every feature `reader` gives to `writer`, between `begin` and `finish`, each
    /// where the reader lends it from (`lendNext(to:)`): returned, it was copied out through
    /// every layer of readers.
    /// - Returns: how many features there were.
    ///
    /// The reader and writer are taken as their own types (the caller's existentials opened
    /// once): read through the existential, asking the reader's progress after each feature
    /// copied the whole reader each time.
    private static func copy<Reader: FeatureReader, Writer: FeatureWriter>(from reader: inout Reader, to writer: inout Writer,
                                                    attachments: inout KMZAttachments?,
                                                    progress: (Progress) -> Void) throws -> Int
    {
        var count = 0
        try writer.begin(try reader.open())
        while try reader.lendNext(to: { feature in
            attachments?.collect(from: feature)
            try writer.write(feature)
        }) {
            count += 1
            let p = reader.progress
            progress(Progress(features: count, bytesRead: p.bytesRead, totalBytes: p.totalBytes))
        }
        try writer.finish(reader.document)
        return count
    }
}
