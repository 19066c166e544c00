import MapBridgeGeoJSON
import MapBridgeJSON
import MapBridgeModel
import Testing

/// The reader looks keys up once, in its key table, and hands the vocabulary's spellings it
/// met to `consume`: whatever the table holds, the fields fill as the keys say.
@Suite("GeoJSONReader key table")
struct GeoJSONReaderKeyTableTests {
    private func collection(_ features: [String]) -> String {
        #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    }

    private func feature(_ properties: String, geometry: String = "null") -> String {
        #"{"type":"Feature","geometry":\#(geometry),"properties":\#(properties)}"#
    }

    @Test("a geometry read member by member (another member after its type) is the one read directly, and keeps its type's name")
    func geometryTypeOffTheDirectPath() throws {
        // Directly: `type` and `coordinates` only; member by member: a `bbox` follows `type`.
        let direct = try readOne(collection([feature("{}", geometry: #"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#)]))
        let members = try readOne(collection([feature("{}", geometry: #"{"type":"LineString","bbox":[1,2,3,4],"coordinates":[[1,2],[3,4]]}"#)]))
        #expect(direct.shape == members.shape)
        #expect(flatCoordinates(members.shape) == [[1, 2], [3, 4]])
        // A kind's name comes back for the message; a type that names no kind is kept as given.
        let mismatch = try #require(readError(collection([feature("{}", geometry: #"{"type":"LineString","bbox":[0,0,1,1],"coordinates":[1,2]}"#)])))
        #expect(mismatch.message.contains("the coordinates of a LineString"), "\(mismatch.message)")
        let unknown = try #require(readError(collection([feature("{}", geometry: #"{"type":"Pointy","bbox":[0,0,1,1],"coordinates":[1,2]}"#)])))
        #expect(unknown.message.contains("'Pointy'"), "\(unknown.message)")
        let unknownDirect = try #require(readError(collection([feature("{}", geometry: #"{"type":"Pointy","coordinates":[1,2]}"#)])))
        #expect(unknownDirect.message == unknown.message)
    }

    @Test("a feature after the table is full still fills its fields from their keys")
    func afterFullTable() throws {
        let many = "{" + (0..<(JSONKeyTable.capacity + 50)).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let result = try readAll(collection([feature(many), feature(##"{"x":1,"name":"Oslo","stroke":"#ff0000"}"##)]))
        #expect(result.features.count == 2)
        #expect(result.features[0].properties.count == JSONKeyTable.capacity + 50)
        let f = result.features[1]
        #expect(f.title == "Oslo")
        #expect(f.style?.strokeColor != nil)
        #expect(f.properties.keys == ["x"])
        #expect(f.fieldPlacements.map(\.index) == [1, 2])
    }

    @Test("an escaped key is the key it spells")
    func escapedKey() throws {
        let f = try readOne(feature(#"{"na\u006de":"Oslo","ty\u0070e":"city"}"#))
        #expect(f.title == "Oslo")
        #expect(f.properties.keys == ["type"])
    }

    @Test("of a repeated key the last value fills the field, at the first key's place")
    func repeatedKey() throws {
        let f = try readOne(feature(#"{"name":"A","x":1,"name":"B"}"#))
        #expect(f.title == "B")
        #expect(f.properties.keys == ["x"])
        #expect(f.fieldPlacements.map(\.index) == [0])
    }

    @Test("properties inside the geometry do not stand in for the feature's")
    func geometryProperties() throws {
        let f = try readOne(feature(#"{"x":1,"name":"A"}"#,
                                    geometry: #"{"type":"Point","coordinates":[1,2],"properties":{"title":"B","name":"C"}}"#))
        #expect(f.title == "A")
        #expect(f.properties.keys == ["x"])
        #expect(f.fieldPlacements.map(\.index) == [1])
    }

    @Test("an overlay's type key leaves before the fields are taken, and the rest keep their places")
    func overlay() throws {
        let f = try readOne(feature(#"{"@geometry-type":"groundoverlay","name":"Sat","icon":"a.png","x":1}"#))
        #expect(f.overlay == .groundOverlay)
        #expect(f.title == "Sat")
        #expect(f.properties.keys == ["icon", "x"])
    }

    @Test("a later feature with fewer or more properties than the last reads them all")
    func changingCounts() throws {
        let result = try readAll(collection([feature(#"{"a":1,"b":2,"c":3}"#), feature(#"{"a":1}"#),
                                             feature(#"{"a":1,"b":2,"c":3,"d":4,"name":"N"}"#)]))
        #expect(result.features.map(\.properties.count) == [3, 1, 4])
        #expect(result.features.map(\.title) == [nil, nil, "N"])
    }
}
