/// A setting of the library that a message may tell its reader to change: a limit, an option
/// of a reader, writer or conversion. Messages name it in library words (its `name`, such as
/// `ReadLimits.maximumVertices`) unless the host has said how it spells settings
/// (`SettingSpelling.use(_:)`): the `mapbridge` command spells each as its option
/// (`--max-vertices N`), so that its users read what they can type.
///
///     let hint = "(the limit is 10; \(Setting.maximumVertices.mention(argument: "N")) raises it)"
///     // "(the limit is 10; ReadLimits.maximumVertices raises it)"; mapbridge: "… --max-vertices N raises it)"
public enum Setting: String, Hashable, Sendable, CaseIterable {
    // Read limits (`ReadLimits`).
    /// `ReadLimits.maximumFeatureBytes`: bytes one feature, CSV row or XML text may span.
    case maximumFeatureBytes = "ReadLimits.maximumFeatureBytes"
    /// `ReadLimits.maximumVertices`: positions in one feature's geometry, read or densified.
    case maximumVertices = "ReadLimits.maximumVertices"
    /// `ReadLimits.maximumKeys`: members of one properties object, fields of one CSV row.
    case maximumKeys = "ReadLimits.maximumKeys"
    /// `ReadLimits.maximumPointNames`: distinct per-point value names in one GPX track or route.
    case maximumPointNames = "ReadLimits.maximumPointNames"
    /// `ReadLimits.allowsHugeXMLText`: XML text over libxml2's 10,000,000-byte limit.
    case allowsHugeXMLText = "ReadLimits.allowsHugeXMLText"

    // A conversion (`Conversion`, `ConvertOptions`) and its input and output.
    /// `Conversion.inputFormat`: the format the input is read as.
    case inputFormat = "Conversion.inputFormat"
    /// `ConvertOptions.maximumSpoolBytes`: bytes of standard input copied to a temporary file.
    case maximumSpoolBytes = "ConvertOptions.maximumSpoolBytes"
    /// `ConvertOptions.overwritesReadOnly`: replace an existing read-only output file.
    case overwritesReadOnly = "ConvertOptions.overwritesReadOnly"
    /// `GeoJSONReader.Options.onError` (`ConvertOptions.geojsonOnError`): skip a GeoJSON
    /// feature that cannot be read, or stop there.
    case geojsonOnError = "GeoJSONReader.Options.onError"
    /// `GeoJSONWriter.Options.cutsAtAntimeridian` (`ConvertOptions.cutsAtAntimeridian`): cut
    /// lines and areas crossing ±180°.
    case cutsAtAntimeridian = "GeoJSONWriter.Options.cutsAtAntimeridian"
    /// `Densification.Limit.maximumSegment`: the longest piece, in metres, when points are
    /// put along geodesics.
    case maximumSegment = "Densification.Limit.maximumSegment"
    /// `Densification.Limit.maximumError`: how far, in metres, the pieces may stray from the
    /// geodesic when points are put along it.
    case maximumError = "Densification.Limit.maximumError"

    // CSV.
    /// `CSVReader.Options.columns`: the column names of a file without a header, or a known layout.
    case csvColumns = "CSVReader.Options.columns"
    /// `CSVReader.Options.latitudeColumn`.
    case csvLatitudeColumn = "CSVReader.Options.latitudeColumn"
    /// `CSVReader.Options.longitudeColumn`.
    case csvLongitudeColumn = "CSVReader.Options.longitudeColumn"
    /// `CSVReader.Options.wktColumn`.
    case csvWKTColumn = "CSVReader.Options.wktColumn"
    /// `CSVReader.Options.onError`: skip a CSV row that cannot be read, or stop there.
    case csvOnError = "CSVReader.Options.onError"
    /// `CSVWriter.Options.geometry`: the geometry columns a CSV file is written with.
    case csvGeometry = "CSVWriter.Options.geometry"

    // Routes between pairs of places (`RoutePairs`).
    /// `RoutePairs.fromColumn`: the pairs file's origin column.
    case routeFromColumn = "RoutePairs.fromColumn"
    /// `RoutePairs.toColumn`: the pairs file's destination column.
    case routeToColumn = "RoutePairs.toColumn"
    /// `RoutePairs.options.csvReading.columns`: the column names of a pairs file without a header.
    case routePairColumns = "RoutePairs.options.csvReading.columns"

    // Validation.
    /// `KMLValidator.Options.schema`: the XML Schema KML files are checked against.
    case kmlSchema = "KMLValidator.Options.schema"
    /// `PlaceClustering(within:)`: the largest distance, in metres, between same-named points
    /// that are one place.
    case duplicatePlaceDistance = "PlaceClustering.within"

    /// The setting as the library names it: a type and property, such as `ReadLimits.maximumVertices`.
    public var name: String { rawValue }

    /// The setting named in a message, with the value the message suggests or describes, if any.
    /// - Parameters:
    ///   - value: the value in library words, such as `.wkt` or `false`; nil for none.
    ///   - argument: the value as a person types it, such as `wkt`, `16GB`, or a placeholder
    ///     like `N` or `a,b,c`; nil for none. Hosts that spell settings their own way use it.
    public func mention(value: String? = nil, argument: String? = nil) -> Mention {
        Mention(setting: self, value: value, argument: argument)
    }

    /// A setting as a message names it. Interpolated into a message, it is spelled the host's way
    /// (`SettingSpelling`), by default `librarySpelling`.
    public struct Mention: Hashable, Sendable, CustomStringConvertible {
        public var setting: Setting
        /// The value in library words (`.wkt`, `false`), or nil.
        public var value: String?
        /// The value as typed (`wkt`, `16GB`, `N`), or nil.
        public var argument: String?

        public init(setting: Setting, value: String? = nil, argument: String? = nil) {
            self.setting = setting
            self.value = value
            self.argument = argument
        }

        /// `ReadLimits.maximumVertices`, or with a value `CSVWriter.Options.geometry = .wkt`.
        public var librarySpelling: String {
            value.map { "\(setting.name) = \($0)" } ?? setting.name
        }

        /// The mention as the host spells it (`SettingSpelling.spell(_:)`).
        public var description: String { SettingSpelling.spell(self) }
    }
}
