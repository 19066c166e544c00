import MapBridgeGeodesy
import MapBridgeModel

extension PlaceClustering {
    /// The clusters among the places of `store`: the same as `clusters(of:)` on its candidates,
    /// without building them all. Names are grouped by sorting 8-byte keys (32 bits of the name's
    /// hash, the place's position in the store), then by the names themselves within a run of
    /// equal hashes, so only places whose names repeat are built as `PlaceCandidate`s.
    /// - Complexity: O(n log n) for the grouping, plus `clusters(of:)`'s cost on the repeats;
    ///   8 bytes of extra memory per place.
    public func clusters(of store: PlaceCandidateStore) -> [PlaceCluster] {
        guard store.count <= Int(UInt32.max) else { return clusters(of: (0..<store.count).map { store[$0] }) }
        var keys: [UInt64] = []
        keys.reserveCapacity(store.count)
        for k in 0..<store.count where Geodesic.isValidPosition(store.position(at: k)) {
            let hash = UInt64(UInt(bitPattern: store.name(at: k).hashValue)) >> 32
            keys.append(hash << 32 | UInt64(k))
        }
        keys.sort()
        var result: [PlaceCluster] = []
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count && keys[end] >> 32 == keys[start] >> 32 { end += 1 }
            if end - start > 1 {
                // Equal hashes; the names themselves decide (in store order, so each group's
                // key is the first spelling of its name, as in `clusters(of:)`).
                var groups: [String: [Int]] = [:]
                for key in keys[start..<end] {
                    let k = Int(key & 0xFFFF_FFFF)
                    groups[store.name(at: k), default: []].append(k)
                }
                for (name, group) in groups where group.count > 1 {
                    for component in components(of: group.map { store[$0] }) where component.count > 1 {
                        result.append(makeCluster(name: name, members: component))
                    }
                }
            }
            start = end
        }
        result.sort { $0.members[0].index < $1.members[0].index }
        return result
    }
}
