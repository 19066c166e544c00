import MapBridgeCore
import MapBridgeModel

/// The options that bound one record while reading (`ReadLimits`), declared once for every
/// command that reads files.
let readLimitOptions: [OptionSpec] = [
    OptionSpec(name: flag(for: .maximumFeatureBytes), value: "BYTES",
               help: "largest feature, CSV row or XML text read, in bytes (default 268435456 = 256 MiB)"),
    OptionSpec(name: flag(for: .maximumVertices), value: "N",
               help: "most positions in one feature, as read or densified (default 50000000)"),
    OptionSpec(name: flag(for: .maximumKeys), value: "N",
               help: "most properties in one object, or fields in one CSV row (default 1000000)"),
    OptionSpec(name: flag(for: .maximumPointNames), value: "N",
               help: "GPX input: most distinct per-point value names in one track or route; more are left out with a warning (default 256)"),
    OptionSpec(name: flag(for: .allowsHugeXMLText), value: nil,
               help: "KML/GPX input: accept text over libxml2's 10 MB limit (DOCTYPE and entities stay refused)"),
]

/// The reading limits from `args`, starting from the defaults.
func readLimits(from args: ParsedArguments) throws -> ReadLimits {
    var limits = ReadLimits()
    for limit in ReadLimits.Limit.allCases {
        let least = limit == .pointNames ? 0 : 1
        if let n = try args.integer(flag(for: limit.setting), in: least...Int(Int32.max) * 64) { limits[limit] = n }
    }
    limits.allowsHugeXMLText = args.has(flag(for: .allowsHugeXMLText))
    return limits
}
