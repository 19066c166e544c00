/// `Style`'s storage: its members in one box that copies of the style share until one of them
/// is changed, and equality and hashing by those members, never by the box's identity.
extension Style {
    /// Every member of a style, stored: what `Style`'s public properties read and write.
    struct Members: Hashable, Sendable {
        var id: String? = nil
        var strokeColor: Color? = nil
        var strokeOpacity: Double? = nil
        var strokeWidth: Double? = nil
        var strokeDash: [Double]? = nil
        var fillColor: Color? = nil
        var fillOpacity: Double? = nil
        var fill: Bool? = nil
        var outline: Bool? = nil
        var marker: MarkerStyle? = nil
        var label: LabelStyle? = nil

        /// Whether every member, the identifier included, is `nil`: equal to `Members()`, checked
        /// field by field (a nil test each) instead of by the synthesised `==`.
        var hasNoneSet: Bool {
            id == nil && strokeColor == nil && strokeOpacity == nil && strokeWidth == nil && strokeDash == nil
                && fillColor == nil && fillOpacity == nil && fill == nil && outline == nil && marker == nil
                && label == nil
        }

        /// Whether no member of the members in `box` is set (the identifier does not count):
        /// `Style.isEmpty`. Each member is read in the box, one at a time (asked of a copy of the
        /// members, all of them would be copied out of the box first).
        static func isEmpty(in box: CopyOnWriteBox<Members>) -> Bool {
            box.value.strokeColor == nil && box.value.strokeOpacity == nil && box.value.strokeWidth == nil
                && (box.value.strokeDash?.isEmpty ?? true) && box.value.fillColor == nil && box.value.fillOpacity == nil
                && box.value.fill == nil && box.value.outline == nil
                && (box.value.marker?.isEmpty ?? true) && (box.value.label?.isEmpty ?? true)
        }
    }

    /// A style with these members in storage of its own, made in one step: no comparison with
    /// the empty style and no uniqueness checks (`init(id:strokeColor:…)` and the setters make
    /// those). For a reader that has read at least one member: a style with none set should
    /// share the empty style's storage (`Style()`), though it is equal either way. No identifier.
    /// - Complexity: one allocation.
    package init(reading strokeColor: Color?, strokeOpacity: Double?, strokeWidth: Double?, fillColor: Color?,
                 fillOpacity: Double?, fill: Bool?, outline: Bool?, marker: consuming MarkerStyle?,
                 label: LabelStyle?)
    {
        storage = CopyOnWriteBox(Members(strokeColor: strokeColor, strokeOpacity: strokeOpacity, strokeWidth: strokeWidth,
                                         fillColor: fillColor, fillOpacity: fillOpacity, fill: fill, outline: outline,
                                         marker: marker, label: label))
    }

    /// The storage of every style made without members (`Style()`), shared so that making an
    /// empty style allocates nothing; writing to one copies it first, as to any shared style.
    static let emptyStorage = CopyOnWriteBox(Members())

    /// Whether two styles have the same members (two boxes with equal members are equal).
    /// - Complexity: O(1) when both share one box; else O(members, `strokeDash` included).
    public static func == (lhs: Style, rhs: Style) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }

    /// Hashes the members, consistently with `==`.
    public func hash(into hasher: inout Hasher) { storage.value.hash(into: &hasher) }
}
