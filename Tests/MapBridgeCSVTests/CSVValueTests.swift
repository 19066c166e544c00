import MapBridgeCSV
import MapBridgeModel
import Testing

/// How fields become property values, and which columns fill the model's fields.
@Suite("CSV values")
struct CSVValueTests {
    private func value(_ field: String, options: CSVReader.Options = .init()) throws -> PropertyValue? {
        try readAll("id,v\n1,\(field)\n", options: options).features.first?.properties["v"]
    }

    @Test("unquoted fields are typed", arguments: [
        ("", PropertyValue.null), ("\\N", .null), ("  ", .null),
        ("true", .bool(true)), ("false", .bool(false)),
        ("42", number("42")), ("-0.10", number("-0.10")), ("1e5", number("1e5")), ("0", number("0")),
        ("12345678901234567890", number("12345678901234567890")),
        (" 7 ", number("7")),
        ("007", .string("007")), ("+1", .string("+1")), ("1.", .string("1.")), (".5", .string(".5")),
        ("NaN", .string("NaN")), ("TRUE", .string("TRUE")), ("\\n", .string("\\n")),
        ("0x1F", .string("0x1F")), (" text ", .string(" text ")), ("2024-01-02", .string("2024-01-02")),
        ("1e999", .string("1e999")), ("-1e400", .string("-1e400")),
    ])
    func unquoted(field: String, expected: PropertyValue) throws {
        #expect(try value(field) == expected)
    }

    @Test("a number beyond a Double's range stays text, so that its GeoJSON reads back (found by fuzzing)")
    func numberBeyondDoubleRange() throws {
        // Cut down from the CSV fuzz target's crash: the field became a number, the GeoJSON
        // writer wrote its text, and the GeoJSON reader refused it as too large.
        let features = try readAll("a;b\nx;80.63981e3087789913\n").features
        #expect(features.first?.properties["b"] == .string("80.63981e3087789913"))
    }

    @Test("a number keeps its text")
    func numberText() throws {
        guard case .number(let n)? = try value("0.10") else {
            Issue.record("not a number")
            return
        }
        #expect(n.text == "0.10")
        #expect(n.value == 0.1)
    }

    @Test("quoted fields are text: an empty quoted field is the empty string, not null", arguments: [
        ("\"\"", ""), ("\"42\"", "42"), ("\"true\"", "true"), ("\"\\N\"", "\\N"),
    ])
    func quotedAreText(field: String, expected: String) throws {
        #expect(try value(field) == .string(expected))
    }

    @Test("quoted fields are typed when asked, or when the file quotes every field")
    func quotedTyped() throws {
        #expect(try value("\"42\"", options: readerOptions { $0.quotedFields = .typed }) == number("42"))
        let quoteAll = try readAll("\"name\",\"lat\",\"lon\",\"pop\"\n\"A\",\"1\",\"2\",\"300\"\n\"B\",\"3\",\"4\",\"\"\n")
        #expect(quoteAll.layout?.quotedFieldsAreText == false)
        #expect(quoteAll.features.map { $0.properties["pop"] } == [number("300"), .null])
        #expect(quoteAll.features[0].shape == .annotation(c(2, 1)))
    }

    @Test("coordinates are read whether quoted or not")
    func quotedCoordinates() throws {
        let result = try readAll("name,lat,lon\nA,\"1.5\",\"2\"\n")
        #expect(result.features[0].shape == .annotation(c(2, 1.5)))
    }

    @Test("name (else title) and description fill the title and subtitle and leave the properties")
    func modelFields() throws {
        let f = try readAll("Name,description,lat,lon\nJFK,\"New York, <b>hub</b>\",40.6,-73.8\n").features[0]
        #expect(f.title == "JFK")
        #expect(f.subtitle == "New York, <b>hub</b>")
        #expect(f.properties.keys == [])
        #expect(f.fieldPlacements.map(\.key) == ["Name", "description"])
        let titled = try readAll("title,lat,lon\nT,1,2\n").features[0]
        #expect(titled.title == "T")
        let numeric = try readAll("name,lat,lon\n42,1,2\n").features[0]
        #expect(numeric.title == nil)  // as in GeoJSON: only a string names a feature
    }

    @Test("timestamp, begin/end, address and visibility fill the model's fields")
    func otherModelFields() throws {
        let instant = try readAll("timestamp,address,visibility\n2024-05-01T10:00:00Z,1 Main St,false\n").features[0]
        #expect(instant.time == .instant("2024-05-01T10:00:00Z"))
        #expect(instant.address == "1 Main St")
        #expect(instant.visibility == false)
        let span = try readAll("begin,end\n2024-01,\n").features[0]
        #expect(span.time == .span(begin: "2024-01", end: nil))
    }

    @Test("rows without coordinates are features without geometry")
    func noCoordinates() throws {
        let result = try readAll("name,lat,lon\nA,,\nB,\\N,\\N\nC,1,2\n")
        #expect(result.features.map { $0.shape == nil } == [true, true, false])
    }
}
