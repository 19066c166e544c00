import MapBridgeModel

/// The option that sets each library setting: the one table from the library's words
/// (`ReadLimits.maximumVertices`) to the command line's (`--max-vertices`).
func flag(for setting: Setting) -> String {
    switch setting {
    case .maximumFeatureBytes: "--max-feature-bytes"
    case .maximumVertices: "--max-vertices"
    case .maximumKeys: "--max-keys"
    case .maximumPointNames: "--max-point-names"
    case .allowsHugeXMLText: "--huge-xml"
    case .inputFormat: "--from"
    case .maximumSpoolBytes: "--max-spool"
    case .overwritesReadOnly: "--force"
    case .geojsonOnError, .csvOnError: "--on-error"
    case .cutsAtAntimeridian: "--no-antimeridian-cut"
    case .maximumSegment: "--max-segment"
    case .maximumError: "--max-error"
    case .csvColumns: "--columns"
    case .csvLatitudeColumn: "--lat-column"
    case .csvLongitudeColumn: "--lon-column"
    case .csvWKTColumn: "--wkt-column"
    case .csvGeometry: "--geometry"
    case .routeFromColumn: "--from-column"
    case .routeToColumn: "--to-column"
    case .routePairColumns: "--pair-columns"
    case .kmlSchema: "--schema"
    case .duplicatePlaceDistance: "--duplicate-within"
    }
}

/// A setting named in a library message, as the command line spells it: its option and the
/// argument as typed (`--max-vertices N`, `--geometry wkt`), or the option alone (`--force`).
/// Installed at start (`SettingSpelling.use`), so messages read as they always have.
@Sendable func commandLineSpelling(_ mention: Setting.Mention) -> String {
    let option = flag(for: mention.setting)
    return mention.argument.map { "\(option) \($0)" } ?? option
}
