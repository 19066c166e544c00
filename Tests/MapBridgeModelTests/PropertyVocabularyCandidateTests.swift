import MapBridgeModel
import Testing

/// `consume` with the keys looked up already (by a reader's key table) does what `consume`
/// does after looking them up itself, and looks at nothing else.
@Suite("PropertyVocabulary.consume with candidates")
struct PropertyVocabularyCandidateTests {
    private let vocabulary = PropertyVocabulary([
        .init("name", .title), .init("title", .title), .init("description", .subtitle), .init("stroke", .strokeColor),
    ])

    private func candidates(_ f: Feature) -> [PropertyVocabulary.Candidate] {
        f.properties.enumerated().compactMap { i, e in vocabulary.rank(of: e.key).map { .init(index: i, rank: $0) } }
    }

    @Test("no candidates leave the feature as it is")
    func none() {
        var f = Feature(properties: ["name": "A", "x": 1])
        vocabulary.consume(into: &f, candidates: [])
        #expect(f.title == nil)
        #expect(f.properties == ["name": "A", "x": 1])
        #expect(f.fieldPlacements.isEmpty)
    }

    @Test("the same fields, properties and placements as looking the keys up", arguments: [
        ["name": "A", "x": 1] as Properties,
        ["x": 1, "title": "T", "name": "N", "stroke": "#f00", "y": 2],
        ["stroke": "not a colour", "description": "D", "name": 3],
        ["title": "T"],
    ])
    func sameAsLookingUp(properties: Properties) {
        var looked = Feature(properties: properties)
        vocabulary.consume(into: &looked)
        var given = Feature(properties: properties)
        vocabulary.consume(into: &given, candidates: candidates(given))
        #expect(given == looked)
        #expect(given.fieldPlacements == looked.fieldPlacements)
    }

    @Test("a property that is not a candidate stays a property")
    func onlyCandidates() {
        var f = Feature(properties: ["name": "A", "description": "D"])
        vocabulary.consume(into: &f, candidates: [.init(index: 1, rank: 2)])
        #expect(f.title == nil)
        #expect(f.subtitle == "D")
        #expect(f.properties == ["name": "A"])
        #expect(f.fieldPlacements.map(\.index) == [1])
    }
}
