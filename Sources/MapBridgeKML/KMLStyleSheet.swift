import MapBridgeModel

/// The shared styles of a KML document: `Style` and `gx:CascadingStyle` elements by id, and
/// `StyleMap`s whose `normal` and `highlight` pairs point at styles.
struct KMLStyleSheet {
    /// A StyleMap pair: a `styleUrl`, an inline `Style`, or both (the inline one wins).
    struct Pair {
        var styleURL: String?
        var inline: Style?
    }

    private(set) var styles: [String: Style] = [:]
    private(set) var maps: [String: (normal: Pair?, highlight: Pair?)] = [:]

    var isEmpty: Bool { styles.isEmpty && maps.isEmpty }

    mutating func define(style: Style, id: String) {
        var s = style
        s.id = Self.keptID(id)
        styles[id] = s
    }

    /// The id a resolved style keeps: `nil` for the ids MapBridge's writer makes up for styles
    /// that had none (`style-N`, `stylemap-N`), so that GeoJSON → KML → GeoJSON does not gain a
    /// `styleUrl` property; any other id is the author's and travels with the style.
    static func keptID(_ id: String) -> String? {
        for prefix in ["style-", "stylemap-"] where id.hasPrefix(prefix) {
            let rest = id.utf8.dropFirst(prefix.utf8.count)
            if !rest.isEmpty && rest.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return nil }
        }
        return id
    }

    mutating func define(mapID: String, normal: Pair?, highlight: Pair?) {
        maps[mapID] = (normal, highlight)
    }

    /// The id a `styleUrl` names in this document (`#id`, or a bare `id` as some writers put
    /// it); nil for a URL into another file.
    static func localID(_ url: String) -> String? {
        let trimmed = url.trimmingSpaces()
        if trimmed.hasPrefix("#") { return String(trimmed.dropFirst()).trimmingSpaces() }
        if trimmed.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "/") }) || trimmed.isEmpty { return nil }
        return trimmed
    }

    /// Whether `id` names a StyleMap in this document.
    func hasMap(_ id: String) -> Bool { maps[id] != nil }

    /// The normal and highlight styles a `styleUrl` leads to, following StyleMaps (at most a
    /// few levels, so a cycle cannot loop).
    func resolve(_ url: String, depth: Int = 0) -> (normal: Style?, highlight: Style?) {
        guard depth < 8, let id = KMLStyleSheet.localID(url) else { return (nil, nil) }
        if let style = styles[id] { return (style, nil) }
        guard let map = maps[id] else { return (nil, nil) }
        func pairStyle(_ pair: Pair?) -> Style? {
            guard let pair else { return nil }
            let base = pair.styleURL.flatMap { resolve($0, depth: depth + 1).normal }
            guard let inline = pair.inline else { return base }
            return base.map { $0.overridden(by: inline) } ?? inline
        }
        var normal = pairStyle(map.normal)
        if normal != nil { normal?.id = Self.keptID(id) }
        return (normal, pairStyle(map.highlight))
    }
}

extension Style {
    /// This style with every member that `other` sets replaced by `other`'s (KML: an inline
    /// Style overrides the shared one it refers to).
    func overridden(by other: Style) -> Style {
        var s = self
        if let v = other.strokeColor { s.strokeColor = v }
        if let v = other.strokeOpacity { s.strokeOpacity = v }
        if let v = other.strokeWidth { s.strokeWidth = v }
        if let v = other.fillColor { s.fillColor = v }
        if let v = other.fillOpacity { s.fillOpacity = v }
        if let v = other.fill { s.fill = v }
        if let v = other.outline { s.outline = v }
        if let m = other.marker {
            var merged = s.marker ?? MarkerStyle()
            if let v = m.href { merged.href = v }
            if let v = m.color { merged.color = v }
            if let v = m.opacity { merged.opacity = v }
            if let v = m.scale { merged.scale = v }
            if let v = m.heading { merged.heading = v }
            if let v = m.symbol { merged.symbol = v }
            if let v = m.size { merged.size = v }
            if let v = m.hotSpot { merged.hotSpot = v }
            s.marker = merged
        }
        if let l = other.label {
            var merged = s.label ?? LabelStyle()
            if let v = l.color { merged.color = v }
            if let v = l.opacity { merged.opacity = v }
            if let v = l.scale { merged.scale = v }
            s.label = merged
        }
        return s
    }
}
