/// `Feature`'s rare fields: those most features leave unset, kept together in one
/// copy-on-write box so that a feature without them carries one empty reference instead of
/// their inline bytes (two styles' worth, before `Style` was boxed) and their retains.
extension Feature {
    /// The fields few features have: a feature from GeoJSON rarely has any; one from KML has
    /// some when it sits in folders, has a highlight style or is an overlay.
    struct RareFields: Hashable, Sendable {
        var time: FeatureTime?
        var folderPath: [String]
        var address: String?
        var visibility: Bool?
        var altitudeMode: AltitudeMode?
        var highlightStyle: Style?
        var foreignMembers: Properties
        var overlay: OverlayKind?
    }

    /// The rare fields' box, made when the feature had none and copied when another feature
    /// shares it, ready to be written.
    /// - Complexity: O(1) when the box is already the feature's own; else one allocation and a
    ///   copy of the eight fields (references retained, nothing deep).
    mutating func makeRareFieldsUnique() -> CopyOnWriteBox<RareFields> {
        guard var box = rare.take() else {
            let made = CopyOnWriteBox(RareFields(time: nil, folderPath: [], address: nil, visibility: nil,
                                                 altitudeMode: nil, highlightStyle: nil,
                                                 foreignMembers: Properties(), overlay: nil))
            rare = made
            return made
        }
        let unique = CopyOnWriteBox.makeUnique(&box)
        rare = box
        return unique
    }
}
