import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel
import Testing

/// How the reader gathers an object's members (on one stack for all open objects, moved into
/// `Properties` at the object's end) and makes a geometry's shape (a Point's position at once,
/// the other kinds through the general mapping): both ways, and across features.
@Suite("GeoJSONReader gathering members and shapes")
struct GeoJSONReaderGatheringTests {
    private func number(_ text: String) -> PropertyValue {
        .number(NumberValue(text: text, value: Double(text) ?? .nan))
    }

    @Test("nested objects gather above their parent's members, and each feature starts afresh")
    func nestedObjectsAcrossFeatures() throws {
        let result = try readAll(#"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":null,"properties":{"a":1,"o":{"b":[2,{"c":"x"}],"d":{}},"e":"y"}},
        {"type":"Feature","geometry":null,"properties":{"f":true,"g":{"h":null}}},
        {"type":"Feature","geometry":null,"properties":{}}
        ]}
        """#)
        #expect(result.features.count == 3)
        let first = result.features[0].properties
        #expect(first.keys == ["a", "o", "e"])
        #expect(first["o"] == .object(["b": .array([number("2"), .object(["c": "x"])]), "d": .object(Properties())]))
        #expect(first["e"] == "y")
        #expect(result.features[1].properties == ["f": .bool(true), "g": .object(["h": .null])])
        #expect(result.features[2].properties.isEmpty)
    }

    @Test("a repeated name replaces its value in place, and later members follow it")
    func repeatedName() throws {
        let result = try readAll(#"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":null,"properties":{"a":1,"b":{"x":1,"x":2},"a":3,"c":"z","name":"N"}},
        {"type":"Feature","geometry":null,"properties":{"k":"v"}}
        ]}
        """#)
        let p = result.features[0].properties
        #expect(p.keys == ["a", "b", "c"])
        #expect(p["a"] == number("3"))
        #expect(p["b"] == .object(["x": number("2")]))
        #expect(result.features[0].title == "N")
        #expect(result.codes.filter { $0 == "duplicate-key" }.count == 2)
        #expect(result.features[1].properties == ["k": "v"])
    }

    @Test("many members, past the size at which lookups use an index, are all found")
    func manyMembers() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let f = try readOne(#"{"type":"Feature","geometry":null,"properties":{\#(members)}}"#)
        #expect(f.properties.count == 40)
        for i in [0, 24, 25, 39] { #expect(f.properties["k\(i)"] == number("\(i)")) }
    }

    @Test("an object that fails midway (a nested one past the key limit) throws; within limits each feature has its own members")
    func failureMidwaySkipped() throws {
        var options = GeoJSONReader.Options()
        options.onError = .skip
        options.limits.maximumKeys = 3
        let text = #"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":null,"properties":{"a":{"b":1,"c":2,"d":3,"e":4}}},
        {"type":"Feature","geometry":null,"properties":{"f":1}}
        ]}
        """#
        let reader = GeoJSONReader(source: .init(bytes: Array(text.utf8), name: "t.json"), options: options)
        // Too many keys is a limit, not an unreadable object: it stops the reading.
        #expect(throws: MapBridgeError.self) { while try reader.next() != nil {} }
        // Within the limits the same input reads, each feature with its own members.
        let result = try readAll(text)
        #expect(result.features.map(\.properties.count) == [1, 1])
        #expect(result.features[1].properties == ["f": number("1")])
    }

    @Test("a Point's position is its shape; other kinds and an empty Point go the general way")
    func pointAndOtherShapes() throws {
        let result = try readAll(#"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[1.5,2.25]}},
        {"type":"Feature","properties":null,"geometry":{"coordinates":[3,4,5],"type":"Point"}},
        {"type":"Feature","properties":null,"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
        {"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[]}},
        {"type":"Feature","properties":null,"geometry":{"type":"MultiPoint","coordinates":[[7,8]]}}
        ]}
        """#)
        #expect(result.features.count == 5)
        guard case .annotation(let a)? = result.features[0].shape else { Issue.record("not a point"); return }
        #expect(a.longitude == 1.5 && a.latitude == 2.25 && a.altitude == nil)
        guard case .annotation(let b)? = result.features[1].shape else { Issue.record("not a point"); return }
        #expect(b.longitude == 3 && b.latitude == 4 && b.altitude == 5)
        guard case .polyline(let line)? = result.features[2].shape else { Issue.record("not a line"); return }
        #expect(line.coordinates.count == 2)
        #expect(result.features[3].shape == nil)
        #expect(result.codes.contains("empty-point"))
        guard case .multiPoint(let points)? = result.features[4].shape else { Issue.record("not points"); return }
        #expect(points.count == 1)
    }

    @Test("a Point whose coordinates are not one position is an error, as before")
    func pointOfWrongDepth() throws {
        let error = readError(#"{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[[1,2]]}}"#)
        #expect(error != nil)
    }
}
