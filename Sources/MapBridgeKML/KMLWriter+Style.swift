import MapBridgeModel
import MapBridgeXML

/// Styles: `Feature.style` (and `highlightStyle`) as KML `Style` elements.
///
/// | model | KML |
/// |---|---|
/// | `marker` colour, opacity, scale, heading, href, hot spot | `IconStyle` `color`, `scale`, `heading`, `Icon/href`, `hotSpot` |
/// | `label` colour, opacity, scale | `LabelStyle` `color`, `scale` |
/// | `strokeColor`, `strokeOpacity`, `strokeWidth` | `LineStyle` `color`, `width` |
/// | `fillColor`, `fillOpacity`, `fill`, `outline` | `PolyStyle` `color`, `fill`, `outline` |
///
/// A colour is `aabbggrr`; an opacity without a colour tints KML's default white. KML has no
/// marker symbol or marker size: those stay in the placemark's data (`marker-symbol`,
/// `marker-size`).
extension KMLWriter {
    /// Writes the placemark's `styleUrl`, or its inline `Style`/`StyleMap`, for its normal and
    /// highlight styles.
    func writeStyleReference(of feature: Feature) throws {
        guard feature.style != nil || feature.highlightStyle != nil else {
            // The common case, without copies of styles that are not there (nor a lookup in
            // members that are not there).
            if !feature.foreignMembers.isEmpty, case .string(let url)? = feature.foreignMembers["styleUrl"] {
                try xml.leaf("styleUrl", url)
            }
            return
        }
        let area = feature.shape.map(Self.hasArea) ?? false
        let normal = styleToWrite(feature.style, area: area)
        let highlight = styleToWrite(feature.highlightStyle, area: area)
        guard normal != nil || highlight != nil else {
            // A reference the reader could not resolve (another file's style) goes back as it came.
            if case .string(let url)? = feature.foreignMembers["styleUrl"] { try xml.leaf("styleUrl", url) }
            return
        }
        if options.styles == .shared {
            if let id = styleTable.id(for: normal ?? Style(), highlight: highlight, identifiers: &identifiers) {
                return try xml.leaf("styleUrl", "#" + id)
            }
            note("style-limit", "more than \(options.maximumSharedStyles) distinct styles: the styles beyond them are written inside each placemark", at: feature.location)
        } else if normal?.id != nil || highlight?.id != nil {
            note("style-id", "with inline styles the styles' own ids are not written (an id cannot repeat)", at: feature.location)
        }
        guard let highlight else {
            if let normal { try writeStyle(normal, id: nil) }
            return
        }
        try xml.open("StyleMap")
        for (key, style) in [("normal", normal ?? Style()), ("highlight", highlight)] {
            try xml.open("Pair")
            try xml.leaf("key", key)
            try writeStyle(style, id: nil)
            try xml.close("Pair")
        }
        try xml.close("StyleMap")
    }

    /// Writes the shared `Style` and `StyleMap` elements collected so far.
    func writeSharedStyles() throws {
        for entry in styleTable.styles { try writeStyle(entry.style, id: entry.id, break: .before) }
        for map in styleTable.maps {
            try xml.open("StyleMap", ("id", map.id), break: .before)
            for (key, id) in [("normal", map.normal), ("highlight", map.highlight)] {
                try xml.open("Pair")
                try xml.leaf("key", key)
                try xml.leaf("styleUrl", "#" + id)
                try xml.close("Pair")
            }
            try xml.close("StyleMap")
        }
    }

    /// The style as it will be written: with simplestyle's defaults filled in when the
    /// options ask for them, or `nil` when KML can say nothing of it.
    func styleToWrite(_ style: Style?, area: Bool) -> Style? {
        guard var s = style else { return nil }
        if options.appliesSimplestyleDefaults
            && (s.strokeColor != nil || s.strokeOpacity != nil || s.strokeWidth != nil || s.fillColor != nil
                || s.fillOpacity != nil)
        {
            let gray = Color(red: 0x55, green: 0x55, blue: 0x55)
            s.strokeColor = s.strokeColor ?? gray
            s.strokeWidth = s.strokeWidth ?? 2
            if area {
                s.fillColor = s.fillColor ?? gray
                s.fillOpacity = s.fillOpacity ?? 0.6
            }
        }
        let expressible = s.strokeColor != nil || s.strokeOpacity != nil || s.strokeWidth != nil
            || s.fillColor != nil || s.fillOpacity != nil || s.fill != nil || s.outline != nil
            || Self.hasIconStyle(s.marker) || !(s.label?.isEmpty ?? true)
        return expressible || s.id != nil ? s : nil
    }

    private func writeStyle(_ s: Style, id: String?, break lineBreak: XMLOutput.LineBreak = .none) throws {
        try xml.open("Style", id.map { ("id", $0) }, break: lineBreak)
        if let m = s.marker, Self.hasIconStyle(m) {
            try xml.open("IconStyle")
            if m.color != nil || m.opacity != nil { try xml.leaf("color", Self.colorText(m.color, opacity: m.opacity)) }
            try writeNumber("scale", m.scale)
            try writeNumber("heading", m.heading.map(Self.heading))
            if let href = m.href {
                try xml.open("Icon")
                try xml.leaf("href", href)
                try xml.close("Icon")
            }
            if let spot = m.hotSpot, !Self.isWritableHotSpot(spot) {
                note("hotspot", "a KML hotSpot needs finite x and y in 'fraction', 'pixels' or 'insetPixels' units; hot spots in '\(spot.xUnits)'/'\(spot.yUnits)' are not written")
            }
            if let spot = m.hotSpot, Self.isWritableHotSpot(spot) {
                try xml.empty("hotSpot", [("x", NumberValue.shortestText(spot.x)), ("y", NumberValue.shortestText(spot.y)),
                                          ("xunits", spot.xUnits), ("yunits", spot.yUnits)])
            }
            try xml.close("IconStyle")
        }
        if let l = s.label, !l.isEmpty {
            try xml.open("LabelStyle")
            if l.color != nil || l.opacity != nil { try xml.leaf("color", Self.colorText(l.color, opacity: l.opacity)) }
            try writeNumber("scale", l.scale)
            try xml.close("LabelStyle")
        }
        if s.strokeColor != nil || s.strokeOpacity != nil || s.strokeWidth != nil {
            try xml.open("LineStyle")
            if s.strokeColor != nil || s.strokeOpacity != nil {
                try xml.leaf("color", Self.colorText(s.strokeColor, opacity: s.strokeOpacity))
            }
            try writeNumber("width", s.strokeWidth)
            try xml.close("LineStyle")
        }
        if s.fillColor != nil || s.fillOpacity != nil || s.fill != nil || s.outline != nil {
            try xml.open("PolyStyle")
            if s.fillColor != nil || s.fillOpacity != nil {
                try xml.leaf("color", Self.colorText(s.fillColor, opacity: s.fillOpacity))
            }
            if let fill = s.fill { try xml.leaf("fill", literal: fill ? "1" : "0") }
            if let outline = s.outline { try xml.leaf("outline", literal: outline ? "1" : "0") }
            try xml.close("PolyStyle")
        }
        try xml.close("Style")
    }

    private func writeNumber(_ name: StaticString, _ value: Double?) throws {
        guard let value, value.isFinite else { return }
        try xml.leaf(name, NumberValue.shortestText(value))
    }

    private static func hasIconStyle(_ m: MarkerStyle?) -> Bool {
        guard let m else { return false }
        return m.color != nil || m.opacity != nil || m.scale != nil || m.heading != nil || m.href != nil
            || m.hotSpot.map(isWritableHotSpot) == true
    }

    /// Whether KML can hold a hot spot: finite numbers in `fraction`, `pixels` or
    /// `insetPixels`.
    static func isWritableHotSpot(_ spot: HotSpot) -> Bool {
        let units: Set<String> = ["fraction", "pixels", "insetPixels"]
        return spot.x.isFinite && spot.y.isFinite && units.contains(spot.xUnits) && units.contains(spot.yUnits)
    }

    /// A heading within KML's range, [-360, 360] degrees.
    private static func heading(_ degrees: Double) -> Double {
        abs(degrees) <= 360 ? degrees : degrees.truncatingRemainder(dividingBy: 360)
    }

    /// KML's `aabbggrr` for a colour (KML's default white when `nil`) and an opacity in
    /// [0, 1] (opaque when `nil`).
    ///
    /// The alpha byte is `opacity × 255` rounded down, as tokml and most GeoJSON → KML tools
    /// do (0.5 → `7f`); a hair of tolerance keeps 0.6 × 255 = 152.999… at `99`. A reader that
    /// divides by 255 gets an opacity that comes back to the same byte.
    ///
    ///     KMLWriter.colorText(Color(hex: "#ff8844"), opacity: 0.8)   // "cc4488ff"
    static func colorText(_ color: Color?, opacity: Double?) -> String {
        let c = color ?? Color(red: 255, green: 255, blue: 255)
        let o = opacity.map { $0.isFinite ? min(max($0, 0), 1) : 1 } ?? 1
        let alpha = UInt8((o * 255 + 1e-9).rounded(.down))
        // Eight ASCII bytes: a small string, made without an allocation.
        return String(unsafeUninitializedCapacity: 8) { text in
            func put(_ value: UInt8, at offset: Int) {
                text[offset] = hexDigit(value >> 4)
                text[offset + 1] = hexDigit(value & 15)
            }
            put(alpha, at: 0)
            put(c.blue, at: 2)
            put(c.green, at: 4)
            put(c.red, at: 6)
            return 8
        }
    }

    /// The lowercase hexadecimal digit of `value` (0–15), as an ASCII byte.
    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
}
