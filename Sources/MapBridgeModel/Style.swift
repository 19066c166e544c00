/// How a feature is drawn: the model's union of KML styles and GeoJSON simplestyle.
/// Every member is optional; `nil` means "the viewer's default".
public struct Style: Hashable, Sendable {
    /// The shared style's identifier (KML `Style id`), when the style came from one.
    public var id: String?
    /// Line colour.
    public var strokeColor: Color?
    /// Line opacity in [0, 1].
    public var strokeOpacity: Double?
    /// Line width in pixels, ≥ 0.
    public var strokeWidth: Double?
    /// Line dashes: lengths in pixels (each ≥ 0), alternately drawn and left out, as SVG's
    /// `stroke-dasharray`; `nil` or empty for a solid line. Only SVG output draws them.
    public var strokeDash: [Double]?
    /// Area fill colour.
    public var fillColor: Color?
    /// Area fill opacity in [0, 1].
    public var fillOpacity: Double?
    /// Whether areas are filled at all (KML `PolyStyle fill`).
    public var fill: Bool?
    /// Whether areas are outlined (KML `PolyStyle outline`).
    public var outline: Bool?
    /// The point marker or icon.
    public var marker: MarkerStyle?
    /// The label drawn with the feature's title.
    public var label: LabelStyle?

    /// Makes a style from any of its members; each one left out is `nil`, the viewer's default.
    ///
    ///     Style(strokeColor: Color(hex: "#d00"), strokeWidth: 3, strokeDash: [6, 4])
    public init(id: String? = nil, strokeColor: Color? = nil, strokeOpacity: Double? = nil,
                strokeWidth: Double? = nil, strokeDash: [Double]? = nil, fillColor: Color? = nil,
                fillOpacity: Double? = nil, fill: Bool? = nil, outline: Bool? = nil, marker: MarkerStyle? = nil,
                label: LabelStyle? = nil)
    {
        self.id = id
        self.strokeColor = strokeColor
        self.strokeOpacity = strokeOpacity
        self.strokeWidth = strokeWidth
        self.strokeDash = strokeDash
        self.fillColor = fillColor
        self.fillOpacity = fillOpacity
        self.fill = fill
        self.outline = outline
        self.marker = marker
        self.label = label
    }

    /// Whether no member is set (the identifier does not count).
    public var isEmpty: Bool {
        strokeColor == nil && strokeOpacity == nil && strokeWidth == nil && (strokeDash?.isEmpty ?? true) && fillColor == nil
            && fillOpacity == nil && fill == nil && outline == nil && (marker?.isEmpty ?? true)
            && (label?.isEmpty ?? true)
    }
}

/// A point's marker: a coloured pin (simplestyle) or an icon image (KML `IconStyle`).
public struct MarkerStyle: Hashable, Sendable {
    /// The icon image's URL or archive path.
    public var href: String?
    /// Marker or icon tint.
    public var color: Color?
    /// Marker or icon opacity in [0, 1].
    public var opacity: Double?
    /// Icon scale factor, 1 = natural size, > 0.
    public var scale: Double?
    /// A symbol name (simplestyle `marker-symbol`, e.g. `airport` or a single character).
    public var symbol: String?
    /// The simplestyle marker size.
    public var size: MarkerSize?
    /// Icon heading in degrees clockwise from north, [0, 360).
    public var heading: Double?
    /// The point of the icon that sits on the location (KML `hotSpot`).
    public var hotSpot: HotSpot?

    /// Makes a marker from any of its members; each one left out is `nil`, the viewer's default.
    public init(href: String? = nil, color: Color? = nil, opacity: Double? = nil, scale: Double? = nil,
                symbol: String? = nil, size: MarkerSize? = nil, heading: Double? = nil, hotSpot: HotSpot? = nil)
    {
        self.hotSpot = hotSpot
        self.href = href
        self.color = color
        self.opacity = opacity
        self.scale = scale
        self.symbol = symbol
        self.size = size
        self.heading = heading
    }

    /// Whether no member is set.
    public var isEmpty: Bool {
        href == nil && color == nil && opacity == nil && scale == nil && symbol == nil && size == nil
            && heading == nil && hotSpot == nil
    }
}

/// The point of an icon image that sits on the placemark's location, as KML's `hotSpot`:
/// `x` and `y` measured in `xUnits`/`yUnits` (`fraction` of the image, `pixels` from the
/// lower left, or `insetPixels` from the upper right).
public struct HotSpot: Hashable, Sendable {
    /// Horizontal position, in `xUnits`.
    public var x: Double
    /// Vertical position, in `yUnits`.
    public var y: Double
    /// `fraction`, `pixels` or `insetPixels`.
    public var xUnits: String
    /// `fraction`, `pixels` or `insetPixels`.
    public var yUnits: String

    /// Makes a hot spot; the units default to fractions of the image (0.5, 0 is the bottom centre).
    public init(x: Double, y: Double, xUnits: String = "fraction", yUnits: String = "fraction") {
        self.x = x
        self.y = y
        self.xUnits = xUnits
        self.yUnits = yUnits
    }
}

/// simplestyle's three marker sizes.
public enum MarkerSize: String, Hashable, Sendable, CaseIterable {
    case small, medium, large
}

/// The style of a feature's label.
public struct LabelStyle: Hashable, Sendable {
    /// Text colour.
    public var color: Color?
    /// Opacity in [0, 1].
    public var opacity: Double?
    /// Scale factor, 1 = natural size.
    public var scale: Double?

    /// Makes a label style; each member left out is `nil`, the viewer's default.
    public init(color: Color? = nil, opacity: Double? = nil, scale: Double? = nil) {
        self.color = color
        self.opacity = opacity
        self.scale = scale
    }

    /// Whether no member is set.
    public var isEmpty: Bool { color == nil && opacity == nil && scale == nil }
}
