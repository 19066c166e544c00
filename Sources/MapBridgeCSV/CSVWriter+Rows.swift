import MapBridgeModel

extension CSVWriter {
    /// The row for `feature`: its geometry fields for every layout it may end up in, and its
    /// property fields by column, adding columns not seen before.
    func pendingRow(for feature: Feature) throws -> CSVPendingRow {
        var row = CSVPendingRow()
        if let shape = feature.shape { try fillGeometry(&row, shape, feature) }
        let (properties, unwritten) = CSVFeatureMapping.outputProperties(of: feature)
        for u in unwritten { note("csv-unwritten-\(u.rawValue)", u.message) }
        row.cells.reserveCapacity(properties.count)
        var sorted = true
        for entry in properties {
            guard let column = column(for: entry.key, feature) else { continue }
            if case .array = entry.value { noteNested() } else if case .object = entry.value { noteNested() }
            if let last = row.cells.last, last.column >= column { sorted = false }
            row.cells.append(CSVPendingRow.Cell(column: column, text: encoder.field(entry.value)))
        }
        if !sorted { sortCells(&row, feature) }
        return row
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
    private func sortCells(_ row: inout CSVPendingRow, _ feature: Feature) {
        row.cells.sort { $0.column < $1.column }
        var kept: [CSVPendingRow.Cell] = []
        for cell in row.cells {
            if let last = kept.last, last.column == cell.column {
                note("csv-repeated-key", "a feature repeats the property '\(columnNames[cell.column])'; only its first value is written",
                     at: feature.location)
                continue
            }
            kept.append(cell)
        }
        row.cells = kept
    }

    private func noteNested() {
        note("csv-nested-json", "nested arrays and objects are written as compact JSON text in their fields; they read back as text")
    }

    // MARK: Geometry

    /// Fills the point fields (for a point) and the WKT field (when WKT may be written).
    private func fillGeometry(_ row: inout CSVPendingRow, _ shape: Shape, _ feature: Feature) throws {
        var point: Coordinate?
        switch shape {
        case .annotation(let c): point = c
        case .circle(let circle): point = circle.center
        default: break
        }
        shapes.any = true
        if point == nil { shapes.allPoints = false }
        if let c = point, c.altitude != nil { shapes.anyAltitude = true }
        if let layout = options.geometry, layout != .wkt {
            guard point != nil else {
                throw MapBridgeError(.data, "feature \(featureCount + 1) is a \(shape.kind.rawValue), which \(Setting.csvGeometry.mention(value: ".\(layout)", argument: layout.rawValue)) cannot hold (it is for points); write it with \(Setting.csvGeometry.mention(value: ".wkt", argument: "wkt"))",
                                     at: feature.location)
            }
            if layout != .xyz && shapes.anyAltitude {
                note("csv-altitude", "\(Setting.csvGeometry.mention(value: ".\(layout)", argument: layout.rawValue)) has no altitude column; altitudes are not written (use \(Setting.csvGeometry.mention(value: ".xyz", argument: "xyz")))")
            }
        }
        if case .circle = shape {
            note("csv-circle", "CSV has no circles; a circle is written as its centre point with its radius in metres in the 'radius' column")
        }
        if let c = point {
            let precision = options.precision
            row.longitude = WKTFormatter.numberText(c.longitude, source: c.sourceText?.longitude, precision: precision)
            row.latitude = WKTFormatter.numberText(c.latitude, source: c.sourceText?.latitude, precision: precision)
            if let alt = c.altitude {
                row.altitude = WKTFormatter.numberText(alt, source: c.sourceText?.altitude, precision: precision)
            }
        }
        if options.geometry == nil || options.geometry == .wkt {
            let wkt = WKTFormatter.text(of: shape, precision: options.precision)
            if wkt.droppedAltitudes {
                note("csv-mixed-altitudes", "WKT cannot mix positions with and without altitude in one geometry; such geometries are written without altitudes",
                     at: feature.location)
            }
            row.wkt = encoder.field(text: wkt.text)
        }
    }
}
