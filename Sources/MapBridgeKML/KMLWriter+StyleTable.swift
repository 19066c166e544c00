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
    ///
    /// A lookup hashes the style once: the styles are found through an open-addressing table
    /// of their positions in `styles`, each beside its hash, so that a probe compares hashes
    /// before styles and growing the table re-hashes no style.
    struct StyleTable {
        /// The most entries (styles and maps together).
        let capacity: Int
        private(set) var styles: [(id: String, style: Style)] = []
        private(set) var maps: [(id: String, normal: String, highlight: String)] = []
        /// `hashes[i]` is the hash of `styles[i].style`.
        private var hashes: [Int] = []
        /// Positions in `styles`, at the slot their hash leads to (or the next free one after
        /// it); `-1` is a free slot. Its count is a power of two, at least twice `styles.count`.
        private var slots: [Int] = []
        /// The map of each pair of positions in `styles` (normal, highlight): its position in `maps`.
        private var mapIndices: [MapKey: Int] = [:]
        private var nextStyleNumber = 1
        private var nextMapNumber = 1

        private struct MapKey: Hashable {
            var normal: Int
            var highlight: Int
        }

        init(capacity: Int) { self.capacity = capacity }

        /// The id placemarks name `style` by — of a `StyleMap` when `highlight` is given —
        /// adding the entries that are new; `nil`, and nothing added, when they do not fit.
        mutating func id(for style: Style, highlight: Style?, identifiers: inout IdentifierRegistry) -> String? {
            let normalHash = style.hashValue
            let normalIndex = index(of: style, hash: normalHash)
            guard let highlight else {
                if let normalIndex { return styles[normalIndex].id }
                guard styles.count + maps.count + 1 <= capacity else { return nil }
                return styles[insert(style, hash: normalHash, identifiers: &identifiers)].id
            }
            let highlightHash = highlight.hashValue
            let highlightIndex = index(of: highlight, hash: highlightHash)
            // A new highlight style equal to the new normal style is added once, as the normal one.
            let highlightIsNormal = normalIndex == nil && highlightIndex == nil && highlightHash == normalHash
                && highlight == style
            if let normalIndex, let highlightIndex,
               let existing = mapIndices[MapKey(normal: normalIndex, highlight: highlightIndex)]
            {
                return maps[existing].id
            }
            var needed = normalIndex == nil ? 1 : 0
            if highlightIndex == nil && !highlightIsNormal { needed += 1 }
            needed += 1  // the map, which cannot exist when one of its styles is new
            guard styles.count + maps.count + needed <= capacity else { return nil }
            // A new normal style hands its own id to the map (a map for it cannot exist yet).
            var ownMapID: String?
            let resolvedNormal: Int
            if let normalIndex {
                resolvedNormal = normalIndex
            } else {
                if let own = style.id, KMLWriter.isXMLIdentifier(own), identifiers.claimSharedID(own) {
                    ownMapID = own
                }
                resolvedNormal = insert(style, hash: normalHash, identifiers: &identifiers,
                                        preferring: ownMapID.map { $0 + "-normal" })
            }
            let resolvedHighlight: Int
            if let highlightIndex {
                resolvedHighlight = highlightIndex
            } else if highlightIsNormal {
                resolvedHighlight = resolvedNormal
            } else {
                resolvedHighlight = insert(highlight, hash: highlightHash, identifiers: &identifiers)
            }
            let id = ownMapID ?? Self.claimNext("stylemap-", counter: &nextMapNumber, identifiers: &identifiers)
            mapIndices[MapKey(normal: resolvedNormal, highlight: resolvedHighlight)] = maps.count
            maps.append((id, styles[resolvedNormal].id, styles[resolvedHighlight].id))
            return id
        }

        /// The first id `prefix` + number, from `counter` on, that no other element has claimed.
        private static func claimNext(_ prefix: String, counter: inout Int, identifiers: inout IdentifierRegistry) -> String {
            var id: String
            repeat {
                id = numbered(prefix, counter)
                counter += 1
            } while !identifiers.claimSharedID(id)
            return id
        }

        /// `prefix` followed by the decimal digits of `number` (0 or more), written in place.
        private static func numbered(_ prefix: String, _ number: Int) -> String {
            var digitCount = 1
            var rest = number
            while rest >= 10 {
                rest /= 10
                digitCount += 1
            }
            var prefix = prefix
            return prefix.withUTF8 { head in
                let count = head.count + digitCount
                return String(unsafeUninitializedCapacity: count) { text in
                    _ = text.initialize(fromContentsOf: head)
                    var value = number
                    for position in (head.count..<count).reversed() {
                        text[position] = 0x30 + UInt8(truncatingIfNeeded: value % 10)
                        value /= 10
                    }
                    return count
                }
            }
        }

        /// The position in `styles` of the style equal to `style`, whose hash is `hash`; `nil` when
        /// there is none.
        private func index(of style: Style, hash: Int) -> Int? {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            var slot = hash & mask
            while true {
                let entry = slots[slot]
                if entry < 0 { return nil }
                if hashes[entry] == hash && styles[entry].style == style { return entry }
                slot = (slot + 1) & mask
            }
        }

        /// Adds `style`, whose hash is `hash` and which the table does not hold, and returns its
        /// position in `styles`. Its id: `preferred` (in place of its own id, which its map has
        /// taken) or its own id when free, else the next `style-N`.
        private mutating func insert(_ style: Style, hash: Int, identifiers: inout IdentifierRegistry,
                                     preferring preferred: String? = nil) -> Int {
            let id: String
            if let wanted = preferred ?? style.id, KMLWriter.isXMLIdentifier(wanted), identifiers.claimSharedID(wanted) {
                id = wanted
            } else {
                id = Self.claimNext("style-", counter: &nextStyleNumber, identifiers: &identifiers)
            }
            let position = styles.count
            styles.append((id, style))
            hashes.append(hash)
            if slots.count < 2 * styles.count {
                rebuildSlots(count: max(16, slots.count * 2))
            } else {
                place(position)
            }
            return position
        }

        /// Puts position `position` of `styles` at the first free slot from its hash's.
        private mutating func place(_ position: Int) {
            let mask = slots.count - 1
            var slot = hashes[position] & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = position
        }

        /// Replaces the slots by `count` (a power of two) slots holding every style, from the
        /// hashes kept: no style is hashed again.
        private mutating func rebuildSlots(count: Int) {
            slots = [Int](repeating: -1, count: count)
            for position in styles.indices { place(position) }
        }
    }
}
