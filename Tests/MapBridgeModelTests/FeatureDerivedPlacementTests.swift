@testable import MapBridgeModel
import Testing

/// A title's or a subtitle's placement under the field's own key whose source value is the
/// field's text is kept as its position alone (`DerivedPlacements`); every other placement is
/// stored in full. Both kinds read, compare and write as the placements they stand for.
@Suite("Feature's derived placements")
struct FeatureDerivedPlacementTests {
    private let vocabulary = PropertyVocabulary([
        .init("name", .title), .init("NAME", .title), .init("description", .subtitle), .init("stroke", .strokeColor),
    ])

    private func read(_ properties: Properties) -> Feature {
        var f = Feature(properties: properties)
        vocabulary.consume(into: &f)
        return f
    }

    @Test("name and description are derived, and spelt out as the placements they were")
    func derived() {
        let f = read(["name": "Oslo", "pop": 700_000, "description": "A capital city on its fjord"])
        #expect(f.derivedPlacements.count == 2)
        #expect(f.storedPlacements.isEmpty)
        #expect(f.fieldPlacements == [
            FieldPlacement(field: .title, key: "name", index: 0, sourceValue: "Oslo"),
            FieldPlacement(field: .subtitle, key: "description", index: 2, sourceValue: "A capital city on its fjord"),
        ])
        #expect(f.placement(of: .subtitle)?.index == 2)
        // Equal to (and hashed as) the same feature with its placements stored in full.
        let stored = Feature(title: "Oslo", subtitle: "A capital city on its fjord", properties: ["pop": 700_000],
                             fieldPlacements: f.fieldPlacements)
        #expect(stored.derivedPlacements.isEmpty)
        #expect(f == stored)
        #expect(f.hashValue == stored.hashValue)
        #expect(vocabulary.properties(of: f) == ["name": "Oslo", "pop": 700_000, "description": "A capital city on its fjord"])
    }

    @Test("another key, or another field, is stored in full, merged in source order with the derived ones")
    func mixed() {
        let f = read(["stroke": "#FF0000", "NAME": "Oslo", "pop": 1, "description": "D"])
        #expect(f.derivedPlacements.count == 1)
        #expect(f.storedPlacements.map(\.key) == ["stroke", "NAME"])
        #expect(f.fieldPlacements.map { "\($0.key)@\($0.index)" } == ["stroke@0", "NAME@1", "description@3"])
        #expect(f.fieldPlacements.map(\.sourceValue) == ["#FF0000", "Oslo", "D"])
        var order: [String] = []
        f.forEachSourceEntry { entry, _ in order.append(entry.key) }
        #expect(order == ["stroke", "NAME", "pop", "description"])
        #expect(vocabulary.properties(of: f) == ["stroke": "#FF0000", "NAME": "Oslo", "pop": 1, "description": "D"])
    }

    @Test("a field set after reading keeps its placement's source value, and the new value is written")
    func settledOnChange() {
        var f = read(["name": "Oslo", "description": "D"])
        f.title = "Kristiania"
        #expect(f.derivedPlacements.isEmpty)
        #expect(f.placement(of: .title) == FieldPlacement(field: .title, key: "name", index: 0, sourceValue: "Oslo"))
        #expect(f.placement(of: .subtitle) == FieldPlacement(field: .subtitle, key: "description", index: 1, sourceValue: "D"))
        #expect(vocabulary.properties(of: f) == ["name": "Kristiania", "description": "D"])
        var g = read(["name": "Oslo", "description": "D"])
        g.subtitle = nil
        #expect(g.placement(of: .subtitle)?.sourceValue == "D")
        #expect(g.placement(of: .title)?.sourceValue == "Oslo")
    }

    @Test("setting the placements replaces the derived ones")
    func replaced() {
        var f = read(["name": "Oslo"])
        f.fieldPlacements = [FieldPlacement(field: .title, key: "NAME", index: 0, sourceValue: "Oslo")]
        #expect(f.derivedPlacements.isEmpty)
        #expect(f.fieldPlacements.map(\.key) == ["NAME"])
        var g = read(["name": "Oslo"])
        g.placeField(.subtitle, key: "desc", sourceValue: "D")
        #expect(g.fieldPlacements.map { "\($0.key)@\($0.index)" } == ["name@0", "desc@1"])
    }

    @Test("a write plan replays derived placements as the long way writes them")
    func writePlan() {
        var plan = PropertyVocabulary.WritePlan()
        for (name, text) in [("A", "first"), ("B", "second"), ("C", "third")] {
            let f = read(["name": .string(name), "n": 1, "description": .string(text)])
            vocabulary.writeProperties(of: f, plan: &plan)
            let long = vocabulary.properties(of: f)
            #expect(plan.outputKeys == long.map(\.key))
            #expect(plan.outputValues == long.map(\.value))
        }
    }
}
