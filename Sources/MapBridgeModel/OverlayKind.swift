/// What a feature is when it is not a placemark: one of KML's overlays or a network link.
///
/// The kind is the model's; what the overlay shows travels in the feature: a ground overlay's
/// image extent is its polygon, a network link's region its box, and the image (`icon`), the
/// link (`href`) and how they are drawn are properties (see `KMLWriter+Overlay.swift`).
public enum OverlayKind: String, Hashable, Sendable, CaseIterable {
    /// An image draped over the ground (KML `GroundOverlay`).
    case groundOverlay = "groundoverlay"
    /// An image fixed on the screen, not on the map (KML `ScreenOverlay`); no shape.
    case screenOverlay = "screenoverlay"
    /// A photo placed in the view from its point (KML `PhotoOverlay`).
    case photoOverlay = "photooverlay"
    /// A link to another document (KML `NetworkLink`).
    case networkLink = "networklink"

    /// The property that says, in formats without such features (GeoJSON), what a feature's
    /// geometry stands for: an overlay kind's raw value, `circle` for a circle's outline, or a
    /// Multi* type name that KML's MultiGeometry cannot say. togeojson uses the same key.
    public static let geometryTypeKey = "@geometry-type"
}
