/// Features are equal when their content is: two readings of the same placemark from
/// different files, or from different lines of one file, are the same feature. `location`
/// (where the feature stood in its source, for messages) takes no part in `==` or in hashing.
///
///     var moved = feature
///     moved.location = SourceLocation(file: "other.kml", line: 90, column: 3)
///     moved == feature   // true
extension Feature {
    /// Every stored property but `location`, compared and hashed as one synthesised value.
    ///
    /// A stored property added to `Feature`, or to its rare fields (`Feature.RareFields`), must
    /// be added here too (a field here and a line in `content`), unless, like `location`, it
    /// says where the feature came from rather than what it is. The box that holds the rare
    /// fields is storage, not content: its fields are listed here one by one, so that a feature
    /// with the box and one without it are equal when their fields are. `FeatureEqualityTests`
    /// lists the stored properties of `Feature` and of `RareFields` by reflection and fails
    /// when one is neither here nor in its list of source-position and storage fields.
    struct Content: Hashable {
        let id: FeatureID?
        let title: String?
        let subtitle: String?
        let shape: Shape?
        let properties: Properties
        let style: Style?
        let time: FeatureTime?
        let folderPath: [String]
        let address: String?
        let visibility: Bool?
        let altitudeMode: AltitudeMode?
        let highlightStyle: Style?
        let foreignMembers: Properties
        let overlay: OverlayKind?
        let fieldPlacements: [FieldPlacement]
    }

    /// The feature's content: what `==` and `hash(into:)` look at.
    var content: Content {
        Content(id: id, title: title, subtitle: subtitle, shape: shape, properties: properties, style: style,
                time: time, folderPath: folderPath, address: address, visibility: visibility,
                altitudeMode: altitudeMode, highlightStyle: highlightStyle, foreignMembers: foreignMembers,
                overlay: overlay, fieldPlacements: fieldPlacements)
    }

    /// Whether two features hold the same content, wherever each was read from.
    public static func == (lhs: Feature, rhs: Feature) -> Bool { lhs.content == rhs.content }

    /// Hashes the content (not `location`), consistently with `==`.
    public func hash(into hasher: inout Hasher) { content.hash(into: &hasher) }
}
