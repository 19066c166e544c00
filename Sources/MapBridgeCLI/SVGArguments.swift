import MapBridgeCore
import MapBridgeModel
import MapBridgeSVG

/// Options for SVG output.
let svgOptions = [
    OptionSpec(name: "--projection", value: "mercator|equirectangular|orthographic",
               help: "SVG output: Web Mercator (default; latitudes clipped at ±85.05°), plate carrée, or a globe"),
    OptionSpec(name: "--center", value: "LAT,LON", help: "SVG output, orthographic: the point the globe faces, degrees (default: the centre of --view-bbox or of the data)"),
    OptionSpec(name: "--view-bbox", value: "W,S,E,N", help: "SVG output: show this area (degrees; W > E crosses the antimeridian) instead of fitting the data"),
    OptionSpec(name: "--basemap", value: "FILE", help: "SVG output: draw this file's areas and lines underneath in muted land colours (any readable format)"),
    OptionSpec(name: "--basemap-format", value: "FORMAT", help: "SVG output: the basemap's format, when its extension does not say"),
    OptionSpec(name: "--no-scale-bar", value: nil, help: "SVG output: leave out the scale bar (drawn by default, lower left)"),
    OptionSpec(name: "--width", value: "PX", help: "SVG output: picture width in pixels (1-100000; default 1000)"),
    OptionSpec(name: "--height", value: "PX", help: "SVG output: picture height in pixels (1-100000; default: from the data's shape)"),
    OptionSpec(name: "--labels", value: "name", help: "SVG output: write each feature's name beside it"),
]

/// Applies the SVG flags to `options`.
/// - Throws: `.usage` for a value out of range or unknown.
func applySVGArguments(_ args: ParsedArguments, to options: inout ConvertOptions) throws {
    if let v = args.value("--projection") {
        guard let projection = SVGProjection(rawValue: v.lowercased()) else {
            throw MapBridgeError(.usage, "--projection expects mercator, equirectangular or orthographic, got '\(v)'")
        }
        options.svg.projection = projection
    }
    if let v = args.value("--center") {
        guard options.svg.projection == .orthographic else {
            throw MapBridgeError(.usage, "--center turns the globe; use it with --projection orthographic")
        }
        guard case .coordinate(let c) = try RouteEndpoint(v) else {
            throw MapBridgeError(.usage, "--center expects lat,lon in degrees, such as 40.64,-73.78, got '\(v)'")
        }
        options.svg.center = Coordinate(longitude: c.longitude, latitude: c.latitude)
    }
    if let v = args.value("--view-bbox") ?? args.value("--bbox") { options.svg.bbox = try parseSVGBoundingBox(v) }
    if let path = args.value("--basemap") {
        options.svgBasemap = path
        options.svgBasemapFormat = try resolveFormat(args.value("--basemap-format"), path: path, role: "basemap",
                                                     flag: "--basemap-format")
        guard options.svgBasemapFormat.isReadable else {
            throw MapBridgeError(.usage, "the basemap cannot be read as \(options.svgBasemapFormat.rawValue.uppercased()); readable formats: \(Format.supportedNames)")
        }
    }
    if args.has("--no-scale-bar") { options.svg.scaleBar = false }
    if let width = try args.integer("--width", in: 1...100_000) { options.svg.width = Double(width) }
    if let height = try args.integer("--height", in: 1...100_000) { options.svg.height = Double(height) }
    if let v = args.value("--labels") {
        guard let labels = SVGWriter.Labels(rawValue: v.lowercased()) else {
            throw MapBridgeError(.usage, "--labels expects name or none, got '\(v)'")
        }
        options.svg.labels = labels
    }
}

/// `west,south,east,north` in degrees as a box: longitudes in [-180, 180] (west > east runs
/// across the antimeridian), latitudes in [-90, 90] with south < north, west ≠ east.
/// - Throws: `.usage` naming what is wrong.
func parseSVGBoundingBox(_ text: String) throws -> BoundingBox {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
    let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
    guard parts.count == 4, numbers.count == 4 else {
        throw MapBridgeError(.usage, "--view-bbox expects west,south,east,north in degrees, such as -10,35,30,60, got '\(text)'")
    }
    let (west, south, east, north) = (numbers[0], numbers[1], numbers[2], numbers[3])
    guard (-180...180).contains(west), (-180...180).contains(east) else {
        throw MapBridgeError(.usage, "--view-bbox: longitudes must lie in [-180, 180], got '\(text)'")
    }
    guard (-90...90).contains(south), (-90...90).contains(north), south < north else {
        throw MapBridgeError(.usage, "--view-bbox: latitudes must lie in [-90, 90] with south below north, got '\(text)'")
    }
    guard west != east else {
        throw MapBridgeError(.usage, "--view-bbox: west and east are the same longitude; the box has no width")
    }
    var box = BoundingBox(Coordinate(longitude: west, latitude: south))
    box.east = east
    box.north = north
    return box
}

/// Whether `text` reads as `west,south,east,north`: four comma-separated numbers (so that
/// `--bbox -10,35,30,60` is a view box, and `--bbox out.svg` a flag and a path).
@Sendable
func looksLikeBoundingBox(_ text: String) -> Bool {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { Double(String($0).trimmingSpaces()) != nil }
}

/// A `--bbox` with a value sets the view of SVG output; other formats take `--bbox` alone.
/// - Throws: `.usage` when a value is given for another output format.
func checkViewBoundingBox(_ args: ParsedArguments, outputFormat: Format) throws {
    if args.value("--bbox") != nil && outputFormat != .svg {
        throw MapBridgeError(.usage, "--bbox W,S,E,N sets the area an SVG picture shows; for \(outputFormat.rawValue) output give --bbox alone to add bounding boxes")
    }
}
