@testable import MapBridgeCSV
import MapBridgeModel
import Testing

/// The vocabulary's steps kept from row to row (`PropertyVocabulary.WritePlan`) give what
/// `properties(of:)` gives, whatever changes from one feature to the next.
@Suite("CSV write plan")
struct CSVWritePlanTests {
    /// Features read as CSV reads them, whose shapes change: keys reordered, added and missing,
    /// case variants, `id`/`folder`/`radius` properties, fields with and without values, values
    /// a field cannot hold, source spellings that still mean the value and ones that do not.
    static func features() -> [Feature] {
        let sources: [Properties] = [
            ["name": "A", "description": "d", "pop": 1],
            ["name": "A2", "description": "d2", "pop": 2],
            ["pop": 3, "name": "B", "description": "e"],
            ["Name": "C", "pop": 4],
            ["NAME": "D", "pop": 5, "name": "dup"],
            [" name ": "E", "pop": 6],
            ["name": "F", "id": "own", "folder": "f", "radius": 3],
            ["name": "G", "timestamp": "2020-01-01T00:00:00Z"],
            ["name": "G2", "begin": "2020-01-01", "end": "2020-02-01"],
            ["name": "H", "marker-color": "#F00"],
            ["name": "H2", "marker-color": "#ff0000"],
            ["name": "H3", "marker-color": "bad"],
            ["name": "I", "marker-color": "#F00", "icon": "http://x/i.png"],
            ["name": "J", "stroke-width": number("2.50")],
            ["name": "J2", "stroke-width": number("3")],
            ["name": number("42"), "pop": .null],
            ["name": .null, "nested": .object(["a": .array([1, .null])])],
            ["title": "T", "name": "N"],
            ["title": "T2"],
            [:],
            ["pop": 7],
        ]
        var out: [Feature] = []
        for (k, properties) in sources.enumerated() {
            var f = Feature(shape: .annotation(c(1, 2)), properties: properties)
            CSVFeatureMapping.vocabulary.consume(into: &f)
            out.append(f)
            // The same shape with other values, or a field changed, set or dropped.
            var g = f
            switch k % 4 {
            case 0: g.title = "changed"
            case 1: g.title = nil
            case 2: g.subtitle = "added"
            default: g.style = nil
            }
            out.append(g)
            out.append(f)
        }
        return out
    }

    @Test("a kept plan gives each feature what properties(of:) gives it")
    func planMatchesProperties() {
        let vocabulary = CSVFeatureMapping.vocabulary
        var plan = PropertyVocabulary.WritePlan()
        let all = Self.features()
        // Every feature after every other: each change of shape and of values in turn.
        for a in all {
            for b in all {
                for f in [a, b] {
                    vocabulary.writeProperties(of: f, plan: &plan)
                    let expected = vocabulary.properties(of: f)
                    #expect(plan.outputKeys == expected.map(\.key))
                    #expect(plan.outputValues == expected.map(\.value))
                }
            }
        }
    }
}
