#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
/// The view fits the data's box with a margin (the narrowest box: across the antimeridian
/// when that is narrower), or shows `Options.bbox`; the globe turns to face the data's
/// centre or `Options.center`. Features go into a temporary file with their geometry as
/// longitudes and latitudes while the box grows; `finish` writes the `<svg>` header for the
/// complete box and replays the body in pixels (see `SVGSpool.swift` for why), leaving out
/// what the view does not show. Longitudes are unwrapped along each line, so a route across
/// the Pacific is one curve. A basemap (`basemap`) is drawn underneath in muted colours.
///
/// - Complexity: O(n) in the size of the output; memory holds one feature at a time.
public final class SVGWriter: FeatureWriter {
    /// How the picture is drawn.
    public struct Options: Hashable, Sendable {
        /// Web Mercator (default), plate carrée or the orthographic globe.
        public var projection: SVGProjection = .mercator
        /// The globe's centre (orthographic only); `nil` for the centre of `bbox`, else the
        /// centre of the data: the mean direction of its points from the earth's centre, or
        /// the middle of its box when they spread round the globe.
        public var center: Coordinate?
        /// The area to show instead of fitting the data, degrees (west > east runs across
        /// the antimeridian); shown without a margin. What lies outside it is left out.
        public var bbox: BoundingBox?
        /// Whether to draw a scale bar in the lower left corner (see `SVGScaleBar`).
        public var scaleBar = true
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
    /// What the data covers; what the basemap covers (fits the view only without data).
    var extent = SVGExtent()
    var basemapExtent = SVGExtent()
    /// The sums of the data's and the basemap's point directions (x, y, z on the unit
    /// sphere) and their counts: the globe's default centre is their mean.
    var directions = (0.0, 0.0, 0.0, 0.0)
    var basemapDirections = (0.0, 0.0, 0.0, 0.0)
    /// Whether the feature being spooled is from the basemap.
    var drawingBasemap = false
    var featureCount = 0
    /// Feeds the basemap's features to the closure it is given, once, from `begin`: the
    /// areas, lines and points drawn underneath the data in muted land colours, their own
    /// styles ignored. The basemap fits the view only when there is no data.
    public var basemap: ((_ draw: (Feature) throws -> Void) throws -> Void)?
    private var hasBasemap = false
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
        if let basemap {
            hasBasemap = true
            drawingBasemap = true
            defer { drawingBasemap = false }
            try xml.raw("\n<g id=\"basemap\" fill=\"\(Self.landColour)\" stroke=\"\(Self.borderColour)\" stroke-width=\".6\">")
            var number = 0
            try basemap { feature in
                number += 1
                try writeBasemapFeature(feature, number: number)
            }
            try xml.raw("\n</g>")
        }
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
        let (view, globe) = settleView()
        let w = SVGViewport.text(view.width), h = SVGViewport.text(view.height)
        try xml.raw(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n")
        try xml.raw(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)""#)
        try xml.raw(#" data-projection="\#(options.projection.rawValue)""#)
        if let globe {
            try xml.raw(" data-center=\"\(SVGWriter.degrees(globe.centreLatitude)),\(SVGWriter.degrees(globe.centreLongitude))\"")
        }
        try xml.raw(">")
        if let name = document.name { try xml.leaf("title", name) }
        if let description = document.description { try xml.leaf("desc", description) }
        let background = hasBasemap ? Self.seaColour : Self.background
        var disc = ""
        if globe != nil {
            let c = view.tenths(x: 0, y: 0), r = Int((view.scale * 10).rounded())
            disc = #" cx="\#(SVGViewport.text(tenths: c.x))" cy="\#(SVGViewport.text(tenths: c.y))" r="\#(SVGViewport.text(tenths: r))""#
            try xml.raw("\n" + ##"<rect width="\##(w)" height="\##(h)" fill="#ffffff"/>"##)
            try xml.raw("\n" + #"<circle id="globe"\#(disc) fill="\#(background)"/>"#)
        } else {
            try xml.raw("\n" + #"<rect width="\#(w)" height="\#(h)" fill="\#(background)"/>"#)
        }
        try xml.raw("\n" + #"<g stroke-linecap="round" stroke-linejoin="round" font-family="sans-serif" font-size="12">"#)
        let renderer = SVGRenderer(projection: options.projection, viewport: view, globe: globe)
        var replay = SVGBodyReplay(renderer: renderer, output: sink)
        try spool.readBack { try replay.consume($0) }
        try xml.raw("\n</g>")
        if globe != nil {
            try xml.raw("\n" + ##"<circle id="horizon"\##(disc) fill="none" stroke="#8a949c" stroke-width="1"/>"##)
        }
        if options.scaleBar { try xml.raw(SVGScaleBar.svg(projection: options.projection, viewport: view)) }
        try xml.raw("\n</svg>\n")
        try sink.flush()
    }

    /// The view for everything seen: `bbox` when given, else the data's box (the basemap's
    /// when there is no data, the world when there is nothing), with the globe for the
    /// orthographic projection.
    func settleView() -> (SVGViewport, SVGGlobe?) {
        let covered = extent.isEmpty ? basemapExtent : extent
        // The area to show as west, east (unwrapped, ≥ west), south, north.
        var area: (west: Double, east: Double, south: Double, north: Double)?
        if let b = options.bbox {
            area = (b.west, b.east < b.west ? b.east + 360 : b.east, min(b.south, b.north), max(b.south, b.north))
        } else if let arc = covered.arc {
            area = (arc.west, arc.west + arc.span, covered.south, covered.north)
        }
        if options.projection == .orthographic {
            let centre = options.center
                ?? (options.bbox == nil ? meanDirection() : nil)
                ?? area.map { Coordinate(longitude: ($0.west + $0.east) / 2, latitude: ($0.south + $0.north) / 2) }
                ?? Coordinate(longitude: 0, latitude: 0)
            let globe = SVGGlobe(centre: centre)
            var box = SVGViewport.Box()
            if let b = options.bbox, let area {
                // The bbox's outline and inside, as far as they face the viewer.
                for i in 0...32 {
                    for j in 0...32 {
                        let p = globe.point(longitude: area.west + (area.east - area.west) * Double(i) / 32,
                                            latitude: b.south + (b.north - b.south) * Double(j) / 32)
                        if p.isVisible { box.extend(x: p.east, y: -p.north) }
                    }
                }
            }
            if !box.isEmpty {
                return (SVGViewport(box: box, width: options.width, height: options.height, marginShare: 0), globe)
            }
            let disc = SVGViewport.Box(minX: -1, minY: -1, maxX: 1, maxY: 1)
            return (SVGViewport(box: disc, width: options.width, height: options.height), globe)
        }
        var box = SVGViewport.Box()
        if let area {
            let a = options.projection.project(longitude: area.west, latitude: area.north)
            let b = options.projection.project(longitude: area.east, latitude: area.south)
            box.extend(x: a.x, y: a.y)
            box.extend(x: b.x, y: b.y)
        }
        return (SVGViewport(box: box, width: options.width, height: options.height, projection: options.projection,
                            marginShare: options.bbox == nil ? SVGViewport.marginShare : 0), nil)
    }

    /// The mean direction of the data's points (the basemap's when there is no data) as a
    /// coordinate, or `nil` when they spread round the globe too evenly to have one.
    func meanDirection() -> Coordinate? {
        let d = directions.3 > 0 ? directions : basemapDirections
        guard d.3 > 0 else { return nil }
        let length = (d.0 * d.0 + d.1 * d.1 + d.2 * d.2).squareRoot()
        guard length > 0.1 * d.3 else { return nil }
        let lat = asin(min(max(d.2 / length, -1), 1)) * 180 / .pi
        let lon = atan2(d.1, d.0) * 180 / .pi
        return Coordinate(longitude: lon, latitude: lat)
    }

    /// Degrees as short text for attributes: at most 6 decimals (about 10 cm).
    static func degrees(_ value: Double) -> String {
        SVGViewport.text(value.isFinite ? Int((value * 1_000_000).rounded()) : 0, decimals: 6)
    }

    /// Reports a kind of loss once.
    func note(_ code: String, _ message: @autoclosure () -> String, at location: SourceLocation? = nil) {
        guard reported.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: .warning, message: message(), location: location))
    }

    /// The picture's background without a basemap.
    static let background = "#f5f3ee"
    /// The sea behind a basemap, and the basemap's land and borders.
    static let seaColour = "#dce8ee"
    static let landColour = "#f4f1e8"
    static let borderColour = "#c4bcaa"
}
