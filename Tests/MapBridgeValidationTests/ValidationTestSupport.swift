import MapBridgeIO
import MapBridgeModel
import MapBridgeValidation

/// Validates `text` held in memory and returns every finding.
func findings(_ text: String, name: String = "t.geojson") throws -> [Finding] {
    var out: [Finding] = []
    try GeoJSONValidator.validate(source: ByteSource(bytes: Array(text.utf8), name: name)) { out.append($0) }
    return out
}

/// The rule ids of `text`'s findings, in order.
func rules(_ text: String) throws -> [String] { try findings(text).map(\.rule) }

/// A Feature around `geometry` (JSON text).
func feature(_ geometry: String) -> String {
    #"{"type":"Feature","properties":{},"geometry":"# + geometry + "}"
}
