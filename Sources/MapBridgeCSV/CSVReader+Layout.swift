import MapBridgeModel

extension CSVReader {
    /// What the reader found out about a file, or was told: available as `layout` once
    /// `open()` has run.
    public struct Layout: Hashable, Sendable {
        /// The byte between fields.
        public var delimiter: CSVDelimiter
        /// Whether the first row was a header.
        public var hasHeader: Bool
        /// The column names: the header's (blanks around unquoted names trimmed, empty ones
        /// named `field_N`, repeated ones suffixed `_2`, `_3` …), the `columns` option's, or
        /// `field_1`, `field_2` ….
        public var columns: [String]
        /// Whether quoted fields are kept as text.
        public var quotedFieldsAreText: Bool
        var roles: CSVColumnRoles

        /// The latitude column's name, when there is one.
        public var latitudeColumn: String? { roles.latitude.map { columns[$0] } }
        /// The longitude column's name, when there is one.
        public var longitudeColumn: String? { roles.longitude.map { columns[$0] } }
        /// The altitude column's name, when there is one.
        public var altitudeColumn: String? { roles.altitude.map { columns[$0] } }
        /// The WKT column's name, when there is one.
        public var wktColumn: String? { roles.wkt.map { columns[$0] } }
    }

    /// How many rows the layout is worked out from.
    static let sampledRows = 50

    /// Sniffs the delimiter, reads the first rows, decides on the header and finds the
    /// geometry columns.
    func detectLayout() throws -> Layout {
        if let columns = options.columns, columns.isEmpty {
            throw MapBridgeError(.usage, "the list of column names is empty; give them as \(Setting.csvColumns.mention(argument: "a,b,c"))")
        }
        let hinted = try excelSeparatorHint()
        let delimiter: CSVDelimiter
        if let given = options.delimiter ?? hinted {
            delimiter = given
        } else {
            let (bytes, whole) = try parser.peekBytes(CSVDelimiter.sniffedBytes)
            delimiter = CSVDelimiter.sniff(bytes, isWholeInput: whole)
        }
        parser.delimiter = delimiter.byte
        while sample.count < CSVReader.sampledRows, let record = try parser.nextRecord() {
            if !record.isBlank { sample.append(record) }
        }
        let quotedAreText = switch options.quotedFields {
        case .text: true
        case .typed: false
        case .auto: !CSVHeaderDetection.quotesEveryField(sample)
        }
        let named = [options.latitudeColumn, options.longitudeColumn, options.altitudeColumn, options.wktColumn].compactMap { $0 }
        let hasHeader = switch options.header {
        case .present: true
        case .absent: false
        case .auto: options.columns == nil
            && CSVHeaderDetection.firstRowIsHeader(sample, typesQuoted: !quotedAreText, namedColumns: named)
        }
        var names: [String]
        if hasHeader, !sample.isEmpty {
            let header = sample.removeFirst()
            names = header.fields.map { $0.isQuoted ? $0.text : CSVValueTyping.trimmingBlanks($0.text) }
            if let columns = options.columns {
                guard columns.count == names.count else {
                    throw MapBridgeError(.usage, "\(columns.count) column names were given but the header row has \(names.count) columns")
                }
                names = columns
            }
        } else if let columns = options.columns {
            names = columns
        } else if let known = CSVKnownLayout.recognise(sample.map { $0.fields.map(\.text) }) {
            names = Array(known.columns.prefix(sample.first?.fields.count ?? 0))
            warn("csv-known-layout",
                 "the rows have the layout of \(known.title); its columns are read as \(names.joined(separator: ",")) (\(Setting.csvColumns.mention()) names them otherwise)",
                 severity: .info, at: SourceLocation(file: parser.name, line: 1, column: 1))
        } else {
            names = (0..<(sample.first?.fields.count ?? 0)).map { "field_\($0 + 1)" }
        }
        names = uniqueNames(names)
        // An empty input has no columns to look for.
        let roles = names.isEmpty ? CSVColumnRoles() : try CSVColumnRoles(names: names, options: options)
        let layout = Layout(delimiter: delimiter, hasHeader: hasHeader, columns: names,
                            quotedFieldsAreText: quotedAreText, roles: roles)
        if roles.wkt == nil && !roles.hasPoint && !sample.isEmpty { noteNoGeometry(layout) }
        return layout
    }

    /// The delimiter named by a first line `sep=;` (as Excel writes and reads it), which is
    /// then skipped; `nil` when the file does not start so.
    private func excelSeparatorHint() throws -> CSVDelimiter? {
        let (head, _) = try parser.peekBytes(7)
        guard head.count >= 5, head[0...3].map({ $0 | 0x20 }) == Array("sep=".utf8),
            head.count == 5 || head[5] == 0x0A || head[5] == 0x0D,
            let delimiter = CSVDelimiter(byte: head[4])
        else { return nil }
        parser.delimiter = delimiter.byte
        _ = try parser.nextRecord()
        return delimiter
    }

    /// Names made unique and non-empty: an empty name becomes `field_N` (its 1-based
    /// position), a repeated one gets the smallest free suffix from `_2`, `_3` … (reported).
    ///
    /// - Complexity: O(n) in the names: each name remembers the next suffix to try, so a name
    ///   repeated n times does not probe `_2` … `_k` again for its k-th repetition.
    private func uniqueNames(_ names: [String]) -> [String] {
        var seen = Set<String>()
        // The smallest suffix that may still be free, per repeated name: every suffix below
        // it is taken, and names are never released.
        var nextSuffix: [String: Int] = [:]
        var out: [String] = []
        out.reserveCapacity(names.count)
        for (k, raw) in names.enumerated() {
            var name = raw.isEmpty ? "field_\(k + 1)" : raw
            if seen.contains(name) {
                var n = nextSuffix[name] ?? 2
                while seen.contains("\(name)_\(n)") { n += 1 }
                nextSuffix[name] = n + 1
                warn("csv-duplicate-column", "column \(k + 1) repeats the name '\(name)'; it is read as '\(name)_\(n)'",
                     at: SourceLocation(file: parser.name, line: 1, column: 1))
                name = "\(name)_\(n)"
            }
            seen.insert(name)
            out.append(name)
        }
        return out
    }

    private func noteNoGeometry(_ layout: Layout) {
        let hint = layout.hasHeader
            ? "name them with \(Setting.csvLatitudeColumn.mention()) and \(Setting.csvLongitudeColumn.mention()), or \(Setting.csvWKTColumn.mention())"
            : "the file has no header row; name its columns with \(Setting.csvColumns.mention()) (for example \(Setting.csvColumns.mention(value: "[\"id\", \"name\", \"lat\", \"lon\"]", argument: "id,name,lat,lon")))"
        warn("csv-no-geometry",
             "no geometry columns found (looked for lat/latitude/y with lon/lng/long/longitude/x, or wkt/geometry/the_geom); features have no geometry; \(hint)",
             at: nil)
    }
}
