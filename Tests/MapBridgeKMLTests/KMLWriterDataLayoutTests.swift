import MapBridgeKML
import MapBridgeModel
import Testing

/// The writer remembers where the last placemark's data went in the schemas and reuses it while
/// the next has the same keys and types: whatever changes from one placemark to the next (a
/// null, a new type, another order, fewer or more keys, a full table) each still gets the
/// `SimpleData` the schema table gives it.
@Suite("KMLWriter data layout from one placemark to the next")
struct KMLWriterDataLayoutTests {
    /// The header lines that declare schemas.
    private func schemaLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("<Schema") }
    }

    private func placemark(_ data: String) -> String { "<Placemark>" + data + "</Placemark>" }

    @Test("a null, a number again, a new type, another order, fewer keys, more keys, a type seen before at that place")
    func changes() throws {
        let features: [Properties] = [
            ["a": 1, "b": "x"], ["a": nil, "b": "y"], ["a": 2, "b": "z"], ["a": "text", "b": "w"],
            ["b": "v", "a": 3], ["a": 4], ["a": 5, "b": "u", "c": true], ["a": "t2", "b": "s"], ["a": 6, "b": "r"],
        ]
        let output = try writeKMLDocument(features.map { Feature(properties: $0) })
        #expect(schemaLines(output.text) == [
            #"<Schema id="schema-1"><SimpleField type="int" name="a"/><SimpleField type="string" name="b"/><SimpleField type="bool" name="c"/></Schema>"#,
            #"<Schema id="schema-2"><SimpleField type="string" name="a"/></Schema>"#,
        ])
        #expect(placemarkLines(output.text) == [
            placemark(simpleDataXML(("a", "1"), ("b", "x"))),
            placemark(simpleDataXML(("a", ""), ("b", "y"))),
            placemark(simpleDataXML(("a", "2"), ("b", "z"))),
            placemark("<ExtendedData>" + ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="b">w</SimpleData></SchemaData>"##
                + ##"<SchemaData schemaUrl="#schema-2"><SimpleData name="a">text</SimpleData></SchemaData></ExtendedData>"##),
            placemark(simpleDataXML(("b", "v"), ("a", "3"))),
            placemark(simpleDataXML(("a", "4"))),
            placemark(simpleDataXML(("a", "5"), ("b", "u"), ("c", "1"))),
            placemark("<ExtendedData>" + ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="b">s</SimpleData></SchemaData>"##
                + ##"<SchemaData schemaUrl="#schema-2"><SimpleData name="a">t2</SimpleData></SchemaData></ExtendedData>"##),
            placemark(simpleDataXML(("a", "6"), ("b", "r"))),
        ])
        expectSchemaValid(output)
    }

    @Test("a null placed before its key's number field existed goes to that field next time")
    func nullBeforeItsField() throws {
        var properties = Properties()
        properties.append(key: "a", value: nil)
        properties.append(key: "a", value: 1)
        let output = try writeKMLDocument([Feature(properties: properties), Feature(properties: properties)])
        #expect(schemaLines(output.text) == [
            #"<Schema id="schema-2"><SimpleField type="int" name="a"/></Schema>"#,
            #"<Schema name="mapbridge-null" id="schema-1"><SimpleField type="string" name="a"/></Schema>"#,
        ])
        #expect(placemarkLines(output.text) == [
            placemark("<ExtendedData>" + ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="a"></SimpleData></SchemaData>"##
                + ##"<SchemaData schemaUrl="#schema-2"><SimpleData name="a">1</SimpleData></SchemaData></ExtendedData>"##),
            placemark(simpleDataXML(("a", ""), ("a", "1"), schema: 2)),
        ])
    }

    @Test("with the table full, the same keys stay untyped Data ahead of the SchemaData, reported once")
    func fullTable() throws {
        var options = KMLWriter.Options()
        options.maximumSchemaFields = 1
        let output = try writeKMLDocument([Feature(properties: ["a": 1, "b": 2]), Feature(properties: ["a": 3, "b": 4]),
                                           Feature(properties: ["b": 5])],
                                          options: options)
        let typed = { (a: String) in ##"<SchemaData schemaUrl="#schema-1"><SimpleData name="a">"## + a + "</SimpleData></SchemaData>" }
        #expect(placemarkLines(output.text) == [
            placemark(#"<ExtendedData><Data name="b"><value>2</value></Data>"# + typed("1") + "</ExtendedData>"),
            placemark(#"<ExtendedData><Data name="b"><value>4</value></Data>"# + typed("3") + "</ExtendedData>"),
            placemark(dataXML(("b", "5"))),
        ])
        #expect(output.codes.filter { $0 == "schema-limit" }.count == 1)
    }

    @Test("integers that fit 32 bits are int fields, longer ones and other numbers double", arguments: [
        ("0", "int"), ("-7", "int"), ("123456789", "int"), ("-123456789", "int"), ("2147483647", "int"),
        ("-2147483648", "int"), ("2147483648", "double"), ("-2147483649", "double"), ("12345678901", "double"),
        ("1.0", "double"), ("1e3", "double"), ("-0", "int"), ("2.5", "double"), ("-0.5", "double"),
        ("21474836470e-1", "double"), ("2147483647.5", "double"), ("-2147483648.0", "double"),
    ])
    func integerFields(text: String, type: String) throws {
        let number = PropertyValue.number(NumberValue(text: text, value: Double(text) ?? 0))
        let output = try writeKMLDocument([Feature(properties: ["n": number])])
        #expect(schemaLines(output.text) == [#"<Schema id="schema-1"><SimpleField type=""# + type + #"" name="n"/></Schema>"#])
    }
}
