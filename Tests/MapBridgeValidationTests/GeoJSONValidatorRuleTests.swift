import MapBridgeModel
import MapBridgeValidation
import Testing

@Suite("GeoJSON validator: each rule with its line, column and pointer")
struct GeoJSONValidatorRuleTests {
    struct Case: Sendable, CustomStringConvertible {
        var rule: String
        var text: String
        var line: Int
        var column: Int
        var pointer: String
        var severity: Severity = .error
        var description: String { rule }
    }

    static let cases: [Case] = [
        Case(rule: "json-syntax", text: "{\"type\": \"Point\"\n \"coordinates\": [1, 2]}", line: 2, column: 2, pointer: ""),
        Case(rule: "duplicate-key", text: "{\"type\": \"Point\", \"type\": \"Point\", \"coordinates\": [1, 2]}",
             line: 1, column: 1, pointer: "/type"),
        // Inside properties (skipped values): a short ASCII name kept as the tokenizer's words,
        // a non-ASCII one, and a malformed value right after a name.
        Case(rule: "duplicate-key", text: "{\"type\": \"Feature\", \"geometry\": null, \"properties\": {\"k\": {\"abcdefghi\": 1, \"abcdefghi\": 2}}}",
             line: 1, column: 59, pointer: "/properties/k/abcdefghi"),
        Case(rule: "duplicate-key", text: "{\"type\": \"Feature\", \"geometry\": null, \"properties\": {\"é\": [{\"ab\": 1, \"a\\u0062\": [1e999]}]}}",
             line: 1, column: 61, pointer: "/properties/é/0/ab"),
        Case(rule: "json-syntax", text: "{\"type\": \"Feature\", \"geometry\": null, \"properties\": {\"naïve key\": tru}}",
             line: 1, column: 68, pointer: "/properties/naïve key"),
        Case(rule: "unknown-type", text: "{\"type\": \"featurecollection\", \"features\": []}", line: 1, column: 1, pointer: "/type"),
        Case(rule: "unexpected-type", text: "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Point\", \"coordinates\": [1, 2]}]}",
             line: 2, column: 1, pointer: "/features/0/type"),
        Case(rule: "missing-member", text: "{\"type\": \"Feature\",\n \"geometry\": null}", line: 1, column: 1, pointer: ""),
        Case(rule: "wrong-member-type", text: feature("null").replacing("\"properties\":{}", with: "\"properties\":[]"),
             line: 1, column: 1, pointer: "/properties"),
        Case(rule: "forbidden-member", text: "{\"type\": \"Point\", \"coordinates\": [1, 2], \"features\": []}",
             line: 1, column: 1, pointer: "/features"),
        Case(rule: "bbox-invalid", text: "{\"type\": \"Point\", \"bbox\": [1, 2, 3], \"coordinates\": [1, 2]}",
             line: 1, column: 27, pointer: "/bbox"),
        Case(rule: "coordinates-shape", text: "{\"type\": \"LineString\", \"coordinates\": [[1, 2], 3]}",
             line: 1, column: 39, pointer: "/coordinates/1"),
        Case(rule: "position-size", text: "{\"type\": \"Point\", \"coordinates\": [1]}", line: 1, column: 34, pointer: "/coordinates"),
        Case(rule: "position-size", text: "{\"type\": \"Point\", \"coordinates\": [1, 2, 3, 4]}", line: 1, column: 34,
             pointer: "/coordinates", severity: .warning),
        Case(rule: "number-too-large", text: "{\"type\": \"Feature\", \"geometry\": null,\n \"properties\": {\"k\": [1, -2e999]}}",
             line: 2, column: 26, pointer: "/properties/k/1"),
        Case(rule: "position-not-number", text: "{\"type\": \"Point\", \"coordinates\": [1, \"2\"]}", line: 1, column: 34,
             pointer: "/coordinates/1"),
        Case(rule: "line-too-short", text: "{\"type\": \"LineString\", \"coordinates\": [[1, 2]]}", line: 1, column: 39,
             pointer: "/coordinates"),
        Case(rule: "ring-too-short", text: "{\"type\": \"Polygon\", \"coordinates\": [\n [[0, 0], [1, 1], [0, 0]]]}",
             line: 2, column: 2, pointer: "/coordinates/0"),
        Case(rule: "ring-not-closed", text: "{\"type\": \"Polygon\", \"coordinates\": [\n [[0, 0], [1, 0], [1, 1], [0, 1]]]}",
             line: 2, column: 2, pointer: "/coordinates/0"),
        Case(rule: "right-hand-rule", text: "{\"type\": \"Polygon\", \"coordinates\": [\n [[0, 0], [0, 1], [1, 1], [0, 0]]]}",
             line: 2, column: 2, pointer: "/coordinates/0", severity: .warning),
        Case(rule: "geometrycollection-single", text: "{\"type\": \"GeometryCollection\", \"geometries\": [{\"type\": \"Point\", \"coordinates\": [1, 2]}]}",
             line: 1, column: 46, pointer: "/geometries", severity: .warning),
        Case(rule: "lon-out-of-range", text: "{\"type\": \"Point\", \"coordinates\": [181, 2]}", line: 1, column: 34,
             pointer: "/coordinates/0"),
        Case(rule: "lat-out-of-range", text: "{\"type\": \"Point\", \"coordinates\": [1,\n -91]}", line: 1, column: 34,
             pointer: "/coordinates/1"),
        Case(rule: "crs-member", text: "{\"type\": \"Point\", \"crs\": null, \"coordinates\": [1, 2]}", line: 1, column: 1,
             pointer: "/crs", severity: .warning),
        Case(rule: "excessive-precision", text: "{\"type\": \"Point\", \"coordinates\": [1.1234567890123, 2]}", line: 1,
             column: 34, pointer: "/coordinates/0", severity: .info),
        Case(rule: "bbox-invalid", text: "{\"type\": \"Point\", \"bbox\": [0, 5, 1, 4], \"coordinates\": [1, 2]}",
             line: 1, column: 27, pointer: "/bbox"),
        Case(rule: "bbox-mismatch", text: "{\"type\": \"Point\", \"bbox\": [0, 0, 1, 1], \"coordinates\": [2, 0]}",
             line: 1, column: 27, pointer: "/bbox"),
        // The box comes after the data, on the collection around the feature that breaks it.
        Case(rule: "bbox-mismatch", text: "{\"type\": \"FeatureCollection\", \"features\": [\n"
                 + feature("{\"type\": \"Point\", \"coordinates\": [1, 2.5]}") + "],\n \"bbox\": [0, 0, 2, 2]}",
             line: 3, column: 10, pointer: "/bbox"),
        // A box across the antimeridian (west > east) leaves out the longitudes between its edges.
        Case(rule: "bbox-mismatch", text: "{\"type\": \"MultiPoint\", \"bbox\": [170, -5, -170, 5], \"coordinates\": [[175, 0], [10, 0]]}",
             line: 1, column: 32, pointer: "/bbox"),
        Case(rule: "bbox-mismatch", text: "{\"type\": \"Point\", \"bbox\": [0, 0, 0, 1, 1, 10], \"coordinates\": [1, 1, 12]}",
             line: 1, column: 27, pointer: "/bbox"),
        Case(rule: "bbox-mismatch", text: "{\"type\": \"MultiPoint\", \"bbox\": [170, -5, 10, 5], \"coordinates\": [[175, 0], [120, 0]]}",
             line: 1, column: 32, pointer: "/bbox"),
        Case(rule: "swapped-axes", text: "{\"type\": \"LineString\", \"coordinates\": [[-33.9, 151.2], [-34, 151.3]]}",
             line: 1, column: 39, pointer: "/coordinates", severity: .warning),
        Case(rule: "antimeridian-crossing", text: "{\"type\": \"LineString\", \"coordinates\": [[179, 0], [-179, 1]]}",
             line: 1, column: 39, pointer: "/coordinates", severity: .warning),
        Case(rule: "antimeridian-crossing", text: "{\"type\": \"Polygon\", \"coordinates\": [\n [[179, 0], [-179, 0], [-179, 1], [179, 0]]]}",
             line: 2, column: 2, pointer: "/coordinates/0", severity: .warning),
    ]

    @Test("the rule fires once, where it should", arguments: cases)
    func fires(c: Case) throws {
        let found = try findings(c.text)
        let mine = found.filter { $0.rule == c.rule }
        #expect(mine.count == 1, "\(found)")
        guard let f = mine.first else { return }
        #expect(f.severity == c.severity)
        #expect(f.location.line == c.line, "\(f)")
        #expect(f.location.column == c.column, "\(f)")
        #expect(f.location.pointer == c.pointer, "\(f)")
        #expect(!f.message.isEmpty)
        #expect(Rule.named(f.rule) != nil)
    }

    @Test("an antimeridian jump names the two positions by their indices, past one that is not numbers")
    func antimeridianIndices() throws {
        let plain = try findings(#"{"type": "LineString", "coordinates": [[10, 0], [179, 0], [-179, 1], [170, 2]]}"#)
        #expect(plain.filter { $0.rule == "antimeridian-crossing" }.map(\.message).first?
            .hasPrefix("positions 1 and 2 jump from longitude 179.0 to -179.0") == true, "\(plain)")
        let gap = try findings(#"{"type": "LineString", "coordinates": [[10, 0], [179, 0], ["x", 0], [-179, 1]]}"#)
        #expect(gap.filter { $0.rule == "antimeridian-crossing" }.map(\.message).first?
            .hasPrefix("positions 1 and 3 jump from longitude 179.0 to -179.0") == true, "\(gap)")
    }

    @Test("every finding of a feature collection is reported, not just the first")
    func keepsGoing() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [200, 0]}},
              {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [120, 100]}}
            ]}
            """
        let found = try findings(text)
        #expect(found.map(\.rule) == ["lon-out-of-range", "lat-out-of-range"])
        #expect(found.map(\.location.pointer) == ["/features/0/geometry/coordinates/0", "/features/1/geometry/coordinates/1"])
        #expect(found.map(\.location.line) == [2, 3])
    }

    @Test("a misspelled type gets a case hint")
    func caseHint() throws {
        let f = try findings("{\"type\": \"featurecollection\", \"features\": []}")
        #expect(f.first?.message.contains("\"FeatureCollection\"") == true)
    }

    @Test("a nested GeometryCollection is a warning at the geometries array holding it")
    func nested() throws {
        let text = """
            {"type": "GeometryCollection", "geometries": [{"type": "Point", "coordinates": [1, 2]},
             {"type": "GeometryCollection", "geometries": []}]}
            """
        let f = try findings(text).filter { $0.rule == "geometrycollection-nested" }
        #expect(f.count == 1)
        #expect(f.first?.location.line == 1)
        #expect(f.first?.location.column == 46)
        #expect(f.first?.location.pointer == "/geometries/1")
        #expect(f.first?.severity == .warning)
    }

    @Test("latitudes beyond 90 that would not fit swapped are not called swapped axes")
    func notSwapped() throws {
        #expect(try rules("{\"type\": \"Point\", \"coordinates\": [100, 95]}") == ["lat-out-of-range"])
        #expect(try rules("{\"type\": \"LineString\", \"coordinates\": [[10, 95], [120, 10]]}") == ["lat-out-of-range"])
    }

    @Test("malformed JSON stops the file after one finding")
    func syntaxStops() throws {
        let f = try findings("{\"type\": \"Point\", \"coordinates\": [200, 0], \"x\": [1,]}")
        #expect(f.map(\.rule) == ["json-syntax"])
    }

    @Test("pointer tokens escape ~ and /")
    func pointerEscapes() throws {
        let f = try findings("{\"type\": \"Point\", \"coordinates\": [1, 2], \"a/b~c\": {\"d\": 1, \"d\": 2}}")
        #expect(f.first?.location.pointer == "/a~1b~0c/d")
    }
}
