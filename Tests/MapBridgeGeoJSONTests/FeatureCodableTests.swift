import Foundation
import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// The model types through Foundation's JSONEncoder and JSONDecoder, in GeoJSON's shape.
@Suite("Codable in GeoJSON's shape")
struct FeatureCodableTests {
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test("property values encode as their JSON values and decode back")
    func propertyValues() throws {
        let values: [PropertyValue] = [.null, true, 42, 2.5, "JFK", .array([1, "a"]), .object(["k": false])]
        #expect(try Self.json(values) == #"[null,true,42,2.5,"JFK",[1,"a"],{"k":false}]"#)
        let back = try JSONDecoder().decode([PropertyValue].self, from: Data(try Self.json(values).utf8))
        #expect(back == values)
    }

    @Test("properties encode as one object (Foundation's coders keep no member order)")
    func propertiesObject() throws {
        let p: Properties = ["z": 1, "a": 2, "m": 3]
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(String(decoding: try sorted.encode(p), as: UTF8.self) == #"{"a":2,"m":3,"z":1}"#)
        let back = try JSONDecoder().decode(Properties.self, from: Data(try Self.json(p).utf8))
        #expect(Set(back.keys) == ["z", "a", "m"] && back["a"] == 2)
    }

    @Test("a feature encodes as a GeoJSON Feature and decodes back")
    func feature() throws {
        let f = Feature(id: .string("JFK"), shape: .annotation(Coordinate(longitude: -73.78, latitude: 40.64)),
                        properties: ["hub": true])
        let text = try Self.json(f)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "Feature")
        #expect((object?["geometry"] as? [String: Any])?["type"] as? String == "Point")
        let back = try JSONDecoder().decode(Feature.self, from: Data(text.utf8))
        #expect(back == f)
    }

    @Test("a circle encodes as the GeoJSON writer writes it and decodes as the circle")
    func circle() throws {
        let circle = Circle(center: Coordinate(longitude: 2.35, latitude: 48.85), radius: 1_000)
        let text = try Self.json(Feature(shape: .circle(circle)))
        #expect(text.contains(#""type":"Polygon""#) && text.contains(#""@geometry-type":"circle""#))
        #expect(try JSONDecoder().decode(Feature.self, from: Data(text.utf8)).shape == .circle(circle))
    }

    @Test("a shape encodes as a geometry object; something else fails to decode")
    func shape() throws {
        let line = Shape.polyline(Polyline([Coordinate(longitude: 0, latitude: 0), Coordinate(longitude: 1, latitude: 1)]))
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let text = String(decoding: try sorted.encode(line), as: UTF8.self)
        #expect(text == #"{"coordinates":[[0,0],[1,1]],"type":"LineString"}"#)
        #expect(try JSONDecoder().decode(Shape.self, from: Data(text.utf8)) == line)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Shape.self, from: Data(#"{"type":"Nope"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Feature.self, from: Data("[1]".utf8)) }
    }
}
