import MapBridgeIO
import MapBridgeModel

/// Rewrites CSV rows that the writer wrote under a provisional header into the final layout:
/// rows read back as blocks of bytes, each row written again as `CSVWriter.writeRow` would
/// have written it under the final header.
///
/// The rows are the writer's own: every row has the provisional geometry fields and then
/// `fromColumns` property fields, joined by the delimiter; a field holding the delimiter, a
/// quote or a line break is quoted (its quotes doubled), and a number field never is. So a
/// row ends at the first line feed outside quotes, and the geometry fields end at the next
/// delimiters. In the final row:
///
/// | part | written |
/// |---|---|
/// | geometry, same layout | as it was |
/// | longitude, latitude (and altitude) | in the final layout's order; an altitude the row lacks is empty |
/// | WKT from a point | `POINT (lon lat)` or `POINT Z (lon lat alt)` (`CSVCellEncoder.appendPointWKT`); empty for a row without a shape |
/// | geometry from none | empty fields |
/// | property fields | as they were, then one empty field for each column added since |
///
/// Memory holds one row at most (a row cut by the end of a block waits for the rest), and none
/// when the layout stays the same: such a row (the only kind a huge WKT field is in, WKT being
/// the last layout) goes out as it comes, a block at a time, and only its end is added.
struct CSVRowRelayout {
    typealias Layout = CSVWriter.ResolvedGeometry

    private let from: Layout
    private let fromColumns: Int
    private let to: Layout
    private let toColumns: Int
    private let encoder: CSVCellEncoder
    private let crlf: Bool
    /// The start of a row cut by the end of a block (with the layout unchanged, at most a
    /// carriage return that may start the line end: the rest went out already).
    private var carry = CSVRowBytes()
    /// Whether the start of the row being read went out already (the layout unchanged).
    private var passedOn = false
    /// Whether the bytes scanned so far end inside quotes.
    private var inQuotes = false
    /// The WKT field made from a point, reused from row to row.
    private var wkt = CSVRowBytes()
    /// Rows written.
    private(set) var count = 0

    /// Rewrites rows of `fromColumns` property columns in layout `from` into rows of
    /// `toColumns` (≥ `fromColumns`) in layout `to`, with `encoder`'s delimiter.
    init(from: Layout, columns fromColumns: Int, to: Layout, columns toColumns: Int, encoder: CSVCellEncoder,
         lineEnding: CSVWriter.LineEnding)
    {
        self.from = from
        self.fromColumns = fromColumns
        self.to = to
        self.toColumns = max(toColumns, fromColumns)
        self.encoder = encoder
        crlf = lineEnding == .crlf
    }

    /// Rewrites the rows in `block` (the next bytes of the rows, cut anywhere) into `sink`.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when `sink` cannot be written.
    mutating func rewrite(_ block: UnsafeRawBufferPointer, into sink: ByteSink) throws {
        guard let base = block.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let n = block.count
        var start = 0
        var i = 0
        while i < n {
            // Eight bytes a step to the next quote or line feed (the first lane found is exact).
            if i + 8 <= n {
                let w = WordScan.word(UnsafeRawPointer(base), at: i)
                let found = WordScan.equal(w, UInt8(ascii: "\"")) | WordScan.equal(w, 0x0A)
                if found == 0 {
                    i += 8
                    continue
                }
                i += found.trailingZeroBitCount >> 3
            }
            let b = base[i]
            if b == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if b == 0x0A && !inQuotes {
                let piece = UnsafeBufferPointer(start: base + start, count: i - start)
                if carry.count == 0 {
                    try write(UnsafeRawBufferPointer(piece), into: sink)
                } else {
                    carry.append(piece)
                    let row = carry
                    try row.withUnsafeBytes { try write($0, into: sink) }
                    carry.removeAll()
                }
                passedOn = false
                start = i + 1
            }
            i += 1
        }
        let rest = UnsafeBufferPointer(start: base + start, count: n - start)
        if from == to {
            try passOn(rest, into: sink)
        } else {
            carry.append(rest)
        }
    }

    /// Writes `part`, the start of a row cut by the end of a block, when the layout stays the
    /// same (the row is written as it was): all of it but a last carriage return, which waits
    /// in `carry` as it may start the line end.
    private mutating func passOn(_ part: UnsafeBufferPointer<UInt8>, into sink: ByteSink) throws {
        guard !part.isEmpty else { return }
        if carry.count > 0 {
            try carry.withUnsafeBytes { try sink.write($0) }
            carry.removeAll()
        }
        var out = part
        if crlf, part.last == 0x0D {
            out = UnsafeBufferPointer(rebasing: part.dropLast())
            carry.append(0x0D)
        }
        try sink.write(UnsafeRawBufferPointer(out))
        passedOn = true
    }

    /// Checks that the rows ended with a whole row.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when a row was left unfinished.
    func finish() throws {
        guard carry.count == 0, !inQuotes, !passedOn else {
            throw MapBridgeError(.outputUnavailable, "the CSV rows read back for the final header ended inside a row")
        }
    }

    /// Writes one row (`line`, without its line end; with the layout unchanged, what is left
    /// of it after `passOn`) in the final layout.
    private mutating func write(_ line: UnsafeRawBufferPointer, into sink: ByteSink) throws {
        count += 1
        var row = line
        if crlf, let last = row.last, last == 0x0D { row = UnsafeRawBufferPointer(rebasing: row.dropLast()) }
        let delimiter = encoder.delimiter
        var fields = 0
        func put(_ field: UnsafeRawBufferPointer) throws {
            if fields > 0 { try sink.write(byte: delimiter) }
            fields += 1
            try sink.write(field)
        }
        if from == to {
            try sink.write(row)
            fields = from.fieldCount + fromColumns
        } else {
            // The geometry fields: numbers (or empty), never quoted, so each ends at a delimiter
            // (a WKT field, which may be quoted, is never rewritten: WKT is the last layout).
            let empty = UnsafeRawBufferPointer(start: nil, count: 0)
            let geometryFields = from.fieldCount
            var position = 0
            func next(_ k: Int) -> UnsafeRawBufferPointer {
                guard k < geometryFields else { return empty }
                var end = row.count
                if k + 1 < geometryFields || fromColumns > 0 {
                    end = position
                    while end < row.count && row[end] != delimiter { end += 1 }
                }
                defer { position = min(end + 1, row.count) }
                return UnsafeRawBufferPointer(rebasing: row[position..<end])
            }
            let f0 = next(0), f1 = next(1), f2 = next(2)
            func field(_ k: Int?) -> UnsafeRawBufferPointer {
                switch k {
                case 0?: f0
                case 1?: f1
                case 2?: f2
                default: empty
                }
            }
            let longitude = field(from.longitudeField), latitude = field(from.latitudeField)
            let altitude = field(from.altitudeField)
            switch to {
            case .none: break
            case .xy: try put(longitude); try put(latitude)
            case .yx: try put(latitude); try put(longitude)
            case .xyz: try put(longitude); try put(latitude); try put(altitude)
            case .wkt:
                if let k = from.wktField {
                    try put(field(k))
                } else if longitude.isEmpty {
                    try put(empty)
                } else {
                    wkt.removeAll()
                    encoder.appendPointWKT(longitude: longitude, latitude: latitude, altitude: altitude, to: &wkt)
                    let made = wkt
                    try made.withUnsafeBytes { try put($0) }
                }
            }
            if fromColumns > 0 { try put(UnsafeRawBufferPointer(rebasing: row[position...])) }
        }
        for _ in fromColumns..<toColumns { try put(UnsafeRawBufferPointer(start: nil, count: 0)) }
        if crlf { try sink.write(byte: 0x0D) }
        try sink.write(byte: 0x0A)
    }
}

extension CSVWriter.ResolvedGeometry {
    /// How many geometry fields a row has in this layout.
    var fieldCount: Int {
        switch self {
        case .none: 0
        case .xy, .yx: 2
        case .xyz: 3
        case .wkt: 1
        }
    }

    /// Which of a row's geometry fields holds the longitude, the latitude, the altitude, the
    /// WKT (`nil`: none does).
    var longitudeField: Int? {
        switch self {
        case .xy, .xyz: 0
        case .yx: 1
        case .none, .wkt: nil
        }
    }

    var latitudeField: Int? {
        switch self {
        case .xy, .xyz: 1
        case .yx: 0
        case .none, .wkt: nil
        }
    }

    var altitudeField: Int? { self == .xyz ? 2 : nil }

    var wktField: Int? { self == .wkt ? 0 : nil }
}
