import MapBridgeCSV
import MapBridgeGeoJSON
import MapBridgeGPX
import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import MapBridgeSVG

/// Opens readers and writers by format: the one place where formats are chosen.
public enum FeatureSources {
    /// A reader for `path` (`-` for standard input) in `format`.
    /// - Throws: `.usage` for a format that cannot be read yet, `.inputUnavailable` when the
    ///   input cannot be opened.
    ///
    /// With `options.threads` above 1, reading takes the second core, for a caller that does
    /// little with each feature (a summary, a scan for duplicates): GeoJSON is read as a
    /// conversion reads it (`chunkedGeoJSONReader`), and libxml2 parses KML, KMZ and GPX on a
    /// thread of its own while the caller's thread builds the features
    /// (`KMLReader.parsesOnOwnThread`, `GPXReader.parsesOnOwnThread`). The features and reports are the same, in the same
    /// order, as on one thread.
    public static func reader(for path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                              report: @escaping DiagnosticHandler) throws -> any FeatureReader
    {
        if options.usesSecondThread, format.isGeoJSON {
            return try chunkedGeoJSONReader(for: path, format: format, options: options, report: report)
        }
        return try reader(for: path, format: format, options: options, parserThread: options.usesSecondThread,
                          report: report)
    }

    /// `reader(for:format:options:report:)`, with `parserThread` saying whether a parser that
    /// can run on a thread of its own (KML's) does.
    private static func reader(for path: String, format: Format, options: ConvertOptions, parserThread: Bool,
                               report: @escaping DiagnosticHandler) throws -> any FeatureReader
    {
        let reader = try formatReader(for: path, format: format, options: options, parserThread: parserThread,
                                      report: report)
        return wrap(reader, format: format, titleProperty: options.titleProperty, report: report)
    }

    /// `reader` with what every reader of `format` gets: the check of coordinate ranges and the
    /// title from `titleProperty`.
    static func wrap(_ reader: any FeatureReader, format: Format, titleProperty: String?,
                     report: @escaping DiagnosticHandler) -> any FeatureReader
    {
        var reader = reader
        // CSV checks each coordinate field itself, naming its column.
        if format != .csv { reader = CoordinateRangeReader(base: reader, report: report) }
        guard let key = titleProperty else { return reader }
        return TitlePropertyReader(base: reader, key: key)
    }

    /// A reader for `path` like `reader(for:format:options:report:)`, for a caller that
    /// writes what it reads: with `options.threads` above 1 the input is parsed on a thread
    /// of its own (`ThreadedReader`; libxml2 on a third for KML, KMZ and GPX), or, for newline-delimited GeoJSON, GeoJSON text
    /// sequences and FeatureCollections (`CollectionProbingReader`), in chunks on
    /// `options.threads` threads at once (`ChunkedGeoJSONReader`);
    /// the features and reports reach the caller in the same order as on one thread.
    /// - Throws: what `reader(for:format:options:report:)` throws.
    public static func streamingReader(for path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                                       report: @escaping DiagnosticHandler) throws -> any FeatureReader
    {
        guard options.usesSecondThread else { return try reader(for: path, format: format, options: options, report: report) }
        if format.isGeoJSON {
            return try chunkedGeoJSONReader(for: path, format: format, options: options, report: report)
        }
        // KML, KMZ and GPX on three threads: libxml2 (`KMLReader.parsesOnOwnThread`,
        // `GPXReader.parsesOnOwnThread`), the builder and the writer. Two cores share them; what evens the load out is the room between
        // libxml2 and the builder (`XMLEventRecorder.queued`): converting 1,000,000 KML
        // places to GeoJSON took 9.3-10.2 s with the builder and libxml2 on one thread,
        // 7.7-8.1 s on three.
        return try ThreadedReader(report: report) { relay in
            try reader(for: path, format: format, options: options, parserThread: true, report: relay)
        }
    }

    /// GeoJSON read on `options.threads` threads: newline-delimited GeoJSON, GeoJSON text
    /// sequences and FeatureCollections large enough in chunks at once (`ChunkedGeoJSONReader`,
    /// `CollectionProbingReader`), any other GeoJSON on one thread of its own (chosen when it
    /// opens). Each piece's reader gets what `wrap` gives a reader (`PieceReader`).
    private static func chunkedGeoJSONReader(for path: String, format: Format, options: ConvertOptions,
                                             report: @escaping DiagnosticHandler) throws -> any FeatureReader
    {
        let settings = ChunkPipeline.Settings(reading: geoJSONOptions(options), titleProperty: options.titleProperty,
                                              workers: options.threads)
        if format == .geojson {
            return CollectionProbingReader(source: try ByteSource(path: path), settings: settings,
                                           chunkBytes: options.chunkBytes, report: report)
        }
        return try ChunkedGeoJSONReader(path: path, separator: format == .geojsonLines ? .newline : .recordSeparator,
                                        chunkBytes: options.chunkBytes, settings: settings, report: report)
    }

    private static func formatReader(for path: String, format: Format, options: ConvertOptions, parserThread: Bool,
                                     report: @escaping DiagnosticHandler) throws -> any FeatureReader
    {
        switch format {
        case .geojson, .geojsonSequence, .geojsonLines:
            return try GeoJSONReader(path: path, options: geoJSONOptions(options), report: report)
        case .kml:
            let reader = try KMLReader(path: path, readLimits: options.limits, report: report)
            reader.maximumSpoolBytes = options.maximumSpoolBytes
            reader.parsesOnOwnThread = parserThread
            return reader
        case .kmz:
            let reader = try KMLReader.kmz(path: path, readLimits: options.limits, report: report)
            reader.parsesOnOwnThread = parserThread
            return reader
        case .gpx:
            let reader = try GPXReader(path: path, limits: options.limits, report: report)
            reader.maximumSpoolBytes = options.maximumSpoolBytes
            reader.parsesOnOwnThread = parserThread
            return reader
        case .csv:
            var o = options.csvReading
            o.limits = options.limits
            if o.delimiter == nil, path.lowercased().hasSuffix(".tsv") { o.delimiter = .tab }
            return try CSVReader(path: path, options: o, report: report)
        default:
            throw MapBridgeError(.usage, "reading \(format.rawValue.uppercased()) is not supported yet; readable formats: \(Format.supportedNames)")
        }
    }

    /// How a conversion with `options` reads GeoJSON.
    static func geoJSONOptions(_ options: ConvertOptions) -> GeoJSONReader.Options {
        var o = GeoJSONReader.Options()
        o.maximumDepth = options.maximumDepth
        o.onError = options.geojsonOnError
        o.limits = options.limits
        return o
    }

    /// A writer in `format` that puts its bytes into `sink`.
    /// - Throws: `.usage` for a format that cannot be written yet.
    public static func writer(to sink: ByteSink, format: Format, options: ConvertOptions = ConvertOptions(),
                              output: String = "-", inputFormat: Format = .geojson,
                              report: @escaping DiagnosticHandler) throws -> any FeatureWriter
    {
        switch format {
        case .geojson:
            return GeoJSONWriter(sink: sink, options: options.geoJSONWriterOptions(layout: .collection), report: report)
        case .geojsonSequence:
            return GeoJSONWriter(sink: sink, options: options.geoJSONWriterOptions(layout: .textSequence), report: report)
        case .geojsonLines:
            return GeoJSONWriter(sink: sink, options: options.geoJSONWriterOptions(layout: .lines), report: report)
        case .gpx:
            return GPXWriter(sink: sink, options: options.gpxWriterOptions(output: output), report: report)
        case .csv:
            return CSVWriter(sink: sink, options: options.csvWriterOptions(output: output), report: report)
        case .kml, .kmz:
            return KMLWriter(sink: sink, options: options.kmlWriterOptions(output: output, inputFormat: inputFormat),
                             report: report)
        case .svg:
            let writer = SVGWriter(sink: sink, options: options.svgWriterOptions(output: output), report: report)
            if let path = options.svgBasemap {
                let format = options.svgBasemapFormat
                writer.basemap = { draw in
                    var reader = try FeatureSources.reader(for: path, format: format, options: options, report: report)
                    _ = try reader.open()
                    while let feature = try reader.next() { try draw(feature) }
                }
            }
            return writer
        }
    }
}

/// A reader whose features take their title from one property (`ConvertOptions.titleProperty`).
struct TitlePropertyReader: FeatureReader {
    var base: any FeatureReader
    let key: String

    mutating func open() throws -> DocumentInfo { try base.open() }

    mutating func next() throws -> Feature? {
        guard var feature = try base.next() else { return nil }
        Self.takeTitle(of: &feature, fromProperty: key)
        return feature
    }

    /// Gives `feature` the title its property `key` holds, taking the property out.
    static func takeTitle(of feature: inout Feature, fromProperty key: String) {
        feature.takeField(.title, fromProperty: key) { $0.title = $1 }
    }

    var document: DocumentInfo { base.document }
    var progress: (bytesRead: Int64, totalBytes: Int64?) { base.progress }
}
