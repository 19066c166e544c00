import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// The reader notices a member name repeated within one object itself (by the key table's
/// positions and a summary of bits), and hands objects of more than 32 names back to the
/// tokenizer's ledger: every route must warn exactly once per repeat, at the repeat, and keep
/// the last value at the first one's place.
@Suite("GeoJSONReader repeated member names")
struct GeoJSONReaderRepeatedNamesTests {
    private func properties(_ members: String) -> String {
        #"{"type":"Feature","geometry":null,"properties":{\#(members)}}"#
    }

    /// The columns of the duplicate-key warnings.
    private func warningColumns(_ result: ReadResult) -> [Int] {
        result.diagnostics.filter { $0.code == "duplicate-key" }.compactMap { $0.location?.column }
    }

    @Test("a repeat after more than 32 names is found once the object is handed to the ledger")
    func pastThirtyTwoNames() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let text = properties(members + #","k3":"again""#)
        let result = try readAll(text)
        let feature = try #require(result.features.first)
        #expect(result.codes == ["duplicate-key"])
        #expect(feature.properties.keys == (0..<40).map { "k\($0)" })
        #expect(feature.properties["k3"] == "again")
        #expect(warningColumns(result) == [text.utf8.count - 13])
    }

    @Test("70 distinct names whose summary bits collide give no warning")
    func distinctNamesSharingBits() throws {
        let members = (0..<70).map { #""d\#($0)":\#($0)"# }.joined(separator: ",")
        let result = try readAll(properties(members))
        #expect(result.codes.isEmpty)
        #expect(result.features.first?.properties.count == 70)
    }

    @Test("names longer than the key table's short form are compared by their bytes", arguments: [20, 80])
    func longNames(length: Int) throws {
        let name = String(repeating: "n", count: length)
        // A name that differs only in its last byte is not a repeat.
        let result = try readAll(properties(#""\#(name)":1,"\#(name)y":2,"\#(name)":3"#))
        let feature = try #require(result.features.first)
        #expect(result.codes == ["duplicate-key"])
        #expect(feature.properties.keys == [name, name + "y"])
        #expect(feature.properties[name] == .number(NumberValue(text: "3", value: 3)))
    }

    @Test("repeats in nested objects, and in objects inside arrays, each warn in their own object")
    func nestedObjects() throws {
        let text = properties(#""o":{"a":1,"b":{"c":1,"c":2},"a":3},"p":[{"q":1,"q":2}],"c":0"#)
        let result = try readAll(text)
        let feature = try #require(result.features.first)
        #expect(result.codes == ["duplicate-key", "duplicate-key", "duplicate-key"])
        #expect(warningColumns(result) == [71, 78, 97])
        #expect(feature.properties.keys == ["o", "p", "c"])
        let one = PropertyValue.number(NumberValue(text: "2", value: 2))
        #expect(feature.properties["p"] == .array([.object(["q": one])]))
    }

    @Test("an escaped name equals its unescaped spelling")
    func escapedName() throws {
        let result = try readAll(properties(#""a\u0062":1,"ab":2"#))
        #expect(result.codes == ["duplicate-key"])
        #expect(result.features.first?.properties.keys == ["ab"])
    }

    @Test("a repeated foreign member of a feature, and a repeated geometry member")
    func featureAndGeometryMembers() throws {
        let foreign = try readAll(#"{"type":"Feature","geometry":null,"properties":{},"foo":1,"bar":2,"foo":3}"#)
        #expect(foreign.codes == ["duplicate-key"])
        #expect(foreign.features.first?.foreignMembers.keys == ["foo", "bar"])
        let geometry = try readAll(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2],"coordinates":[3,4]},"properties":{}}"#)
        #expect(geometry.codes == ["duplicate-key"])
        guard case .annotation(let point)? = geometry.features.first?.shape else {
            Issue.record("expected a point")
            return
        }
        #expect(point.longitude == 3 && point.latitude == 4)
    }

    @Test("a repeat is still found after thousands of distinct names have cleared the key table")
    func afterKeyTableClears() throws {
        var features = (0..<300).map { f in
            properties((0..<24).map { #""f\#(f)_\#($0)":1"# }.joined(separator: ","))
        }
        features.append(properties(#""x":1,"y":2,"x":3"#))
        let result = try readAll(#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}")
        #expect(result.codes == ["duplicate-key"])
        #expect(result.features.last?.properties.keys == ["x", "y"])
    }
}
