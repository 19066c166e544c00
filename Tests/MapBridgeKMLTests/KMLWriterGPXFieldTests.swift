import MapBridgeKML
import MapBridgeModel
import Testing

/// What the GPX reader keeps beside the model's fields is not repeated as data.
@Suite("KMLWriter and GPX's property names")
struct KMLWriterGPXFieldTests {
    @Test("GPX's desc, time and sym are written as description, TimeStamp and marker-symbol, once")
    func restatedFields() throws {
        var feature = Feature(subtitle: "Cabane", shape: .annotation(Coordinate(longitude: 7, latitude: 46)),
                              properties: ["cmt": "book ahead"],
                              style: Style(marker: MarkerStyle(symbol: "Lodge")), time: .instant("2024-06-01T07:00:00Z"))
        feature.placeField(.subtitle, key: "desc", sourceValue: "Cabane")
        feature.placeField(.time, key: "time", sourceValue: "2024-06-01T07:00:00Z")
        feature.placeField(.markerSymbol, key: "sym", sourceValue: "Lodge")
        let output = try writeKMLDocument([feature], options: streamingOptions())
        let placemark = placemarkLines(output.text).joined()
        #expect(placemark.contains(#"<Data name="cmt">"#))
        #expect(placemark.contains(#"<Data name="marker-symbol"><value>Lodge</value></Data>"#))
        #expect(placemark.contains("<description>Cabane</description>"))
        for key in ["desc", "time", "sym"] {
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
