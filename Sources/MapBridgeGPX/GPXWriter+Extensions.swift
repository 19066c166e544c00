import MapBridgeJSON
import MapBridgeModel
import MapBridgeXML

extension GPXWriter {
    /// `<extensions>` with, in this order, a line's gpx_style `line`, Garmin's
    /// `TrackPointExtension` and MapBridge's elements for everything else; nothing when all
    /// are empty.
    ///
    /// A MapBridge element is `<mb:key>` for a key that is an XML name (a per-point value's
    /// key loses its plural `s`: `speeds` → `<mb:speed>`), else `<mb:property name="key">`
    /// (`<mb:value name="key">` per point); values that are not text carry `type`.
    func writeExtensions(_ entries: [(key: String, value: PropertyValue, perPoint: Bool)], lineStyle: Style?,
                         garmin: [(element: StaticString, text: String)], into xml: inout XMLOutput) throws
    {
        let color = lineStyle?.strokeColor
        let opacity = lineStyle?.strokeOpacity.flatMap { (0...1).contains($0) ? $0 : nil }
        let width = lineStyle?.strokeWidth.flatMap { $0 >= 0 ? $0 : nil }
        let hasStyle = color != nil || opacity != nil || width != nil
        guard hasStyle || !garmin.isEmpty || !entries.isEmpty else { return }
        try xml.open("extensions")
        if hasStyle {
            try xml.open("gpx_style:line")
            if let color { try xml.leaf("gpx_style:color", String(color.hex.dropFirst())) }
            if let opacity { try xml.leaf("gpx_style:opacity", NumberValue(opacity).text) }
            if let width {
                // To the micrometre: pixels × 25.4 / 96 has long binary tails (3 px is 0.79375 mm).
                try xml.leaf("gpx_style:width", NumberFormatting.fixed(GPXMapping.millimetres(pixels: width), decimals: 6))
            }
            try xml.close("gpx_style:line")
        }
        if !garmin.isEmpty {
            try xml.open("gpxtpx:TrackPointExtension")
            for (element, text) in garmin { try xml.leaf(prefix: Self.garminPrefix, localName: "\(element)", text) }
            try xml.close("gpxtpx:TrackPointExtension")
        }
        var overflow = Properties()
        for entry in entries {
            let (text, type) = GPXValues.text(of: entry.value)
            var attributes: [(name: StaticString, value: String)] = []
            let localName: String
            if entry.perPoint, let singular = GPXMapping.perPointElementName(entry.key), XMLName.isNCName(singular),
                GPXMapping.perPointKey(singular) == entry.key
            {
                localName = singular
            } else if !entry.perPoint, XMLName.isNCName(entry.key) {
                localName = entry.key
            } else {
                localName = entry.perPoint ? "value" : "property"
                attributes.append(("name", entry.key))
            }
            if !entry.perPoint, !admitsPropertyElement(localName) {
                overflow.append(key: entry.key, value: entry.value)
                continue
            }
            if let type { attributes.append(("type", type)) }
            try xml.leaf(prefix: Self.mapBridgePrefix, localName: localName, text, attributes: attributes)
        }
        if !overflow.isEmpty {
            let (text, _) = GPXValues.text(of: .object(overflow))
            try xml.leaf(prefix: Self.mapBridgePrefix, localName: "property", text,
                         attributes: [("type", GPXMapping.membersType)])
        }
        try xml.close("extensions")
    }

    /// Whether a feature property may have an element named `localName`: one used before, or
    /// a new one while fewer than `GPXMapping.maximumPropertyElementNames` are; else the
    /// property joins the feature's `members` object (reported once).
    private func admitsPropertyElement(_ localName: String) -> Bool {
        if propertyElementNames.contains(localName) { return true }
        if propertyElementNames.count < GPXMapping.maximumPropertyElementNames {
            propertyElementNames.insert(localName)
            return true
        }
        note("gpx-wide-properties",
             "features carry more than \(GPXMapping.maximumPropertyElementNames) property names; the rest are written together as JSON in one <mb:property type=\"members\"> element, which MapBridge reads back as properties (GDAL's GPX driver stops at 100 fields and would otherwise read no waypoint; it shows the JSON as the field mb_property)")
        return false
    }
}
