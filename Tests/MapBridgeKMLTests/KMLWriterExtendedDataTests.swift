import MapBridgeKML
import MapBridgeModel
import Testing

/// Properties as ExtendedData: typed SimpleData by default, untyped Data on request, and
/// not repeated where an element of the placemark carries them.
@Suite("KMLWriter extended data")
struct KMLWriterExtendedDataTests {
    /// The one placemark's line and the diagnostics for `feature` with `properties`.
    private func dataLine(_ properties: Properties, _ feature: Feature = Feature(),
                          options: KMLWriter.Options = KMLWriter.Options()) throws -> (String, [String])
    {
        var f = feature
        f.properties = properties
        let output = try writeKMLDocument([f], options: options)
        expectSchemaValid(output)
        return (placemarkLines(output.text).first ?? "", output.codes)
    }

    /// The header lines that declare schemas.
    private func schemaLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("<Schema") }
    }

    @Test("no properties, no ExtendedData and no Schema")
    func none() throws {
        let output = try writeKMLDocument([Feature(title: "x")])
        #expect(placemarkLines(output.text) == ["<Placemark><name>x</name></Placemark>"])
        #expect(schemaLines(output.text).isEmpty)
    }

    // MARK: Typed (the default)

    @Test("strings, numbers with their text, booleans and null are SimpleData typed by one Schema")
    func typedScalars() throws {
        let properties: Properties = ["s": "text", "n": .number(NumberValue(text: "0.10", value: 0.1)), "i": -7,
                                      "big": .number(NumberValue(text: "12345678901234567890", value: 1.2345678901234567e19)),
                                      "t": true, "z": nil, "e": ""]
        let output = try writeKMLDocument([Feature(properties: properties)])
        #expect(schemaLines(output.text) == [
            #"<Schema id="schema-1"><SimpleField type="string" name="s"/><SimpleField type="double" name="n"/>"#
                + #"<SimpleField type="int" name="i"/><SimpleField type="double" name="big"/><SimpleField type="bool" name="t"/>"#
                + #"<SimpleField type="string" name="e"/></Schema>"#,
            #"<Schema name="mapbridge-null" id="schema-2"><SimpleField type="string" name="z"/></Schema>"#,
        ])
        #expect(placemarkLines(output.text) == ["<Placemark><ExtendedData>"
            + ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="s">text</SimpleData><SimpleData name="n">0.10</SimpleData>"##
            + ##"<SimpleData name="i">-7</SimpleData><SimpleData name="big">12345678901234567890</SimpleData>"##
            + ##"<SimpleData name="t">1</SimpleData><SimpleData name="e"></SimpleData></SchemaData>"##
            + ##"<SchemaData schemaUrl="#schema-2"><SimpleData name="z"></SimpleData></SchemaData>"##
            + "</ExtendedData></Placemark>"])
        #expect(output.codes.isEmpty)
        expectSchemaValid(output)
    }

    @Test("a null joins a number or boolean field of its key, so that it reads back as null, not as empty text")
    func nulls() throws {
        let output = try writeKMLDocument([Feature(properties: ["note": "x", "n": 1.5]),
                                           Feature(properties: ["note": nil, "n": nil])])
        #expect(schemaLines(output.text) == [
            #"<Schema id="schema-1"><SimpleField type="string" name="note"/><SimpleField type="double" name="n"/></Schema>"#,
            #"<Schema name="mapbridge-null" id="schema-2"><SimpleField type="string" name="note"/></Schema>"#,
        ])
        #expect(placemarkLines(output.text).last == "<Placemark><ExtendedData>"
            + ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="n"></SimpleData></SchemaData>"##
            + ##"<SchemaData schemaUrl="#schema-2"><SimpleData name="note"></SimpleData></SchemaData>"##
            + "</ExtendedData></Placemark>")
        expectSchemaValid(output)
        let read = try readKML(output.text)
        #expect(read.features.map(\.properties) == [["note": "x", "n": 1.5], ["n": nil, "note": nil]])
    }

    @Test("a null seen before a key's text never types its field for other readers: the text field is declared first")
    func nullBeforeText() throws {
        // A CSV column with blanks: the first row's note is null, the later ones text.
        let output = try writeKMLDocument([Feature(properties: ["note": nil, "flag": true]),
                                           Feature(properties: ["note": "hello", "flag": false])])
        #expect(schemaLines(output.text) == [
            #"<Schema id="schema-2"><SimpleField type="bool" name="flag"/><SimpleField type="string" name="note"/></Schema>"#,
            #"<Schema name="mapbridge-null" id="schema-1"><SimpleField type="string" name="note"/></Schema>"#,
        ])
        // Every SimpleField of a name, over all schemas, has the type of the key's values.
        let declared = schemaLines(output.text).joined().split(separator: "<SimpleField ").dropFirst()
        #expect(declared.first { $0.contains(#"name="note""#) }?.hasPrefix(#"type="string""#) == true)
        #expect(placemarkLines(output.text).first?.contains(#"<SimpleData name="flag">1</SimpleData>"#) == true)
        expectSchemaValid(output)
        let read = try readKML(output.text)
        #expect(read.features.map(\.properties) == [["note": nil, "flag": true], ["note": "hello", "flag": false]])
    }

    @Test("features share the schema; new keys join it in order of first use")
    func sharedSchema() throws {
        let output = try writeKMLDocument([Feature(properties: ["a": 1, "b": "x"]), Feature(properties: ["c": true, "a": 2])])
        #expect(schemaLines(output.text) == [
            #"<Schema id="schema-1"><SimpleField type="int" name="a"/><SimpleField type="string" name="b"/><SimpleField type="bool" name="c"/></Schema>"#,
        ])
        #expect(placemarkLines(output.text) == [
            "<Placemark>" + simpleDataXML(("a", "1"), ("b", "x")) + "</Placemark>",
            "<Placemark>" + simpleDataXML(("c", "1"), ("a", "2")) + "</Placemark>",
        ])
        expectSchemaValid(output)
    }

    @Test("a key seen with another type goes into a second schema")
    func secondSchema() throws {
        let output = try writeKMLDocument([Feature(properties: ["a": 1, "b": 2]), Feature(properties: ["a": "one", "b": 3])])
        #expect(schemaLines(output.text) == [
            #"<Schema id="schema-1"><SimpleField type="int" name="a"/><SimpleField type="int" name="b"/></Schema>"#,
            #"<Schema id="schema-2"><SimpleField type="string" name="a"/></Schema>"#,
        ])
        #expect(placemarkLines(output.text)[1] == "<Placemark><ExtendedData>"
            + ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="b">3</SimpleData></SchemaData>"##
            + ##"<SchemaData schemaUrl="#schema-2"><SimpleData name="a">one</SimpleData></SchemaData>"##
            + "</ExtendedData></Placemark>")
        expectSchemaValid(output)
    }

    @Test("beyond the field cap, properties are untyped Data before the SchemaData, reported once")
    func fieldCap() throws {
        var options = KMLWriter.Options()
        options.maximumSchemaFields = 1
        let output = try writeKMLDocument([Feature(properties: ["a": 1, "b": 2, "c": 3])], options: options)
        #expect(placemarkLines(output.text) == ["<Placemark><ExtendedData>"
            + #"<Data name="b"><value>2</value></Data><Data name="c"><value>3</value></Data>"#
            + ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="a">1</SimpleData></SchemaData></ExtendedData></Placemark>"##])
        #expect(output.codes == ["schema-limit"])
        expectSchemaValid(output)
    }

    @Test("schema ids skip ids placemarks took")
    func schemaIDs() throws {
        let output = try writeKMLDocument([Feature(id: .string("schema-1")), Feature(properties: ["a": 1])])
        #expect(schemaLines(output.text) == [#"<Schema id="schema-2"><SimpleField type="int" name="a"/></Schema>"#])
        expectSchemaValid(output)
    }

    // MARK: Untyped text

    @Test("as text: strings, numbers with their text, booleans and null, in order")
    func textScalars() throws {
        let properties: Properties = ["s": "text", "n": .number(NumberValue(text: "0.10", value: 0.1)), "t": true, "f": false,
                                      "z": nil, "e": ""]
        let (line, codes) = try dataLine(properties, options: streamingOptions())
        #expect(line == "<Placemark><ExtendedData>"
            + #"<Data name="s"><value>text</value></Data><Data name="n"><value>0.10</value></Data>"#
            + #"<Data name="t"><value>true</value></Data><Data name="f"><value>false</value></Data>"#
            + #"<Data name="z"><value/></Data><Data name="e"><value></value></Data>"#
            + "</ExtendedData></Placemark>")
        #expect(codes.isEmpty)
    }

    @Test("arrays and objects are their compact JSON text, escaped; as untyped Data that is reported",
          arguments: [KMLWriter.PropertyTypes.schema, .text])
    func jsonText(types: KMLWriter.PropertyTypes) throws {
        var options = KMLWriter.Options()
        options.propertyTypes = types
        let properties: Properties = ["a": .array([1, "x<y", true]), "o": .object(["k": nil, "q": "\"&\""])]
        let (line, codes) = try dataLine(properties, options: options)
        let a = #"[1,"x&lt;y",true]"#, o = #"{"k":null,"q":"\"&amp;\""}"#
        #expect(line == "<Placemark>" + (types == .text ? dataXML(("a", a), ("o", o)) : simpleDataXML(("a", a), ("o", o)))
            + "</Placemark>")
        #expect(codes == (types == .text ? ["json-text"] : []))
    }

    @Test("typed, arrays and objects go to a schema named mapbridge-json and read back as JSON values")
    func jsonSchema() throws {
        let properties: Properties = ["a": .array([1, "x<y", true]), "s": "[not json]", "o": .object(["k": nil])]
        let output = try writeKMLDocument([Feature(properties: properties), Feature(properties: ["a": nil])])
        #expect(schemaLines(output.text) == [
            #"<Schema name="mapbridge-json" id="schema-1"><SimpleField type="string" name="a"/><SimpleField type="string" name="o"/></Schema>"#,
            #"<Schema id="schema-2"><SimpleField type="string" name="s"/></Schema>"#,
        ])
        expectSchemaValid(output)
        let read = try readKML(output.text)
        #expect(read.features.map(\.properties) == [["a": .array([1, "x<y", true]), "o": .object(["k": nil]), "s": "[not json]"],
                                                    ["a": nil]])
    }

    // MARK: What the placemark carries

    @Test("fields are never repeated as data under their own keys; a title spelt otherwise keeps its key as data")
    func textFieldsNotRepeated() throws {
        let feature = Feature(title: "Fox", subtitle: "A hound")
        let (line, _) = try dataLine(["count": 4], feature)
        #expect(line == "<Placemark><name>Fox</name><description>A hound</description>" + simpleDataXML(("count", "4")) + "</Placemark>")
        var spelt = feature
        spelt.fieldPlacements = [FieldPlacement(field: .title, key: "NAME", index: 0, sourceValue: "Fox"),
                                 FieldPlacement(field: .subtitle, key: "description", index: 1, sourceValue: "A hound")]
        let (titled, _) = try dataLine(["count": 4], spelt)
        #expect(titled == "<Placemark><name>Fox</name><description>A hound</description>"
            + simpleDataXML(("NAME", "Fox"), ("count", "4")) + "</Placemark>")
        // Read back, the spelling is the title's placement again, not a property.
        let read = try readKML(writeKMLDocument([Feature(title: "Fox", properties: ["count": 4], fieldPlacements: spelt.fieldPlacements)]).text)
        #expect(read.features.first?.properties == ["count": 4])
        #expect(read.features.first?.placement(of: .title)?.key == "NAME")
    }

    @Test("properties are data, also under keys that name fields")
    func differentName() throws {
        let (line, _) = try dataLine(["name": 5, "title": "T"], Feature(title: "T"))
        #expect(line == "<Placemark><name>T</name>" + simpleDataXML(("name", "5"), ("title", "T")) + "</Placemark>")
    }

    @Test("the style is written as a style; marker-symbol and -size, which KML has no element for, as data")
    func simplestyleKeys() throws {
        let style = Style(strokeColor: Color(red: 255, green: 136, blue: 68), strokeOpacity: 0.8, strokeWidth: 10,
                          fillColor: Color(red: 255, green: 68, blue: 255), fillOpacity: 0.5,
                          marker: MarkerStyle(href: "i.png", color: Color(red: 170, green: 204, blue: 238), opacity: 1, scale: 2,
                                              symbol: "bus", size: .medium, heading: 3, hotSpot: HotSpot(x: 0.5, y: 0)),
                          label: LabelStyle(color: Color(red: 1, green: 2, blue: 3), opacity: 1, scale: 1))
        let output = try writeKMLDocument([Feature(properties: ["marker-shape": "pin"], style: style)], options: inlineStyleOptions())
        #expect(placemarkLines(output.text).first?.hasSuffix(
            simpleDataXML(("marker-shape", "pin"), ("marker-symbol", "bus"), ("marker-size", "medium")) + "</Placemark>") == true)
        expectSchemaValid(output)
    }

    @Test("a styleUrl property stays when the feature has no style to write")
    func styleURLWithoutStyle() throws {
        let (line, _) = try dataLine(["styleUrl": "#gone"])
        #expect(line == "<Placemark>" + simpleDataXML(("styleUrl", "#gone")) + "</Placemark>")
    }

    @Test("a simplestyle key the style does not hold (an unreadable colour) stays data")
    func unreadableColour() throws {
        let (line, _) = try dataLine(["stroke": "red"], Feature(style: Style(strokeWidth: 2)))
        #expect(line.contains(simpleDataXML(("stroke", "red"))))
    }

    @Test("marker symbol and size from the style are added as data when the properties lack them")
    func markerSymbolFromStyle() throws {
        let feature = Feature(style: Style(marker: MarkerStyle(symbol: "airport", size: .large)))
        let (line, _) = try dataLine([:], feature)
        #expect(line == "<Placemark>" + simpleDataXML(("marker-symbol", "airport"), ("marker-size", "large")) + "</Placemark>")
    }

    @Test("address, visibility and a written time are elements, not data")
    func otherFields() throws {
        let feature = Feature(time: .instant("2026"), address: "Main St", visibility: true)
        let (line, _) = try dataLine(["other": 1], feature)
        #expect(line == "<Placemark><visibility>1</visibility><address>Main St</address>"
            + "<TimeStamp><when>2026</when></TimeStamp>" + simpleDataXML(("other", "1")) + "</Placemark>")
    }

    @Test("a timestamp property whose time KML cannot read stays data, once")
    func unreadableTimestampProperty() throws {
        let (line, codes) = try dataLine(["timestamp": "noon"], Feature(time: .instant("noon")))
        #expect(line == "<Placemark>" + simpleDataXML(("timestamp", "noon")) + "</Placemark>")
        #expect(codes == ["time-text"])
    }

    @Test("coordinateProperties is left out when a track carries the times")
    func coordinateProperties() throws {
        let track = Polyline([wpt(1, 2), wpt(3, 4)], times: ["2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z"])
        let properties: Properties = ["coordinateProperties": .object(["times": .array(["2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z"])])]
        let (line, codes) = try dataLine(properties, Feature(shape: .polyline(track)))
        #expect(!line.contains("ExtendedData"))
        #expect(codes.isEmpty)
        let (plain, _) = try dataLine(properties, Feature(shape: .polyline(Polyline([wpt(1, 2), wpt(3, 4)]))))
        #expect(plain.contains(#"<SimpleData name="coordinateProperties">"#))
    }
}
