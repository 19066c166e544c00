import MapBridgeCore
import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Clustering duplicate places: same name, within a distance")
struct PlaceClusteringTests {
    /// A point `metres` east of (lon, lat) along the geodesic.
    static func east(of lon: Double, _ lat: Double, by metres: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: Coordinate(longitude: lon, latitude: lat), azimuth: 90, distance: metres).coordinate
    }

    static func place(_ index: Int, _ name: String, _ c: Coordinate, properties: Int = 1) -> PlaceCandidate {
        PlaceCandidate(index: index, name: PlaceNameFolding.normalised(name), coordinate: c, propertyCount: properties)
    }

    @Test("places within the distance merge; beyond it they do not")
    func withinAndBeyond() {
        let a = Self.place(0, "Zürich", Coordinate(longitude: 8.54, latitude: 47.37))
        let near = Self.place(1, "ZURICH", Self.east(of: 8.54, 47.37, by: 99))
        let far = Self.place(2, "Zurich", Self.east(of: 8.54, 47.37, by: -101))
        let clusters = PlaceClustering(within: 100).clusters(of: [a, near, far])
        #expect(clusters.count == 1)
        #expect(clusters.first?.members.map(\.index) == [0, 1])
        #expect(clusters.first?.name == "zurich")
        #expect(abs((clusters.first?.spread ?? 0) - 99) < 0.01)
        #expect(PlaceClustering(within: 100).clusters(of: [a, far]).isEmpty)
        #expect(PlaceClustering(within: 102).clusters(of: [a, far]).count == 1)
    }

    @Test("chains are transitive: A–B and B–C make one cluster though A–C is beyond the distance")
    func transitive() {
        let base = Coordinate(longitude: 10, latitude: 50)
        let chain = (0..<5).map { Self.place($0, "Halt", Self.east(of: 10, 50, by: Double($0) * 80)) }
        let clusters = PlaceClustering(within: 100).clusters(of: chain)
        #expect(clusters.count == 1)
        #expect(clusters.first?.members.count == 5)
        #expect(Geodesic.wgs84.distance(from: base, to: chain[4].coordinate) > 300)
    }

    @Test("the same name far apart is two places; different names nearby too")
    func sameNameFarApart() {
        let places = [
            Self.place(0, "Newcastle Airport", Coordinate(longitude: -1.69, latitude: 55.04)),
            Self.place(1, "Newcastle Airport", Coordinate(longitude: 151.83, latitude: -32.79)),
            Self.place(2, "Gatwick", Coordinate(longitude: -0.19, latitude: 51.15)),
            Self.place(3, "Heathrow", Coordinate(longitude: -0.19, latitude: 51.15)),
        ]
        #expect(PlaceClustering(within: 100).clusters(of: places).isEmpty)
    }

    @Test("survivor: most properties, the first in the file among equals")
    func survivor() {
        let c = Coordinate(longitude: 2.35, latitude: 48.85)
        let rich = [Self.place(0, "Paris", c, properties: 2), Self.place(1, "PARIS", c, properties: 5),
                    Self.place(2, "paris", c, properties: 5)]
        #expect(PlaceClustering(within: 100).clusters(of: rich).first?.survivor == 1)
        let equal = [Self.place(3, "Paris", c), Self.place(7, "Paris", c)]
        #expect(PlaceClustering(within: 100).clusters(of: equal).first?.survivor == 3)
    }

    @Test("across the antimeridian and at the pole distances are geodesic")
    func antimeridianAndPole() {
        let west = Self.place(0, "Date Line", Coordinate(longitude: 179.9995, latitude: 0))
        let east = Self.place(1, "Date Line", Coordinate(longitude: -179.9995, latitude: 0))
        #expect(PlaceClustering(within: 200).clusters(of: [west, east]).count == 1)
        #expect(PlaceClustering(within: 100).clusters(of: [west, east]).isEmpty)
        let p1 = Self.place(0, "Pole", Coordinate(longitude: 0, latitude: 89.9996))
        let p2 = Self.place(1, "Pole", Coordinate(longitude: 180, latitude: 89.9996))
        #expect(PlaceClustering(within: 100).clusters(of: [p1, p2]).count == 1)
    }

    /// A deterministic generator, so the test needs no randomness from the system.
    struct Mix {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// The clusters' member indices the slow way: every pair of places with the same name
    /// within `within` metres (geodesic) joined in a union–find, clusters by first member.
    static func allPairsClusters(_ places: [PlaceCandidate], within: Double) -> [[Int]] {
        var parent = Array(places.indices)
        func find(_ i: Int) -> Int { var i = i; while parent[i] != i { i = parent[i] }; return i }
        for i in places.indices {
            for j in (i + 1)..<places.count where places[i].name == places[j].name
                && Geodesic.wgs84.distance(from: places[i].coordinate, to: places[j].coordinate) <= within {
                parent[find(i)] = find(j)
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in places.indices { groups[find(i), default: []].append(places[i].index) }
        return groups.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    @Test("random crowds, chains and wide distances give the clusters of comparing every pair",
          arguments: [30.0, 100, 2_000, 400_000, 1_000_000, 1_500_000, 5_000_000, 20_000_000])
    func randomMatchesPairs(within: Double) {
        var mix = Mix(state: UInt64(within))
        var clusterCounts: [Int] = []
        for round in 0..<12 {
            // A few crowds per round, each a few `within` across, some dense enough that two
            // cubes hold many places each; round 3 sits on the antimeridian, round 4 by the pole.
            let centre = round == 3 ? Coordinate(longitude: 180, latitude: 10)
                : round == 4 ? Coordinate(longitude: 30, latitude: 89.9)
                : Coordinate(longitude: mix.next() * 360 - 180, latitude: mix.next() * 160 - 80)
            var places: [PlaceCandidate] = []
            let count = 17 + Int(mix.next() * 250)
            let spread = within * (0.5 + mix.next() * 4)
            let crowds = (0..<(1 + Int(mix.next() * 4))).map { _ in
                (mix.next() * 360, mix.next() * spread)
            }
            for i in 0..<count {
                let (azimuth, offset) = crowds[Int(mix.next() * Double(crowds.count))]
                let crowd = Geodesic.wgs84.direct(from: centre, azimuth: azimuth, distance: offset).coordinate
                let c = Geodesic.wgs84.direct(from: crowd, azimuth: mix.next() * 360,
                                              distance: mix.next() * within * (round % 2 == 0 ? 0.6 : 1.5)).coordinate
                places.append(Self.place(i, mix.next() < 0.8 ? "Stop" : "Halt", c))
            }
            let found = PlaceClustering(within: within).clusters(of: places).map { $0.members.map(\.index) }
            #expect(found == Self.allPairsClusters(places, within: within), "within \(within) m, round \(round)")
            clusterCounts.append(found.count)
        }
        // The rounds are not all trivial: some split into several clusters.
        #expect(clusterCounts.contains { $0 > 1 }, "\(clusterCounts)")
    }

    @Test("a large group on the grid gives the same clusters as comparing every pair, in any order")
    func gridMatchesPairs() {
        var mix = Mix(state: 42)
        var places: [PlaceCandidate] = []
        for i in 0..<400 {
            let c = Coordinate(longitude: 4 + mix.next() * 0.02, latitude: 52 + mix.next() * 0.02)
            places.append(Self.place(i, i % 2 == 0 ? "Stop" : "STOP!", c))
        }
        let clustering = PlaceClustering(within: 60)
        let grid = clustering.clusters(of: places)
        #expect(grid.map { $0.members.map(\.index) } == Self.allPairsClusters(places, within: 60))
        #expect(grid.count > 5)
        // Shuffled input, same clusters.
        var shuffled = places
        for i in shuffled.indices.reversed() { shuffled.swapAt(i, Int(mix.next() * Double(i + 1))) }
        #expect(clustering.clusters(of: shuffled) == grid)
    }

    @Test("a wide distance (beyond the grid's shortcut) still checks every neighbouring pair")
    func wideDistance() {
        var places: [PlaceCandidate] = []
        for i in 0..<40 {
            places.append(Self.place(i, "Capital", Coordinate(longitude: Double(i) * 9 - 180, latitude: 0)))
        }
        // 9° along the equator is about 1002 km.
        #expect(PlaceClustering(within: 1_010_000).clusters(of: places).first?.members.count == 40)
        #expect(PlaceClustering(within: 1_000_000).clusters(of: places).isEmpty)
    }

    @Test("invalid positions are left out")
    func invalid() {
        let places = [Self.place(0, "X", Coordinate(longitude: 0, latitude: 95)),
                      Self.place(1, "X", Coordinate(longitude: 0, latitude: 95))]
        #expect(PlaceClustering(within: 100).clusters(of: places).isEmpty)
    }
}
