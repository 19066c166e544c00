// The two searches of `AntimeridianSplit` that would otherwise scan everything: the chain that
// continues a piece's ring, and the piece that holds a hole. A comb whose ring crosses the line
// k times has k chains and about k/2 pieces; scanning made splitting it O(k²).

extension AntimeridianSplit {
    /// The starts (latitudes on the line) of one side's chains, to find the one nearest above or
    /// below a latitude by binary search.
    ///
    /// The answer is the one a scan in chain order gives: the chain whose gap (`start − y`
    /// upwards, `y − start` downwards, as computed in floating point) is the smallest that is
    /// ≥ 0, the lowest index among equal gaps. Used chains are not skipped (the caller ends the
    /// ring on one).
    struct ChainStarts {
        /// Each chain's start; `nil` for a chain without points.
        private let starts: [Double?]
        /// Chain indices sorted by (start, index); empty when scanning.
        private let order: [Int]
        /// `order`'s starts.
        private let sorted: [Double]
        /// A minimum tree over `order` (leaves at `order.count...`), for the lowest index among
        /// equal gaps of starts that differ (the gaps are rounded alike).
        private let lowest: [Int]
        /// Whether to scan: asked for, or some start is not a finite number (a gap would be NaN
        /// and not ordered).
        private let scans: Bool

        /// - Complexity: O(k log k) for k chains.
        init(_ chains: [Chain], byScan: Bool) {
            starts = chains.map { $0.points.first?.y }
            let finite = starts.allSatisfy { $0?.isFinite ?? false }
            scans = byScan || !finite
            guard !scans else {
                order = []; sorted = []; lowest = []
                return
            }
            let ys = starts.map { $0 ?? 0 }
            order = ys.indices.sorted { ys[$0] < ys[$1] || (ys[$0] == ys[$1] && $0 < $1) }
            sorted = order.map { ys[$0] }
            var tree = Array(repeating: Int.max, count: 2 * order.count)
            for (p, index) in order.enumerated() { tree[order.count + p] = index }
            var node = order.count - 1
            while node >= 1 {
                tree[node] = min(tree[2 * node], tree[2 * node + 1])
                node -= 1
            }
            lowest = tree
        }

        /// The chain whose start lies nearest above (`upwards`) or below `y`, if any.
        /// - Complexity: O(log k).
        func nearest(to y: Double, upwards: Bool) -> Int? {
            guard !scans, y.isFinite else { return scan(to: y, upwards: upwards) }
            // Gaps are monotonic in the start (rounding keeps order), ≥ 0 exactly when the start
            // is on the searched side: the nearest is at the edge of that side, and the starts
            // whose gaps round to the same value lie next to it.
            let range: Range<Int>
            if upwards {
                let low = partition { $0 >= y }
                guard low < sorted.count else { return nil }
                let gap = sorted[low] - y
                range = low..<partition(from: low) { $0 - y > gap }
            } else {
                let high = partition { $0 > y }
                guard high > 0 else { return nil }
                let gap = y - sorted[high - 1]
                range = partition(upTo: high) { y - $0 <= gap }..<high
            }
            // Equal starts are in index order; starts that differ need the tree.
            if sorted[range.lowerBound] == sorted[range.upperBound - 1] { return order[range.lowerBound] }
            return lowestIndex(in: range)
        }

        /// The first position in `sorted[from..<upTo]` where `isAfter` holds (it holds on a suffix).
        private func partition(from: Int = 0, upTo: Int? = nil, _ isAfter: (Double) -> Bool) -> Int {
            var low = from, high = upTo ?? sorted.count
            while low < high {
                let middle = low + (high - low) / 2
                if isAfter(sorted[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }

        /// The lowest chain index among `order[range]`.
        private func lowestIndex(in range: Range<Int>) -> Int {
            var result = Int.max
            var low = range.lowerBound + order.count, high = range.upperBound + order.count
            while low < high {
                if low & 1 == 1 { result = min(result, lowest[low]); low += 1 }
                if high & 1 == 1 { high -= 1; result = min(result, lowest[high]) }
                low >>= 1; high >>= 1
            }
            return result
        }

        /// The search done by looking at every chain.
        /// - Complexity: O(k).
        private func scan(to y: Double, upwards: Bool) -> Int? {
            var best: (index: Int, gap: Double)?
            for (i, start) in starts.enumerated() {
                guard let start else { continue }
                let gap = upwards ? start - y : y - start
                if gap >= 0, best.map({ gap < $0.gap }) ?? true { best = (i, gap) }
            }
            return best?.index
        }
    }

    /// A piece's outer ring, asked whether it contains points (even-odd rule in the unrolled
    /// plane), with its bounding box to answer most points at once and, once it has been asked
    /// often, its edges bucketed by latitude so that only the edges near the point are tested.
    /// Each answer is the one testing every edge gives: the same edges are tested, with the same
    /// arithmetic.
    struct PieceRing {
        private let ring: [Vertex]
        private var low = (x: 0.0, y: 0.0), high = (x: 0.0, y: 0.0)
        /// Whether the box may be used (the ring's coordinates are finite numbers).
        private var boxed = false
        /// Points tested against every edge so far; past a few, the buckets are made.
        private var scans = 0
        /// Edges (by the index of their first end, as `scanContains` pairs them) per latitude
        /// bucket, `edges[bucketStart[b]..<bucketStart[b + 1]]`; empty when not made.
        private var bucketStart: [Int] = []
        private var edges: [Int32] = []
        /// Whether bucketing was tried and found not to pay (edges spanning most buckets).
        private var unbucketed: Bool

        /// - Complexity: O(n) for n vertices.
        init(_ ring: [Vertex], byScan: Bool) {
            self.ring = ring
            unbucketed = byScan
            guard !byScan, let first = ring.first else { return }
            var low = (x: first.x, y: first.y), high = low
            var finite = true
            for v in ring {
                finite = finite && v.x.isFinite && v.y.isFinite
                low = (min(low.x, v.x), min(low.y, v.y))
                high = (max(high.x, v.x), max(high.y, v.y))
            }
            guard finite else { return }
            (self.low, self.high, boxed) = (low, high, true)
        }

        /// Whether `point` lies inside the ring.
        /// - Complexity: O(1) outside the box, else O(n) for the first few points and then
        ///   about O(1 + edges crossing the point's latitude).
        mutating func contains(_ point: Vertex) -> Bool {
            guard boxed else { return scanContains(point) }
            // An edge counts when its latitudes straddle the point's (one ≤ y, the other > y):
            // none does outside [low.y, high.y). West of the box every straddling edge counts
            // and there is an even number of them; east of it none does. The crossing's
            // computed x may stray from its edge by some ulps, hence the margin.
            guard point.y >= low.y, point.y < high.y else { return false }
            let margin = 1e-12 * (abs(low.x) + abs(high.x) + 1)
            guard point.x >= low.x - margin, point.x < high.x + margin else { return false }
            if bucketStart.isEmpty, !unbucketed {
                scans += 1
                if scans > 4, ring.count > 32, ring.count < Int(Int32.max) { makeBuckets() }
            }
            guard !bucketStart.isEmpty else { return scanContains(point) }
            let b = bucket(point.y)
            var inside = false
            for e in edges[bucketStart[b]..<bucketStart[b + 1]] where crosses(Int(e), point) { inside.toggle() }
            return inside
        }

        /// The even-odd test over every edge.
        private func scanContains(_ point: Vertex) -> Bool {
            var inside = false
            for i in ring.indices where crosses(i, point) { inside.toggle() }
            return inside
        }

        /// Whether the edge from vertex `i` back to the one before it crosses the ray from
        /// `point` towards +x.
        @inline(__always)
        private func crosses(_ i: Int, _ point: Vertex) -> Bool {
            let a = ring[i], b = ring[i == 0 ? ring.count - 1 : i - 1]
            return (a.y > point.y) != (b.y > point.y)
                && point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x
        }

        private var bucketCount: Int { bucketStart.count - 1 }

        /// The bucket of latitude `y` (monotonic in `y`, so an edge whose latitudes enclose `y`
        /// is in its bucket).
        private func bucket(_ y: Double, count: Int? = nil) -> Int {
            let n = count ?? bucketCount
            let f = (y - low.y) / (high.y - low.y) * Double(n)
            return f >= Double(n - 1) ? n - 1 : f > 0 ? Int(f) : 0
        }

        /// Buckets the edges by latitude, one bucket per vertex; gives up (leaving the ring to be
        /// scanned) when the edges would fill more than 8 buckets each on average.
        private mutating func makeBuckets() {
            let n = ring.count
            var sizes = Array(repeating: 0, count: n + 1)
            var total = 0
            func span(_ i: Int) -> ClosedRange<Int>? {
                let a = ring[i].y, b = ring[i == 0 ? n - 1 : i - 1].y
                guard a != b else { return nil }  // a level edge never straddles
                return bucket(min(a, b), count: n)...bucket(max(a, b), count: n)
            }
            for i in 0..<n {
                guard let s = span(i) else { continue }
                total += s.count
                guard total <= 8 * n else {
                    unbucketed = true
                    return
                }
                for b in s { sizes[b + 1] += 1 }
            }
            for b in 0..<n { sizes[b + 1] += sizes[b] }
            var fill = sizes
            var list = Array(repeating: Int32(0), count: total)
            for i in 0..<n {
                guard let s = span(i) else { continue }
                for b in s {
                    list[fill[b]] = Int32(truncatingIfNeeded: i)
                    fill[b] += 1
                }
            }
            bucketStart = sizes
            edges = list
        }
    }
}
