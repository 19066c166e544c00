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

    public init(id: String? = nil, strokeColor: Color? = nil, strokeOpacity: Double? = nil,
                strokeWidth: Double? = nil, fillColor: Color? = nil, fillOpacity: Double? = nil,
                fill: Bool? = nil, outline: Bool? = nil, marker: MarkerStyle? = nil, label: LabelStyle? = nil)
    {
        self.id = id
        self.strokeColor = strokeColor
        self.strokeOpacity = strokeOpacity
        self.strokeWidth = strokeWidth
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

    public var isEmpty: Bool {
        href == nil && color == nil && opacity == nil && scale == nil && symbol == nil && size == nil
            && heading == nil && hotSpot == nil
    }
}

/// The point of an icon image that sits on the placemark's location, as KML's `hotSpot`:
/// `x` and `y` measured in `xUnits`/`yUnits` (`fraction` of the image, `pixels` from the
/// lower left, or `insetPixels` from the upper right).
public struct HotSpot: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var xUnits: String
    public var yUnits: String

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
    public var color: Color?
    /// Opacity in [0, 1].
    public var opacity: Double?
    /// Scale factor, 1 = natural size.
    public var scale: Double?

    public init(color: Color? = nil, opacity: Double? = nil, scale: Double? = nil) {
        self.color = color
        self.opacity = opacity
        self.scale = scale
    }

    public var isEmpty: Bool { color == nil && opacity == nil && scale == nil }
}
