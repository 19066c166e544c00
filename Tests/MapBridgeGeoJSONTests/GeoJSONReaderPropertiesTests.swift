import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// Properties, identifiers, foreign members, and the model fields filled from properties.
@Suite("GeoJSONReader properties and model fields")
struct GeoJSONReaderPropertiesTests {
    private func feature(properties: String, extra: String = "") throws -> Feature {
        try readOne(#"{"type":"Feature","geometry":null,\#(extra)"properties":\#(properties)}"#)
    }

    private func number(_ text: String) -> PropertyValue {
        .number(NumberValue(text: text, value: Double(text)!))
    }

    @Test("empty and null properties are empty")
    func emptyProperties() throws {
        #expect(try feature(properties: "{}").properties.isEmpty)
        #expect(try feature(properties: "null").properties.isEmpty)
    }

    @Test("properties keep their order, JSON types and number text")
    func orderTypesText() throws {
        let f = try feature(properties: #"{"z":1,"a":"x","m":1.50,"n":null,"b":true,"f":false,"big":12345678901234567890,"e":1E-7,"neg":-0,"arr":[1,2.0,"s",[]],"obj":{"k":"v","j":{}}}"#)
        #expect(f.properties.keys == ["z", "a", "m", "n", "b", "f", "big", "e", "neg", "arr", "obj"])
        #expect(f.properties["z"] == number("1"))
        #expect(f.properties["a"] == "x")
        #expect(f.properties["m"] == number("1.50"))
        #expect(f.properties["m"] != number("1.5"))
        #expect(f.properties["n"] == .null)
        #expect(f.properties["b"] == .bool(true))
        #expect(f.properties["f"] == .bool(false))
        #expect(f.properties["big"] == number("12345678901234567890"))
        #expect(f.properties["e"] == number("1E-7"))
        #expect(f.properties["e"]?.doubleValue == 1e-7)
        #expect(f.properties["neg"] == number("-0"))
        #expect(f.properties["arr"] == .array([number("1"), number("2.0"), "s", .array([])]))
        #expect(f.properties["obj"] == .object(["k": "v", "j": .object(Properties())]))
    }

    @Test("a repeated property keeps its first place and its last value, with a warning")
    func duplicateProperty() throws {
        let result = try readAll(#"{"type":"Feature","geometry":null,"properties":{"a":1,"b":2,"a":3}}"#)
        #expect(result.features.first?.properties.keys == ["a", "b"])
        #expect(result.features.first?.properties["a"] == number("3"))
        #expect(result.codes == ["duplicate-key"])
    }

    @Test("ids as strings and as numbers with their text", arguments: [
        (#""id":"A1","#, FeatureID.string("A1")),
        (#""id":"","#, .string("")),
        (#""id":7,"#, .number(NumberValue(text: "7", value: 7))),
        (#""id":7.50,"#, .number(NumberValue(text: "7.50", value: 7.5))),
        (#""id":1e3,"#, .number(NumberValue(text: "1e3", value: 1000))),
        (#""id":12345678901234567890,"#, .number(NumberValue(text: "12345678901234567890", value: 1.2345678901234567e19))),
    ])
    func ids(member: String, id: FeatureID) throws {
        let f = try feature(properties: "{}", extra: member)
        #expect(f.id == id)
    }

    @Test("a null id reads as no id, with a warning, and the feature is kept")
    func nullId() throws {
        let result = try readAll(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":null,"geometry":{"type":"Point","coordinates":[3,4]},"properties":{"k":"v"}},{"type":"Feature","id":"b","geometry":null,"properties":{}}]}"#)
        #expect(result.features.count == 2)
        #expect(result.features.first?.id == nil)
        #expect(result.features.first?.properties["k"] == "v")
        #expect(result.features.last?.id == .string("b"))
        #expect(result.codes == ["null-id"])
    }

    @Test("an id that is neither string nor number is an error", arguments: ["true", "[1]", "{}"])
    func badId(value: String) throws {
        let error = try #require(readError(#"{"type":"Feature","id":\#(value),"geometry":null,"properties":{}}"#))
        #expect(error.message.contains("'id'"))
        #expect(error.location?.column == 24)
    }

    @Test("a repeated foreign member whose value is an object is kept once, with its last value")
    func duplicateForeignObjectMember() throws {
        // Whether the member repeats is asked before its value is read: the object value's
        // own keys must not answer for it.
        let result = try readAll(#"{"type":"Feature","x":{"a":1},"y":0,"x":{"a":2},"geometry":null,"properties":{}}"#)
        #expect(result.features.first?.foreignMembers.keys == ["x", "y"])
        #expect(result.features.first?.foreignMembers["x"] == .object(["a": number("2")]))
        #expect(result.codes == ["duplicate-key"])
    }

    @Test("members the model has no field for are kept as foreign members, in order")
    func foreignMembers() throws {
        let f = try feature(properties: "{}", extra: #""z-last":[1],"source":"faa","#)
        #expect(f.foreignMembers.keys == ["z-last", "source"])
        #expect(f.foreignMembers["source"] == "faa")
    }

    @Test("no model fields without the properties that fill them")
    func noModelFields() throws {
        let f = try feature(properties: #"{"other":1}"#)
        #expect(f.title == nil && f.subtitle == nil && f.style == nil && f.time == nil)
    }

    @Test("title from name, else from title; name wins in any order")
    func title() throws {
        #expect(try feature(properties: #"{"name":"JFK"}"#).title == "JFK")
        #expect(try feature(properties: #"{"title":"Kennedy"}"#).title == "Kennedy")
        #expect(try feature(properties: #"{"title":"Kennedy","name":"JFK"}"#).title == "JFK")
        #expect(try feature(properties: #"{"name":"JFK","title":"Kennedy"}"#).title == "JFK")
        #expect(try feature(properties: #"{"name":5,"title":"Kennedy"}"#).title == "Kennedy")
        // The key that filled the title leaves the properties; the other stays.
        #expect(try feature(properties: #"{"name":"JFK"}"#).properties == [:])
        #expect(try feature(properties: #"{"name":"JFK","title":"Kennedy"}"#).properties == ["title": "Kennedy"])
        #expect(try feature(properties: #"{"name":5,"title":"Kennedy"}"#).properties == ["name": 5])
    }

    @Test("title from NAME, then Name, when neither name nor title holds text (Natural Earth, shapefile exports)")
    func titleFromCapitalisedKeys() throws {
        #expect(try feature(properties: #"{"NAME":"France","POP_EST":67059887}"#).title == "France")
        #expect(try feature(properties: #"{"Name":"Lyon"}"#).title == "Lyon")
        #expect(try feature(properties: #"{"Name":"Lyon","NAME":"LYON"}"#).title == "LYON")
        #expect(try feature(properties: #"{"NAME":"FRANCE","title":"France"}"#).title == "France")
        #expect(try feature(properties: #"{"NAME":"FRANCE","name":"France"}"#).title == "France")
        #expect(try feature(properties: #"{"NAME":7,"Name":"Seven"}"#).title == "Seven")
        #expect(try feature(properties: #"{"nAmE":"odd"}"#).title == nil)
    }

    @Test("subtitle from description")
    func subtitle() throws {
        #expect(try feature(properties: #"{"description":"<b>Airport</b>"}"#).subtitle == "<b>Airport</b>")
    }

    @Test("style from simplestyle properties")
    func simplestyle() throws {
        let f = try feature(properties: #"""
            {"stroke":"#f00","stroke-opacity":0.5,"stroke-width":2.5,"fill":"00ff00","fill-opacity":0.25,
             "marker-color":"#0000FF","marker-symbol":"airport","marker-size":"large","label-scale":1.2}
            """#)
        let expected = Style(strokeColor: Color(red: 255, green: 0, blue: 0), strokeOpacity: 0.5, strokeWidth: 2.5,
                             fillColor: Color(red: 0, green: 255, blue: 0), fillOpacity: 0.25,
                             marker: MarkerStyle(color: Color(red: 0, green: 0, blue: 255), symbol: "airport", size: .large),
                             label: LabelStyle(scale: 1.2))
        #expect(f.style == expected)
    }

    @Test("icon and label keys fill the marker and label styles")
    func iconAndLabel() throws {
        let f = try feature(properties: #"""
            {"icon":"https://example.com/pin.png","icon-color":"#abc","icon-opacity":0.75,"icon-scale":2,
             "icon-heading":90,"label-color":"#102030","label-opacity":0.5,"label-scale":0.8}
            """#)
        let expected = Style(
            marker: MarkerStyle(href: "https://example.com/pin.png", color: Color(red: 0xAA, green: 0xBB, blue: 0xCC),
                                opacity: 0.75, scale: 2, heading: 90),
            label: LabelStyle(color: Color(red: 0x10, green: 0x20, blue: 0x30), opacity: 0.5, scale: 0.8))
        #expect(f.style == expected)
    }

    @Test("marker-color wins over icon-color in either order")
    func markerColorWins() throws {
        let red = Color(red: 255, green: 0, blue: 0)
        #expect(try feature(properties: ##"{"icon-color":"#00f","marker-color":"#f00"}"##).style?.marker?.color == red)
        #expect(try feature(properties: ##"{"marker-color":"#f00","icon-color":"#00f"}"##).style?.marker?.color == red)
    }

    @Test("keys that only look like style keys fill nothing", arguments: [
        "Stroke", "strokes", "stroke_width", "names", "NAme", "fill ", "marker", "label", "iconic", "time", "",
    ])
    func nearMisses(key: String) throws {
        let f = try feature(properties: ##"{"\##(key)":"#ff0000"}"##)
        #expect(f.style == nil && f.title == nil && f.time == nil)
        #expect(f.properties.keys == [key])
    }

    @Test("invalid simplestyle values are ignored")
    func invalidSimplestyle() throws {
        let f = try feature(properties: ##"{"stroke":"red","stroke-opacity":1.5,"stroke-width":-1,"fill-opacity":"0.5","marker-size":"huge","fill":"#00f"}"##)
        #expect(f.style == Style(fillColor: Color(red: 0, green: 0, blue: 255)))
        let none = try feature(properties: #"{"stroke":"red","marker-size":"huge"}"#)
        #expect(none.style == nil)
    }

    @Test("time from timestamp and timespan", arguments: [
        (#"{"timestamp":"2026-11-30T12:00:00Z"}"#, FeatureTime.instant("2026-11-30T12:00:00Z")),
        (#"{"timestamp":"1997-07"}"#, .instant("1997-07")),
        (#"{"timespan":{"begin":"1997-07","end":"1998"}}"#, .span(begin: "1997-07", end: "1998")),
        (#"{"timespan":{"begin":"2001"}}"#, .span(begin: "2001", end: nil)),
        (#"{"timespan":{"end":"2002-01-01"}}"#, .span(begin: nil, end: "2002-01-01")),
    ])
    func time(properties: String, time: FeatureTime) throws {
        #expect(try feature(properties: properties).time == time)
    }

    @Test("a timespan without ends or a timestamp that is not a string gives no time")
    func noTime() throws {
        #expect(try feature(properties: #"{"timespan":{}}"#).time == nil)
        #expect(try feature(properties: #"{"timestamp":20261130}"#).time == nil)
    }
}
