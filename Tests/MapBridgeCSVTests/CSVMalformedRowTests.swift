import MapBridgeCSV
import MapBridgeModel
import Testing

/// A malformed row stops reading at its line and column, or is skipped and reported; it is
/// never dropped silently.
@Suite("CSV malformed rows")
struct CSVMalformedRowTests {
    /// A file with one malformed row at line 3, between two good ones.
    static let cases: [(row: String, column: Int, fragment: String)] = [
        ("B,3", 3, "2 fields but there are 3 columns"),
        ("B,3,4,5", 7, "4 fields but there are 3 columns"),
        ("B,north,4", 3, "latitude 'north' in column 'lat' is not a number"),
        ("B,3,east", 5, "longitude 'east' in column 'lon' is not a number"),
        ("B,,4", 3, "latitude (column 'lat') is empty"),
        ("B,3,", 5, "longitude (column 'lon') is empty"),
    ]

    @Test("with onError fail, a malformed row stops reading at its line and column", arguments: cases)
    func fails(row: String, column: Int, fragment: String) throws {
        let error = try #require(readError("name,lat,lon\nA,1,2\n\(row)\nC,5,6\n"))
        #expect(error.kind == .data)
        #expect(error.location?.file == "t.csv")
        #expect(error.location?.line == 3)
        #expect(error.location?.column == column, "\(error)")
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test("with onError skip, the row is left out, reported with its line, and counted", arguments: cases)
    func skips(row: String, column: Int, fragment: String) throws {
        let result = try readAll("name,lat,lon\nA,1,2\n\(row)\nC,5,6\n", options: readerOptions { $0.onError = .skip })
        #expect(result.features.map(\.title) == ["A", "C"])
        #expect(result.skipped == 1)
        let warning = try #require(result.diagnostics.first { $0.code == "csv-row-skipped" })
        #expect(warning.severity == .warning)
        #expect(warning.location?.line == 3)
        #expect(warning.location?.column == column)
        #expect(warning.message.contains(fragment))
        let summary = try #require(result.diagnostics.last)
        #expect(summary.code == "csv-rows-skipped")
        #expect(summary.message == "1 malformed row was skipped (line 3)")
    }

    @Test("unparsable WKT is reported at the column of the problem inside the field")
    func badWKT() throws {
        let error = try #require(readError("id,wkt\n1,POINT (1 2)\n2,\"LINESTRING (0 0, 1 x)\"\n"))
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 21)  // the position "1 x": field at 3, quote, offset 17
        #expect(error.message.contains("the WKT in column 'wkt' does not parse"))
    }

    @Test("many skipped rows: ten warnings, a note that more follow, and the count with the first lines")
    func manySkipped() throws {
        var text = "name,lat,lon\n"
        for k in 0..<25 { text += k % 2 == 0 ? "P\(k),1,2\n" : "Q\(k),bad,2\n" }
        let result = try readAll(text, options: readerOptions { $0.onError = .skip })
        #expect(result.features.count == 13)
        #expect(result.skipped == 12)
        #expect(result.codes.filter { $0 == "csv-row-skipped" }.count == 11)
        #expect(result.diagnostics.last?.message == "12 malformed rows were skipped (line 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, …)")
    }

    @Test("a trailing delimiter on a row is accepted with a warning")
    func trailingDelimiter() throws {
        let result = try readAll("name,lat,lon\nA,1,2,\n")
        #expect(result.features.count == 1)
        #expect(result.codes == ["csv-extra-fields"])
    }
}
