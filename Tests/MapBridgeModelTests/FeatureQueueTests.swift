import MapBridgeModel
import Testing

@Suite("FeatureQueue")
struct FeatureQueueTests {
    private func named(_ names: [String]) -> [Feature] { names.map { Feature(title: $0) } }

    @Test("empty: next ends at once when the refill says the input is done")
    func empty() {
        var queue = FeatureQueue()
        #expect(queue.isEmpty)
        #expect(queue.next { nil } == nil)
    }

    @Test("features come out in order: those appended first, then each refill's, skipping empty refills")
    func order() {
        var queue = FeatureQueue()
        queue.append(contentsOf: named(["a", "b"]))
        queue.append(contentsOf: named(["c"]))
        #expect(!queue.isEmpty)
        var refills = [named(["d", "e"]), [], named(["f"])]
        var out: [String] = []
        while let f = queue.next(refill: { refills.isEmpty ? nil : refills.removeFirst() }) { out.append(f.title ?? "?") }
        #expect(out == ["a", "b", "c", "d", "e", "f"])
        #expect(queue.isEmpty)
    }

    @Test("appending while features wait puts the new ones behind them")
    func appendBehind() {
        var queue = FeatureQueue()
        queue.append(contentsOf: named(["a", "b"]))
        #expect(queue.next { nil }?.title == "a")
        queue.append(contentsOf: named(["c", "d"]))
        var out: [String] = []
        while let f = queue.next(refill: { nil }) { out.append(f.title ?? "?") }
        #expect(out == ["b", "c", "d"])
    }
}
