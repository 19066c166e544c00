import MapBridgeGeoJSON

/// Everything `convert` can be asked to do besides choosing formats.
public struct ConvertOptions: Sendable {
    /// Decimal places for coordinates (0...15), or `nil` to keep the input's number text.
    public var precision: Int?
    /// Indent the output over many lines.
    public var pretty = false
    /// Add bounding boxes.
    public var writesBoundingBoxes = false
    /// Keep the input's ring orientation instead of RFC 7946's right-hand rule.
    public var keepsWinding = false
    /// Deepest JSON nesting accepted.
    public var maximumDepth = 512

    public init() {}

    func geoJSONWriterOptions(layout: GeoJSONWriter.Layout) -> GeoJSONWriter.Options {
        var o = GeoJSONWriter.Options()
        o.layout = layout
        o.precision = precision
        o.pretty = pretty
        o.writesBoundingBoxes = writesBoundingBoxes
        o.keepsWinding = keepsWinding
        return o
    }
}
