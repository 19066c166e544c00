import MapBridgeModel

extension CSVWriter {
    /// The geometry columns: as asked, else from the shapes seen — none without shapes, `xy`
    /// for points only (`xyz` when one has an altitude), `wkt` otherwise.
    func resolvedGeometry() -> ResolvedGeometry {
        if let layout = options.geometry { return ResolvedGeometry(layout) }
        guard shapes.any else { return .none }
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
    /// case) is written as `name_2` (or `_3` …), reported.
    func writeHeader(_ layout: ResolvedGeometry) throws {
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
                note("csv-renamed:\(name)", "the property '\(name)' is written as column '\(written)': '\(name)' holds the geometry")
            }
            taken.insert(written.lowercased())
            names.append(written)
        }
        guard !names.isEmpty else { return }
        var first = true
        for name in names {
            if !first { try sink.write(byte: encoder.delimiter) }
            first = false
            try sink.write(encoder.header(name))
        }
        try writeLineEnd()
    }

    /// Writes one row, given as its frame (`CSVRowFrame`), in `layout`: the geometry fields,
    /// then every property column.
    func writeRow(_ frame: UnsafeRawBufferPointer, _ layout: ResolvedGeometry) throws {
        let row = CSVRowFrame.parts(of: frame)
        let sink = self.sink
        let delimiter = encoder.delimiter
        var fields = 0
        func put(_ field: UnsafeRawBufferPointer) throws {
            if fields > 0 { try sink.write(byte: delimiter) }
            fields += 1
            try sink.write(field)
        }
        switch layout {
        case .none: break
        case .xy: try put(row.longitude); try put(row.latitude)
        case .yx: try put(row.latitude); try put(row.longitude)
        case .xyz: try put(row.longitude); try put(row.latitude); try put(row.altitude)
        case .wkt:
            if row.pointWKT {
                let wkt = pointWKT(row)
                try wkt.withUnsafeBytes { try put($0) }
            } else {
                try put(row.wkt)
            }
        }
        let columns = columnNames.count
        guard columns > 0 else { return try writeLineEnd() }
        if fields > 0 { try sink.write(byte: delimiter) }
        try sink.write(row.properties)
        // The columns the row does not reach are empty.
        for _ in 0..<(columns - max(row.columns, 1)) { try sink.write(byte: delimiter) }
        try writeLineEnd()
    }

    /// The WKT field of a point row, from its fields, as `WKTFormatter` spells a point:
    /// `POINT (lon lat)`, or `POINT Z (lon lat alt)`.
    private func pointWKT(_ row: CSVRowFrame.Parts) -> [UInt8] {
        var text: [UInt8] = Array((row.altitude.isEmpty ? "POINT (" : "POINT Z (").utf8)
        text += row.longitude
        text.append(UInt8(ascii: " "))
        text += row.latitude
        if !row.altitude.isEmpty {
            text.append(UInt8(ascii: " "))
            text += row.altitude
        }
        text.append(UInt8(ascii: ")"))
        var field: [UInt8] = []
        text.withUnsafeBufferPointer { encoder.append(wkt: $0, to: &field) }
        return field
    }

    private func writeLineEnd() throws {
        if options.lineEnding == .crlf { try sink.write(byte: 0x0D) }
        try sink.write(byte: 0x0A)
    }
}
