import MapBridgeModel

extension CSVReader {
    /// How to read a CSV file. Every setting has a default that works out the file's layout
    /// from its first rows; set one only to overrule what is found.
    ///
    ///     var options = CSVReader.Options()
    ///     options.columns = ["id", "name", "lat", "lon"]   // a file without a header row
    ///     options.onError = .skip
    ///
    /// The command line maps onto it: `--columns a,b,c` → `columns`, `--lat-column` →
    /// `latitudeColumn`, `--lon-column` → `longitudeColumn`, `--wkt-column` → `wktColumn`,
    /// `--on-error skip|fail` → `onError`, `--delimiter` → `delimiter` (via
    /// `CSVDelimiter(name:)`).
    public struct Options: Hashable, Sendable {
        /// Whether the first row names the columns.
        public enum Header: String, Hashable, Sendable, CaseIterable {
            /// A header unless the first row looks like data (a number where the rows below
            /// have numbers, and no column names it recognises) or `columns` is given.
            case auto
            /// The first row is a header (with `columns` given, their names replace it).
            case present
            /// Every row is data; columns are named by `columns`, else `field_1`, `field_2`, ….
            case absent
        }

        /// What to do with a row that cannot become a feature: the wrong number of fields, a
        /// coordinate that is not a number, WKT that does not parse, text after a closing quote.
        public enum OnError: String, Hashable, Sendable, CaseIterable {
            /// Stop with a `MapBridgeError` of kind `.data` at the row's line and column.
            case fail
            /// Leave the row out, report it as a warning with its line, and go on; the number
            /// of rows left out is reported at the end.
            case skip
        }

        /// Whether a quoted field can be a number, boolean or null.
        public enum QuotedFields: String, Hashable, Sendable, CaseIterable {
            /// Quoted fields are text, unless the file quotes every field of its first rows
            /// (then quoting says nothing and fields are typed as if unquoted).
            case auto
            /// Quoted fields are always text: `"42"` is the string `42`.
            case text
            /// Quoted fields are typed like unquoted ones: `"42"` is the number 42.
            case typed
        }

        /// The byte between fields, or `nil` to sniff comma, semicolon, tab or pipe from the
        /// first rows.
        public var delimiter: CSVDelimiter?
        /// Whether the first row is a header.
        public var header: Header = .auto
        /// The column names, for a file without a header row (or to rename a header's columns
        /// with `header = .present`). Rows must have this many fields.
        public var columns: [String]?
        /// The latitude column (degrees, [-90, 90]): a name (exact, else case-insensitive) or
        /// a 1-based position. `nil` looks for `lat`, `latitude`, `y`, else for the one column
        /// whose name starts or ends with `latitude` (`latitude_deg`, `decimalLatitude`).
        public var latitudeColumn: String?
        /// The longitude column (degrees, [-180, 180]): a name or 1-based position. `nil` looks
        /// for `lon`, `lng`, `long`, `longitude`, `x`, else for the one column whose name
        /// starts or ends with `longitude`.
        public var longitudeColumn: String?
        /// The altitude column (metres): a name or 1-based position. `nil` looks for `alt`,
        /// `altitude`, `elevation`, `ele`, `z` when there are latitude and longitude columns.
        public var altitudeColumn: String?
        /// The WKT geometry column: a name or 1-based position. `nil` looks for `wkt`,
        /// `wkt_geom`, `geometry`, `geom`, `the_geom`, unless latitude and longitude columns
        /// are named. Geometry comes from one place: when a WKT column is found, latitude and
        /// longitude columns are not looked for (same-named columns stay properties). Name
        /// both kinds to have a row whose WKT field is empty take its point from the others.
        public var wktColumn: String?
        /// What to do with a malformed row.
        public var onError: OnError = .fail
        /// Whether quoted fields can be numbers, booleans or null.
        public var quotedFields: QuotedFields = .auto
        /// The longest field accepted, in bytes (a guard against a quote left open in a large
        /// file). Default 128 MiB.
        public var maximumFieldBytes = 1 << 27
        /// How many fields (`maximumKeys`) and bytes (`maximumFeatureBytes`) one row may hold.
        public var limits = ReadLimits()

        public init() {}
    }
}
