extension CSVWriter {
    /// How the geometry is laid out in columns.
    public enum GeometryLayout: String, Hashable, Sendable, CaseIterable {
        /// Longitude then latitude columns (`lon,lat`), for points.
        case xy
        /// Latitude then longitude columns (`lat,lon`), for points.
        case yx
        /// Longitude, latitude and altitude columns (`lon,lat,alt`; metres), for points.
        case xyz
        /// One well-known text column (`wkt`), for any shape.
        case wkt
    }

    /// How rows end.
    public enum LineEnding: String, Hashable, Sendable, CaseIterable {
        /// `\n`, the default: what Unix tools, `git diff`, pandas, GDAL and spreadsheets all read.
        case lf
        /// `\r\n`, as RFC 4180 writes it, for tools that insist.
        case crlf
    }

    /// Output settings.
    ///
    /// The command line maps onto it: `--geometry xy|yx|xyz|wkt` → `geometry`, `--columns
    /// a,b,c` → `columns`, `--lat-column`/`--lon-column`/`--wkt-column` → the column names,
    /// `--delimiter` → `delimiter`, `--precision` → `precision`.
    public struct Options: Hashable, Sendable {
        /// The geometry columns, or `nil` to choose from the data: `xy` when every shape is a
        /// point (`xyz` when one has an altitude), `wkt` when any is not, none when no feature
        /// has a shape. With `xy`, `yx` or `xyz` given, a shape that is not a point is an error.
        public var geometry: GeometryLayout?
        /// The byte between fields.
        public var delimiter: CSVDelimiter = .comma
        /// The property columns to write, in this order, or `nil` for every property in the
        /// order first seen. Properties not listed are not written (reported once each).
        /// With both `columns` and `geometry` given, nothing needs to be discovered and rows
        /// go straight to the output.
        public var columns: [String]?
        /// The longitude column's name.
        public var longitudeColumn = "lon"
        /// The latitude column's name.
        public var latitudeColumn = "lat"
        /// The altitude column's name (metres).
        public var altitudeColumn = "alt"
        /// The WKT column's name.
        public var wktColumn = "wkt"
        /// How many features are held (as encoded rows) in memory while the columns are
        /// discovered, ≥ 1; beyond that, rows wait in a temporary file, or go straight into a
        /// rewindable sink under a provisional header (see `CSVWriter`). Default 1,000.
        public var lookAhead = 1000
        /// The most bytes of encoded rows held in memory while the columns are discovered, ≥ 0;
        /// rows past it wait in the temporary file even within `lookAhead`. Default 16 MiB.
        public var lookAheadBytes = 16 << 20
        /// How rows end.
        public var lineEnding: LineEnding = .lf
        /// Decimal places for coordinates (0...15), or `nil` to keep each number's source text.
        public var precision: Int?
        /// The folder for the temporary files of rows beyond the look-ahead (and of the rows
        /// to rewrite under a final header); `nil` means `TMPDIR` (else `/tmp`).
        public var temporaryDirectory: String?
        /// The most positions a shape may have for its WKT to be held in the row (≥ 0); the WKT
        /// of a shape with more is streamed from its positions to the output, or to the
        /// temporary file of rows, in pieces, and never held whole (see `CSVWriter.StreamedWKT`).
        /// The output is the same bytes either way. Default 16,384: more than 64 KiB of text.
        var heldWKTPositions = 1 << 14

        public init() {}
    }
}
