import MapBridgeCSV
import MapBridgeModel
import Testing

/// RFC 4180 quoting, line ends and encodings, read through the whole reader.
@Suite("CSV quoting, line ends and encoding")
struct CSVQuotingTests {
    private func values(_ text: String, column: String = "v") throws -> [PropertyValue?] {
        try readAll(text).features.map { $0.properties[column] }
    }

    @Test("an empty input gives no features")
    func emptyInput() throws {
        #expect(try readAll("").features.isEmpty)
        #expect(try readAll("name,lat,lon\n").features.isEmpty)
    }

    @Test("quoted fields hold delimiters, doubled quotes and line breaks", arguments: [
        ("\"a,b\"", "a,b"),
        ("\"say \"\"hi\"\"\"", "say \"hi\""),
        ("\"\"\"\"", "\""),
        ("\"line 1\nline 2\"", "line 1\nline 2"),
        ("\"line 1\r\nline 2\"", "line 1\r\nline 2"),
        ("\"  padded  \"", "  padded  "),
    ])
    func quotedFields(field: String, expected: String) throws {
        #expect(try values("id,v\n1,\(field)\n") == [.string(expected)])
    }

    @Test("a quoted field over several lines keeps the line numbers of the rows after it")
    func lineNumbersAfterMultilineField() throws {
        let features = try readAll("id,v\n1,\"a\nb\nc\"\n2,x\n").features
        #expect(features.map { $0.location?.line } == [2, 5])
    }

    @Test("a quote inside an unquoted field is text")
    func quoteInsideUnquotedField() throws {
        #expect(try values("id,v\n1,5'10\"\n") == [.string("5'10\"")])
    }

    @Test("blanks around a quoted field are not part of it")
    func blanksAroundQuotes() throws {
        #expect(try values("id, v\n1, \"a, b\" \n") == [.string("a, b")])
    }

    @Test("rows end with LF, CRLF or a lone CR", arguments: ["\n", "\r\n", "\r"])
    func lineEnds(end: String) throws {
        let text = ["name,lat,lon", "A,1,2", "B,3,4"].joined(separator: end) + end
        let features = try readAll(text).features
        #expect(features.map(\.title) == ["A", "B"])
        #expect(features.map { $0.location?.line } == [2, 3])
    }

    @Test("the last row needs no line end")
    func noFinalLineEnd() throws {
        #expect(try readAll("name,lat,lon\nA,1,2").features.count == 1)
    }

    @Test("blank lines are skipped")
    func blankLines() throws {
        let features = try readAll("name,lat,lon\n\nA,1,2\n   \n\nB,3,4\n\n").features
        #expect(features.map(\.title) == ["A", "B"])
    }

    @Test("a UTF-8 byte order mark is skipped, and columns count from after it")
    func byteOrderMark() throws {
        let result = try readAll(bytes: [0xEF, 0xBB, 0xBF] + Array("lat,lon,name\n1,2,Zürich\n".utf8))
        #expect(result.layout?.latitudeColumn == "lat")
        #expect(result.features.first?.title == "Zürich")
        let headerless = readerOptions { $0.columns = ["lat", "lon"] }
        let error = try #require(readError(bytes: [0xEF, 0xBB, 0xBF] + Array("1,x\n".utf8), options: headerless))
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 3)
    }

    @Test("a UTF-16 file is refused with advice")
    func utf16() throws {
        let error = try #require(readError(bytes: [0xFF, 0xFE, 0x6C, 0x00]))
        #expect(error.kind == .data)
        #expect(error.message.contains("UTF-16"))
    }

    @Test("bytes that are not UTF-8 stop reading at their line and column")
    func invalidUTF8() throws {
        let bytes = Array("name,lat,lon\nA,1,2\nZ".utf8) + [0xFC] + Array("rich,3,4\n".utf8)
        let error = try #require(readError(bytes: bytes))
        #expect(error.kind == .data)
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 2)
        #expect(error.message.contains("0xFC"))
        #expect(error.message.contains("UTF-8"))
    }

    @Test("a quoted field that is never closed is an error at its opening quote")
    func unclosedQuote() throws {
        let error = try #require(readError("name,lat,lon\nA,1,2\n\"B,3,4\nC,5,6\n"))
        #expect(error.kind == .data)
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 1)
        #expect(error.message.contains("never closed"))
        // … even with rows skipped: the rest of the file would be lost.
        #expect(readError("name,lat,lon\n\"B,3,4\n", options: readerOptions { $0.onError = .skip }) != nil)
    }

    @Test("text after a closing quote makes the row malformed")
    func textAfterClosingQuote() throws {
        let error = try #require(readError("id,v\n1,\"a\"b\n"))
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 6)
        #expect(error.message.contains("closing quote"))
        let skipped = try readAll("id,v\n1,\"a\"b\n2,c\n", options: readerOptions { $0.onError = .skip })
        #expect(skipped.features.map { $0.properties["v"] } == [.string("c")])
    }

    @Test("a field larger than the limit is an error")
    func fieldLimit() throws {
        let text = "id,v\n1,\"" + String(repeating: "x", count: 5000) + "\"\n"
        let error = try #require(readError(text, options: readerOptions { $0.maximumFieldBytes = 4096 }))
        #expect(error.message.contains("4096 bytes"))
        #expect(error.location?.line == 2)
    }
}
