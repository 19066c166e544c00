import MapBridgeIO

/// Writes one data set as `NAME.geojson` and `NAME.kml` side by side, the same features in each.
///
/// GeoJSON: a FeatureCollection with one feature per line, `", "` and `": "` separators, the
/// style as simplestyle properties after the others. KML 2.2: one `Placemark` per line with an
/// id, name, description, inline `Style`, `ExtendedData/Data` for the other properties (null
/// ones left out) and the geometry. Each file appears only once complete.
final class CorpusPairWriter {
    private let geojson: AtomicOutputFile
    private let kml: AtomicOutputFile
    private var line: [UInt8] = []
    private var first = true

    /// Creates both files in `directory` and writes their headers.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when a file cannot be created.
    init(directory: String, name: String) throws {
        geojson = try AtomicOutputFile(path: "\(directory)/\(name).geojson")
        kml = try AtomicOutputFile(path: "\(directory)/\(name).kml")
        line.reserveCapacity(1 << 16)
        try geojson.sink.write("{\"type\": \"FeatureCollection\", \"name\": \"\(name)\", \"features\": [\n")
        try kml.sink.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document>
            <name>\(name)</name>

            """)
    }

    func write(_ feature: CorpusFeature) throws {
        line.removeAll(keepingCapacity: true)
        if !first { line.append(",\n") }
        first = false
        appendGeoJSON(feature)
        try flush(to: geojson)
        appendKML(feature)
        try flush(to: kml)
    }

    /// Writes the files' ends and moves them into place.
    func finish() throws {
        try geojson.sink.write("\n]}\n")
        try kml.sink.write("</Document>\n</kml>\n")
        try geojson.commit()
        try kml.commit()
    }

    private func flush(to file: AtomicOutputFile) throws {
        try line.withUnsafeBytes { try file.sink.write($0) }
        line.removeAll(keepingCapacity: true)
    }

    // MARK: GeoJSON

    private func appendGeoJSON(_ f: CorpusFeature) {
        line.append("{\"type\": \"Feature\", \"id\": ")
        line.appendInteger(f.id)
        line.append(", \"properties\": {\"name\": ")
        line.appendJSONString(f.name)
        line.append(", \"description\": ")
        line.appendJSONString(f.description)
        for (key, value) in f.properties {
            line.append(", \"")
            line.append(key)
            line.append("\": ")
            if let value { appendJSON(value) } else { line.append("null") }
        }
        switch f.style {
        case .marker(let color, let size, let symbol):
            line.append(", \"marker-color\": \"#")
            appendRGB(color)
            line.append("\", \"marker-size\": ")
            line.append(size == 0 ? "\"small\"" : size == 1 ? "\"medium\"" : "\"large\"")
            line.append(", \"marker-symbol\": ")
            line.appendJSONString(symbol)
        case .line(let color, let width, let opacity):
            line.append(", \"stroke\": \"#")
            appendRGB(color)
            line.append("\", \"stroke-width\": ")
            line.appendInteger(width)
            line.append(", \"stroke-opacity\": ")
            line.appendFixed(opacity, decimals: 2)
        case .area(let stroke, let fill, let fillOpacity):
            line.append(", \"stroke\": \"#")
            appendRGB(stroke)
            line.append("\", \"stroke-width\": 1, \"fill\": \"#")
            appendRGB(fill)
            line.append("\", \"fill-opacity\": ")
            line.appendFixed(fillOpacity, decimals: 2)
        }
        line.append("}, \"geometry\": {\"type\": ")
        switch f.shape {
        case .point(let p, let decimals):
            line.append("\"Point\", \"coordinates\": ")
            appendJSON(p, decimals)
        case .line(let positions, let decimals):
            line.append("\"LineString\", \"coordinates\": ")
            appendJSON(positions, decimals)
        case .polygon(let rings, let decimals):
            line.append("\"Polygon\", \"coordinates\": [")
            for (i, ring) in rings.enumerated() {
                if i > 0 { line.append(", ") }
                appendJSON(ring, decimals)
            }
            line.append(UInt8(ascii: "]"))
        }
        line.append("}}")
    }

    private func appendJSON(_ value: CorpusValue) {
        switch value {
        case .text(let s): line.appendJSONString(s)
        case .integer(let n): line.appendInteger(n)
        case .fixed(let units, let decimals): line.appendFixed(units, decimals: decimals)
        case .boolean(let b): line.append(b ? "true" : "false")
        }
    }

    private func appendJSON(_ p: CorpusPosition, _ decimals: Int) {
        line.append(UInt8(ascii: "["))
        line.appendFixed(p.lon, decimals: decimals)
        line.append(", ")
        line.appendFixed(p.lat, decimals: decimals)
        line.append(UInt8(ascii: "]"))
    }

    private func appendJSON(_ positions: [CorpusPosition], _ decimals: Int) {
        line.append(UInt8(ascii: "["))
        for (i, p) in positions.enumerated() {
            if i > 0 { line.append(", ") }
            appendJSON(p, decimals)
        }
        line.append(UInt8(ascii: "]"))
    }

    private func appendRGB(_ color: UInt32) {
        line.appendHexByte(color >> 16 & 0xFF)
        line.appendHexByte(color >> 8 & 0xFF)
        line.appendHexByte(color & 0xFF)
    }

    // MARK: KML

    private func appendKML(_ f: CorpusFeature) {
        line.append("<Placemark id=\"f")
        line.appendInteger(f.id)
        line.append("\"><name>")
        line.appendXMLText(f.name)
        line.append("</name><description>")
        line.appendXMLText(f.description)
        line.append("</description><Style>")
        switch f.style {
        case .marker(let color, let size, _):
            line.append("<IconStyle><color>ff")
            appendKMLColor(color)
            line.append("</color><scale>")
            line.append(size == 0 ? "0.8" : size == 1 ? "1.0" : "1.4")
            line.append("</scale></IconStyle>")
        case .line(let color, let width, let opacity):
            line.append("<LineStyle><color>")
            line.appendHexByte(UInt32(opacity * 255 / 100))
            appendKMLColor(color)
            line.append("</color><width>")
            line.appendInteger(width)
            line.append("</width></LineStyle>")
        case .area(let stroke, let fill, let fillOpacity):
            line.append("<LineStyle><color>ff")
            appendKMLColor(stroke)
            line.append("</color><width>1</width></LineStyle><PolyStyle><color>")
            line.appendHexByte(UInt32(fillOpacity * 255 / 100))
            appendKMLColor(fill)
            line.append("</color></PolyStyle>")
        }
        line.append("</Style><ExtendedData>")
        for (key, value) in f.properties {
            guard let value else { continue }
            line.append("<Data name=\"")
            line.append(key)
            line.append("\"><value>")
            switch value {
            case .text(let s): line.appendXMLText(s)
            case .integer(let n): line.appendInteger(n)
            case .fixed(let units, let decimals): line.appendFixed(units, decimals: decimals)
            case .boolean(let b): line.append(b ? "true" : "false")
            }
            line.append("</value></Data>")
        }
        line.append("</ExtendedData>")
        switch f.shape {
        case .point(let p, let decimals):
            line.append("<Point><coordinates>")
            appendKML(p, decimals)
            line.append("</coordinates></Point>")
        case .line(let positions, let decimals):
            line.append("<LineString><tessellate>1</tessellate><coordinates>")
            appendKML(positions, decimals)
            line.append("</coordinates></LineString>")
        case .polygon(let rings, let decimals):
            line.append("<Polygon>")
            for (i, ring) in rings.enumerated() {
                line.append(i == 0 ? "<outerBoundaryIs><LinearRing><coordinates>" : "<innerBoundaryIs><LinearRing><coordinates>")
                appendKML(ring, decimals)
                line.append(i == 0 ? "</coordinates></LinearRing></outerBoundaryIs>" : "</coordinates></LinearRing></innerBoundaryIs>")
            }
            line.append("</Polygon>")
        }
        line.append("</Placemark>\n")
    }

    private func appendKML(_ p: CorpusPosition, _ decimals: Int) {
        line.appendFixed(p.lon, decimals: decimals)
        line.append(UInt8(ascii: ","))
        line.appendFixed(p.lat, decimals: decimals)
    }

    private func appendKML(_ positions: [CorpusPosition], _ decimals: Int) {
        for (i, p) in positions.enumerated() {
            if i > 0 { line.append(UInt8(ascii: " ")) }
            appendKML(p, decimals)
        }
    }

    /// KML's colour order after the alpha: blue, green, red.
    private func appendKMLColor(_ color: UInt32) {
        line.appendHexByte(color & 0xFF)
        line.appendHexByte(color >> 8 & 0xFF)
        line.appendHexByte(color >> 16 & 0xFF)
    }
}
