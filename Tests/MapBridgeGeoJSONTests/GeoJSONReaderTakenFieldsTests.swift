import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel
import Testing

/// The reader takes a feature's `name` and `description` strings as it reads them, and puts
/// them back in place when the mapping has more to read: either way the feature is the one
/// `GeoJSONMapping` makes of all its properties.
@Suite("GeoJSONReader title and subtitle taken as read")
struct GeoJSONReaderTakenFieldsTests {
    private func feature(_ properties: String) -> String {
        #"{"type":"Feature","geometry":null,"properties":\#(properties)}"#
    }

    private func placements(_ f: Feature) -> [String] {
        f.fieldPlacements.map { "\($0.key)@\($0.index)" }
    }

    @Test("no properties, then the name alone")
    func nameAlone() throws {
        let empty = try readOne(feature("{}"))
        #expect(empty.title == nil && empty.subtitle == nil && empty.fieldPlacements.isEmpty)
        let f = try readOne(feature(#"{"name":"A"}"#))
        #expect(f.title == "A")
        #expect(f.properties.isEmpty)
        #expect(placements(f) == ["name@0"])
    }

    @Test("the name and the description around another property keep their places")
    func nameAndDescription() throws {
        let f = try readOne(feature(#"{"description":"B","x":1,"name":"A"}"#))
        #expect(f.title == "A")
        #expect(f.subtitle == "B")
        #expect(f.properties.keys == ["x"])
        #expect(placements(f) == ["description@0", "name@2"])
    }

    @Test("beside a style key they are put back, and all fill their fields")
    func withStyleKey() throws {
        let f = try readOne(feature(##"{"x":1,"name":"A","stroke":"#ff0000","description":"B","y":2}"##))
        #expect(f.title == "A")
        #expect(f.subtitle == "B")
        #expect(f.style?.strokeColor != nil)
        #expect(f.properties.keys == ["x", "y"])
        #expect(placements(f) == ["name@1", "stroke@2", "description@3"])
    }

    @Test("a name that is no string stays a property, and the description still fills the subtitle")
    func numberName() throws {
        let f = try readOne(feature(#"{"name":7,"description":"B"}"#))
        #expect(f.title == nil)
        #expect(f.subtitle == "B")
        #expect(f.properties.keys == ["name"])
        #expect(placements(f) == ["description@1"])
    }

    @Test("a name beside a title fills the title; the title stays a property")
    func nameAndTitle() throws {
        let f = try readOne(feature(#"{"title":"T","name":"A"}"#))
        #expect(f.title == "A")
        #expect(f.properties.keys == ["title"])
        #expect(f.properties["title"] == .string("T"))
        #expect(placements(f) == ["name@1"])
    }

    @Test("a repeated description fills the subtitle with its last value, at its first place")
    func repeatedDescription() throws {
        let result = try readAll(feature(#"{"description":"A","x":1,"description":"B","z":true}"#))
        let f = try #require(result.features.first)
        #expect(f.subtitle == "B")
        #expect(f.properties.keys == ["x", "z"])
        #expect(placements(f) == ["description@0"])
        #expect(result.codes == ["duplicate-key"])
    }

    @Test("a repeated properties member reads only the last one")
    func repeatedProperties() throws {
        let f = try readOne(#"{"type":"Feature","geometry":null,"properties":{"name":"A"},"properties":{"x":1}}"#)
        #expect(f.title == nil)
        #expect(f.properties.keys == ["x"])
        #expect(f.fieldPlacements.isEmpty)
    }

    @Test("a skipped feature counts its name and description among its properties")
    func skippedCount() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"A","n":2,"description":"B"},"geometry":{"type":"Blob","coordinates":[1,2]}},
            {"type":"Feature","properties":{"name":"C"},"geometry":{"type":"Point","coordinates":[3,4]}}
            ]}
            """
        let log = DiagnosticLog()
        var options = GeoJSONReader.Options()
        options.onError = .skip
        let reader = GeoJSONReader(source: ByteSource(bytes: Array(text.utf8), name: "t.json"), options: options,
                                   report: log.handler)
        var titles: [String?] = []
        while let f = try reader.next() { titles.append(f.title) }
        #expect(titles == ["C"])
        let warning = try #require(log.all.first { $0.code == "skipped-feature" })
        #expect(warning.message.contains("3 properties"), "\(warning.message)")
    }
}
