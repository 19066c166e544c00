/// A model field that a property can repeat under another name.
public enum RestatedField: Hashable, Sendable {
    /// `Feature.subtitle`.
    case subtitle
    /// `Feature.time` when it is an instant.
    case instant
    /// `Feature.style.marker.symbol`.
    case markerSymbol
}

extension Feature {
    /// The model field that `entry` repeats under the short name GPX gives it (and togeojson
    /// keeps): `desc` for the subtitle, `time` for an instant, `sym` for the marker symbol,
    /// when it holds the same text. The GPX reader keeps these properties beside the fields;
    /// a writer that writes the field leaves such a property out rather than say it twice.
    ///
    ///     let f = Feature(subtitle: "Summit", properties: ["desc": "Summit"])
    ///     f.fieldRestated(by: f.properties[0])   // .subtitle
    public func fieldRestated(by entry: Properties.Entry) -> RestatedField? {
        guard case .string(let text) = entry.value else { return nil }
        switch entry.key {
        case "desc":
            return subtitle == text ? .subtitle : nil
        case "time":
            if case .instant(text)? = time { return .instant }
            return nil
        case "sym":
            return style?.marker?.symbol == text ? .markerSymbol : nil
        default:
            return nil
        }
    }
}
