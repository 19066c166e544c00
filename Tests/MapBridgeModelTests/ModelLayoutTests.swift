import MapBridgeModel
import Testing

/// The in-memory sizes of the model's values: every feature a conversion reads is moved from
/// reader to writer through a few calls, and each copy of a `Feature` costs a memcpy of its
/// size plus a retain per reference it holds, so these sizes are kept small on purpose.
@Suite("Model layout")
struct ModelLayoutTests {
    /// The sizes, in bytes, printed so that a run of this test shows them.
    static var sizes: [(String, Int)] {
        [("Feature", MemoryLayout<Feature>.size), ("Style", MemoryLayout<Style>.size),
         ("Style?", MemoryLayout<Style?>.size), ("Shape", MemoryLayout<Shape>.size),
         ("Properties", MemoryLayout<Properties>.size), ("PropertyValue", MemoryLayout<PropertyValue>.size)]
    }

    @Test("the model's values stay small enough to move cheaply")
    func sizes() {
        print("model layout: " + Self.sizes.map { "\($0.0) \($0.1) B" }.joined(separator: ", "))
        // A point inline (no box to allocate per point), every other kind behind one reference.
        #expect(MemoryLayout<Shape>.size == MemoryLayout<Coordinate>.size)
        // A style is one reference to its shared members (it was 266 bytes inline).
        #expect(MemoryLayout<Style?>.size == MemoryLayout<Int>.size)
        // The common fields inline, the rare ones behind one reference (it was 784 bytes).
        #expect(MemoryLayout<Feature>.size <= 184)
    }
}
