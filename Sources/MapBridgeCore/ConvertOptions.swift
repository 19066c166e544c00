import MapBridgeCSV
import MapBridgeGeoJSON
import MapBridgeGeodesy
import MapBridgeGPX
import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import MapBridgeSVG

/// Everything `convert` can be asked to do besides choosing formats.
public struct ConvertOptions: Sendable {
    /// Decimal places for coordinates (0...15), or `nil` to keep the input's number text.
    public var precision: Int?
    /// Indent the output over many lines.
    public var pretty = false
    /// Add bounding boxes.
    public var writesBoundingBoxes = false
    /// Keep the input's ring orientation (the default: a conversion does not reorder the data it
    /// carries, and RFC 7946 §3.1.6 asks parsers to accept either orientation); `false` turns GeoJSON
    /// rings to the right-hand rule (outer rings counter-clockwise, holes clockwise).
    public var keepsWinding = true
    /// Deepest JSON nesting accepted.
    public var maximumDepth = 512
    /// How large one feature, CSV row, coordinate tuple or XML text may grow while reading
    /// (`--max-feature-bytes`, `--max-vertices`, `--max-keys`, `--max-point-names`, `--huge-xml`).
    public var limits = ReadLimits()
    /// GeoJSON input: what to do with a feature or top-level object that is well-formed JSON but
    /// not GeoJSON MapBridge can read (unknown or missing `type`, a GeometryCollection without
    /// `geometries` …). Default: leave it out and report it, as GeoJSON consumers commonly do;
    /// `--on-error fail` stops instead. (CSV's `csvReading.onError` defaults to `.fail`: a
    /// malformed CSV row usually means the layout was misread, so going on helps nobody.)
    public var geojsonOnError: GeoJSONReader.Options.OnError = .skip
    /// The property every feature read takes its title from, whatever the format names it
    /// (`nil`: the format's own title, such as KML's `<name>` or GeoJSON's `name`). A feature
    /// without a string or number under the key keeps the format's title.
    public var titleProperty: String?
    /// Strict mode, when set: the first warning fails the writing and no output appears (see
    /// `StrictMode`; the reports must go through its `watching(_:)`).
    public var strictMode: StrictMode?
    /// KML output: shared styles in the document header, or a style inside each placemark.
    public var kmlStyles: KMLWriter.StyleLayout = .shared
    /// KML output: properties as typed Schema data, or as plain text Data.
    public var kmlPropertyTypes: KMLWriter.PropertyTypes = .schema
    /// KML output: give unset line and area styles GeoJSON viewers' defaults; `nil` means
    /// "when the input is GeoJSON".
    public var simplestyleDefaults: Bool?
    /// CSV input: delimiter, header, columns, coordinate columns, what to do with bad rows.
    public var csvReading = CSVReader.Options()
    /// CSV output: geometry layout, columns, delimiter.
    public var csvWriting = CSVWriter.Options()
    /// Add points along geodesics before writing (`--max-segment`, `--max-error`,
    /// `--only-geodesic`); `nil` leaves lines as they are, geodesic ones too (unlike a
    /// `GeoJSONWriter` used directly, whose `ShapeRules.geodesicLines` densifies them by default).
    public var densify: Densification?
    /// GeoJSON output: cut lines and areas that cross the antimeridian into parts that end on
    /// it (RFC 7946 §3.1.9). Default: on; `--no-antimeridian-cut` keeps lines as given.
    public var cutsAtAntimeridian = true
    /// Replace an existing output file even when it is read-only (`--force`); by default that
    /// is refused, as `cp` refuses it.
    public var overwritesReadOnly = false
    /// The most bytes of standard input spooled to a temporary file, for readers that pass over
    /// their input more than once (KML, GPX, dedupe): `--max-spool`, default 4 GiB.
    public var maximumSpoolBytes = StandardInputSpool.defaultMaximumBytes
    /// Threads a conversion uses (`--threads`, 1...`maximumThreads`): with 2, the input is
    /// parsed on one thread while the features are transformed and written on the caller's
    /// (see `ThreadedReader`); newline-delimited GeoJSON and GeoJSON text sequences are cut
    /// into chunks that 2 threads parse at once while the caller's writes
    /// (`ChunkedGeoJSONReader`); with 1, everything happens on the caller's thread. The output
    /// and the order of the reports are the same either way. Default: the cores this process
    /// may run on, at most 2.
    public var threads = ConvertOptions.defaultThreads
    /// The most threads a conversion can use to advantage: one parsing, one writing.
    public static let maximumThreads = 2
    /// Whether a conversion uses threads besides the caller's (`threads` above 1): the one
    /// rule that every threaded part follows — a reader parsing on a thread of its own
    /// (`ThreadedReader`) or in chunks (`ChunkedGeoJSONReader`), libxml2 on one thread
    /// while another builds the features (`KMLReader.parsesOnOwnThread`, `GPXReader.parsesOnOwnThread`), the output
    /// written behind (`ByteSink.writeBehind`); `--threads 1` turns them all off.
    public var usesSecondThread: Bool { threads > 1 }
    /// Newline-delimited GeoJSON, GeoJSON text sequences and FeatureCollections read on more
    /// than one thread: the bytes of input in one chunk, ≥ 1 (a chunk ends at the first record
    /// boundary, or `,` between two features of a collection, past them);
    /// default 1 MiB. Smaller chunks spread small inputs over the threads (and let tests cut
    /// an input into many chunks); the output is the same whatever the size.
    public var chunkBytes = 1 << 20
    /// The cores this process may run on (its CPU affinity, as `taskset` sets it), at most
    /// `maximumThreads`.
    public static var defaultThreads: Int { min(max(availableCores, 1), maximumThreads) }

    /// SVG output: projection, picture size in pixels, labels.
    public var svg = SVGWriter.Options()
    /// SVG output: a file whose features are drawn underneath, in muted land colours
    /// (`--basemap`), read in `svgBasemapFormat`; `nil` for none.
    public var svgBasemap: String?
    /// The basemap's format (any readable one).
    public var svgBasemapFormat: Format = .geojson

    public init() {}

    func svgWriterOptions(output: String) -> SVGWriter.Options {
        var o = svg
        if o.temporaryDirectory == nil { o.temporaryDirectory = ConvertOptions.folder(of: output) }
        return o
    }

    func gpxWriterOptions(output: String) -> GPXWriter.Options {
        var o = GPXWriter.Options()
        o.precision = precision
        o.pretty = pretty
        o.temporaryDirectory = ConvertOptions.folder(of: output)
        return o
    }

    /// The folder of an output path, for temporary files beside it; nil (`TMPDIR`) for
    /// standard output and for an output written in place (a FIFO, `/dev/null`, `/dev/stdout`).
    static func folder(of output: String) -> String? {
        guard output != "-" else { return nil }
        if (try? OutputTarget(path: output, overwritesReadOnly: true))?.isInPlace == true { return nil }
        return output.lastIndex(of: "/").map { String(output[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? "."
    }

    func csvWriterOptions(output: String) -> CSVWriter.Options {
        var o = csvWriting
        o.precision = precision
        if output.lowercased().hasSuffix(".tsv") { o.delimiter = .tab }
        if o.temporaryDirectory == nil { o.temporaryDirectory = ConvertOptions.folder(of: output) }
        return o
    }

    func kmlWriterOptions(output: String, inputFormat: Format) -> KMLWriter.Options {
        var o = KMLWriter.Options()
        o.precision = precision
        o.pretty = pretty
        o.styles = kmlStyles
        o.propertyTypes = kmlPropertyTypes
        o.appliesSimplestyleDefaults = simplestyleDefaults ?? inputFormat.isGeoJSON
        // Placemarks wait beside the output, not in a TMPDIR that may be memory.
        o.temporaryDirectory = ConvertOptions.folder(of: output)
        return o
    }

    func geoJSONWriterOptions(layout: GeoJSONWriter.Layout) -> GeoJSONWriter.Options {
        var o = GeoJSONWriter.Options()
        o.layout = layout
        o.precision = precision
        o.pretty = pretty
        o.writesBoundingBoxes = writesBoundingBoxes
        o.keepsWinding = keepsWinding
        // Circles and the antimeridian as the writer's faithful defaults; geodesic lines are
        // densified by `densify` alone (before the writer), so a conversion without it keeps
        // their vertices, as it always has.
        o.shapes.circleOutlineError = FeatureTransform.circleOutlineError
        o.shapes.cutsAtAntimeridian = cutsAtAntimeridian
        o.shapes.geodesicLines = nil
        return o
    }
}
