import MapBridgeXML

extension KMLWriter {
    /// The `id`s written so far, so that none is written twice (an XML Schema `ID` must be
    /// unique in its document).
    ///
    /// The ids of shared styles, style maps and schemas, few and capped by their tables, are
    /// kept exactly. Placemark ids can be
    /// millions, so they go into a Bloom filter of fixed size (4 MiB, four probes, allocated
    /// on first use): it never misses an id it holds, and rarely claims one it does not, in
    /// which case that placemark's id is written as data instead, as for any duplicate. With
    /// a million ids about one in 6,000 is affected; memory never grows.
    struct IdentifierRegistry {
        private var sharedIDs: Set<String> = []
        private var placemarkIDs = BloomFilter()

        /// Whether `id` can be the next placemark's id; records it when so.
        mutating func claimPlacemarkID(_ id: String) -> Bool {
            guard !sharedIDs.contains(id), !placemarkIDs.contains(id) else { return false }
            placemarkIDs.insert(id)
            return true
        }

        /// Whether `id` can be the next shared style's, style map's or schema's id; records it
        /// when so. One insertion both looks for the id among the shared ones and records it,
        /// hashing it once.
        mutating func claimSharedID(_ id: String) -> Bool {
            guard !placemarkIDs.contains(id) else { return false }
            return sharedIDs.insert(id).inserted
        }
    }

    /// Whether `text` can be an `id` attribute: an XML Schema `NCName` (ASCII).
    static func isXMLIdentifier(_ text: String) -> Bool { XMLName.isNCName(text) }

    /// A fixed-size set of strings that may answer "present" for a string never inserted, never
    /// "absent" for one that was. Hashes are FNV-1a (deterministic, unlike `Hasher`), combined
    /// by double hashing into `probes` bit positions.
    struct BloomFilter {
        private var words: [UInt64] = []
        private let wordCount: Int
        private let probes: Int

        /// - Parameters:
        ///   - bits: the filter's size in bits, a power of two.
        ///   - probes: bits set per string.
        init(bits: Int = 1 << 25, probes: Int = 4) {
            wordCount = bits / 64
            self.probes = probes
        }

        func contains(_ key: String) -> Bool {
            guard !words.isEmpty else { return false }
            var all = true
            Self.forEachPosition(key, wordCount, probes) { all = all && words[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }
            return all
        }

        mutating func insert(_ key: String) {
            if words.isEmpty { words = Array(repeating: 0, count: wordCount) }
            Self.forEachPosition(key, wordCount, probes) { words[$0 >> 6] |= 1 << UInt64($0 & 63) }
        }

        private static func forEachPosition(_ key: String, _ wordCount: Int, _ probes: Int, _ body: (Int) -> Void) {
            var h1: UInt64 = 0xcbf2_9ce4_8422_2325
            var h2: UInt64 = 0x8422_2325_cbf2_9ce4
            for byte in key.utf8 {
                h1 = (h1 ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                h2 = ((h2 ^ UInt64(byte)) &* 0x0000_0100_0000_01b3) ^ (h2 >> 29)
            }
            let mask = UInt64(wordCount * 64 - 1)
            for k in 0..<UInt64(probes) { body(Int((h1 &+ k &* (h2 | 1)) & mask)) }
        }
    }
}
