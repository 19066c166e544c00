import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// `PropertyVocabulary.writeProperties(of:unplaced:to:)` hands a writer, entry by entry, what
/// `properties(of:unplaced:)` gives: the same keys, values and order, and the same fields left
/// out, whether fields stand at placements, without one, or find their keys taken.
@Suite("PropertyVocabulary streamed output")
struct PropertyVocabularyStreamTests {
    private struct Collected: PropertyOutput {
        var entries: [Properties.Entry] = []
        mutating func append(key: String, value: PropertyValue) { entries.append(Properties.Entry(key: key, value: value)) }
    }

    private func expectSame(_ vocabulary: PropertyVocabulary, _ feature: Feature, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var expectedUnplaced: [PropertyField] = []
        let expected = vocabulary.properties(of: feature) { expectedUnplaced.append($0) }
        var streamedUnplaced: [PropertyField] = []
        var collected = Collected()
        vocabulary.writeProperties(of: feature, unplaced: { streamedUnplaced.append($0) }, to: &collected)
        #expect(collected.entries == expected.entries, sourceLocation: sourceLocation)
        #expect(streamedUnplaced == expectedUnplaced, sourceLocation: sourceLocation)
    }

    private static let style = Style(
        id: "s1", strokeColor: Color(red: 255, green: 0, blue: 0), strokeWidth: 2,
        marker: MarkerStyle(color: Color(red: 1, green: 2, blue: 3), symbol: "x", size: .small))

    @Test("fields without placements, after the properties, some keys taken")
    func unplacedFields() {
        let v = GeoJSONMapping.vocabulary
        expectSame(v, Feature(properties: ["a": 1, "b": "x"]))
        expectSame(v, Feature(title: "T", subtitle: "S", properties: ["a": 1], style: Self.style, time: .instant("2020")))
        // `name` taken: the title goes to `title`; all four taken: it is left out.
        expectSame(v, Feature(title: "T", properties: ["name": "x"]))
        expectSame(v, Feature(title: "T", properties: ["name": "x", "title": "y", "NAME": "z", "Name": "w"], style: Self.style))
        expectSame(v, Feature(title: "T", properties: ["stroke": "not a colour", "marker-color": 1], style: Self.style,
                              time: .span(begin: "2020", end: nil)))
    }

    @Test("fields at their placements, changed or not, and a title taken from a property")
    func placedFields() {
        let v = GeoJSONMapping.vocabulary
        var f = Feature(properties: ["a": 1, "NAME": "Oslo", "stroke": "#F00", "desc": "d", "b": 2.50, "stroke-width": 2.50])
        v.consume(into: &f)
        expectSame(v, f)
        f.title = "Kristiania"
        f.style?.strokeColor = Color(red: 0, green: 0, blue: 255)
        expectSame(v, f)
        var g = Feature(subtitle: "D", properties: ["category": "peak", "n": 1])
        #expect(g.takeField(.title, fromProperty: "category") { $0.title = $1 })
        expectSame(v, g)
        var h = Feature(properties: ["x": 1])
        h.placeField(.subtitle, key: "desc", sourceValue: "gpx")
        h.subtitle = "gpx"
        expectSame(v, h)
    }

    @Test("keys that match whatever their case")
    func caseInsensitive() {
        let v = PropertyVocabulary([.init("name", .title), .init("Title", .title), .init("description", .subtitle)],
                                   ignoresCase: true)
        expectSame(v, Feature(title: "T", subtitle: "S", properties: ["NAME ": 1, "x": 2]))
        expectSame(v, Feature(title: "T", properties: ["Name": 1, "TITLE": 2]))
        var f = Feature(title: "T", properties: ["Label": "q", "x": 1])
        #expect(f.takeField(.title, fromProperty: "Label") { $0.title = $1 })
        expectSame(v, f)
    }
}
