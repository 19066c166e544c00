import MapBridgeCore
import MapBridgeGeodesy
import MapBridgeModel

/// Options for densifying lines along their geodesics, shared by `convert` and `densify`.
let densifyOptions = [
    OptionSpec(name: "--max-segment", value: "LENGTH", help: "add points along geodesics so no piece is longer than LENGTH (\(lengthUnitsHelp): 100km)"),
    OptionSpec(name: "--max-error", value: "LENGTH", help: "add points until the straight lon/lat line strays less than LENGTH from the geodesic (\(lengthUnitsHelp))"),
    OptionSpec(name: "--only-geodesic", value: nil, help: "densify only lines marked geodesic (KML tessellate), not straight lines and rings"),
]

/// Options for GeoJSON output of geometry on the ellipsoid.
let antimeridianOptions = [
    OptionSpec(name: "--no-antimeridian-cut", value: nil, help: "GeoJSON output: keep lines crossing ±180° as given (default: cut there, RFC 7946 §3.1.9)"),
]

/// The units a length may carry, with their size in metres (exact by definition: the
/// international mile is 1,609.344 m, the nautical mile 1,852 m). Longest suffix first, so that
/// `nm` and `km` are not read as `m`.
let lengthUnits: [(suffix: String, metres: Double)] = [("km", 1_000), ("nm", 1_852), ("mi", 1_609.344), ("m", 1)]

/// How help texts and errors name the units `parseLength` takes.
let lengthUnitsHelp = "metres, or with m, km, mi (statute miles) or nm (nautical miles)"

/// A length such as `100km`, `250m`, `1.5 km`, `30nm`, `10 mi` or `5000` (metres), in metres.
/// - Throws: `.usage` naming `option` when the text is not a positive length.
func parseLength(_ text: String, option: String) throws -> Double {
    var body = Substring(text.trimmingSpaces().lowercased())
    var scale = 1.0
    if let unit = lengthUnits.first(where: { body.hasSuffix($0.suffix) }) {
        body = body.dropLast(unit.suffix.count)
        scale = unit.metres
    }
    guard let value = Double(String(body).trimmingSpaces()), value.isFinite, value > 0 else {
        throw MapBridgeError(.usage, "\(option) expects a positive length in \(lengthUnitsHelp) (such as 100km or 50nm), got '\(text)'")
    }
    return value * scale
}

/// The densification the flags ask for, or `nil` when they ask for none.
/// - Throws: `.usage` for both limits at once, `--only-geodesic` without a limit, or a bad length.
func densification(from args: ParsedArguments) throws -> Densification? {
    let segment = try args.value("--max-segment").map { try parseLength($0, option: "--max-segment") }
    let error = try args.value("--max-error").map { try parseLength($0, option: "--max-error") }
    switch (segment, error) {
    case (let s?, nil): return Densification(limit: .maximumSegment(s), onlyGeodesic: args.has("--only-geodesic"))
    case (nil, let e?): return Densification(limit: .maximumError(e), onlyGeodesic: args.has("--only-geodesic"))
    case (_?, _?): throw MapBridgeError(.usage, "give --max-segment or --max-error, not both")
    case (nil, nil):
        if args.has("--only-geodesic") {
            throw MapBridgeError(.usage, "--only-geodesic needs --max-segment or --max-error")
        }
        return nil
    }
}
