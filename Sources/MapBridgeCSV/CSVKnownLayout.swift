/// Column layouts of well-known header-less files, recognised by the shape of their rows or
/// named with `--columns NAME`, so that nobody types fourteen column names per command.
///
///     CSVKnownLayout(name: "openflights-airports")?.columns.first  // "id"
///
/// The OpenFlights layouts are those its data page documents for `airports.dat` (altitude in
/// feet, so its column is `altitude_ft`: not read as an altitude in metres) and `routes.dat`.
public struct CSVKnownLayout: Sendable {
    /// The name `--columns` takes, such as `openflights-airports`.
    public let name: String
    /// What the layout is, for messages: `OpenFlights airports.dat`.
    public let title: String
    /// The column names, in file order.
    public let columns: [String]
    /// Older files of the layout may stop after this many columns (OpenFlights airports.dat
    /// before 2017 has no `type` and `source`).
    let shortestRow: Int
    /// Whether a row's fields have the layout's shape.
    let matches: @Sendable ([String]) -> Bool

    /// Every layout MapBridge knows, in the order they are tried.
    public static let all: [CSVKnownLayout] = [openFlightsAirports, openFlightsRoutes]

    /// The layout `--columns` names, or `nil` for a list of column names.
    public init?(name: String) {
        guard let known = Self.all.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = known
    }

    private init(name: String, title: String, columns: [String], shortestRow: Int,
                 matches: @escaping @Sendable ([String]) -> Bool)
    {
        self.name = name
        self.title = title
        self.columns = columns
        self.shortestRow = shortestRow
        self.matches = matches
    }

    /// The layout every one of `rows` (a header-less file's first rows) has, or `nil`.
    static func recognise(_ rows: [[String]]) -> CSVKnownLayout? {
        guard !rows.isEmpty else { return nil }
        return all.first { layout in
            rows.allSatisfy { row in
                (row.count == layout.columns.count || row.count == layout.shortestRow) && layout.matches(row)
            }
        }
    }

    /// The columns of OpenFlights airports.dat.
    public static let openFlightsAirportsColumns = [
        "id", "name", "city", "country", "iata", "icao", "lat", "lon", "altitude_ft",
        "timezone", "dst", "tz", "type", "source",
    ]

    static let openFlightsAirports = CSVKnownLayout(
        name: "openflights-airports", title: "OpenFlights airports.dat",
        columns: openFlightsAirportsColumns,
        shortestRow: 12
    ) { row in
        isInteger(row[0]) && isCode(row[4], lengths: 3...3) && isCode(row[5], lengths: 4...4)
            && isNumber(row[6], within: -90...90) && isNumber(row[7], within: -180...180)
            && (isInteger(row[8]) || isNull(row[8]))
    }

    static let openFlightsRoutes = CSVKnownLayout(
        name: "openflights-routes", title: "OpenFlights routes.dat",
        columns: ["airline", "airline_id", "source", "source_id", "destination", "destination_id",
                  "codeshare", "stops", "equipment"],
        shortestRow: 9
    ) { row in
        isCode(row[0], lengths: 2...3) && (isInteger(row[1]) || isNull(row[1]))
            && isCode(row[2], lengths: 3...4) && (isInteger(row[3]) || isNull(row[3]))
            && isCode(row[4], lengths: 3...4) && (isInteger(row[5]) || isNull(row[5]))
            && (row[6].isEmpty || row[6] == "Y") && isInteger(row[7])
    }

    /// `\N` or empty: OpenFlights' null.
    private static func isNull(_ text: String) -> Bool { text.isEmpty || text == "\\N" }

    private static func isInteger(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
        return !digits.isEmpty && digits.count <= 18 && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// A code of upper-case letters and digits of one of `lengths`, or a null.
    private static func isCode(_ text: String, lengths: ClosedRange<Int>) -> Bool {
        isNull(text) || (lengths.contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) })
    }

    private static func isNumber(_ text: String, within range: ClosedRange<Double>) -> Bool {
        CSVValueTyping.coordinate(text).map { range.contains($0.value) } ?? false
    }
}
