import MapBridgeModel

/// What the `<Style>` being read says so far, one plain member per value KML gives, set as its
/// element closes and made into the model's `Style` once, when the `</Style>` closes (editing
/// a `Style` and its marker in place would move or copy them whole for each member).
///
///     var capture = KMLStyleCapture()
///     capture.setColor(red, opacity: 0.5, in: .lineStyle)
///     capture.strokeWidth = 3
///     capture.take()   // Style(strokeColor: red, strokeOpacity: 0.5, strokeWidth: 3); capture is empty again
struct KMLStyleCapture: Sendable {
    var strokeColor: Color?
    var strokeOpacity: Double?
    var strokeWidth: Double?
    var fillColor: Color?
    var fillOpacity: Double?
    var fill: Bool?
    var outline: Bool?
    /// The IconStyle's members, set in place (the model's own marker: the style takes it as
    /// it is); `hasMarker` once one of them was given (even as nothing usable).
    var marker = MarkerStyle()
    var hasMarker = false
    /// The LabelStyle's members, set in place; `hasLabel` once one of them was given.
    var label = LabelStyle()
    var hasLabel = false

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
    /// members given, put in a style's storage in one step (`Style(reading:…)`, the same style
    /// as `Style(strokeColor:…)` with those members, which would first compare all of them with
    /// an empty style's), or the empty style when none was given. Leaves the capture empty for
    /// the next `<Style>`: the marker and label move into the style (blank ones take their
    /// place), and the rest is unset, with no capture made afresh.
    mutating func take() -> Style {
        guard strokeColor != nil || strokeOpacity != nil || strokeWidth != nil || fillColor != nil
            || fillOpacity != nil || fill != nil || outline != nil || hasMarker || hasLabel
        else { return Self.empty }
        // Members are set on the marker and label only after `hasMarker` or `hasLabel`: those
        // left unflagged are still blank.
        // Blanks made here, not copied from statics: a member left as it is costs nothing
        // to make, where a static is checked (`swift_once`) and copied (its strings retained).
        let takenMarker = Self.take(&marker, flagged: &hasMarker, leaving: { MarkerStyle() })
        let takenLabel = Self.take(&label, flagged: &hasLabel, leaving: { LabelStyle() })
        let style = Style(reading: strokeColor, strokeOpacity: strokeOpacity, strokeWidth: strokeWidth,
                          fillColor: fillColor, fillOpacity: fillOpacity, fill: fill, outline: outline,
                          marker: takenMarker, label: takenLabel)
        strokeColor = nil
        strokeOpacity = nil
        strokeWidth = nil
        fillColor = nil
        fillOpacity = nil
        fill = nil
        outline = nil
        return style
    }

    /// `value` when `flagged`, moved out with `blank` left in its place and the flag cleared;
    /// else `nil`, `value` untouched (and no blank made).
    private static func take<Member>(_ value: inout Member, flagged: inout Bool, leaving blank: () -> Member) -> Member? {
        guard flagged else { return nil }
        flagged = false
        var taken = blank()
        swap(&taken, &value)
        return taken
    }

    /// The style with no member set, made once.
    private static let empty = Style()
}
