import MapBridgeKML
import MapBridgeModel
import Testing

/// What the GPX reader keeps beside the model's fields is not repeated as data.
@Suite("KMLWriter and GPX's property names")
struct KMLWriterGPXFieldTests {
    @Test("desc, time and sym repeating the description, the time and the symbol are not data; an empty coordinateProperties neither")
    func restatedFields() throws {
        let feature = Feature(subtitle: "Cabane", shape: .annotation(Coordinate(longitude: 7, latitude: 46)),
                              properties: ["desc": "Cabane", "time": "2024-06-01T07:00:00Z", "sym": "Lodge",
                                           "coordinateProperties": .object([:]), "cmt": "book ahead"],
                              style: Style(marker: MarkerStyle(symbol: "Lodge")), time: .instant("2024-06-01T07:00:00Z"))
        let output = try writeKMLDocument([feature], options: streamingOptions())
        let placemark = placemarkLines(output.text).joined()
        #expect(placemark.contains(#"<Data name="cmt">"#))
        #expect(placemark.contains(#"<Data name="marker-symbol"><value>Lodge</value></Data>"#))
        for key in ["desc", "time", "sym", "coordinateProperties"] {
            #expect(!placemark.contains(#"<Data name="\#(key)">"#), "\(key) is repeated")
        }
        expectSchemaValid(output)
    }

    @Test("desc with another value than the description stays data")
    func differentValue() throws {
        let feature = Feature(subtitle: "B", properties: ["desc": "A"])
        let output = try writeKMLDocument([feature], options: streamingOptions())
        #expect(placemarkLines(output.text).joined().contains(#"<Data name="desc"><value>A</value></Data>"#))
    }
}
