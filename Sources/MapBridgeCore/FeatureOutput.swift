#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel
import MapBridgeZip

/// Writes features to a file or standard output — for `Conversion` and for commands that make
/// features themselves: each feature goes through the `FeatureTransform` the options ask for
/// (densify, circles and the antimeridian for GeoJSON), the file appears only when the writing
/// succeeds, and KMZ is written as a KML spooled beside the target, then zipped as `doc.kml`.
///
///     let bytes = try FeatureOutput.write(to: "route.geojson", format: .geojson, report: { _ in }) { writer in
///         try writer.begin(DocumentInfo(name: "JFK → SIN"))
///         for f in features { try writer.write(f) }
///         try writer.finish(DocumentInfo(name: "JFK → SIN"))
///     }
public enum FeatureOutput {
    /// Opens a writer for `output` (`-` for standard output) in `format`, hands it to `body`,
    /// and puts the output in place when `body` returns.
    /// - Parameters:
    ///   - inputs: files being read, which the output must not overwrite.
    ///   - inputFormat: the format the features came from (KML output styles GeoJSON input's
    ///     features with simplestyle's defaults).
    ///   - attachments: files a KMZ output holds after `doc.kml` (an input KMZ's other files,
    ///     or the local files the features link to), read once `body` has returned.
    /// - Returns: the bytes written.
    /// - Throws: `.usage` for a format that cannot be written, KMZ to standard output or an
    ///   output that is one of `inputs`; `.outputUnavailable`; whatever `body` throws (the
    ///   output is then removed).
    @discardableResult
    public static func write(to output: String, format: Format, options: ConvertOptions = ConvertOptions(),
                             inputs: [String] = [], inputFormat: Format = .geojson, carrying attachments: KMZAttachments? = nil,
                             report: @escaping DiagnosticHandler,
                             _ body: (inout any FeatureWriter) throws -> Void) throws -> Int64
    {
        guard format.isWritable else {
            throw MapBridgeError(.usage, "writing \(format.rawValue.uppercased()) is not supported yet; writable formats: \(Format.writableNames)")
        }
        if output != "-", let input = inputs.first(where: { $0 != "-" && isSameFile($0, output) }) {
            throw MapBridgeError(.usage, "the output '\(output)' is the input file '\(input)'; write to another path")
        }
        if format == .kmz && output == "-" {
            throw MapBridgeError(.usage, "a KMZ archive cannot be written to standard output; name an output file")
        }
        // The KML waits beside the output (in TMPDIR for an output written in place).
        let kmlSpool: (path: String, descriptor: Int32)? = try format == .kmz
            ? makeTemporaryFile(beside: (ConvertOptions.folder(of: output) ?? ProcessEnvironment.temporaryDirectory) + "/doc.kml")
            : nil
        defer {
            if let kmlSpool {
                close(kmlSpool.descriptor)
                removeTemporaryFile(kmlSpool.path)
            }
        }
        let file: AtomicOutputFile? = output == "-" || kmlSpool != nil
            ? nil : try AtomicOutputFile(path: output, overwritesReadOnly: options.overwritesReadOnly)
        let sink = file?.sink ?? ByteSink(fileDescriptor: kmlSpool?.descriptor ?? 1, name: output == "-" ? "<stdout>" : output,
                                          rewindable: kmlSpool != nil)
        // With a second thread, the file's writes run beside the conversion.
        if options.usesSecondThread { file?.sink.writeBehind() }
        do {
            let base = try FeatureSources.writer(to: sink, format: format, options: options, output: output,
                                                 inputFormat: inputFormat, report: report)
            var writer: any FeatureWriter = TransformingWriter(
                base: base, transform: FeatureTransform(options: options, outputFormat: format, report: report))
            if let strict = options.strictMode { writer = StrictWriter(base: writer, strict: strict) }
            try body(&writer)
            try options.strictMode?.check()
            try sink.flush()
            try file?.commit()
            if let kmlSpool {
                let archive = try ZipArchiveWriter(path: output, overwritesReadOnly: options.overwritesReadOnly)
                try archive.addFile(at: kmlSpool.path, as: "doc.kml")
                try attachments?.add(to: archive, report: report)
                try archive.commit()
            }
            return sink.bytesWritten
        } catch {
            file?.abort()
            throw error
        }
    }
}
