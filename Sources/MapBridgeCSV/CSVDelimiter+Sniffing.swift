import MapBridgeIO

extension CSVDelimiter {
    /// How many bytes from the start of a file the reader looks at to sniff the delimiter.
    static let sniffedBytes = 1 << 16
    /// How many rows of that sample count.
    static let sniffedRows = 50

    /// The delimiter among comma, semicolon, tab and pipe that splits the first rows of
    /// `sample` most consistently into more than one field: the one whose most common field
    /// count holds for the largest share of rows, then the one giving more fields, then the
    /// first in `sniffable` order. A comma when none splits anything (a one-column file).
    ///
    ///     CSVDelimiter.sniff(Array("a;b\n1,5;2\n".utf8), isWholeInput: true)   // .semicolon
    ///
    /// Quoted fields are respected, so commas inside quotes do not count.
    /// - Parameter isWholeInput: whether `sample` is the whole file; when it is not, its last
    ///   row may be cut short and is not counted.
    static func sniff(_ sample: [UInt8], isWholeInput: Bool) -> CSVDelimiter {
        var best: (delimiter: CSVDelimiter, share: Double, fields: Int)?
        for candidate in sniffable {
            let counts = fieldCounts(sample, candidate, isWholeInput: isWholeInput)
            var tally: [Int: Int] = [:]
            for c in counts { tally[c, default: 0] += 1 }
            guard let (fields, rows) = tally.max(by: { a, b in a.value != b.value ? a.value < b.value : a.key < b.key }),
                fields > 1
            else { continue }
            let share = Double(rows) / Double(counts.count)
            if let b = best, b.share > share || (b.share == share && b.fields >= fields) { continue }
            best = (candidate, share, fields)
        }
        return best?.delimiter ?? .comma
    }

    /// The number of fields in each non-blank row of `sample` split by `delimiter`.
    private static func fieldCounts(_ sample: [UInt8], _ delimiter: CSVDelimiter, isWholeInput: Bool) -> [Int] {
        let parser = CSVRecordParser(source: ByteSource(bytes: sample, name: "sample"), delimiter: delimiter.byte,
                                     capacity: max(sample.count, 16))
        var counts: [Int] = []
        while counts.count <= sniffedRows {
            guard let record = try? parser.nextRecord() else { break }
            if !record.isBlank { counts.append(record.fields.count) }
        }
        if !isWholeInput && counts.count > 1 { counts.removeLast() }
        return counts
    }
}
