import MapBridgeIO
import MapBridgeModel

extension CSVWriter {
    /// The geometry columns: as asked, else from the shapes seen — none without shapes, `xy`
    /// for points only (`xyz` when one has an altitude), `wkt` otherwise. With no feature at all
    /// they are `xy`: a file with no header row is no table to GDAL and other readers, and the
    /// two position columns make an empty one (a lone `WKT` column, one field and no
    /// delimiter, is not opened by GDAL either).
    func resolvedGeometry() -> ResolvedGeometry {
        if let layout = options.geometry { return ResolvedGeometry(layout) }
        guard shapes.any else { return featureCount == 0 ? .xy : .none }
        guard shapes.allPoints else { return .wkt }
        return shapes.anyAltitude ? .xyz : .xy
    }

    /// The names of the geometry columns in `layout`.
    func geometryNames(_ layout: ResolvedGeometry) -> [String] {
        switch layout {
        case .none: []
        case .xy: [options.longitudeColumn, options.latitudeColumn]
        case .yx: [options.latitudeColumn, options.longitudeColumn]
        case .xyz: [options.longitudeColumn, options.latitudeColumn, options.altitudeColumn]
        case .wkt: [options.wktColumn]
        }
    }

    /// Writes the header row. A property whose name is that of a geometry column (in any
    /// case) is written as `name_2` (or `_3` …), reported unless `reporting` is false (a
    /// provisional header, which the final one may replace).
    func writeHeader(_ layout: ResolvedGeometry, reporting: Bool = true) throws {
        let names = headerNames(layout, reporting: reporting)
        guard !names.isEmpty else { return }
        var first = true
        for name in names {
            if !first { try sink.write(byte: encoder.delimiter) }
            first = false
            try sink.write(encoder.header(name))
        }
        try writeLineEnd()
    }

    /// The column names of the header for `layout`: the geometry columns, then the property
    /// columns, renamed where they take a geometry column's name (reported when `reporting`).
    func headerNames(_ layout: ResolvedGeometry, reporting: Bool) -> [String] {
        let geometry = geometryNames(layout)
        var taken = Set(geometry.map { $0.lowercased() })
        let properties = Set(columnNames.map { $0.lowercased() })
        var names = geometry
        for name in columnNames {
            var written = name
            if taken.contains(name.lowercased()) {
                var n = 2
                while taken.contains("\(name)_\(n)".lowercased()) || properties.contains("\(name)_\(n)".lowercased()) { n += 1 }
                written = "\(name)_\(n)"
                if reporting {
                    note("csv-renamed:\(name)", "the property '\(name)' is written as column '\(written)': '\(name)' holds the geometry")
                }
            }
            taken.insert(written.lowercased())
            names.append(written)
        }
        return names
    }

    /// Writes one row, given as its frame (`CSVRowFrame`), in `layout`: the geometry fields,
    /// then every property column. The row goes into the sink's buffer in one step: its
    /// length is bounded by the frame's parts. A WKT field longer than `largeField` (a line of
    /// thousands of positions) is written on its own first, from the frame, so that the row
    /// is not copied whole into a block of its size; a streamed one (`StreamedWKT`, the next
    /// in `waiting`) is written from its shape, a piece at a time.
    func writeRow(_ frame: UnsafeRawBufferPointer, _ layout: ResolvedGeometry) throws {
        let row = CSVRowFrame.parts(of: frame)
        if row.streamedWKT {
            let field = try nextWaitingWKT()
            // Only a shape that is not a point is streamed: its layout is WKT.
            if layout == .wkt { try writeWKT(field, to: sink) }
        }
        // A point's WKT field, made only when the layout turned out to be WKT.
        let made: [UInt8] = layout == .wkt && row.pointWKT ? pointWKT(row) : []
        try made.withUnsafeBytes { made in
            let wkt = row.pointWKT ? made : row.wkt
            // Streamed, or written before the row from the temporary file of rows.
            let outside = row.streamedWKT || row.wktBefore
            let wktWritten = layout == .wkt && (outside || wkt.count > Self.largeField)
            if wktWritten && !outside { try sink.write(wkt) }
            let columns = columnNames.count
            let padding = max(columns - max(row.columns, 1), 0)
            let delimiter = encoder.delimiter
            let crlf = options.lineEnding == .crlf
            // Four geometry fields and the properties, a delimiter after each, the padding and the line end.
            let maximum = row.longitude.count + row.latitude.count + row.altitude.count + (wktWritten ? 0 : wkt.count)
                + row.properties.count + padding + 7
            try sink.withUnsafeSpace(maximum) { start in
                var out = start
                var fields = wktWritten ? 1 : 0
                func copy(_ bytes: UnsafeRawBufferPointer) {
                    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                    UnsafeMutableRawPointer(out).copyMemory(from: base, byteCount: bytes.count)
                    out += bytes.count
                }
                func put(_ field: UnsafeRawBufferPointer) {
                    if fields > 0 {
                        out.pointee = delimiter
                        out += 1
                    }
                    fields += 1
                    copy(field)
                }
                switch layout {
                case .none: break
                case .xy: put(row.longitude); put(row.latitude)
                case .yx: put(row.latitude); put(row.longitude)
                case .xyz: put(row.longitude); put(row.latitude); put(row.altitude)
                case .wkt: if !wktWritten { put(wkt) }
                }
                if columns > 0 {
                    if fields > 0 {
                        out.pointee = delimiter
                        out += 1
                    }
                    copy(row.properties)
                    // The columns the row does not reach are empty.
                    out.update(repeating: delimiter, count: padding)
                    out += padding
                }
                if crlf {
                    out.pointee = 0x0D
                    out += 1
                }
                out.pointee = 0x0A
                out += 1
                return out - start
            }
        }
    }

    /// The longest WKT field (bytes) written together with the rest of its row.
    static var largeField: Int { 1 << 16 }

    /// Writes the field of `wkt` into `target`, its text made from its shape a piece of
    /// `largeField` bytes at a time.
    /// - Throws: what writing into `target` throws.
    func writeWKT(_ wkt: StreamedWKT, to target: ByteSink) throws {
        if wkt.quoted { try target.write(byte: UInt8(ascii: "\"")) }
        var failure: (any Error)?
        _ = WKTFormatter.write(wkt.shape, precision: options.precision, pieceSize: Self.largeField) { piece in
            guard failure == nil else { return }
            do { try target.write(piece) } catch { failure = error }
        }
        if let failure { throw failure }
        if wkt.quoted { try target.write(byte: UInt8(ascii: "\"")) }
    }

    /// The WKT field of a point row, from its fields (`pointWKT(longitude:latitude:altitude:)`).
    private func pointWKT(_ row: CSVRowFrame.Parts) -> [UInt8] {
        var field = CSVRowBytes()
        encoder.appendPointWKT(longitude: row.longitude, latitude: row.latitude, altitude: row.altitude, to: &field)
        return field.withUnsafeBytes { Array($0) }
    }

    func writeLineEnd() throws {
        if options.lineEnding == .crlf { try sink.write(byte: 0x0D) }
        try sink.write(byte: 0x0A)
    }
}
