/// One place or route: the unit every reader hands out and every writer takes.
///
/// Title, subtitle, style and time are the model's own fields, and each fact lives in one
/// place: a reader moves the properties it recognises (GeoJSON's `name`, simplestyle's
/// `stroke`) into the fields, so `properties` holds the rest of the data the source attached,
/// in order and with JSON types intact. Set `title` and every writer writes the new title.
/// `foreignMembers` keeps anything else the source format had that the model has no field
/// for, so a round trip loses nothing.
///
/// Copying a feature is cheap on purpose (readers hand each one on through a few calls): the
/// fields most features have are stored inline, the style is one reference
/// (`Style+Storage.swift`), and the fields few features have (time, folders, address,
/// visibility, altitude mode, highlight style, foreign members, overlay) share one box that
/// is absent while they are all unset (`Feature+RareFields.swift`).
public struct Feature: Hashable, Sendable {
    /// The identifier as given (GeoJSON `id`, KML `id` attribute).
    public var id: FeatureID?
    /// The name shown for the place (KML `name`, GeoJSON `name` or `title` property).
    public var title: String? {
        // A placement that takes its source value from the title is given the title read
        // before the title changes (`DerivedPlacements`).
        willSet { if derivedPlacements.has(.title) { settleDerivedPlacements() } }
    }
    /// The description (KML `description`, GeoJSON `description` property); may be HTML.
    public var subtitle: String? {
        willSet { if derivedPlacements.has(.subtitle) { settleDerivedPlacements() } }
    }
    /// The geometry, or `nil` for a feature without one (GeoJSON `"geometry": null`).
    public var shape: Shape?
    /// The feature's data in source order.
    public var properties: Properties
    /// How to draw it, or `nil` for the viewer's default.
    public var style: Style?
    /// Where the fields stood among the source's properties and under which keys (GeoJSON's
    /// `NAME`, GPX's `desc`), so that writers built on properties put them back in place;
    /// empty for a feature made in code. Layout only: the values are the fields'.
    ///
    /// Kept in two parts (`storedPlacements`, `derivedPlacements`): a title's or a subtitle's
    /// placement under the field's own key whose source value is the field's text (GeoJSON's
    /// `name` and `description`) is kept as its position alone, and spelt out here.
    public var fieldPlacements: [FieldPlacement] {
        get { derivedPlacements.isEmpty ? storedPlacements : withFieldPlacements { Array($0) } }
        set {
            storedPlacements = newValue
            derivedPlacements = DerivedPlacements()
        }
    }
    /// The placements other than those in `derivedPlacements`; while there are derived ones,
    /// in ascending `index` order (as `PropertyVocabulary` makes them).
    var storedPlacements: [FieldPlacement]
    /// The placements whose source value is their field's text, as positions.
    var derivedPlacements = DerivedPlacements()
    /// Where the feature starts in its source, for messages.
    public var location: SourceLocation?
    /// The fields few features have, or `nil` while every one of them is unset; shared
    /// between copies until one is changed.
    var rare: CopyOnWriteBox<RareFields>?

    /// When it happened or holds.
    public var time: FeatureTime? {
        get { rare?.value.time }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue == nil { return }
            makeRareFieldsUnique().value.time = newValue
        }
    }
    /// The folders it sits in, outermost first (KML `Folder` names, and those of Documents inside the outermost one); empty at the top.
    public var folderPath: [String] {
        get { rare?.value.folderPath ?? [] }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue.isEmpty { return }
            makeRareFieldsUnique().value.folderPath = newValue
        }
    }
    /// A postal address (KML `address`).
    public var address: String? {
        get { rare?.value.address }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue == nil { return }
            makeRareFieldsUnique().value.address = newValue
        }
    }
    /// Whether viewers show it initially (KML `visibility`); `nil` means shown.
    public var visibility: Bool? {
        get { rare?.value.visibility }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue == nil { return }
            makeRareFieldsUnique().value.visibility = newValue
        }
    }
    /// How altitudes are meant (KML `altitudeMode`); `nil` means clamped to the ground.
    public var altitudeMode: AltitudeMode? {
        get { rare?.value.altitudeMode }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue == nil { return }
            makeRareFieldsUnique().value.altitudeMode = newValue
        }
    }
    /// The style used while the feature is highlighted (KML `StyleMap` `highlight` pair).
    public var highlightStyle: Style? {
        get { rare?.value.highlightStyle }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue == nil { return }
            makeRareFieldsUnique().value.highlightStyle = newValue
        }
    }
    /// Members of the source object that the model has no field for, in source order.
    public var foreignMembers: Properties {
        get { rare?.value.foreignMembers ?? Properties() }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue.isEmpty { return }
            makeRareFieldsUnique().value.foreignMembers = newValue
        }
    }
    /// The overlay the feature is, or `nil` for a placemark.
    public var overlay: OverlayKind? {
        get { rare?.value.overlay }
        set {
            // Unset on a feature without rare fields: nothing to store, no box to make.
            if rare == nil && newValue == nil { return }
            makeRareFieldsUnique().value.overlay = newValue
        }
    }
}

// The initializers are kept out of the struct's body, so that the compiler makes its
// memberwise initializer (`init(id:title:subtitle:shape:properties:style:storedPlacements:derivedPlacements:location:rare:)`,
// internal) and each public one ends in it: the feature is then written once, into the
// caller's memory. An initializer that sets the fields one by one built the feature twice
// on its stack, copied one (a retain per field) and destroyed the other (a release per field).
extension Feature {
    /// Makes a feature from any of its fields; each one left out is unset.
    /// - Complexity: one allocation for the rare fields when any of them is given, else none.
    public init(id: FeatureID? = nil, title: String? = nil, subtitle: String? = nil, shape: Shape? = nil,
                properties: Properties = Properties(), style: Style? = nil, time: FeatureTime? = nil,
                folderPath: [String] = [], address: String? = nil, visibility: Bool? = nil,
                altitudeMode: AltitudeMode? = nil, highlightStyle: Style? = nil,
                foreignMembers: Properties = Properties(), overlay: OverlayKind? = nil,
                fieldPlacements: [FieldPlacement] = [], location: SourceLocation? = nil)
    {
        // Asked of the arguments, before any field is set: no fields built only to be dropped.
        let rareUnset = time == nil && folderPath.isEmpty && address == nil && visibility == nil && altitudeMode == nil
            && highlightStyle == nil && foreignMembers.isEmpty && overlay == nil
        let rare = rareUnset
            ? nil
            : CopyOnWriteBox(RareFields(time: time, folderPath: folderPath, address: address, visibility: visibility,
                                        altitudeMode: altitudeMode, highlightStyle: highlightStyle,
                                        foreignMembers: foreignMembers, overlay: overlay))
        self.init(id: id, title: title, subtitle: subtitle, shape: shape, properties: properties, style: style,
                  storedPlacements: fieldPlacements, location: location, rare: rare)
    }
}

extension Feature {
    /// Makes a feature as a reader first has it: a shape, properties and a location, every
    /// other field unset (the reader fills its fields from the properties next).
    /// - Complexity: O(1), no allocation; unlike the initializer with every field, no
    ///   defaults are built and dropped.
    public init(shape: Shape?, properties: Properties, location: SourceLocation?) {
        self.init(id: nil, title: nil, subtitle: nil, shape: shape, properties: properties, style: nil,
                  storedPlacements: [], location: location, rare: nil)
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
