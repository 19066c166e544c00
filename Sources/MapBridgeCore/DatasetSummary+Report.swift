import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

extension DatasetSummary {
    /// Writes the summary for people: counts, bounding box, properties with types, styles.
    /// Each line is shown with `escapedForDisplay()`, so names, keys and descriptions from the
    /// file can neither drive the terminal nor break a line.
    public func writeText(file: String, format: Format, bytes: Int64?, to sink: ByteSink) throws {
        var lines: [String] = []
        lines.append("\(file): \(format.rawValue)" + (bytes.map { ", \(grouped($0)) bytes" } ?? ""))
        if let name = document.name { lines.append("name: \(name)") }
        if let d = document.description { lines.append("description: \(d)") }
        let extraMembers = document.foreignMembers.keys.filter { $0 != "name" && $0 != "description" }
        if !extraMembers.isEmpty { lines.append("document members: \(extraMembers.joined(separator: ", "))") }
        lines.append("features: \(grouped(featureCount))")
        let kinds = ShapeKind.allCases.compactMap { k in shapeCounts[k].map { (k.rawValue, $0) } }
            + (withoutGeometry > 0 ? [("no geometry", withoutGeometry)] : [])
        let width = kinds.map(\.0.count).max() ?? 0
        for (name, count) in kinds {
            lines.append("  \(name.padding(width))  \(grouped(count))")
        }
        lines.append("vertices: \(grouped(vertexCount))")
        if let b = boundingBox {
            let n = NumberValue.shortestText
            var box = "bounding box: west \(n(b.west)), south \(n(b.south)), east \(n(b.east)), north \(n(b.north))"
            if let lo = b.minAltitude, let hi = b.maxAltitude { box += "; altitude \(n(lo)) to \(n(hi)) m" }
            lines.append(box)
        }
        if lineLength > 0 { lines.append("line length: \(kilometres(lineLength)) km (geodesic, WGS 84)") }
        if polygonArea > 0 { lines.append("polygon area: \(kilometres(polygonArea / 1_000)) km² (geodesic, WGS 84)") }
        lines.append("with title: \(grouped(titled)), description: \(grouped(described)), time: \(grouped(timed)), folder: \(grouped(inFolders))")
        lines.append("properties: \(properties.count + propertyNamesNotShown)")
        let nameWidth = min(properties.map(\.name.count).max() ?? 0, 32)
        for p in properties {
            let types = p.types.map { "\($0.type) \(grouped($0.count))" }.joined(separator: ", ")
            lines.append("  \(p.name.padding(nameWidth))  \(types)")
        }
        if propertyNamesNotShown > 0 { lines.append("  … \(propertyNamesNotShown) more names not shown") }
        lines.append("styles: \(styles.count + stylesNotShown) distinct on \(grouped(styledFeatures)) features")
        for (style, count) in styles.sorted(by: { $0.count > $1.count }).prefix(10) {
            lines.append("  \(style.summaryText)  (\(counted(count, "feature")))")
        }
        if styles.count > 10 { lines.append("  … \(styles.count - 10) more") }
        try sink.write(lines.map { $0.escapedForDisplay() + "\n" }.joined())
    }

    /// Writes the summary as one JSON object (see the README for its members).
    public func writeJSON(file: String, format: Format, bytes: Int64?, to sink: ByteSink) throws {
        let json = JSONEmitter(sink: sink, pretty: true)
        try json.beginObject()
        try json.key("file"); try json.string(file)
        try json.key("format"); try json.string(format.rawValue)
        if let bytes { try json.key("bytes"); try json.number(Int(bytes)) }
        try json.key("document")
        try json.beginObject()
        if let name = document.name { try json.key("name"); try json.string(name) }
        if let d = document.description { try json.key("description"); try json.string(d) }
        try json.key("members"); try json.value(.array(document.foreignMembers.keys.map { .string($0) }))
        try json.endObject()
        try json.key("features"); try json.number(featureCount)
        try json.key("shapes")
        try json.beginObject()
        for k in ShapeKind.allCases { if let n = shapeCounts[k] { try json.key(k.rawValue); try json.number(n) } }
        if withoutGeometry > 0 { try json.key("null"); try json.number(withoutGeometry) }
        try json.endObject()
        try json.key("vertices"); try json.number(vertexCount)
        try json.key("bbox")
        if let b = boundingBox {
            try json.beginArray(inline: true)
            for v in [b.west, b.south, b.east, b.north] { try json.number(v) }
            try json.endArray()
        } else {
            try json.null()
        }
        if let lo = boundingBox?.minAltitude, let hi = boundingBox?.maxAltitude {
            try json.key("altitude")
            try json.beginArray(inline: true); try json.number(lo); try json.number(hi); try json.endArray()
        }
        try json.key("lineLengthKm"); try json.number(lineLength / 1_000)
        try json.key("polygonAreaKm2"); try json.number(polygonArea / 1_000_000)
        try json.key("withTitle"); try json.number(titled)
        try json.key("withDescription"); try json.number(described)
        try json.key("withTime"); try json.number(timed)
        try json.key("inFolders"); try json.number(inFolders)
        try json.key("properties")
        try json.beginArray()
        for p in properties {
            try json.beginObject()
            try json.key("name"); try json.string(p.name)
            try json.key("count"); try json.number(p.count)
            try json.key("types")
            try json.beginObject()
            for t in p.types { try json.key(t.type); try json.number(t.count) }
            try json.endObject()
            try json.endObject()
        }
        try json.endArray()
        try json.key("styledFeatures"); try json.number(styledFeatures)
        try json.key("styles")
        try json.beginArray()
        for (style, count) in styles.sorted(by: { $0.count > $1.count }) {
            try json.beginObject()
            try json.key("style"); try json.string(style.summaryText)
            try json.key("features"); try json.number(count)
            try json.endObject()
        }
        try json.endArray()
        try json.endObject()
        try sink.write(byte: 0x0A)
    }
}

extension Style {
    /// A one-line description such as `stroke #ff0000 width 2, fill #00ff00 opacity 0.5`.
    public var summaryText: String {
        var parts: [String] = []
        if strokeColor != nil || strokeWidth != nil || strokeOpacity != nil {
            var s = "stroke"
            if let c = strokeColor { s += " \(c.hex)" }
            if let w = strokeWidth { s += " width \(NumberValue(w).text)" }
            if let o = strokeOpacity { s += " opacity \(NumberValue(o).text)" }
            parts.append(s)
        }
        if fillColor != nil || fillOpacity != nil || fill != nil {
            var s = "fill"
            if fill == false { s += " off" }
            if let c = fillColor { s += " \(c.hex)" }
            if let o = fillOpacity { s += " opacity \(NumberValue(o).text)" }
            parts.append(s)
        }
        if let m = marker {
            var s = "marker"
            if let c = m.color { s += " \(c.hex)" }
            if let sym = m.symbol { s += " symbol \(sym)" }
            if let size = m.size { s += " \(size.rawValue)" }
            if let h = m.href { s += " icon \(h)" }
            if let sc = m.scale { s += " scale \(NumberValue(sc).text)" }
            parts.append(s)
        }
        if let l = label {
            var s = "label"
            if let c = l.color { s += " \(c.hex)" }
            if let sc = l.scale { s += " scale \(NumberValue(sc).text)" }
            parts.append(s)
        }
        return parts.isEmpty ? "(empty)" : parts.joined(separator: ", ")
    }
}

/// Metres as kilometres with three decimals and grouped thousands: `12,345.678`.
func kilometres(_ metres: Double) -> String {
    let thousandths = Int64((metres).rounded())
    let fraction = String(thousandths % 1_000)
    return grouped(thousandths / 1_000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
}

/// `1 feature`, `2,000 features`.
func counted(_ n: Int, _ noun: String) -> String { "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")" }

/// `1234567` as `1,234,567`.
func grouped<T: BinaryInteger>(_ n: T) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, ch) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return n < 0 ? "-" + out : out
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
