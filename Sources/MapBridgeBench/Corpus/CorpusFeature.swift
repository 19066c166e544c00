/// One generated feature, written to both GeoJSON and KML by `CorpusPairWriter`.
struct CorpusFeature: Sendable {
    var id: Int
    var name: String
    var description: String
    /// Properties besides name, description and style, in order (a `nil` value is JSON null and
    /// left out of KML).
    var properties: [(key: StaticString, value: CorpusValue?)]
    var style: CorpusStyle
    var shape: CorpusShape
}

/// A property value of one of JSON's types.
enum CorpusValue: Sendable {
    case text(String)
    case integer(Int)
    /// `units` × 10^-`decimals`, written with that many decimals at most.
    case fixed(units: Int, decimals: Int)
    case boolean(Bool)
}

/// A feature's style: simplestyle properties in GeoJSON, an inline `Style` in KML.
/// Colours are 0xRRGGBB; opacities in percent, [0, 100].
enum CorpusStyle: Sendable {
    /// `marker-color`, `marker-size` (0 small, 1 medium, 2 large), `marker-symbol`.
    case marker(color: UInt32, size: Int, symbol: String)
    /// `stroke`, `stroke-width` (pixels), `stroke-opacity`.
    case line(color: UInt32, width: Int, opacity: Int)
    /// `stroke`, `stroke-width` 1, `fill`, `fill-opacity`.
    case area(stroke: UInt32, fill: UInt32, fillOpacity: Int)
}

/// A geometry; positions are integers in units of 10^-`decimals` degrees.
enum CorpusShape: Sendable {
    case point(CorpusPosition, decimals: Int)
    case line([CorpusPosition], decimals: Int)
    /// The outer ring (counter-clockwise) first, then the holes (clockwise).
    case polygon([[CorpusPosition]], decimals: Int)
}
