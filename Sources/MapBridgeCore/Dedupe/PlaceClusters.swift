#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeGeodesy
import MapBridgeModel

/// A named point read for deduplication: only what clustering needs, so that a large file's
/// places fit in memory.
public struct PlaceCandidate: Hashable, Sendable {
    /// The feature's 0-based position in its file (all features count, named or not).
    public var index: Int
    /// The name after `PlaceNameFolding` (never empty).
    public var name: String
    /// Where the place is (WGS 84 degrees).
    public var coordinate: Coordinate
    /// How many properties the feature has (the survivor rule prefers more).
    public var propertyCount: Int
    /// Where the feature starts in its file, when the reader knows.
    public var location: SourceLocation?

    public init(index: Int, name: String, coordinate: Coordinate, propertyCount: Int, location: SourceLocation? = nil) {
        self.index = index
        self.name = name
        self.coordinate = coordinate
        self.propertyCount = propertyCount
        self.location = location
    }
}

/// Places that are one place: the same normalised name, each within the distance of another
/// member (clusters are transitive: A near B and B near C put A, B and C together even when A
/// and C are farther apart).
public struct PlaceCluster: Hashable, Sendable {
    /// The normalised name all members share.
    public var name: String
    /// The members in file order (ascending `index`); at least two.
    public var members: [PlaceCandidate]
    /// The `index` of the member that stays: the one with the most properties, the first in
    /// the file among equals.
    public var survivor: Int
    /// The largest geodesic distance from the survivor to another member, in metres.
    public var spread: Double

    /// The surviving member.
    public var survivingMember: PlaceCandidate { members.first { $0.index == survivor } ?? members[0] }
}

/// Finds clusters of duplicate places without comparing every pair: places are grouped by
/// normalised name in a hash map, and within a name, on a grid of cubes over their
/// Earth-centred positions. Cubes are small enough that the places in one are one place, so
/// each cube starts as one set; two cubes within reach of each other are joined when any pair
/// across them links, which a k-d tree over the larger cube answers for each place of the
/// smaller one, and which is not asked again once the cubes are in one set.
///
///     let clusters = PlaceClustering(within: 100).clusters(of: candidates)
///
/// - Complexity: O(n log² n) for n places however they crowd: each cube is compared with at
///   most (2r + 1)³ − 1 others (r = 2 up to `within` = 1,000 km, at most 23 beyond, where
///   the cubes stop growing; past that the nonempty cubes are paired directly), each
///   comparison costing O(log n) per place of the smaller cube.
public struct PlaceClustering: Sendable {
    /// The largest geodesic distance between two members that makes them one place, in metres (> 0).
    public var within: Double
    public var geodesic: Geodesic

    public init(within: Double, geodesic: Geodesic = .wgs84) {
        self.within = within
        self.geodesic = geodesic
    }

    /// The clusters among `places`, ordered by their first member's `index`. Places whose
    /// coordinates are not valid positions (latitude beyond ±90°, not finite) are left out.
    public func clusters(of places: [PlaceCandidate]) -> [PlaceCluster] {
        var groups: [String: [Int]] = [:]
        for (i, p) in places.enumerated() where Geodesic.isValidPosition(p.coordinate) {
            groups[p.name, default: []].append(i)
        }
        var result: [PlaceCluster] = []
        for (name, group) in groups where group.count > 1 {
            for component in components(of: group.map { places[$0] }) where component.count > 1 {
                result.append(makeCluster(name: name, members: component))
            }
        }
        result.sort { $0.members[0].index < $1.members[0].index }
        return result
    }

    /// The longest cube side, in metres: a chord across such a cube is at most 1,000 km / 1.01,
    /// and for chords up to 1,000 km the geodesic is less than 0.2 % longer, so any two places
    /// in one cube are less than 1,000 km apart along the ellipsoid.
    static let largestCubeSide = 1_000_000 / (3.0.squareRoot() * 1.01)
    /// No two points on the ellipsoid are farther apart in a straight line than this (metres).
    static let longestChord = 12_760_000.0

    /// The connected components of `places` (one name), each sorted by index.
    func components(of places: [PlaceCandidate]) -> [[PlaceCandidate]] {
        var sets = DisjointSets(count: places.count)
        let points = places.map { EarthPoint($0.coordinate, geodesic: geodesic) }
        let withinSquared = within * within
        /// Whether places i and j are within `within`: the chord (never longer than the
        /// geodesic) rules most pairs out before the geodesic is measured.
        func near(_ i: Int, _ j: Int) -> Bool {
            points[i].chordSquared(to: points[j]) <= withinSquared
                && geodesic.distance(from: places[i].coordinate, to: places[j].coordinate) <= within
        }
        if places.count <= 16 {
            for i in 0..<places.count {
                for j in (i + 1)..<places.count where sets.find(i) != sets.find(j) && near(i, j) { sets.union(i, j) }
            }
        } else {
            // Any two places in one cube are near (see `largestCubeSide`). A geodesic of at most
            // `within` has a chord of at most `within` (and of at most `longestChord`), so its
            // ends lie at most `reach` cubes apart on each axis.
            let side = min(within / (3.0.squareRoot() * 1.01), Self.largestCubeSide)
            let reach = Int((min(within, Self.longestChord) / side).rounded(.up))
            var cubes: [CubeKey: [Int]] = [:]
            for (i, p) in points.enumerated() { cubes[p.cube(side: side), default: []].append(i) }
            for members in cubes.values {
                for m in members.dropFirst() { sets.union(members[0], m) }
            }
            var trees: [CubeKey: EarthPointTree] = [:]
            /// Whether any place of cube `a` is near one of cube `b`.
            func link(_ a: CubeKey, _ b: CubeKey) -> Bool {
                guard let inA = cubes[a], let inB = cubes[b] else { return false }
                let (small, large, largeKey) = inA.count <= inB.count ? (inA, inB, b) : (inB, inA, a)
                if small.count * large.count <= 64 {
                    return small.contains { i in large.contains { j in near(i, j) } }
                }
                let tree = trees[largeKey] ?? EarthPointTree(members: large, points: points)
                trees[largeKey] = tree
                return small.contains { i in tree.contains(near: points[i], radius: within, in: points) { j in near(i, j) } }
            }
            func compare(_ a: CubeKey, _ b: CubeKey) {
                guard let first = cubes[a]?.first, let second = cubes[b]?.first,
                      sets.find(first) != sets.find(second), link(a, b) else { return }
                sets.union(first, second)
            }
            let keys = cubes.keys.sorted()
            let neighbourCount = (2 * reach + 1) * (2 * reach + 1) * (2 * reach + 1) - 1
            if neighbourCount <= keys.count {
                for key in keys {
                    for neighbour in key.neighbours(radius: reach) where neighbour > key && cubes[neighbour] != nil {
                        compare(key, neighbour)
                    }
                }
            } else {
                // Fewer cubes than neighbours: pair the cubes themselves.
                for (n, a) in keys.enumerated() {
                    for b in keys[(n + 1)...] where abs(a.x - b.x) <= reach && abs(a.y - b.y) <= reach && abs(a.z - b.z) <= reach {
                        compare(a, b)
                    }
                }
            }
        }
        var byRoot: [Int: [PlaceCandidate]] = [:]
        for i in places.indices { byRoot[sets.find(i), default: []].append(places[i]) }
        return byRoot.values.map { $0.sorted { $0.index < $1.index } }
    }

    /// A cluster of `members` (sorted by index): its survivor and spread.
    func makeCluster(name: String, members: [PlaceCandidate]) -> PlaceCluster {
        var best = members[0]
        for m in members.dropFirst() where m.propertyCount > best.propertyCount { best = m }
        var spread = 0.0
        for m in members where m.index != best.index {
            spread = max(spread, geodesic.distance(from: best.coordinate, to: m.coordinate))
        }
        return PlaceCluster(name: name, members: members, survivor: best.index, spread: spread)
    }
}

/// A point on the ellipsoid's surface in Earth-centred, Earth-fixed metres: the straight line
/// between two such points is never longer than the geodesic between them.
struct EarthPoint: Sendable {
    var x: Double, y: Double, z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ c: Coordinate, geodesic: Geodesic) {
        let a = geodesic.equatorialRadius, f = geodesic.flattening
        let e2 = f * (2 - f)
        let phi = c.latitude * Double.pi / 180, lambda = c.longitude * Double.pi / 180
        let sinPhi = sin(phi), cosPhi = cos(phi)
        let n = a / (1 - e2 * sinPhi * sinPhi).squareRoot()
        x = n * cosPhi * cos(lambda)
        y = n * cosPhi * sin(lambda)
        z = n * (1 - e2) * sinPhi
    }

    /// The coordinate on axis 0 (x), 1 (y) or 2 (z).
    subscript(axis: Int) -> Double { axis == 0 ? x : axis == 1 ? y : z }

    func chordSquared(to other: EarthPoint) -> Double {
        let dx = x - other.x, dy = y - other.y, dz = z - other.z
        return dx * dx + dy * dy + dz * dz
    }

    func cube(side: Double) -> CubeKey {
        CubeKey(x: Int((x / side).rounded(.down)), y: Int((y / side).rounded(.down)), z: Int((z / side).rounded(.down)))
    }
}

/// One cube of the grid, by its integer position on each axis.
struct CubeKey: Hashable, Sendable, Comparable {
    var x: Int, y: Int, z: Int

    static func < (l: CubeKey, r: CubeKey) -> Bool { (l.x, l.y, l.z) < (r.x, r.y, r.z) }

    /// The cubes up to `radius` steps away on every axis, this one excluded.
    func neighbours(radius: Int) -> [CubeKey] {
        var out: [CubeKey] = []
        out.reserveCapacity((2 * radius + 1) * (2 * radius + 1) * (2 * radius + 1) - 1)
        for dx in -radius...radius {
            for dy in -radius...radius {
                for dz in -radius...radius where dx != 0 || dy != 0 || dz != 0 {
                    out.append(CubeKey(x: x + dx, y: y + dy, z: z + dz))
                }
            }
        }
        return out
    }
}

/// Union–find over `0..<count` with path halving and union by size.
struct DisjointSets: Sendable {
    private var parent: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    mutating func find(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    mutating func union(_ a: Int, _ b: Int) {
        var ra = find(a), rb = find(b)
        guard ra != rb else { return }
        if size[ra] < size[rb] { swap(&ra, &rb) }
        parent[rb] = ra
        size[ra] += size[rb]
    }
}
