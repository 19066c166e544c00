/// A k-d tree over some of a name's places, by their Earth-centred positions, that answers
/// "is any of them within `radius` metres (straight line) of this point and accepted by this
/// test?" without looking at the others. `PlaceClustering` asks it whether two grid cubes
/// hold a linking pair.
///
///     let tree = EarthPointTree(members: [0, 3, 7], points: points)
///     tree.contains(near: points[1], radius: 100, in: points) { j in link(1, j) }
///
/// Each node keeps the bounding box of its places, so a query leaves a whole subtree as soon
/// as the box is beyond `radius`: a point far from every member costs O(1), not a walk down
/// the tree.
///
/// - Complexity: building is O(k log² k) for k members; a query visits O(log k) nodes for a
///   point near few members, plus the members within `radius` that the test turns down.
struct EarthPointTree: Sendable {
    /// A range of `order` and the box around its places.
    private struct Node: Sendable {
        var low: Int, high: Int
        var lower: EarthPoint, upper: EarthPoint
        /// The nodes of the two halves (`order[low..<middle]`, `order[middle..<high]`), or -1
        /// for a leaf.
        var left = -1, right = -1

        /// The squared straight-line distance from `p` to the box (0 inside it).
        func distanceSquared(to p: EarthPoint) -> Double {
            let dx = max(lower.x - p.x, 0, p.x - upper.x)
            let dy = max(lower.y - p.y, 0, p.y - upper.y)
            let dz = max(lower.z - p.z, 0, p.z - upper.z)
            return dx * dx + dy * dy + dz * dz
        }
    }

    /// Member positions (indices into the points), each node's places contiguous.
    private var order: [Int]
    private var nodes: [Node] = []
    /// Ranges this short are scanned rather than split.
    private static let leafSize = 8

    /// A tree over `members`, indices into `points`.
    init(members: [Int], points: [EarthPoint]) {
        order = members
        if !members.isEmpty { _ = build(0, members.count, points) }
    }

    /// Builds the node for `order[low..<high]`, split at the median of its widest axis;
    /// returns its position in `nodes`.
    private mutating func build(_ low: Int, _ high: Int, _ points: [EarthPoint]) -> Int {
        var lower = points[order[low]], upper = lower
        for k in low..<high {
            let p = points[order[k]]
            lower = EarthPoint(x: min(lower.x, p.x), y: min(lower.y, p.y), z: min(lower.z, p.z))
            upper = EarthPoint(x: max(upper.x, p.x), y: max(upper.y, p.y), z: max(upper.z, p.z))
        }
        let index = nodes.count
        nodes.append(Node(low: low, high: high, lower: lower, upper: upper))
        guard high - low > Self.leafSize else { return index }
        let extent = [upper.x - lower.x, upper.y - lower.y, upper.z - lower.z]
        let axis = extent[1] > extent[0] ? (extent[2] > extent[1] ? 2 : 1) : (extent[2] > extent[0] ? 2 : 0)
        order[low..<high].sort { points[$0][axis] < points[$1][axis] }
        let middle = (low + high) / 2
        let left = build(low, middle, points)
        let right = build(middle, high, points)
        nodes[index].left = left
        nodes[index].right = right
        return index
    }

    /// Whether a member within `radius` metres (chord) of `point` passes `accepts`; stops at
    /// the first one that does.
    func contains(near point: EarthPoint, radius: Double, in points: [EarthPoint], where accepts: (Int) -> Bool) -> Bool {
        guard !nodes.isEmpty else { return false }
        let radiusSquared = radius * radius
        var pending = [0]
        while let n = pending.popLast() {
            let node = nodes[n]
            guard node.distanceSquared(to: point) <= radiusSquared else { continue }
            if node.left < 0 {
                for k in node.low..<node.high
                where point.chordSquared(to: points[order[k]]) <= radiusSquared && accepts(order[k]) {
                    return true
                }
            } else {
                pending.append(node.right)
                pending.append(node.left)
            }
        }
        return false
    }
}
