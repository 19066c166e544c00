/// How large one record may grow while a file is read: one feature (a GeoJSON feature, a KML
/// placemark, a GPX track), one CSV row, one KML coordinate tuple. Readers stream, so memory
/// follows the largest record; these limits keep a hostile or broken file (a 100 MB line of
/// commas, a placemark of a billion positions) from taking all of it. The defaults are
/// far above what real files hold; each limit is one `Setting` that messages name.
///
///     var limits = ReadLimits()
///     limits.maximumVertices = 200_000_000   // --max-vertices 200000000
public struct ReadLimits: Hashable, Sendable {
    /// Bytes of input one feature, CSV row or XML text may span, ≥ 1 (default 256 MiB;
    /// `--max-feature-bytes`).
    public var maximumFeatureBytes: Int = 256 << 20
    /// Positions in one feature's geometry, as read or densified, ≥ 1 (default 50,000,000;
    /// `--max-vertices`).
    public var maximumVertices: Int = 50_000_000
    /// Members of one properties object, or fields of one CSV row, ≥ 1 (default 1,000,000;
    /// `--max-keys`).
    public var maximumKeys: Int = 1_000_000
    /// Distinct names of per-point values (GPX extensions such as heart rate) in one track or
    /// route, ≥ 0 (default 256; `--max-point-names`). They are written as `coordinateProperties`,
    /// one array per name with a value or `null` for every point, so each name costs as much as
    /// the line's points: names past the limit are left out with a warning.
    public var maximumPointNames: Int = 256
    /// XML input: accept text nodes (a long description, a CDATA section) over libxml2's
    /// 10,000,000-byte safety limit (`--huge-xml`). DOCTYPE and entity declarations stay
    /// refused, so entity-expansion attacks remain impossible.
    public var allowsHugeXMLText = false

    public init() {}

    /// The limits, each with the setting that raises it (for messages).
    public enum Limit: Hashable, Sendable, CaseIterable {
        case featureBytes
        case vertices
        case keys
        case pointNames

        /// The setting that raises this limit.
        public var setting: Setting {
            switch self {
            case .featureBytes: .maximumFeatureBytes
            case .vertices: .maximumVertices
            case .keys: .maximumKeys
            case .pointNames: .maximumPointNames
            }
        }
    }

    /// The value of `limit`.
    public subscript(limit: Limit) -> Int {
        get {
            switch limit {
            case .featureBytes: maximumFeatureBytes
            case .vertices: maximumVertices
            case .keys: maximumKeys
            case .pointNames: maximumPointNames
            }
        }
        set {
            switch limit {
            case .featureBytes: maximumFeatureBytes = newValue
            case .vertices: maximumVertices = newValue
            case .keys: maximumKeys = newValue
            case .pointNames: maximumPointNames = newValue
            }
        }
    }

    /// The error for a record that goes past `limit`: `what` names the record and what it
    /// holds too much of ("CSV row 3 has more than 1000000 fields").
    public func exceeded(_ limit: Limit, _ what: String, at location: SourceLocation?) -> MapBridgeError {
        MapBridgeError(.data, "\(what) (the limit is \(self[limit]); \(limit.setting.mention(argument: "N")) raises it, if the file is meant to hold so much)",
                       at: location)
    }
}
