/// One place or route: the unit every reader hands out and every writer takes.
///
/// Title, subtitle, style and time are the model's own fields, and each fact lives in one
/// place: a reader moves the properties it recognises (GeoJSON's `name`, simplestyle's
/// `stroke`) into the fields, so `properties` holds the rest of the data the source attached,
/// in order and with JSON types intact. Set `title` and every writer writes the new title.
/// `foreignMembers` keeps anything else the source format had that the model has no field
/// for, so a round trip loses nothing.
public struct Feature: Hashable, Sendable {
    /// The identifier as given (GeoJSON `id`, KML `id` attribute).
    public var id: FeatureID?
    /// The name shown for the place (KML `name`, GeoJSON `name` or `title` property).
    public var title: String?
    /// The description (KML `description`, GeoJSON `description` property); may be HTML.
    public var subtitle: String?
    /// The geometry, or `nil` for a feature without one (GeoJSON `"geometry": null`).
    public var shape: Shape?
    /// The feature's data in source order.
    public var properties: Properties
    /// How to draw it, or `nil` for the viewer's default.
    public var style: Style?
    /// When it happened or holds.
    public var time: FeatureTime?
    /// The folders it sits in, outermost first (KML `Folder` names); empty at the top.
    public var folderPath: [String]
    /// A postal address (KML `address`).
    public var address: String?
    /// Whether viewers show it initially (KML `visibility`); `nil` means shown.
    public var visibility: Bool?
    /// How altitudes are meant (KML `altitudeMode`); `nil` means clamped to the ground.
    public var altitudeMode: AltitudeMode?
    /// The style used while the feature is highlighted (KML `StyleMap` `highlight` pair).
    public var highlightStyle: Style?
    /// Members of the source object that the model has no field for, in source order.
    public var foreignMembers: Properties
    /// The overlay the feature is, or `nil` for a placemark.
    public var overlay: OverlayKind?
    /// Where the fields stood among the source's properties and under which keys (GeoJSON's
    /// `NAME`, GPX's `desc`), so that writers built on properties put them back in place;
    /// empty for a feature made in code. Layout only: the values are the fields'.
    public var fieldPlacements: [FieldPlacement]
    /// Where the feature starts in its source, for messages.
    public var location: SourceLocation?

    public init(id: FeatureID? = nil, title: String? = nil, subtitle: String? = nil, shape: Shape? = nil,
                properties: Properties = Properties(), style: Style? = nil, time: FeatureTime? = nil,
                folderPath: [String] = [], address: String? = nil, visibility: Bool? = nil,
                altitudeMode: AltitudeMode? = nil, highlightStyle: Style? = nil,
                foreignMembers: Properties = Properties(), overlay: OverlayKind? = nil,
                fieldPlacements: [FieldPlacement] = [], location: SourceLocation? = nil)
    {
        self.overlay = overlay
        self.fieldPlacements = fieldPlacements
        self.address = address
        self.visibility = visibility
        self.altitudeMode = altitudeMode
        self.highlightStyle = highlightStyle
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.shape = shape
        self.properties = properties
        self.style = style
        self.time = time
        self.folderPath = folderPath
        self.foreignMembers = foreignMembers
        self.location = location
    }
}

/// How a shape's altitudes are meant (KML's `altitudeMode` and `gx:altitudeMode` values).
public enum AltitudeMode: String, Hashable, Sendable, CaseIterable {
    case clampToGround, relativeToGround, absolute, clampToSeaFloor, relativeToSeaFloor
}

/// A feature identifier, kept as the source gave it: `"A1"` stays a string, `7` a number.
public enum FeatureID: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case number(NumberValue)

    public var description: String {
        switch self {
        case .string(let s): s
        case .number(let n): n.text
        }
    }
}

/// When a feature happened (an instant) or holds (a span). Times are kept as their ISO 8601
/// text (`2026-11-30T12:00:00Z`, or reduced precision such as `1997-07`), exactly as written.
public enum FeatureTime: Hashable, Sendable {
    case instant(String)
    /// Either end may be open.
    case span(begin: String?, end: String?)
}

/// What a document says about itself: its name, its description and any other top-level
/// members the model has no field for.
public struct DocumentInfo: Hashable, Sendable {
    public var name: String?
    public var description: String?
    /// Top-level members in source order (GeoJSON foreign members of a FeatureCollection).
    public var foreignMembers: Properties

    public init(name: String? = nil, description: String? = nil, foreignMembers: Properties = Properties()) {
        self.name = name
        self.description = description
        self.foreignMembers = foreignMembers
    }
}
