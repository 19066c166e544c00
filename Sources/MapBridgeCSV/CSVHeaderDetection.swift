/// Whether a file's first row names its columns, and whether its quoting marks text: read
/// from the first rows, as a person glancing at the file would.
enum CSVHeaderDetection {
    /// Whether the first of `rows` is a header.
    ///
    /// It is, when one of its fields is a name the reader knows for a geometry column (`lat`,
    /// `lon`, `wkt` …) or one named in the options; or when one of its fields is text above a
    /// column of numbers (`elevation` over `12`, `40`). It is data when it has a number
    /// (`-6.08`, `145.39`) and no such header sign. Otherwise — text everywhere — it is a
    /// header, the common case for a file of names and addresses.
    ///
    /// - Parameters:
    ///   - typesQuoted: whether quoted fields can be numbers (see `quotesEveryField`).
    ///   - namedColumns: the column names given in the options.
    static func firstRowIsHeader(_ rows: [CSVRecord], typesQuoted: Bool, namedColumns: [String]) -> Bool {
        guard let first = rows.first else { return true }
        let named = Set(namedColumns.map { CSVValueTyping.trimmingBlanks($0).lowercased() })
        for field in first.fields {
            if CSVColumnRoles.isGeometryName(field.text) || named.contains(CSVValueTyping.trimmingBlanks(field.text).lowercased()) {
                return true
            }
        }
        func isNumber(_ f: CSVField) -> Bool { (typesQuoted || !f.isQuoted) && CSVValueTyping.coordinate(f.text) != nil }
        func isNull(_ f: CSVField) -> Bool { (typesQuoted || !f.isQuoted) && CSVValueTyping.value(unquoted: f.text) == .null }
        var dataSign = false
        for (k, field) in first.fields.enumerated() {
            if isNumber(field) {
                dataSign = true
                continue
            }
            if isNull(field) { continue }
            let below = rows.dropFirst().compactMap { $0.fields.indices.contains(k) ? $0.fields[k] : nil }.filter { !isNull($0) }
            if !below.isEmpty && below.allSatisfy(isNumber) { return true }
        }
        return !dataSign
    }

    /// Whether every field of every row in `rows` is quoted, as some writers do (Python's
    /// `QUOTE_ALL`): then quoting says nothing about types.
    static func quotesEveryField(_ rows: [CSVRecord]) -> Bool {
        !rows.isEmpty && rows.allSatisfy { row in row.fields.allSatisfy(\.isQuoted) }
    }
}
