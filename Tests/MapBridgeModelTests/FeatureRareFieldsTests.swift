@testable import MapBridgeModel
import Testing

/// `Feature`'s rare fields share one box between copies: these check that a feature is still a
/// value (a change to a copy leaves the original as it was) compared by content.
@Suite("Feature's rare fields as a copy-on-write value")
struct FeatureRareFieldsTests {
    @Test("a feature without rare fields carries no box, and unsetting one makes none")
    func noBox() {
        var f = Feature(title: "t", style: Style(strokeWidth: 1))
        #expect(f.rare == nil)
        f.address = nil
        f.folderPath = []
        f.foreignMembers = Properties()
        f.highlightStyle = nil
        #expect(f.rare == nil)
        #expect(f.folderPath.isEmpty && f.foreignMembers.isEmpty && f.time == nil && f.overlay == nil)
        #expect(Feature(folderPath: ["A"]).rare != nil)
    }

    @Test("changing a copy's rare fields leaves the original's as they were")
    func rareFieldsCopy() {
        let original = Feature(title: "t", time: .instant("2026-12-01"), folderPath: ["A"], address: "here",
                               highlightStyle: Style(strokeWidth: 4), foreignMembers: ["x": 1], overlay: .groundOverlay)
        var copy = original
        #expect(copy.rare === original.rare)
        copy.folderPath.append("B")
        copy.highlightStyle?.strokeWidth = 8
        copy.foreignMembers["y"] = 2
        copy.address = nil
        copy.visibility = false
        copy.altitudeMode = .absolute
        #expect(copy.rare !== original.rare)
        #expect(original.folderPath == ["A"] && original.highlightStyle?.strokeWidth == 4)
        #expect(original.foreignMembers.keys == ["x"] && original.address == "here")
        #expect(original.visibility == nil && original.altitudeMode == nil)
        #expect(copy.folderPath == ["A", "B"] && copy.highlightStyle?.strokeWidth == 8)
        #expect(copy.foreignMembers.keys == ["x", "y"] && copy.address == nil)
        #expect(copy.time == original.time && copy.overlay == .groundOverlay)
        #expect(copy != original)
    }

    @Test("features are equal and hash alike by content, whether their rare fields share a box or not")
    func featureEquality() {
        let a = Feature(title: "t", address: "here", foreignMembers: ["x": 1])
        var b = Feature(title: "t")
        b.foreignMembers["x"] = 1
        b.address = "here"
        #expect(a.rare !== b.rare)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b.address = "there"
        #expect(a != b)
    }

    @Test("copies changed on several tasks at once each keep their own change")
    func concurrentCopies() async {
        let shared = Feature(title: "t", style: Style(strokeWidth: 1), folderPath: ["A"])
        let widths = await withTaskGroup(of: (Double?, [String]).self) { group in
            for i in 0..<8 {
                group.addTask {
                    var mine = shared
                    mine.style?.strokeWidth = Double(i)
                    mine.folderPath.append("\(i)")
                    return (mine.style?.strokeWidth, mine.folderPath)
                }
            }
            var seen: [(Double?, [String])] = []
            for await result in group { seen.append(result) }
            return seen
        }
        #expect(Set(widths.compactMap(\.0)) == Set((0..<8).map(Double.init)))
        #expect(widths.allSatisfy { $0.1.count == 2 && $0.1[1] == "\(Int($0.0 ?? -1))" })
        #expect(shared.style?.strokeWidth == 1 && shared.folderPath == ["A"])
    }
}
