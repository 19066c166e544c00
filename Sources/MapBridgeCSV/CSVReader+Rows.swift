import MapBridgeModel

extension CSVReader {
    /// The feature for one row.
    /// - Throws: `CSVRowProblem` when the row is malformed.
    func makeFeature(_ record: CSVRecord, _ layout: Layout) throws -> Feature {
        if let problem = record.problem { throw problem }
        let fields = record.fields
        let n = layout.columns.count
        if fields.count != n { try checkFieldCount(record, layout) }
        let roles = layout.roles
        var properties = Properties()
        for k in 0..<n {
            guard !roles.holdsGeometry(k) else { continue }
            let field = fields[k]
            let value = field.isQuoted && layout.quotedFieldsAreText ? .string(field.text) : CSVValueTyping.value(unquoted: field.text)
            properties.append(key: layout.columns[k], value: value)
        }
        var feature = Feature(shape: try shape(of: fields, layout), properties: properties,
                              location: SourceLocation(source: parser.sourceFile, line: record.line, column: 1))
        mapping?.fill(&feature)
        return feature
    }

    /// Accepts a row with only empty fields beyond the columns (a trailing delimiter), with a
    /// warning; any other count is a problem.
    private func checkFieldCount(_ record: CSVRecord, _ layout: Layout) throws {
        let fields = record.fields, n = layout.columns.count
        if fields.count > n, fields[n...].allSatisfy({ !$0.isQuoted && $0.text.isEmpty }) {
            warn("csv-extra-fields", "this row ends with \(fields.count - n) empty field(s) beyond the \(n) columns; they are ignored",
                 at: SourceLocation(file: parser.name, line: record.line, column: fields[n].column))
            return
        }
        let list = layout.columns.prefix(12).joined(separator: ", ") + (n > 12 ? ", …" : "")
        let at = fields.count > n ? fields[n] : fields[fields.count - 1]
        throw CSVRowProblem(
            message: "this row has \(fields.count) field\(fields.count == 1 ? "" : "s") but there are \(n) columns (\(list)); check the quoting and the delimiter (\(layout.delimiter.quotedForMessage))",
            line: record.line, column: at.column)
    }

    // MARK: Geometry

    /// The row's shape: from its WKT field when that is not empty, else from its coordinate
    /// fields when they are not empty, else none.
    private func shape(of fields: [CSVField], _ layout: Layout) throws -> Shape? {
        let roles = layout.roles
        if let w = roles.wkt, !isEmpty(fields[w]) {
            let field = fields[w]
            let result: WKTParser.Result
            do {
                result = try WKTParser.parse(field.text)
            } catch {
                throw CSVRowProblem(message: "the WKT in column '\(layout.columns[w])' does not parse: \(error.message)",
                                    line: field.line, column: field.column + (field.isQuoted ? 1 : 0) + error.offset)
            }
            let location = SourceLocation(source: parser.sourceFile, line: field.line, column: field.column)
            if result.droppedMeasures {
                warn("wkt-measures", "the model has no M values; they are dropped", at: location)
            }
            if result.droppedEmptyPoints {
                warn("wkt-empty-point", "an empty point (POINT EMPTY) has no position; it is left out", at: location)
            }
            if let shape = result.shape { return shape }
            if !result.droppedEmptyPoints {
                warn("wkt-empty-point", "POINT EMPTY has no position; the feature has no geometry", at: location)
            }
            return nil
        }
        guard let latIndex = roles.latitude, let lonIndex = roles.longitude else { return nil }
        let lat = fields[latIndex], lon = fields[lonIndex]
        switch (isEmpty(lat), isEmpty(lon)) {
        case (true, true): return nil
        case (true, false): throw missing(lat, "latitude", layout.columns[latIndex], other: "longitude")
        case (false, true): throw missing(lon, "longitude", layout.columns[lonIndex], other: "latitude")
        case (false, false): break
        }
        let latitude = try number(lat, "latitude", layout.columns[latIndex])
        let longitude = try number(lon, "longitude", layout.columns[lonIndex])
        var altitude: NumberValue?
        if let a = roles.altitude, !isEmpty(fields[a]) { altitude = try number(fields[a], "altitude", layout.columns[a]) }
        checkRange(latitude, limit: 90, lat, "latitude")
        checkRange(longitude, limit: 180, lon, "longitude")
        return .annotation(Coordinate(
            longitude: longitude.value, latitude: latitude.value, altitude: altitude?.value,
            sourceText: CoordinateText(longitude: longitude.text, latitude: latitude.text, altitude: altitude?.text)))
    }

    /// Whether a geometry field holds nothing: empty, blanks, `\N`, or a spreadsheet's
    /// spelling of a missing value (`NULL`, `NA`, `N/A`, `NaN`, `None`, `-`, any case).
    private func isEmpty(_ field: CSVField) -> Bool {
        let text = CSVValueTyping.trimmingBlanks(field.text)
        if text.isEmpty || text == "\\N" { return true }
        guard text.utf8.count <= 4 else { return false }
        return CSVReader.missingSpellings.contains(text.lowercased())
    }

    private static let missingSpellings: Set<String> = ["null", "na", "n/a", "nan", "none", "-"]

    private func number(_ field: CSVField, _ what: String, _ column: String) throws -> NumberValue {
        guard let n = CSVValueTyping.coordinate(field.text) else {
            throw CSVRowProblem(message: "the \(what) '\(field.text)' in column '\(column)' is not a number",
                                line: field.line, column: field.column)
        }
        return n
    }

    private func missing(_ field: CSVField, _ what: String, _ column: String, other: String) -> CSVRowProblem {
        CSVRowProblem(message: "the \(what) (column '\(column)') is empty but the \(other) is not",
                      line: field.line, column: field.column)
    }

    private func checkRange(_ n: NumberValue, limit: Double, _ field: CSVField, _ what: String) {
        guard abs(n.value) > limit else { return }
        warn("csv-coordinate-range",
             "the \(what) \(n.text) is outside [-\(Int(limit)), \(Int(limit))] degrees; are the latitude and longitude columns swapped, or the coordinates projected? It is kept as given",
             at: SourceLocation(file: parser.name, line: field.line, column: field.column))
    }
}
