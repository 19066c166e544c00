/// How a feature is drawn: the model's union of KML styles and GeoJSON simplestyle.
/// Every member is optional; `nil` means "the viewer's default".
///
/// A value like any other (a copy changes apart from the original), held as one reference to
/// shared storage (`Style+Storage.swift`): copying a style, or a feature that has one, moves
/// one pointer, and the members are copied only when a shared style is changed.
public struct Style: Hashable, Sendable {
    /// The members, shared between copies until one of them is changed.
    var storage: CopyOnWriteBox<Members>

    /// The shared style's identifier (KML `Style id`), when the style came from one.
    public var id: String? {
        get { storage.value.id }
        set { CopyOnWriteBox.makeUnique(&storage).value.id = newValue }
    }
    /// Line colour.
    public var strokeColor: Color? {
        get { storage.value.strokeColor }
        set { CopyOnWriteBox.makeUnique(&storage).value.strokeColor = newValue }
    }
    /// Line opacity in [0, 1].
    public var strokeOpacity: Double? {
        get { storage.value.strokeOpacity }
        set { CopyOnWriteBox.makeUnique(&storage).value.strokeOpacity = newValue }
    }
    /// Line width in pixels, ≥ 0.
    public var strokeWidth: Double? {
        get { storage.value.strokeWidth }
        set { CopyOnWriteBox.makeUnique(&storage).value.strokeWidth = newValue }
    }
    /// Line dashes: lengths in pixels (each ≥ 0), alternately drawn and left out, as SVG's
    /// `stroke-dasharray`; `nil` or empty for a solid line. Only SVG output draws them.
    public var strokeDash: [Double]? {
        get { storage.value.strokeDash }
        set { CopyOnWriteBox.makeUnique(&storage).value.strokeDash = newValue }
    }
    /// Area fill colour.
    public var fillColor: Color? {
        get { storage.value.fillColor }
        set { CopyOnWriteBox.makeUnique(&storage).value.fillColor = newValue }
    }
    /// Area fill opacity in [0, 1].
    public var fillOpacity: Double? {
        get { storage.value.fillOpacity }
        set { CopyOnWriteBox.makeUnique(&storage).value.fillOpacity = newValue }
    }
    /// Whether areas are filled at all (KML `PolyStyle fill`).
    public var fill: Bool? {
        get { storage.value.fill }
        set { CopyOnWriteBox.makeUnique(&storage).value.fill = newValue }
    }
    /// Whether areas are outlined (KML `PolyStyle outline`).
    public var outline: Bool? {
        get { storage.value.outline }
        set { CopyOnWriteBox.makeUnique(&storage).value.outline = newValue }
    }
    /// The point marker or icon.
    public var marker: MarkerStyle? {
        get { storage.value.marker }
        set { CopyOnWriteBox.makeUnique(&storage).value.marker = newValue }
    }
    /// The label drawn with the feature's title.
    public var label: LabelStyle? {
        get { storage.value.label }
        set { CopyOnWriteBox.makeUnique(&storage).value.label = newValue }
    }

    /// Makes a style from any of its members; each one left out is `nil`, the viewer's default.
    ///
    ///     Style(strokeColor: Color(hex: "#d00"), strokeWidth: 3, strokeDash: [6, 4])
    ///
    /// - Complexity: one allocation, none when every member is left out (the empty style's
    ///   storage is shared).
    public init(id: String? = nil, strokeColor: Color? = nil, strokeOpacity: Double? = nil,
                strokeWidth: Double? = nil, strokeDash: [Double]? = nil, fillColor: Color? = nil,
                fillOpacity: Double? = nil, fill: Bool? = nil, outline: Bool? = nil, marker: MarkerStyle? = nil,
                label: LabelStyle? = nil)
    {
        let members = Members(id: id, strokeColor: strokeColor, strokeOpacity: strokeOpacity, strokeWidth: strokeWidth,
                              strokeDash: strokeDash, fillColor: fillColor, fillOpacity: fillOpacity, fill: fill,
                              outline: outline, marker: marker, label: label)
        storage = members.hasNoneSet ? Self.emptyStorage : CopyOnWriteBox(members)
    }

    /// Whether no member is set (the identifier does not count).
    public var isEmpty: Bool { Members.isEmpty(in: storage) }
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
    /// (Inlinable: a reader that fills a marker member by member makes an empty one per style.)
    @inlinable
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
    @inlinable
    public init(color: Color? = nil, opacity: Double? = nil, scale: Double? = nil) {
        self.color = color
        self.opacity = opacity
        self.scale = scale
    }

    /// Whether no member is set.
    public var isEmpty: Bool { color == nil && opacity == nil && scale == nil }
}
