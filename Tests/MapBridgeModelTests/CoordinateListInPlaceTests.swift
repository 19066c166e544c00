import MapBridgeModel
import Testing

/// Vertices written straight into a list's columns (`appendInPlace`) and removed at once
/// (`removeLast(_:)`): the list reads as if they had been appended one by one.
@Suite("CoordinateList in place")
struct CoordinateListInPlaceTests {
    private typealias Vertex = CoordinateListTests

    /// Vertex `i` as a reader writes it: fixed-point text, with an altitude when `altitude`.
    private static func plain(_ i: Int, altitude: Bool = false) -> Coordinate {
        let lon = (value: Double(i % 360) - 179.5, spelling: FixedPointSpelling(shortDecimalFractionDigits: 1))
        let lat = (value: Double(i % 170) - 84.25, spelling: FixedPointSpelling(shortDecimalFractionDigits: 2))
        let alt = (value: Double(i), spelling: FixedPointSpelling(shortDecimalFractionDigits: 0))
        return Coordinate(longitude: lon, latitude: lat, altitude: altitude ? alt : nil)
    }

    /// Writes `vertices` in runs of at most `run`, as a reader does: a run asks for the
    /// altitude column once a vertex has an altitude, and ends before a vertex with one that
    /// the room has no column for.
    private static func write(_ vertices: [Coordinate], into list: inout CoordinateList, run: Int) {
        var k = 0
        var altitudes = false
        while k < vertices.count {
            list.appendInPlace(upTo: min(run, vertices.count - k), altitudes: altitudes) { room in
                var n = 0
                while n < room.count, k + n < vertices.count {
                    let c = vertices[k + n]
                    let lon = FixedPointSpelling(text: c.sourceText?.longitude ?? "", value: c.longitude)
                    let lat = FixedPointSpelling(text: c.sourceText?.latitude ?? "", value: c.latitude)
                    guard let lon, let lat else { break }
                    if let altitude = c.altitude {
                        guard room.altitudes != nil,
                              let alt = FixedPointSpelling(text: c.sourceText?.altitude ?? "", value: altitude)
                        else { break }
                        room.set(n, longitude: c.longitude, latitude: c.latitude, altitude: altitude,
                                 code: CoordinateColumns.code(lon, lat, alt))
                    } else {
                        room.set(n, longitude: c.longitude, latitude: c.latitude, code: CoordinateColumns.code(lon, lat, nil))
                    }
                    n += 1
                }
                if n == 0 { altitudes = true }
                k += n
                return n
            }
        }
    }

    @Test("runs written in place read as the same vertices appended one by one, across chunks",
          arguments: [1, 7, 4_095, 4_096, 4_097, 9_000])
    func runs(count: Int) {
        for (prefix, run) in [(0, count), (3, 5), (3, 1_000), (4_095, count)] {
            let before = (0..<prefix).map { Vertex.vertex($0) }
            let vertices = (0..<count).map { Self.plain($0) }
            var list = CoordinateList(before)
            Self.write(vertices, into: &list, run: run)
            #expect(list.count == prefix + count)
            #expect(list.elementsEqual(before + vertices, by: Vertex.same), "prefix \(prefix), run \(run)")
        }
    }

    @Test("a vertex with an altitude gives the list its column; the vertices before it keep none")
    func altitudeColumn() {
        for at in [0, 1, 50, 4_095, 4_096, 4_100] {
            let vertices = (0..<4_200).map { Self.plain($0, altitude: $0 >= at && $0 % 2 == 0) }
            var list = CoordinateList()
            Self.write(vertices, into: &list, run: 300)
            #expect(list.elementsEqual(vertices, by: Vertex.same), "from \(at)")
            #expect(list[max(at - 1, 0)].altitude == (at == 0 ? 0 : nil))
        }
    }

    @Test("the room ends at the chunk's end; a vertex not reported is not kept")
    func roomAndReporting() {
        var list = CoordinateList((0..<4_090).map { Self.plain($0) })
        var offered = 0
        list.appendInPlace(upTo: 100, altitudes: false) { room in
            offered = room.count
            room.set(0, longitude: 1, latitude: 2, code: CoordinateColumns.code(FixedPointSpelling(shortDecimalFractionDigits: 0),
                                                                                 FixedPointSpelling(shortDecimalFractionDigits: 0), nil))
            room.set(1, longitude: 3, latitude: 4, code: 0)
            return 1
        }
        #expect(offered == 6)
        #expect(list.count == 4_091)
        #expect(list[4_090].sourceText == CoordinateText(longitude: "1", latitude: "2"))
        // Nothing reported: nothing kept, and the next vertex lands where the unreported one was.
        list.appendInPlace(upTo: 3, altitudes: false) { _ in 0 }
        #expect(list.count == 4_091)
        list.append(Coordinate(longitude: 5, latitude: 6))
        #expect(list[4_091] == Coordinate(longitude: 5, latitude: 6))
        #expect(list.elementsEqual((0..<4_090).map { Self.plain($0) } + [list[4_090], list[4_091]], by: Vertex.same))
    }

    @Test("writing in place into a shared list leaves the other copy as it was")
    func shared() {
        let original = CoordinateList((0..<4_100).map { Vertex.vertex($0) })
        var copy = original
        Self.write([Self.plain(1), Self.plain(2, altitude: true)], into: &copy, run: 2)
        #expect(original.count == 4_100)
        #expect(original.elementsEqual((0..<4_100).map { Vertex.vertex($0) }, by: Vertex.same))
        #expect(copy.count == 4_102)
        #expect(Vertex.same(copy[4_101], Self.plain(2, altitude: true)))
        #expect(copy[4_099].altitude == nil)
    }

    @Test("removeLast(k) drops the vertices, their boxed texts and emptied chunks at once",
          arguments: [0, 1, 3, 4_096, 4_097, 5_000])
    func removeLast(kept: Int) {
        let all = (0..<9_000).map { Vertex.vertex($0, altitudes: true) }
        var list = CoordinateList(all)
        let other = list
        list.removeLast(all.count - kept)
        #expect(list.count == kept)
        #expect(list.elementsEqual(all[..<kept], by: Vertex.same))
        #expect(other.elementsEqual(all, by: Vertex.same))
        // Appending again fills the places removed, boxed text included.
        list.append(contentsOf: all[kept...].prefix(10))
        #expect(list.elementsEqual(all.prefix(kept + 10), by: Vertex.same))
        list.removeLast(0)
        #expect(list.count == min(kept + 10, all.count))
    }

    @Test("a list kept from text to text: handed over compacted, filled in place again")
    func keptList() {
        var kept = CoordinateList()
        for count in [40, 3, 4_200, 10] {
            let vertices = (0..<count).map { Self.plain($0 + count) }
            kept.removeAll(keepingCapacity: true)
            Self.write(vertices, into: &kept, run: count)
            let taken = kept.takeCompacted()
            #expect(taken.elementsEqual(vertices, by: Vertex.same), "\(count)")
            #expect(kept.isEmpty)
        }
    }
}
