import MapBridgeModel
import Testing

@Suite("PropertyValue layout")
struct PropertyValueLayoutTests {
    @Test("a value is held inline, not in a heap box per value")
    func inline() {
        // An `indirect` enum is one pointer to a box; inline, the largest payload
        // (a number: its text and its double) sets the size.
        #expect(MemoryLayout<PropertyValue>.size > MemoryLayout<NumberValue>.size)
        let values: [PropertyValue] = [.null, .bool(true), 1.5, "x", .array([1]), .object(["a": 1])]
        #expect(values.map(\.typeName) == ["null", "boolean", "number", "string", "array", "object"])
    }
}
