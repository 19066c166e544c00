import MapBridgeModel

extension CSVWriter {
    /// Scratch space for encoding rows, kept between rows so that a row allocates nothing
    /// once the buffers have grown to the widest row. The writer holds one and lends it to
    /// `encodeRow(for:into:)` in place: it is never copied.
    struct RowScratch {
        /// The frame being built (`CSVRowFrame`).
        var frame = CSVRowBytes()
        /// The property fields' bytes: while the row's columns come in order (the usual case),
        /// already joined by the delimiter with empty fields in the gaps, ready to be copied
        /// into the frame; after a column out of order, one field after another.
        var cells = CSVRowBytes()
        /// Where each property field lies in `cells` and in which column: the first
        /// `spanCount` (the rest is room kept from earlier rows).
        var spans: [(column: Int, start: Int, end: Int)] = []
        var spanCount = 0
        /// The columns of the keys of the row before, by position: the same keys in the same
        /// order (the usual case) are found without hashing.
        var keys: [(key: String, column: Int)] = []
        /// When the WKT of the row in `frame` is streamed from its shape (its geometry is
        /// `CSVRowFrame.streamedGeometry`, its shape the last in `CSVWriter.waiting`), the bytes
        /// the frame with the text in place has beyond it (`StreamedWKT.frameBytes`); else 0.
        var streamedBytes = 0
    }

    /// The WKT field of a row, streamed from its shape when the row is written rather than
    /// held in its frame: for a shape of more than `Options.heldWKTPositions` positions, whose
    /// text would be held on top of its positions. The text is made when written, a piece of
    /// `largeField` bytes at a time; to measure it before, only the text between its
    /// fixed-point numbers is made (`measureWKT`).
    struct StreamedWKT: Hashable, Sendable {
        /// The shape (its positions are held by the feature anyway; kept for as long as the row
        /// waits in memory for the header).
        var shape: Shape
        /// Whether the field is quoted (as `CSVCellEncoder.wktNeedsQuotes` decides).
        var quoted: Bool
        /// The field's length in bytes, quotes included.
        var length: Int

        /// The bytes the frame with the text in place has beyond the streamed frame.
        var frameBytes: Int { CSVRowFrame.numberLength(length) - 1 + length }
    }

    /// Encodes the row for `feature` into `s.frame` (see `CSVRowFrame`): its geometry fields
    /// for every layout it may end up in, and its property fields by column, adding columns
    /// not seen before.
    func encodeRow(for feature: Feature, into s: inout RowScratch) throws {
        s.frame.removeAll()
        s.cells.removeAll()
        s.spanCount = 0
        s.streamedBytes = try encodeGeometry(feature.shape, feature, into: &s.frame)
        var sorted = true
        var position = 0
        // The columns up to the last field's (its column + 1).
        var covered = 0
        let encoder = self.encoder
        let delimiter = encoder.delimiter
        let extras = CSVFeatureMapping.outputProperties(of: feature, plan: &plan) { u in
            self.note("csv-unwritten-\(u.rawValue)", u.message)
        }
        /// Encodes the property `key`'s field into `s.cells`, in its column.
        func cell(_ key: String, _ value: PropertyValue) {
            defer { position += 1 }
            let column: Int
            if position < s.keys.count, s.keys[position].key == key {
                column = s.keys[position].column
            } else {
                guard let c = self.column(for: key, feature) else { return }
                column = c
                if position < s.keys.count { s.keys[position] = (key, c) } else if position == s.keys.count { s.keys.append((key, c)) }
            }
            cell(value, in: column)
        }
        /// Encodes `value` into `s.cells`, in `column`.
        func cell(_ value: PropertyValue, in column: Int) {
            switch value {
            case .array, .object: self.noteNested()
            default: break
            }
            if column < covered { sorted = false }
            if sorted {
                // The gap's empty fields, and the delimiter before this field.
                for _ in 0..<(column - covered + (covered > 0 ? 1 : 0)) { s.cells.append(delimiter) }
            }
            let start = s.cells.count
            encoder.append(value, to: &s.cells)
            if s.spanCount < s.spans.count {
                s.spans[s.spanCount] = (column, start, s.cells.count)
            } else {
                s.spans.append((column, start, s.cells.count))
            }
            s.spanCount += 1
            covered = column + 1
        }
        if let id = extras.id { cell("id", id) }
        // The columns of the plan's keys are found once per shape of feature, as its first
        // row comes (`PlannedColumns`), and kept with the shape.
        let planned = plan.writerKeys
        var found = PlannedColumns()
        plan.outputKeys.withUnsafeBufferPointer { keys in
            plan.outputValues.withUnsafeBufferPointer { values in
                planned.withUnsafeBytes { planned in
                    guard let k = keys.baseAddress, let v = values.baseAddress else { return }
                    for i in 0..<min(keys.count, values.count) {
                        let column: Int?
                        if planned.isEmpty {
                            column = self.column(for: k[i], feature)
                            found.append(column)
                        } else {
                            column = PlannedColumns.column(at: i, of: planned)
                        }
                        if let column { cell(v[i], in: column) }
                    }
                }
            }
        }
        if planned.isEmpty && !found.bytes.isEmpty { plan.writerKeys = found.bytes }
        if let folder = extras.folder { cell("folder", folder) }
        if let radius = extras.radius { cell("radius", radius) }
        // The property fields of columns 0...last, joined: empty fields fill the gaps.
        if sorted {
            CSVRowFrame.appendNumber(covered, to: &s.frame)
            s.cells.withUnsafeBytes { s.frame.append($0) }
            return
        }
        var spans = Array(s.spans[0..<s.spanCount])
        sortCells(&spans, feature)
        CSVRowFrame.appendNumber((spans.last?.column ?? -1) + 1, to: &s.frame)
        covered = 0
        for span in spans {
            let separators = span.column - covered + (covered > 0 ? 1 : 0)
            for _ in 0..<separators { s.frame.append(delimiter) }
            s.cells.withUnsafeBytes(in: span.start..<span.end) { s.frame.append($0) }
            covered = span.column + 1
        }
    }

    /// The columns of a shape's keys (`PropertyVocabulary.WritePlan.writerKeys`), one per key
    /// in order: 4 bytes each (little-endian), `UInt32.max` for a key that `columns` leaves out.
    /// A key's column, once it has one, stays.
    struct PlannedColumns {
        var bytes: [UInt8] = []

        mutating func append(_ column: Int?) {
            let stored = column.map { UInt32(truncatingIfNeeded: $0) } ?? .max
            for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: stored >> (8 * UInt32(k)))) }
        }

        /// The column of the key at `index` in `planned`'s bytes.
        static func column(at index: Int, of planned: UnsafeRawBufferPointer) -> Int? {
            let stored = planned.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self).littleEndian
            return stored == .max ? nil : Int(stored)
        }
    }

    /// The column of property `key`, adding it when it is new; `nil` when `columns` leaves it out.
    private func column(for key: String, _ feature: Feature) -> Int? {
        if let index = columnIndex[key] { return index }
        if options.columns != nil {
            let count = reported.filter { $0.hasPrefix("csv-unlisted:") }.count
            if count < 10 {
                note("csv-unlisted:\(key)", "the property '\(key)' is not among the columns asked for; it is not written")
            }
            return nil
        }
        if featureCount >= options.lookAhead {
            lateColumns += 1
            if lateColumns <= 10 {
                report(Diagnostic(
                    code: "csv-late-column", severity: .info,
                    message: "column '\(key)' first appears in feature \(featureCount + 1), after the look-ahead of \(options.lookAhead) features; it is kept, at the end of the header, and is empty in the rows before",
                    location: feature.location))
            }
        }
        return addColumn(key)
    }

    /// Puts a row's cells in column order; of two for one column (a key repeated in a
    /// feature's properties) the first is kept and the other reported.
    private func sortCells(_ spans: inout [(column: Int, start: Int, end: Int)], _ feature: Feature) {
        // A stable sort: of two cells for one column, the first stays first.
        spans = spans.enumerated().sorted { ($0.element.column, $0.offset) < ($1.element.column, $1.offset) }.map(\.element)
        var kept: [(column: Int, start: Int, end: Int)] = []
        for span in spans {
            if let last = kept.last, last.column == span.column {
                note("csv-repeated-key", "a feature repeats the property '\(columnNames[span.column])'; only its first value is written",
                     at: feature.location)
                continue
            }
            kept.append(span)
        }
        spans = kept
    }

    private func noteNested() {
        note("csv-nested-json", "nested arrays and objects are written as compact JSON text in their fields; they read back as text")
    }

    // MARK: Geometry

    /// Appends the point fields (for a point) and the WKT field (when WKT may be written); for
    /// a shape of more than `Options.heldWKTPositions` positions, `CSVRowFrame.streamedGeometry`
    /// instead, putting the WKT to stream at the end of `waiting`. Returns the bytes the frame
    /// with the text in place would have beyond it (`StreamedWKT.frameBytes`), else 0.
    private func encodeGeometry(_ shape: Shape?, _ feature: Feature, into frame: inout CSVRowBytes) throws -> Int {
        guard let shape else {
            for _ in 0..<5 { frame.append(0) }  // four empty fields, no point WKT
            return 0
        }
        shapes.any = true
        switch shape {
        case .annotation(let c): try encodePoint(c, of: shape, feature, into: &frame)
        case .circle(let circle): try encodePoint(circle.center, of: shape, feature, into: &frame)
        default:
            shapes.allPoints = false
            if let layout = options.geometry, layout != .wkt {
                throw MapBridgeError(.data, "feature \(featureCount + 1) is a \(shape.kind.rawValue), which \(Setting.csvGeometry.mention(value: ".\(layout)", argument: layout.rawValue)) cannot hold (it is for points); write it with \(Setting.csvGeometry.mention(value: ".wkt", argument: "wkt"))",
                                     at: feature.location)
            }
            if Self.holds(shape, moreThan: options.heldWKTPositions) {
                for b in CSVRowFrame.streamedGeometry { frame.append(b) }
                let streamed = measureWKT(of: shape, feature)
                waiting.append(streamed)
                return streamed.frameBytes
            }
            for _ in 0..<3 { frame.append(0) }
            appendWKT(of: shape, feature, into: &frame)
        }
        return 0
    }

    /// Whether `shape` has more than `limit` positions, counted by list rather than by position.
    static func holds(_ shape: Shape, moreThan limit: Int) -> Bool {
        switch shape {
        case .polyline(let line): line.coordinates.count > limit
        case .polygon(let p): positions(of: p) > limit
        default: positions(of: shape, upTo: limit) > limit
        }
    }

    /// The number of positions in `shape`, counted by list, or a number over `limit` once the
    /// count passes it.
    private static func positions(of shape: Shape, upTo limit: Int) -> Int {
        var n = 0
        switch shape {
        case .annotation, .circle: n = 1
        case .polyline(let line): n = line.coordinates.count
        case .polygon(let p): n = positions(of: p)
        case .multiPoint(let points): n = points.count
        case .multiPolyline(let lines): for line in lines where n <= limit { n += line.coordinates.count }
        case .multiPolygon(let polygons): for p in polygons where n <= limit { n += positions(of: p) }
        case .collection(let shapes): for s in shapes where n <= limit { n += positions(of: s, upTo: limit - n) }
        }
        return n
    }

    private static func positions(of polygon: Polygon) -> Int {
        var n = polygon.outer.count
        for hole in polygon.holes { n += hole.count }
        return n
    }

    /// The field `appendWKT` would append for `shape`, measured from its text made a piece at
    /// a time and not kept, less its fixed-point numbers, which are only counted
    /// (`WKTFormatter.writeOmittingFixedPoint`); reports what `appendWKT` reports.
    private func measureWKT(of shape: Shape, _ feature: Feature) -> StreamedWKT {
        var scan = CSVCellEncoder.WKTFieldScan()
        let encoder = self.encoder
        let made = WKTFormatter.writeOmittingFixedPoint(shape, precision: options.precision, pieceSize: Self.largeField) {
            scan.scan($0, encoder)
        }
        if made.droppedAltitudes { noteDroppedAltitudes(feature) }
        let quoted = scan.needsQuotes
        return StreamedWKT(shape: shape, quoted: quoted, length: scan.length + made.omitted + (quoted ? 2 : 0))
    }

    private func noteDroppedAltitudes(_ feature: Feature) {
        note("csv-mixed-altitudes", "WKT cannot mix positions with and without altitude in one geometry; such geometries are written without altitudes",
             at: feature.location)
    }

    /// Appends the fields of a point (`shape` is a point or a circle at `c`).
    private func encodePoint(_ c: Coordinate, of shape: Shape, _ feature: Feature, into frame: inout CSVRowBytes) throws {
        let altitude = c.altitude
        if altitude != nil { shapes.anyAltitude = true }
        if let layout = options.geometry, layout != .wkt, layout != .xyz && shapes.anyAltitude {
            note("csv-altitude", "\(Setting.csvGeometry.mention(value: ".\(layout)", argument: layout.rawValue)) has no altitude column; altitudes are not written (use \(Setting.csvGeometry.mention(value: ".xyz", argument: "xyz")))")
        }
        if case .circle = shape {
            note("csv-circle", "CSV has no circles; a circle is written as its centre point with its radius in metres in the 'radius' column")
        }
        let precision = options.precision
        appendNumberField(c, .longitude, c.longitude, precision: precision, to: &frame)
        appendNumberField(c, .latitude, c.latitude, precision: precision, to: &frame)
        if let altitude {
            appendNumberField(c, .altitude, altitude, precision: precision, to: &frame)
        } else {
            frame.append(0)
        }
        switch options.geometry {
        case nil:
            // A point's WKT is made from its fields at the end, and only if the layout is WKT.
            frame.append(0)
            frame.append(1)
        case .wkt?:
            appendWKT(of: shape, feature, into: &frame)
        default:
            frame.append(0)
            frame.append(0)
        }
    }

    /// Appends the WKT field of `shape` and the point-WKT mark (0).
    ///
    /// The text is written once, straight into the frame after room for the field's length
    /// and an opening quote, and then moved back over the room it does not need: a line of
    /// millions of positions is held once, not also in a text and a field buffer.
    private func appendWKT(of shape: Shape, _ feature: Feature, into frame: inout CSVRowBytes) {
        let mark = frame.count
        let room = CSVRowFrame.maxNumberLength + 1
        frame.withUnsafeSpace(room) { _ in room }
        let lost = WKTFormatter.write(shape, precision: options.precision, into: &frame)
        if lost.droppedAltitudes { noteDroppedAltitudes(feature) }
        let textStart = mark + room
        let textEnd = frame.count
        // WKT starts with a letter: it never reads as a number, a boolean or null. It holds no
        // quote, so a quoted field is the text between two quotes.
        let quoted = frame.withUnsafeBytes(in: textStart..<textEnd) { encoder.wktNeedsQuotes($0) }
        let length = textEnd - textStart + (quoted ? 2 : 0)
        if quoted { frame.append(UInt8(ascii: "\"")) }
        let fieldEnd = frame.count
        frame.withUnsafeMutableBytes { base in
            var at = mark + CSVRowFrame.writeNumber(length, to: base + mark)
            if quoted {
                base[at] = UInt8(ascii: "\"")
                at += 1
            }
            (base + at).update(from: base + textStart, count: fieldEnd - textStart)
        }
        let header = CSVRowFrame.numberLength(length) + (quoted ? 1 : 0)
        frame.truncate(to: frame.count - (room - header))
        frame.append(0)
    }

    /// Appends the geometry field (its length and its bytes) for `coordinate`'s number `value`
    /// on `axis`, as `WKTFormatter.appendNumber` writes it.
    @inline(__always)
    private func appendNumberField(_ coordinate: Coordinate, _ axis: Coordinate.Axis, _ value: Double, precision: Int?,
                                   to frame: inout CSVRowBytes)
    {
        // The usual case, a fixed-point spelling, rendered straight after its one-byte length.
        if precision == nil, let (v, spelling) = coordinate.fixedPointText(of: axis) {
            frame.withUnsafeSpace(FixedPointSpelling.maxLength + 1) { p in
                let n = FixedPointSpelling.render(v, fractionDigits: spelling.fractionDigits, into: p + 1)
                p[0] = UInt8(truncatingIfNeeded: n)  // the length in LEB128: one byte below 128
                return n + 1
            }
            return
        }
        appendOtherNumberField(coordinate, axis, value, precision: precision, to: &frame)
    }

    /// `appendNumberField` for a number without a fixed-point spelling, or rounded: its text
    /// goes after a one-byte length, filled in once known (below 128), else moved behind a
    /// longer one.
    private func appendOtherNumberField(_ coordinate: Coordinate, _ axis: Coordinate.Axis, _ value: Double,
                                        precision: Int?, to frame: inout CSVRowBytes)
    {
        let mark = frame.count
        frame.append(0)
        WKTFormatter.appendNumber(coordinate, axis, value, precision: precision, to: &frame)
        let n = frame.count - mark - 1
        if n < 0x80 {
            frame.store(UInt8(truncatingIfNeeded: n), at: mark)
        } else {
            let text = frame.withUnsafeBytes(in: (mark + 1)..<frame.count) { Array($0) }
            frame.truncate(to: mark)
            text.withUnsafeBufferPointer { CSVRowFrame.appendField(bytes: $0, to: &frame) }
        }
    }
}
