import MapBridgeIO
import MapBridgeModel
import MapBridgeXML

/// Writes features as GPX 1.1, one at a time, valid against Topografix's schema.
///
///     let writer = GPXWriter(sink: sink) { print($0) }
///     try writer.begin(document)
///     try writer.write(feature)
///     try writer.finish(document)
///
/// | model | GPX |
/// |---|---|
/// | `annotation` | `wpt` (`ele` from the altitude) |
/// | `polyline`, `multiPolyline` | `trk` with one `trkseg` per line; a polyline whose `_gpxType` property is `rte` becomes a `rte` |
/// | `Polyline.times` | each `trkpt`'s `time` |
/// | `coordinateProperties` arrays | per point: `names` → `name`, `syms` → `sym`, … (GPX's own point elements), `heart`, `cads`, `atemps`, `wtemps`, `depths` (and KML tracks' `heartrate`, `cadence`) → Garmin `gpxtpx:TrackPointExtension`, others → `<mb:…>` in `<extensions>` |
/// | `polygon`, `multiPolygon` | a `trk` of the outer rings (reported: GPX has no areas; holes are left out) |
/// | `circle` | a `wpt` at the centre, radius in `<extensions>` (reported) |
/// | `multiPoint`, `collection` | a `wpt` per point, one `trk` for the lines and rings (reported) |
/// | `title`, `subtitle` | `name`, `desc` |
/// | `time` (an `xsd:dateTime` instant) | a waypoint's `time` |
/// | `style.marker.symbol` | `sym` |
/// | `strokeColor`, `strokeOpacity`, `strokeWidth` of a line | gpx_style `line` `color`, `opacity`, `width` (mm) in `<extensions>` |
/// | properties `cmt`, `src`, `type`, `links`, `number`, `fix`, `sat`, `hdop`, … (as the GPX reader names them) | those elements, when their values fit the schema |
/// | any other property, the id, address and visibility | an element in MapBridge's namespace in `<extensions>`: `<mb:key>` (or `<mb:property name="key">` for a key that is not an XML name), with `type="number"`, `"boolean"`, `"null"` or `"json"` for values that are not text |
///
/// GPX wants all waypoints before the routes and the routes before the tracks, but a stream
/// may bring them in any order: routes and tracks wait in temporary files (made when the
/// first one arrives) and follow the waypoints at `finish`. Memory stays flat.
///
/// What GPX cannot hold is reported once per kind: other style members, folders, features
/// without geometry, areas and circles (written as above), times that are not instants.
public final class GPXWriter: FeatureWriter {
    /// Output settings.
    public struct Options: Sendable {
        /// Decimal places for coordinates and elevations (0...15), or `nil` to keep each
        /// number's source text.
        public var precision: Int?
        /// Indent the output, one element per line.
        public var pretty = false
        /// Where routes and tracks wait for the waypoints to be written; `nil` for `TMPDIR`
        /// (else `/tmp`).
        public var temporaryDirectory: String?
        public init() {}
    }

    let sink: ByteSink
    let options: Options
    let report: DiagnosticHandler
    /// The document itself and its waypoints.
    var main: XMLOutput
    /// Routes, then tracks, until `finish`.
    var routes: (spool: SpoolFile, xml: XMLOutput)?
    var tracks: (spool: SpoolFile, xml: XMLOutput)?
    private var state = State.fresh
    private var document = DocumentInfo()
    /// The document as written in the header, once it is.
    private var headerDocument: DocumentInfo?
    /// Diagnostic codes reported so far: each kind once.
    private var reported: Set<String> = []
    /// The MapBridge extension element names features' properties have used so far, up to
    /// `GPXMapping.maximumPropertyElementNames` (see `writeExtensions`).
    var propertyElementNames: Set<String> = []

    private enum State { case fresh, begun, finished }

    /// Makes a writer that puts its bytes into `sink`; `report` receives what GPX cannot hold.
    public init(sink: ByteSink, options: Options = Options(), report: @escaping DiagnosticHandler = { _ in }) {
        self.sink = sink
        self.options = options
        self.report = report
        main = XMLOutput(sink: sink, pretty: options.pretty)
    }

    /// Starts the document. Nothing is written yet: the header waits for the first waypoint
    /// (or for `finish`) so that a name given late can still be written.
    public func begin(_ document: DocumentInfo) throws {
        guard state == .fresh else { return }
        state = .begun
        self.document = document
    }

    /// Writes one feature: waypoints at once, routes and tracks into their temporary files.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when writing fails.
    public func write(_ feature: Feature) throws {
        if state == .fresh { try begin(DocumentInfo()) }
        guard state == .begun else { return }
        guard let shape = feature.shape else {
            note("gpx-no-geometry", "GPX cannot hold a feature without geometry; such features are left out",
                 at: feature.location)
            return
        }
        if !feature.folderPath.isEmpty { note("gpx-folders", "GPX has no folders; folder paths are not written") }
        noteModelFields(feature)
        let parts = GPXShapeParts(shape)
        for message in parts.notes { note(message.code, message.text, at: feature.location) }
        for point in parts.points {
            try writeHeaderIfNeeded()
            try writeWaypoint(feature, at: point, radius: parts.radius)
        }
        if !parts.lines.isEmpty {
            let asRoute = parts.lines.count == 1 && parts.perPointValuesApply
                && feature.properties["_gpxType"] == .string("rte")
            try writeLine(feature, parts: parts, asRoute: asRoute)
        }
        try noteStrippedCharacters(at: feature.location)
    }

    /// Writes the header if no waypoint has, then the routes and tracks, and closes the document.
    public func finish(_ document: DocumentInfo) throws {
        if state == .fresh { try begin(document) }
        guard state == .begun else { return }
        state = .finished
        if let written = headerDocument {
            if written != document {
                note("gpx-document-late", "part of the document (its name, description or other members) arrived after the first waypoint, when the GPX metadata was already written; what came later is not written")
            }
        } else {
            self.document = document
            try writeHeaderIfNeeded()
        }
        for part in [routes, tracks] {
            guard let part else { continue }
            if try part.spool.copy(to: sink) > 0 { main.markHasChildren() }
            if part.xml.strippedCharacters { main.strippedCharacters = true }
        }
        routes = nil
        tracks = nil
        try noteStrippedCharacters(at: nil)
        try main.close("gpx", break: .around)
        try main.finishLine()
        try sink.flush()
    }

    // MARK: - Where lines wait

    /// The temporary output for routes or tracks, made on first use.
    func lineOutput(route: Bool) throws -> XMLOutput {
        if route, let routes { return routes.xml }
        if !route, let tracks { return tracks.xml }
        let spool = try SpoolFile(directory: options.temporaryDirectory,
                                  holding: route ? "the GPX routes" : "the GPX tracks")
        var xml = XMLOutput(sink: spool.sink, pretty: options.pretty)
        xml.depth = 1  // inside gpx
        if route { routes = (spool, xml) } else { tracks = (spool, xml) }
        return xml
    }

    /// Keeps the state of a line output after writing into it.
    func storeLineOutput(_ xml: XMLOutput, route: Bool) {
        if route { routes?.xml = xml } else { tracks?.xml = xml }
    }

    // MARK: - Diagnostics

    /// Reports what GPX cannot hold, once per kind.
    func note(_ code: String, _ message: @autoclosure () -> String, at location: SourceLocation? = nil) {
        guard reported.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: .warning, message: message(), location: location))
    }

    private func noteStrippedCharacters(at location: SourceLocation?) throws {
        let stripped = main.strippedCharacters || (routes?.xml.strippedCharacters ?? false)
            || (tracks?.xml.strippedCharacters ?? false)
        guard stripped else { return }
        main.strippedCharacters = false
        routes?.xml.strippedCharacters = false
        tracks?.xml.strippedCharacters = false
        note("xml-characters", "control characters that XML 1.0 cannot hold (other than tab and line breaks) were left out of the text",
             at: location)
    }

    private func noteModelFields(_ feature: Feature) {
        if let style = feature.style, GPXFeatureFields.hasUnwritableStyle(style, isLine: feature.shape.map(GPXShapeParts.isLineShape) ?? false) {
            note("gpx-style", "GPX holds a line's colour, opacity and width (gpx_style) and a waypoint's symbol; other style members (fills, marker colours, icons, labels) have no GPX element and are not written, except where properties such as simplestyle's hold them (those go into <extensions>)",
                 at: feature.location)
        }
        if case .instant(let t)? = feature.time, !GPXValues.isDateTime(t) {
            note("gpx-time", "the time '\(t)' is not a valid xsd:dateTime; GPX's <time> cannot hold it, so it is written in <extensions>",
                 at: feature.location)
        }
        if feature.highlightStyle != nil {
            note("gpx-highlight", "GPX has no highlight styles; they are not written", at: feature.location)
        }
        if let mode = feature.altitudeMode, mode != .absolute, mode != .clampToGround {
            note("gpx-altitude-mode", "GPX elevations are above sea level; altitudes meant \(mode.rawValue) are written as given",
                 at: feature.location)
        }
    }

    // MARK: - Document

    static let mapBridgePrefix: StaticString = "mb"
    static let garminPrefix: StaticString = "gpxtpx"
    static let stylePrefix: StaticString = "gpx_style"

    private func writeHeaderIfNeeded() throws {
        guard headerDocument == nil else { return }
        headerDocument = document
        try main.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        try main.raw("\n<gpx version=\"1.1\" creator=\"MapBridge\" xmlns=\"\(GPXMapping.gpx11Namespace)\"")
        try main.raw(" xmlns:\(Self.garminPrefix)=\"\(GPXMapping.garminTrackPointNamespace)\"")
        try main.raw(" xmlns:\(Self.stylePrefix)=\"\(GPXMapping.styleNamespace)\"")
        try main.raw(" xmlns:\(Self.mapBridgePrefix)=\"\(GPXMapping.mapBridgeNamespace)\">")
        main.depth = 1
        try writeMetadata(document)
    }
}
