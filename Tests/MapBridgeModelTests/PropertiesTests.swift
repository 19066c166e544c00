import MapBridgeModel
import Testing

@Suite("Properties")
struct PropertiesTests {
    @Test("empty properties")
    func empty() {
        let p = Properties()
        #expect(p.isEmpty)
        #expect(p.count == 0)
        #expect(p.keys == [])
        #expect(p["a"] == nil)
        #expect(!p.contains(key: "a"))
    }

    @Test("one entry")
    func one() {
        var p = Properties()
        p["name"] = "JFK"
        #expect(p.count == 1)
        #expect(p["name"] == .string("JFK"))
        #expect(p.contains(key: "name"))
        #expect(p[0] == Properties.Entry(key: "name", value: "JFK"))
    }

    @Test("keys keep insertion order, not sorted order")
    func ordering() {
        var p = Properties()
        for key in ["z", "a", "m", "b", "y"] { p[key] = .string(key.uppercased()) }
        #expect(p.keys == ["z", "a", "m", "b", "y"])
        #expect(p.map(\.value) == ["Z", "A", "M", "B", "Y"])
    }

    @Test("setting an existing key replaces its value in place")
    func replace() {
        var p: Properties = ["a": 1, "b": 2, "c": 3]
        p["b"] = "two"
        #expect(p.keys == ["a", "b", "c"])
        #expect(p["b"] == .string("two"))
        #expect(p.count == 3)
    }

    @Test("setting nil removes the key and keeps the others in order")
    func remove() {
        var p: Properties = ["a": 1, "b": 2, "c": 3]
        p["b"] = nil
        #expect(p.keys == ["a", "c"])
        p["missing"] = nil
        #expect(p.keys == ["a", "c"])
        p["a"] = nil
        p["c"] = nil
        #expect(p.isEmpty)
        p["b"] = true
        #expect(p.keys == ["b"])
    }

    @Test("a removed key added again goes to the end")
    func reAdd() {
        var p: Properties = ["a": 1, "b": 2]
        p["a"] = nil
        p["a"] = 3
        #expect(p.keys == ["b", "a"])
    }

    @Test("many keys: lookups, replacing, removing and re-adding keep order past the index size")
    func manyKeys() {
        var p = Properties()
        for i in 0..<1_000 { p["k\(i)"] = .number(NumberValue(Double(i))) }
        #expect(p.count == 1_000)
        #expect(p["k0"] == .number(NumberValue(0)))
        #expect(p["k999"] == .number(NumberValue(999)))
        #expect(p["k1000"] == nil)
        p["k500"] = "five hundred"
        #expect(p[500] == Properties.Entry(key: "k500", value: "five hundred"))
        p["k10"] = nil
        #expect(p.count == 999)
        #expect(!p.contains(key: "k10"))
        #expect(p["k11"] == .number(NumberValue(11)))
        #expect(p[10].key == "k11")
        p["k10"] = true
        #expect(p.keys.last == "k10")
        #expect(p["k10"] == .bool(true))
        // Removing down to a short list and growing again keeps every key findable.
        for i in 0..<990 { p["k\(i)"] = nil }
        #expect(p.keys == (990..<1_000).map { "k\($0)" })
        for i in 0..<50 { p["n\(i)"] = "x" }
        #expect(p["n49"] == "x")
        #expect(p["k995"] == .number(NumberValue(995)))
    }

    @Test("many keys: an appended duplicate keeps the first one found, as in a short list")
    func manyKeysDuplicate() {
        var long = Properties()
        for i in 0..<100 { long.append(key: "k\(i)", value: "first") }
        long.append(key: "k3", value: "second")
        #expect(long.count == 101)
        #expect(long["k3"] == "first")
        long["k3"] = nil
        #expect(long["k3"] == "second")
        var short = Properties()
        short.append(key: "a", value: "first")
        short.append(key: "a", value: "second")
        #expect(short["a"] == "first")
    }

    @Test("properties with the same entries are equal however they were built")
    func equalityIgnoresIndex() {
        var built = Properties()
        for i in 0..<40 { built["k\(i)"] = "v" }
        for i in 10..<40 { built["k\(i)"] = nil }
        var plain = Properties()
        for i in 0..<10 { plain["k\(i)"] = "v" }
        #expect(built == plain)
        #expect(built.hashValue == plain.hashValue)
    }

    @Test("init from entries keeps the first position and the last value of a repeated key")
    func initDeduplicates() {
        let p = Properties([
            .init(key: "a", value: 1), .init(key: "b", value: 2), .init(key: "a", value: 3),
        ])
        #expect(p.keys == ["a", "b"])
        #expect(p["a"] == 3)
    }

    @Test("append keeps a duplicate as given; lookups find the first")
    func appendDuplicate() {
        var p = Properties()
        p.append(key: "a", value: 1)
        p.append(key: "a", value: 2)
        #expect(p.count == 2)
        #expect(p.keys == ["a", "a"])
        #expect(p["a"] == 1)
    }

    @Test("equality depends on order and on number text")
    func equality() {
        let ab: Properties = ["a": 1, "b": 2]
        let ba: Properties = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == Properties([.init(key: "a", value: 1), .init(key: "b", value: 2)]))
        let one: Properties = ["n": .number(NumberValue(text: "1", value: 1))]
        let onePointZero: Properties = ["n": .number(NumberValue(text: "1.0", value: 1))]
        #expect(one != onePointZero)
    }

    @Test("literals make the expected property values")
    func literals() {
        let p: Properties = ["s": "x", "i": 7, "d": 2.5, "b": false, "n": nil]
        #expect(p["s"] == .string("x"))
        #expect(p["i"] == .number(NumberValue(text: "7", value: 7)))
        #expect(p["d"] == .number(NumberValue(text: "2.5", value: 2.5)))
        #expect(p["b"] == .bool(false))
        #expect(p["n"] == .null)
    }

    @Test("PropertyValue type names and accessors")
    func valueAccessors() {
        #expect(PropertyValue.null.typeName == "null")
        #expect(PropertyValue.bool(true).typeName == "boolean")
        #expect(PropertyValue.number(NumberValue(text: "3", value: 3)).typeName == "integer")
        #expect(PropertyValue.number(NumberValue(text: "3.0", value: 3)).typeName == "number")
        #expect(PropertyValue.string("s").typeName == "string")
        #expect(PropertyValue.array([]).typeName == "array")
        #expect(PropertyValue.object(Properties()).typeName == "object")
        #expect(PropertyValue.string("s").stringValue == "s")
        #expect(PropertyValue.number(NumberValue(2.5)).stringValue == nil)
        #expect(PropertyValue.number(NumberValue(2.5)).doubleValue == 2.5)
        #expect(PropertyValue.string("2.5").doubleValue == nil)
    }
}
