import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

extension DatasetSummary {
    /// Writes the summary for people: counts, bounding box, properties with types, styles.
    public func writeText(file: String, format: Format, bytes: Int64?, to sink: ByteSink) throws {
        var out = ""
        out += "\(file): \(format.rawValue)"
        if let bytes { out += ", \(grouped(bytes)) bytes" }
        out += "\n"
        if let name = document.name { out += "name: \(name)\n" }
        if let d = document.description { out += "description: \(d)\n" }
        let extraMembers = document.foreignMembers.keys.filter { $0 != "name" && $0 != "description" }
        if !extraMembers.isEmpty { out += "document members: \(extraMembers.joined(separator: ", "))\n" }
        out += "features: \(grouped(featureCount))\n"
        let kinds = ShapeKind.allCases.compactMap { k in shapeCounts[k].map { (k.rawValue, $0) } }
            + (withoutGeometry > 0 ? [("no geometry", withoutGeometry)] : [])
        let width = kinds.map(\.0.count).max() ?? 0
        for (name, count) in kinds {
            out += "  \(name.padding(width))  \(grouped(count))\n"
        }
        out += "vertices: \(grouped(vertexCount))\n"
        if let b = boundingBox {
            let n = NumberValue.shortestText
            out += "bounding box: west \(n(b.west)), south \(n(b.south)), east \(n(b.east)), north \(n(b.north))"
            if let lo = b.minAltitude, let hi = b.maxAltitude { out += "; altitude \(n(lo)) to \(n(hi)) m" }
            out += "\n"
        }
        if lineLength > 0 { out += "line length: \(kilometres(lineLength)) km (geodesic, WGS 84)\n" }
        if polygonArea > 0 { out += "polygon area: \(kilometres(polygonArea / 1_000)) km² (geodesic, WGS 84)\n" }
        out += "with title: \(grouped(titled)), description: \(grouped(described)), time: \(grouped(timed)), folder: \(grouped(inFolders))\n"
        out += "properties: \(properties.count + propertyNamesNotShown)\n"
        let nameWidth = min(properties.map(\.name.count).max() ?? 0, 32)
        for p in properties {
            let types = p.types.map { "\($0.type) \(grouped($0.count))" }.joined(separator: ", ")
            out += "  \(p.name.padding(nameWidth))  \(types)\n"
        }
        if propertyNamesNotShown > 0 { out += "  … \(propertyNamesNotShown) more names not shown\n" }
        out += "styles: \(styles.count + stylesNotShown) distinct on \(grouped(styledFeatures)) features\n"
        for (style, count) in styles.sorted(by: { $0.count > $1.count }).prefix(10) {
            out += "  \(style.summaryText)  (\(counted(count, "feature")))\n"
        }
        if styles.count > 10 { out += "  … \(styles.count - 10) more\n" }
        try sink.write(out)
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
