import MapBridgeCSV
import MapBridgeModel
import Testing

/// Whether the first row names the columns, and what the columns are called.
@Suite("CSV header detection and column names")
struct CSVHeaderTests {
    @Test("a first row of names over rows of data is a header", arguments: [
        "name,lat,lon\nA,1,2\n",
        "city,population\nParis,2100000\n",
        "Name,Elevation\nA,12\nB,40\n",
        "a,b\nx,y\n",  // text everywhere: a header
    ])
    func header(text: String) throws {
        #expect(try readAll(text).layout?.hasHeader == true)
    }

    @Test("a first row with numbers and no header sign is data", arguments: [
        "1,\"Goroka\",-6.08,145.39\n2,\"Madang\",-5.2,145.7\n",
        "A,1,2\nB,3,4\n",
        "-6.08,145.39\n",
    ])
    func data(text: String) throws {
        let result = try readAll(text)
        #expect(result.layout?.hasHeader == false)
        #expect(result.layout?.columns.first == "field_1")
        #expect(result.codes.contains("csv-no-geometry"))
    }

    @Test("a header with a numeric name is still a header when a column name says so")
    func numericNameBesideCoordinates() throws {
        let result = try readAll("lat,lon,2019\n1,2,3\n")
        #expect(result.layout?.hasHeader == true)
        #expect(result.features.first?.properties["2019"] == number("3"))
    }

    @Test("text above a column of numbers marks a header even beside numeric names")
    func textOverNumbers() throws {
        #expect(try readAll("id,2019\n1,5\n2,6\n").layout?.hasHeader == true)
    }

    @Test("headerless files take their column names from the options")
    func headerlessWithColumns() throws {
        let options = readerOptions { $0.columns = ["id", "name", "lat", "lon"] }
        let result = try readAll("1,Goroka,-6.08,145.39\n2,Madang,-5.2,145.7\n", options: options)
        #expect(result.layout?.hasHeader == false)
        #expect(result.features.count == 2)
        #expect(result.features[0].title == "Goroka")
        #expect(result.features[0].properties.keys == ["id"])
        #expect(result.features[0].shape == .annotation(c(145.39, -6.08)))
    }

    @Test("with columns given, even a row of names is data unless the header is declared")
    func columnsMeanNoHeader() throws {
        let text = "name,lat,lon\nA,1,2\n"
        let asData = try readAll(text, options: readerOptions { $0.columns = ["n", "a", "b"] })
        #expect(asData.features.count == 2)
        let renamed = try readAll(text, options: readerOptions {
            $0.columns = ["label", "y", "x"]
            $0.header = .present
        })
        #expect(renamed.features.count == 1)
        #expect(renamed.features[0].properties.keys == ["label"])
        #expect(renamed.features[0].shape == .annotation(c(2, 1)))
    }

    @Test("the header can be declared absent or present")
    func declared() throws {
        #expect(try readAll("a,b\nc,d\n", options: readerOptions { $0.header = .absent }).features.count == 2)
        #expect(try readAll("1,2\n3,4\n", options: readerOptions { $0.header = .present }).layout?.columns == ["1", "2"])
    }

    @Test("header names are trimmed, empty ones named by position, repeated ones numbered")
    func names() throws {
        let result = try readAll(" name , lat,lon,,name,\" padded \"\nA,1,2,x,B,y\n")
        #expect(result.layout?.columns == ["name", "lat", "lon", "field_4", "name_2", " padded "])
        #expect(result.codes.contains("csv-duplicate-column"))
        #expect(result.features[0].title == "A")
    }

    @Test("a wrong number of column names for the header is a usage error")
    func columnCountMismatch() throws {
        let error = try #require(readError("a,b\n1,2\n", options: readerOptions {
            $0.columns = ["x"]
            $0.header = .present
        }))
        #expect(error.kind == .usage)
        #expect(readError("a\n", options: readerOptions { $0.columns = [] })?.kind == .usage)
    }
}
