import MapBridgeCore
import MapBridgeModel
import MapBridgeSVG

/// Options for SVG output.
let svgOptions = [
    OptionSpec(name: "--projection", value: "mercator|equirectangular", help: "SVG output: Web Mercator (default; latitudes clipped at ±85.05°) or plate carrée"),
    OptionSpec(name: "--width", value: "PX", help: "SVG output: picture width in pixels (1-100000; default 1000)"),
    OptionSpec(name: "--height", value: "PX", help: "SVG output: picture height in pixels (1-100000; default: from the data's shape)"),
    OptionSpec(name: "--labels", value: "name", help: "SVG output: write each feature's name beside it"),
]

/// Applies the SVG flags to `options`.
/// - Throws: `.usage` for a value out of range or unknown.
func applySVGArguments(_ args: ParsedArguments, to options: inout ConvertOptions) throws {
    if let v = args.value("--projection") {
        guard let projection = SVGProjection(rawValue: v.lowercased()) else {
            throw MapBridgeError(.usage, "--projection expects mercator or equirectangular, got '\(v)'")
        }
        options.svg.projection = projection
    }
    if let width = try args.integer("--width", in: 1...100_000) { options.svg.width = Double(width) }
    if let height = try args.integer("--height", in: 1...100_000) { options.svg.height = Double(height) }
    if let v = args.value("--labels") {
        guard let labels = SVGWriter.Labels(rawValue: v.lowercased()) else {
            throw MapBridgeError(.usage, "--labels expects name or none, got '\(v)'")
        }
        options.svg.labels = labels
    }
}
