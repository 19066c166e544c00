@testable import MapBridgeCSV
import MapBridgeModel
import Testing

/// What the writer puts in which column, and how it spells values.
@Suite("CSV writer layout")
struct CSVWriterLayoutTests {
    @Test("no features give a header and no rows: the position columns, then any columns asked for")
    func empty() throws {
        // A 0-byte file is no table to GDAL; the header makes it an empty one.
        #expect(try writeAll([]).text == "lon,lat\n")
        #expect(try writeAll([], options: writerOptions { $0.geometry = .xy }).text == "lon,lat\n")
        #expect(try writeAll([], options: writerOptions { $0.geometry = .wkt }).text == "wkt\n")
        #expect(try writeAll([], options: writerOptions { $0.columns = ["name", "ele"] }).text == "lon,lat,name,ele\n")
        // It reads back as no features, and not as a row of column names.
        #expect(try readAll("lon,lat\n").features.isEmpty)
    }

    @Test("with features, the position columns still follow the shapes: none without a shape")
    func shapelessFeatures() throws {
        #expect(try writeAll([point(1, 2)]).text == "lon,lat\n1,2\n")
        #expect(try writeAll([Feature(properties: ["name": "a"])]).text == "name\na\n")
    }

    @Test("points-only data is written as lon,lat columns first, then the properties")
    func pointsAsXY() throws {
        let out = try writeAll([point(2.35, 48.85, ["name": "Paris"]), point(12.5, 41.9, ["name": "Rome", "pop": 2])])
        #expect(out.text == "lon,lat,name,pop\n2.35,48.85,Paris,\n12.5,41.9,Rome,2\n")
        #expect(out.diagnostics.isEmpty)
    }

    @Test("points with an altitude are written as lon,lat,alt")
    func pointsWithAltitude() throws {
        let out = try writeAll([Feature(shape: .annotation(c(1, 2, 30))), Feature(shape: .annotation(c(3, 4)))])
        #expect(out.text == "lon,lat,alt\n1,2,30\n3,4,\n")
    }

    @Test("any other shape makes a WKT column, points included")
    func mixedAsWKT() throws {
        let out = try writeAll([point(1, 2), Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)]))), Feature()])
        #expect(out.text == "wkt\nPOINT (1 2)\n\"LINESTRING (0 0, 1 1)\"\n\n")
    }

    @Test("points waiting for the layout get WKTFormatter's text once a later shape makes it WKT, quoted where the delimiter is in it")
    func pointsLaterWKT() throws {
        let line = Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])))
        let features = [point(1.5, -2, ["k": 1]), Feature(shape: .annotation(c(1, 2, 3))), line, point(4, 5, ["k": 2, "j": "x"])]
        let out = try writeAll(features)
        #expect(out.text == "wkt,k,j\nPOINT (1.5 -2),1,\nPOINT Z (1 2 3),,\n\"LINESTRING (0 0, 1 1)\",,\nPOINT (4 5),2,x\n")
        for (k, f) in features.enumerated() {
            guard let shape = f.shape else { continue }
            let field = CSVCellEncoder(delimiter: .comma).field(text: WKTFormatter.text(of: shape).text)
            #expect(out.lines[k + 1].hasPrefix(field + ","))
        }
        // A delimiter that WKT holds: the field is quoted, as WKTFormatter's text would be.
        let parenthesis = try #require(CSVDelimiter(byte: UInt8(ascii: "(")))
        let quoted = try writeAll([point(1, 2), line], options: writerOptions { $0.delimiter = parenthesis })
        #expect(quoted.text == "wkt\n\"POINT (1 2)\"\n\"LINESTRING (0 0, 1 1)\"\n")
    }

    @Test("features without shapes give no geometry columns")
    func noShapes() throws {
        #expect(try writeAll([Feature(properties: ["a": 1])]).text == "a\n1\n")
    }

    @Test("the layout can be chosen", arguments: [
        (CSVWriter.GeometryLayout.xy, "lon,lat\n1,2\n"),
        (.yx, "lat,lon\n2,1\n"),
        (.xyz, "lon,lat,alt\n1,2,\n"),
        (.wkt, "wkt\nPOINT (1 2)\n"),
    ])
    func chosen(layout: CSVWriter.GeometryLayout, expected: String) throws {
        #expect(try writeAll([point(1, 2)], options: writerOptions { $0.geometry = layout }).text == expected)
    }

    @Test("a shape that is not a point cannot go into point columns: an error at the feature")
    func lineInXY() throws {
        var line = Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])))
        line.location = SourceLocation(file: "in.geojson", line: 7, column: 1)
        let error = try #require(writeError([point(1, 2), line], options: writerOptions { $0.geometry = .xy }))
        #expect(error.kind == .data)
        #expect(error.location?.line == 7)
        #expect(error.message.contains("feature 2 is a LineString"))
        #expect(error.message.contains("CSVWriter.Options.geometry = .wkt"))
    }

    @Test("geometry column names can be chosen; properties of those names are renamed")
    func columnNames() throws {
        let options = writerOptions {
            $0.longitudeColumn = "x"
            $0.latitudeColumn = "y"
        }
        let out = try writeAll([point(1, 2, ["Y": "prop", "y_2": "taken"])], options: options)
        #expect(out.text == "x,y,Y_3,y_2\n1,2,prop,taken\n")
        #expect(out.codes.contains("csv-renamed:Y"))
    }

    @Test("values: null empty, empty string quoted, numbers with their text, booleans, ambiguous strings quoted")
    func values() throws {
        let properties: Properties = [
            "null": .null, "empty": "", "number": number("0.10"), "big": number("12345678901234567890"),
            "yes": true, "text": "plain", "numeric text": "42", "bool text": "true", "null text": "\\N",
            "padded": " x ", "comma": "a,b", "quote": "say \"hi\"", "lines": "a\nb", "unicode": "Zürich 東京",
        ]
        let out = try writeAll([Feature(properties: properties)])
        #expect(out.lines[0] == "null,empty,number,big,yes,text,numeric text,bool text,null text,padded,comma,quote,lines,unicode")
        #expect(out.text.hasSuffix(",\"\",0.10,12345678901234567890,true,plain,\"42\",\"true\",\"\\N\",\" x \",\"a,b\",\"say \"\"hi\"\"\",\"a\nb\",Zürich 東京\n"))
        // … and each reads back as what it was.
        let back = try readAll(out.text).features[0].properties
        #expect(back == properties)
    }

    @Test("nested arrays and objects are written as compact JSON, reported once")
    func nested() throws {
        let out = try writeAll([Feature(properties: ["tags": .array([1, "a"]), "o": .object(["k": .null])])])
        #expect(out.text == "tags,o\n\"[1,\"\"a\"\"]\",\"{\"\"k\"\":null}\"\n")
        #expect(out.codes == ["csv-nested-json"])
    }

    @Test("id, title and subtitle become id, name and description columns; a title whose name column is taken is written as title")
    func modelFields() throws {
        var f = point(1, 2, ["pop": 5])
        f.id = .string("A1")
        f.title = "Paris"
        f.subtitle = "capital"
        f.time = .instant("2024-01-01")
        f.folderPath = ["Europe", "France"]
        #expect(try writeAll([f]).text
            == "lon,lat,id,name,description,pop,timestamp,folder\n1,2,A1,Paris,capital,5,2024-01-01,\"[\"\"Europe\"\",\"\"France\"\"]\"\n")
        var g = point(1, 2, ["Name": "given"])
        g.title = "Paris"
        #expect(try writeAll([g]).text == "lon,lat,title,Name\n1,2,Paris,given\n")
    }

    @Test("what CSV cannot hold is reported once each")
    func unwritten() throws {
        var f = Feature(shape: .circle(Circle(center: c(1, 2), radius: 250)))
        f.style = Style()
        f.foreignMembers = ["extra": 1]
        let out = try writeAll([f, f], document: DocumentInfo(name: "Doc"))
        #expect(out.text == "lon,lat,radius\n1,2,250\n1,2,250\n")
        #expect(Set(out.codes) == ["csv-circle", "csv-unwritten-foreignMembers", "csv-document"])
        #expect(out.codes.count == 3)
    }

    @Test("numbers can be rounded; the delimiter and line ends can be chosen")
    func outputOptions() throws {
        let options = writerOptions {
            $0.precision = 2
            $0.delimiter = .semicolon
            $0.lineEnding = .crlf
        }
        let out = try writeAll([point(1.23456, 2, ["a": "x;y", "b": "1,5"])], options: options)
        #expect(out.text == "lon;lat;a;b\r\n1.23;2;\"x;y\";1,5\r\n")
    }

    @Test("listed columns are written in their order, others left out and reported")
    func listedColumns() throws {
        let out = try writeAll([point(1, 2, ["a": 1, "b": 2, "c": 3])], options: writerOptions { $0.columns = ["c", "a", "z"] })
        #expect(out.text == "lon,lat,c,a,z\n1,2,3,1,\n")
        #expect(out.codes == ["csv-unlisted:b"])
    }

    @Test("a header name that looks like a number or is padded is quoted")
    func headerQuoting() throws {
        #expect(try writeAll([Feature(properties: ["2019": 1, " x": 2, "a,b": 3])]).lines[0] == "\"2019\",\" x\",\"a,b\"")
    }
}

/// WKT fields of every length: written in place in the row and moved back over the room its
/// length did not need, and, past `CSVWriter.largeField`, written on their own.
@Suite("CSV writer WKT fields of any length")
struct CSVWriterLongWKTTests {
    /// Lines whose WKT crosses the one-, two- and three-byte field lengths and the large-field size.
    static let vertexCounts = [2, 3, 6, 7, 8, 12, 700, 1_500, 1_600, 3_000, 3_300, 7_000, 20_000]

    static func line(_ n: Int) -> Feature {
        let coordinates = (0..<n).map { k in c(Double(k % 360) - 179.5, Double(k % 170) / 2 - 42.25) }
        return Feature(shape: .polyline(Polyline(coordinates)), properties: ["n": .init(n)])
    }

    @Test("each WKT field is the encoder's field of WKTFormatter's text, quoted or not", arguments: [",", ";"])
    func anyLength(delimiter: String) throws {
        let separator = try #require(CSVDelimiter(byte: Array(delimiter.utf8)[0]))
        let features = Self.vertexCounts.map(Self.line)
        let out = try writeAll(features, options: writerOptions { $0.delimiter = separator })
        let encoder = CSVCellEncoder(delimiter: separator)
        var expected = "wkt\(delimiter)n\n"
        for feature in features {
            let shape = try #require(feature.shape)
            let wkt = WKTFormatter.text(of: shape).text
            expected += encoder.field(text: wkt) + delimiter + String(feature.properties["n"]?.intValue ?? -1) + "\n"
        }
        #expect(out.text == expected)
        #expect(out.text.utf8.count > 2 * CSVWriter.largeField)
    }
}
