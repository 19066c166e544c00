import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel
import Testing

/// A write plan (`PropertyVocabulary.WritePlan`) kept over features whose shapes alternate
/// gives each what `properties(of:)` gives it, and the GeoJSON writer, which writes the
/// properties of features with fields by one, writes the same bytes as for the same features
/// with their fields written out as properties.
@Suite("GeoJSON write plan")
struct GeoJSONWritePlanTests {
    private static let style = Style(strokeColor: Color(red: 255, green: 0, blue: 0), strokeWidth: 2.5,
                                     marker: MarkerStyle(color: Color(red: 1, green: 2, blue: 3), scale: 1.1))

    /// More shapes than a plan keeps, among them: a data field present or not, a key taken
    /// (so the title goes under another key, or, all its keys taken, is left out), a time that
    /// is an instant or a span (one slot for the instant, another for the span), an icon image
    /// or not (a marker's colour under another key), keys that need escapes in JSON.
    static func features() -> [Feature] {
        var out: [Feature] = []
        for k in 0..<12 {
            var properties: Properties = ["category": "peak"]
            if k % 2 == 0 { properties["population"] = .number(NumberValue(k * 1000)) }
            if k % 3 == 0 { properties["name"] = "taken" }
            if k == 5 { properties = ["name": "x", "title": "y", "NAME": "z", "Name": "w", "label": 1] }
            if k == 7 { properties["quote\"d\u{1}key"] = "v" }
            if k >= 9 { properties["extra\(k)"] = true }
            var style = Self.style
            if k % 4 == 1 { style.marker?.href = "http://x/i.png" }
            if k % 5 == 2 { style.marker?.scale = 1.25 + Double(k) }
            let time: FeatureTime? = switch k % 3 {
            case 0: .instant("2020-01-0\(k % 9 + 1)")
            case 1: .span(begin: nil, end: nil)
            default: nil
            }
            out.append(Feature(id: .string("f\(k)"), title: "Title \(k)", subtitle: k % 2 == 0 ? "About \(k)" : nil,
                               shape: .annotation(Coordinate(longitude: Double(k), latitude: 1)),
                               properties: properties, style: style, time: time))
        }
        return out
    }

    /// The order features come in: each shape after many others, the plan full and not.
    static func sequence() -> [Feature] {
        let all = features()
        var out: [Feature] = []
        for round in 0..<3 {
            for (i, f) in all.enumerated() {
                out.append(f)
                out.append(all[(i + round + 1) % all.count])
            }
            out.append(contentsOf: all.prefix(3 + round))
        }
        return out
    }

    @Test("alternating shapes: what properties(of:) gives, and the same fields left out")
    func planMatchesProperties() {
        let vocabulary = GeoJSONMapping.vocabulary
        var plan = PropertyVocabulary.WritePlan()
        for f in Self.sequence() {
            var expectedUnplaced: [PropertyField] = []
            let expected = vocabulary.properties(of: f) { expectedUnplaced.append($0) }
            var unplaced: [PropertyField] = []
            vocabulary.writeProperties(of: f, plan: &plan) { unplaced.append($0) }
            // Compared as bytes: `==` takes keys in different Unicode normal forms as equal.
            #expect(plan.outputKeys.map { Array($0.utf8) } == expected.map { Array($0.key.utf8) })
            #expect(plan.outputValues == expected.map(\.value))
            #expect(unplaced == expectedUnplaced)
        }
    }

    @Test("a value that takes another slot than the shape's recorded one falls back")
    func valueChangesStep() {
        // The same keys and fields, but one time is an instant (`timestamp`) and the other a
        // span without ends (nothing written), one marker has an icon image and the other not.
        let vocabulary = GeoJSONMapping.vocabulary
        let a = Feature(title: "A", properties: ["k": 1], style: Style(marker: MarkerStyle(color: Color(red: 9, green: 9, blue: 9))),
                        time: .instant("2020"))
        let b = Feature(title: "B", properties: ["k": 2], style: Style(marker: MarkerStyle(color: Color(red: 8, green: 8, blue: 8))),
                        time: .span(begin: nil, end: nil))
        var plan = PropertyVocabulary.WritePlan()
        for f in [a, b, a, b, b, a] {
            vocabulary.writeProperties(of: f, plan: &plan)
            let expected = vocabulary.properties(of: f)
            #expect(plan.outputKeys == expected.map(\.key))
            #expect(plan.outputKeys.contains("timestamp") == (f.title == "A"))
            #expect(plan.outputValues == expected.map(\.value))
        }
    }

    @Test("keys equal as strings but spelt otherwise are another shape")
    func keysAsBytes() throws {
        // The same key in two Unicode normal forms: `==` says they are equal; their bytes differ.
        let nfc = Feature(title: "A", properties: ["caf\u{E9}": 1, "k": 2], style: Self.style)
        let nfd = Feature(title: "B", properties: ["cafe\u{301}": 1, "k": 2], style: Self.style)
        let vocabulary = GeoJSONMapping.vocabulary
        var plan = PropertyVocabulary.WritePlan()
        for f in [nfc, nfd, nfd, nfc] {
            vocabulary.writeProperties(of: f, plan: &plan)
            #expect(plan.outputKeys.map { Array($0.utf8) } == vocabulary.properties(of: f).map { Array($0.key.utf8) })
        }
        let features = [nfc, nfd, nfc]
        #expect(try writeAll(features).bytes == writeAll(features.map(Self.spelledOut)).bytes)
    }

    /// `feature` with its fields written out as properties: the writer writes it as it is.
    private static func spelledOut(_ feature: Feature) -> Feature {
        Feature(id: feature.id, shape: feature.shape, properties: GeoJSONMapping.vocabulary.properties(of: feature))
    }

    @Test("the writer writes what it writes for the fields spelt out as properties", arguments: [false, true])
    func writerBytes(pretty: Bool) throws {
        var options = GeoJSONWriter.Options()
        options.pretty = pretty
        let features = Self.sequence()
        let planned = try writeAll(features, options: options)
        let spelled = try writeAll(features.map(Self.spelledOut), options: options)
        #expect(planned.bytes == spelled.bytes)
        #expect(planned.text.contains("\"quote\\\"d\\u0001key\""))
        // The title whose keys are all taken is reported, once.
        #expect(planned.codes.filter { $0 == "field-key-taken" }.count == 1)
    }
}
