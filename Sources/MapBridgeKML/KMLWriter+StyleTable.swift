import MapBridgeModel

extension KMLWriter {
    /// The distinct styles of the shared-styles layout, each with its id, in order of first
    /// use, and the `StyleMap`s that pair a normal style with a highlight style.
    ///
    /// Ids: a style's own `Style.id` when it is an XML name no other style or placemark has
    /// taken, else `style-1`, `style-2`, … (skipping taken ones). A map takes its normal
    /// style's own id when that style is new (the reader gives the normal style the id of the
    /// StyleMap a placemark named, so the placemark's `styleUrl` reads back as it was); the
    /// normal style is then `<id>-normal`. Other maps are `stylemap-1`, ….
    /// Two styles that differ only in their `Style.id` stay two styles, so that ids read from
    /// a KML file survive.
    struct StyleTable {
        /// The most entries (styles and maps together).
        let capacity: Int
        private(set) var styles: [(id: String, style: Style)] = []
        private(set) var maps: [(id: String, normal: String, highlight: String)] = []
        private var styleIDs: [Style: String] = [:]
        private var mapIDs: [MapKey: String] = [:]
        private var nextStyleNumber = 1
        private var nextMapNumber = 1

        private struct MapKey: Hashable {
            var normal: String
            var highlight: String
        }

        init(capacity: Int) { self.capacity = capacity }

        /// The id placemarks name `style` by — of a `StyleMap` when `highlight` is given —
        /// adding the entries that are new; `nil`, and nothing added, when they do not fit.
        mutating func id(for style: Style, highlight: Style?, identifiers: inout IdentifierRegistry) -> String? {
            var needed = styleIDs[style] == nil ? 1 : 0
            if let highlight {
                if highlight != style && styleIDs[highlight] == nil { needed += 1 }
                if needed > 0 || mapID(normal: style, highlight: highlight) == nil { needed += 1 }
            }
            guard styles.count + maps.count + needed <= capacity else { return nil }
            guard let highlight else { return add(style, identifiers: &identifiers) }
            // A new normal style hands its own id to the map (a map for it cannot exist yet).
            var ownMapID: String?
            if styleIDs[style] == nil, let own = style.id, KMLWriter.isXMLIdentifier(own), identifiers.claimSharedID(own) {
                ownMapID = own
            }
            let normalID = add(style, identifiers: &identifiers, preferring: ownMapID.map { $0 + "-normal" })
            let key = MapKey(normal: normalID, highlight: add(highlight, identifiers: &identifiers))
            if let existing = mapIDs[key] { return existing }
            let id = ownMapID ?? Self.claimNext("stylemap-", counter: &nextMapNumber, identifiers: &identifiers)
            mapIDs[key] = id
            maps.append((id, key.normal, key.highlight))
            return id
        }

        /// The first id `prefix` + number, from `counter` on, that no other element has claimed.
        private static func claimNext(_ prefix: String, counter: inout Int, identifiers: inout IdentifierRegistry) -> String {
            var id: String
            repeat {
                id = prefix + String(counter)
                counter += 1
            } while !identifiers.claimSharedID(id)
            return id
        }

        private func mapID(normal: Style, highlight: Style) -> String? {
            guard let n = styleIDs[normal], let h = styleIDs[highlight] else { return nil }
            return mapIDs[MapKey(normal: n, highlight: h)]
        }

        /// The id of `style`, adding it when new: `preferred` (in place of its own id, which
        /// its map has taken) or its own id when free, else the next `style-N`.
        private mutating func add(_ style: Style, identifiers: inout IdentifierRegistry, preferring preferred: String? = nil) -> String {
            if let existing = styleIDs[style] { return existing }
            let id: String
            if let wanted = preferred ?? style.id, KMLWriter.isXMLIdentifier(wanted), identifiers.claimSharedID(wanted) {
                id = wanted
            } else {
                id = Self.claimNext("style-", counter: &nextStyleNumber, identifiers: &identifiers)
            }
            styleIDs[style] = id
            styles.append((id, style))
            return id
        }
    }
}
