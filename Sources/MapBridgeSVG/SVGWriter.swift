import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// Writes features as an SVG picture for people to look at: lines and areas as paths,
/// points as circles, each feature a `<g>` with its properties as `data-` attributes and a
/// `<title>` that browsers show on hover.
///
///     let writer = SVGWriter(sink: sink, options: .init())
///     try writer.begin(document)
///     try writer.write(feature)
///     try writer.finish(document)
///
/// The view fits the data's box with a margin. Features go into a temporary file with
/// their geometry in world units while the box grows; `finish` writes the `<svg>` header
/// for the complete box and replays the body in pixels (see `SVGSpool.swift` for why).
/// Longitudes are unwrapped along each line, so a route across the Pacific is one curve.
///
/// - Complexity: O(n) in the size of the output; memory holds one feature at a time.
public final class SVGWriter: FeatureWriter {
    /// How the picture is drawn.
    public struct Options: Hashable, Sendable {
        /// Web Mercator (default) or plate carrée.
        public var projection: SVGProjection = .mercator
        /// Picture width in pixels, > 0.
        public var width: Double = 1000
        /// Picture height in pixels, > 0; `nil` takes the data's shape.
        public var height: Double?
        /// Whether to write each feature's title beside it.
        public var labels: Labels = .none
        /// The longest piece, metres, of geodesic lines when they are drawn (densified).
        public var geodesicStep: Double = 50_000
        /// Where the temporary body goes; `nil` for `TMPDIR`.
        public var temporaryDirectory: String?

        public init() {}
    }

    /// Which text is drawn beside the features.
    public enum Labels: String, CaseIterable, Hashable, Sendable {
        case none
        /// The feature's title (name).
        case name
    }

    let sink: ByteSink
    let options: Options
    let report: DiagnosticHandler
    var spool: SpoolFile?
    var xml: XMLOutput
    var box = SVGViewport.Box()
    var featureCount = 0
    var reported: Set<String> = []
    private var finished = false

    /// Makes a writer that puts its bytes into `sink`; `report` receives warnings.
    public init(sink: ByteSink, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) {
        self.sink = sink
        self.options = options
        self.report = report
        xml = XMLOutput(sink: sink, pretty: false)
    }

    /// Opens the temporary file for the body.
    /// - Throws: `.outputUnavailable` when it cannot be made.
    public func begin(_ document: DocumentInfo) throws {
        guard spool == nil, !finished else { return }
        let spool = try SpoolFile(directory: options.temporaryDirectory, holding: "the SVG body",
                                  remedy: "set TMPDIR to a writable folder")
        self.spool = spool
        xml.sink = spool.sink
    }

    /// Draws one feature into the body.
    /// - Throws: `.data` with the feature's location when a geodesic line or circle cannot
    ///   be drawn (a latitude outside [-90, 90], a radius out of range).
    public func write(_ feature: Feature) throws {
        if spool == nil { try begin(DocumentInfo()) }
        guard !finished else { return }
        featureCount += 1
        do {
            try writeFeature(feature, number: featureCount)
        } catch var error as MapBridgeError {
            if error.location == nil { error.location = feature.location }
            throw error
        }
        if xml.strippedCharacters {
            xml.strippedCharacters = false
            note("xml-characters", "control characters that XML 1.0 cannot hold were left out of the text", at: feature.location)
        }
    }

    /// Writes the header for the complete box, then the body in pixels, then the end.
    public func finish(_ document: DocumentInfo) throws {
        if spool == nil { try begin(document) }
        guard !finished, let spool else { return }
        finished = true
        self.spool = nil
        xml.sink = sink
        let view = SVGViewport(box: box, width: options.width, height: options.height, projection: options.projection)
        let w = SVGViewport.text(view.width), h = SVGViewport.text(view.height)
        try xml.raw(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n")
        try xml.raw(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)""#)
        try xml.raw(#" data-projection="\#(options.projection.rawValue)">"#)
        if let name = document.name { try xml.leaf("title", name) }
        if let description = document.description { try xml.leaf("desc", description) }
        try xml.raw("\n" + #"<rect width="\#(w)" height="\#(h)" fill="\#(Self.background)"/>"#)
        try xml.raw("\n" + #"<g stroke-linecap="round" stroke-linejoin="round" font-family="sans-serif" font-size="12">"#)
        var replay = SVGBodyReplay(viewport: view, output: sink)
        try spool.readBack { try replay.consume($0) }
        try xml.raw("\n</g>\n</svg>\n")
        try sink.flush()
    }

    /// Reports a kind of loss once.
    func note(_ code: String, _ message: String, at location: SourceLocation? = nil) {
        guard reported.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: .warning, message: message, location: location))
    }

    static let background = "#f5f3ee"
}
