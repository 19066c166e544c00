import MapBridgeModel
import Testing

/// `Properties.moveStorageForReuse`: the storage comes back only when nothing else holds it
/// and it is small, and a copy kept elsewhere is never touched.
@Suite("Properties storage reuse")
struct PropertiesReuseTests {
    @Test("empty properties have no storage to give")
    func empty() {
        var p = Properties()
        var spare: [Properties.Entry] = []
        p.moveStorageForReuse(into: &spare, maximumCapacity: 32)
        #expect(spare.isEmpty)
        #expect(p.isEmpty)
    }

    @Test("storage no one else holds comes back with its entries, and the properties are left empty")
    func unshared() {
        var p = Properties(appending: [.init(key: "a", value: 1), .init(key: "b", value: "x")])
        var taken: [Properties.Entry] = []
        p.moveStorageForReuse(into: &taken, maximumCapacity: 32)
        #expect(taken.map(\.key) == ["a", "b"])
        #expect(taken.capacity >= 2)
        #expect(p.isEmpty)
        #expect(p["a"] == nil)
    }

    @Test("storage a copy shares stays with the copy, whole")
    func shared() {
        var p = Properties(appending: [.init(key: "a", value: 1), .init(key: "b", value: "x")])
        let kept = p
        var taken: [Properties.Entry] = []
        p.moveStorageForReuse(into: &taken, maximumCapacity: 32)
        #expect(taken.isEmpty)
        #expect(p.isEmpty)
        #expect(kept.keys == ["a", "b"])
        #expect(kept["b"] == "x")
    }

    @Test("storage with room for more than the most asked for is not kept")
    func large() {
        var p = Properties(appending: (0..<40).map { .init(key: "k\($0)", value: .number(NumberValue($0))) })
        var spare: [Properties.Entry] = []
        p.moveStorageForReuse(into: &spare, maximumCapacity: 32)
        #expect(spare.isEmpty)
        #expect(p.isEmpty)
        #expect(p["k3"] == nil)
    }

    @Test("entries a spare array held are dropped for the storage moved in, and kept when none is")
    func spareReplaced() {
        var p = Properties(appending: [.init(key: "a", value: 1)])
        var spare: [Properties.Entry] = [.init(key: "old", value: "x")]
        p.moveStorageForReuse(into: &spare, maximumCapacity: 32)
        #expect(spare.map(\.key) == ["a"])
        #expect(p.isEmpty)
        var none = Properties()
        none.moveStorageForReuse(into: &spare, maximumCapacity: 32)
        #expect(spare.map(\.key) == ["a"])
    }
}
