import MapBridgeModel
import Testing

@Suite("CoordinateList")
struct CoordinateListTests {
    /// Vertex `i` of a test line: fixed-point text, boxed text, values only, with or without
    /// an altitude, in a pattern that mixes all of them.
    static func vertex(_ i: Int, altitudes: Bool = false) -> Coordinate {
        let lon = Double(i % 360) - 180 + 0.5
        let lat = Double(i % 180) - 90 + 0.25
        let alt: Double? = altitudes && i % 3 != 0 ? Double(i) : nil
        switch i % 5 {
        case 0:
            return Coordinate(longitude: lon, latitude: lat, altitude: alt)
        case 1:
            // Text that has no fixed-point spelling: kept boxed.
            let text = CoordinateText(longitude: "\(lon)e0", latitude: "\(lat)", altitude: alt.map { "\($0)" })
            return Coordinate(longitude: lon, latitude: lat, altitude: alt, sourceText: text)
        default:
            let text = CoordinateText(longitude: "\(lon)0", latitude: "\(lat)", altitude: alt.map { "\(Int($0))" })
            return Coordinate(longitude: lon, latitude: lat, altitude: alt, sourceText: text)
        }
    }

    /// Whether `a` and `b` are the same coordinate, text included.
    static func same(_ a: Coordinate, _ b: Coordinate) -> Bool {
        a == b && a.sourceText == b.sourceText && a.altitude == b.altitude
    }

    @Test("holds what is appended, text and altitude included, across chunks",
          arguments: [0, 1, 3, 4, 5, 200, 4_095, 4_096, 4_097, 9_000])
    func roundTrip(count: Int) {
        for altitudes in [false, true] {
            let expected = (0..<count).map { Self.vertex($0, altitudes: altitudes) }
            var list = CoordinateList()
            for c in expected { list.append(c) }
            #expect(list.count == count)
            #expect(list.elementsEqual(expected, by: Self.same))
            #expect(zip(list.indices, expected).allSatisfy { Self.same(list[$0], $1) })
            #expect(CoordinateList(expected) == list)
            #expect(Array(list) == expected)
        }
    }

    @Test("an altitude after many 2D vertices gives the earlier ones none")
    func altitudeColumnAddedLate() {
        var list = CoordinateList((0..<5_000).map { Coordinate(longitude: Double($0), latitude: 1) })
        list.append(Coordinate(longitude: 1, latitude: 2, altitude: 30))
        #expect(list[4_999].altitude == nil)
        #expect(list[0].altitude == nil)
        #expect(list[5_000].altitude == 30)
        #expect(list.count == 5_001)
    }

    @Test("copies are independent (copy-on-write), also past the first chunk")
    func copyOnWrite() {
        let original = CoordinateList((0..<5_000).map { Self.vertex($0) })
        var copy = original
        copy[4_500] = Coordinate(longitude: 1, latitude: 2)
        copy[1] = Coordinate(longitude: 3, latitude: 4)
        copy.append(Coordinate(longitude: 5, latitude: 6, altitude: 7))
        #expect(Self.same(original[4_500], Self.vertex(4_500)))
        #expect(Self.same(original[1], Self.vertex(1)))
        #expect(original[4_999].altitude == nil)
        #expect(original.count == 5_000)
        #expect(copy[4_500] == Coordinate(longitude: 1, latitude: 2))
        #expect(copy[1].sourceText == nil)
        #expect(copy[5_000].altitude == 7)
        #expect(Self.same(copy[6], Self.vertex(6)))
    }

    @Test("replacing a boxed vertex drops its text; removeLast and replaceSubrange keep the rest")
    func mutations() {
        var list: CoordinateList = [Self.vertex(0), Self.vertex(1), Self.vertex(2)]
        #expect(list[1].sourceText?.longitude.hasSuffix("e0") == true)
        list[1] = Self.vertex(2)
        #expect(Self.same(list[1], Self.vertex(2)))
        list.append(Self.vertex(6))
        #expect(Self.same(list.removeLast(), Self.vertex(6)))
        list.replaceSubrange(0..<1, with: [Self.vertex(11), Self.vertex(12)])
        #expect(list.elementsEqual([Self.vertex(11), Self.vertex(12), Self.vertex(2), Self.vertex(2)], by: Self.same))
        list.insert(Self.vertex(3), at: 0)
        #expect(list.count == 5)
        list.removeAll()
        #expect(list.isEmpty)
        #expect(list.first == nil)
    }

    @Test("equality and hashing follow the elements' values, as for arrays")
    func equalityAndHashing() {
        let a: CoordinateList = [Coordinate(longitude: 1, latitude: 2), Coordinate(longitude: 3, latitude: 4)]
        let text = CoordinateText(longitude: "1.0", latitude: "2.00")
        let b: CoordinateList = [Coordinate(longitude: 1, latitude: 2, altitude: nil, sourceText: text),
                                 Coordinate(longitude: 3, latitude: 4)]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != [Coordinate(longitude: 1, latitude: 2)])
        #expect(Set([a, b]).count == 1)
    }

    @Test("reserving capacity keeps the contents")
    func reserve() {
        var list: CoordinateList = [Self.vertex(1), Self.vertex(2)]
        list.reserveCapacity(100)
        list.reserveCapacity(10_000)
        for i in 3..<6_000 { list.append(Self.vertex(i)) }
        #expect(list.elementsEqual((1..<6_000).map { Self.vertex($0) }, by: Self.same))
    }

    @Test("appending a buffer matches appending one by one: plain runs, boxed text, a late altitude, chunk ends",
          arguments: [1, 7, 300, 4_096, 4_100, 9_000])
    func bufferAppend(count: Int) {
        // Mostly fixed-point vertices, with boxed text and (from the middle on) altitudes among them.
        let vertices = (0..<count).map { i -> Coordinate in
            if i % 97 == 1 { return Self.vertex(1, altitudes: i > count / 2) }
            return Self.vertex(i % 5 == 1 ? 2 : i, altitudes: i > count / 2)
        }
        for prefix in [0, 3] {
            var one = CoordinateList((0..<prefix).map { Self.vertex($0 + 2) })
            var bulk = one
            for c in vertices { one.append(c) }
            vertices.withUnsafeBufferPointer { bulk.append(contentsOf: $0) }
            #expect(bulk.count == prefix + count)
            #expect(bulk.elementsEqual(one, by: Self.same))
        }
    }

    @Test("a buffer appended to a shared list leaves the other copy as it was")
    func bufferAppendShared() {
        let original: CoordinateList = [Self.vertex(2), Self.vertex(3)]
        var copy = original
        [Self.vertex(4), Self.vertex(1)].withUnsafeBufferPointer { copy.append(contentsOf: $0) }
        #expect(original.count == 2)
        #expect(copy.elementsEqual([Self.vertex(2), Self.vertex(3), Self.vertex(4), Self.vertex(1)], by: Self.same))
    }

    @Test("takeCompacted hands over a short list as a copy and a long one whole, leaving the list empty",
          arguments: [0, 1, 33, 4_096, 4_097, 10_000])
    func takeCompacted(count: Int) {
        let expected = (0..<count).map { Self.vertex($0, altitudes: count == 33) }
        var scratch = CoordinateList()
        for round in 0..<2 {
            for c in expected { scratch.append(c) }
            let taken = scratch.takeCompacted()
            #expect(scratch.isEmpty, "round \(round)")
            #expect(taken.elementsEqual(expected, by: Self.same), "round \(round)")
        }
        // A list another value shares is handed over whole, and the other value keeps it.
        var shared = CoordinateList(expected)
        let other = shared
        let taken = shared.takeCompacted()
        #expect(shared.isEmpty)
        #expect(taken == other)
        #expect(other.count == count)
    }

    @Test("forEachPosition gives every vertex's longitude and latitude in order, across chunks")
    func positions() {
        let list = CoordinateList((0..<9_000).map { Self.vertex($0) })
        var seen: [(Double, Double)] = []
        list.forEachPosition { seen.append(($0, $1)) }
        #expect(seen.count == list.count)
        #expect(zip(seen, list).allSatisfy { $0.0 == $1.longitude && $0.1 == $1.latitude })
    }

    @Test("removeLast across a chunk boundary, then appending again, keeps the list whole")
    func removeAcrossChunks() {
        var list = CoordinateList((0..<4_097).map { Self.vertex($0) })
        list.removeLast()
        list.removeLast()
        list.append(Self.vertex(1))
        list.append(Self.vertex(7))
        #expect(list.count == 4_097)
        #expect(Self.same(list[4_095], Self.vertex(1)))
        #expect(Self.same(list[4_096], Self.vertex(7)))
        #expect(Self.same(list[4_094], Self.vertex(4_094)))
    }
}
