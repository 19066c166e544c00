import MapBridgeModel

/// What the `<Style>` being read says so far, one plain member per value KML gives, set as its
/// element closes and made into the model's `Style` once, when the `</Style>` closes (editing
/// a `Style` and its marker in place would move or copy them whole for each member).
///
///     var capture = KMLStyleCapture()
///     capture.setColor(red, opacity: 0.5, in: .lineStyle)
///     capture.strokeWidth = 3
///     capture.style   // Style(strokeColor: red, strokeOpacity: 0.5, strokeWidth: 3)
struct KMLStyleCapture: Sendable {
    var strokeColor: Color?
    var strokeOpacity: Double?
    var strokeWidth: Double?
    var fillColor: Color?
    var fillOpacity: Double?
    var fill: Bool?
    var outline: Bool?
    /// The IconStyle's members; `hasMarker` once one of them was given (even as nothing usable).
    var marker = Marker()
    var hasMarker = false
    /// The LabelStyle's members; `hasLabel` once one of them was given.
    var label = Label()
    var hasLabel = false

    /// An IconStyle's members.
    struct Marker: Sendable {
        var href: String?
        var color: Color?
        var opacity: Double?
        var scale: Double?
        var heading: Double?
        var hotSpot: HotSpot?
    }

    /// A LabelStyle's members.
    struct Label: Sendable {
        var color: Color?
        var opacity: Double?
        var scale: Double?
    }

    /// Sets the colour of the sub-style `container` (LineStyle, PolyStyle, IconStyle or
    /// LabelStyle; nothing for any other), and its opacity when the colour gives one.
    mutating func setColor(_ color: Color, opacity: Double?, in container: KMLElement?) {
        switch container {
        case .lineStyle?:
            strokeColor = color
            if let opacity { strokeOpacity = opacity }
        case .polyStyle?:
            fillColor = color
            if let opacity { fillOpacity = opacity }
        case .iconStyle?:
            hasMarker = true
            marker.color = color
            if let opacity { marker.opacity = opacity }
        case .labelStyle?:
            hasLabel = true
            label.color = color
            if let opacity { label.opacity = opacity }
        default:
            break
        }
    }

    /// The style captured, without an id (the style sheet gives shared styles theirs): the
    /// empty style with the members given set on it, one by one (the same style as
    /// `Style(strokeColor:…)` with those members, which would first compare all of them with
    /// an empty style's to share its storage).
    var style: Style {
        var style = Self.empty
        if let strokeColor { style.strokeColor = strokeColor }
        if let strokeOpacity { style.strokeOpacity = strokeOpacity }
        if let strokeWidth { style.strokeWidth = strokeWidth }
        if let fillColor { style.fillColor = fillColor }
        if let fillOpacity { style.fillOpacity = fillOpacity }
        if let fill { style.fill = fill }
        if let outline { style.outline = outline }
        if hasMarker {
            style.marker = MarkerStyle(href: marker.href, color: marker.color, opacity: marker.opacity,
                                       scale: marker.scale, heading: marker.heading, hotSpot: marker.hotSpot)
        }
        if hasLabel { style.label = LabelStyle(color: label.color, opacity: label.opacity, scale: label.scale) }
        return style
    }

    /// The style with no member set, made once.
    private static let empty = Style()
}
