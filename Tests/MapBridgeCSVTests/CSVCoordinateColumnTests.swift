import MapBridgeCSV
import MapBridgeModel
import Testing

/// Which columns hold the coordinates, and how their text is read.
@Suite("CSV coordinate columns")
struct CSVCoordinateColumnTests {
    @Test("latitude and longitude columns are found by their common names, in any case", arguments: [
        ("lat", "lon"), ("Latitude", "Longitude"), ("LAT", "LNG"), ("y", "x"), ("lat", "long"), (" latitude ", "lng"),
    ])
    func commonNames(latitude: String, longitude: String) throws {
        let result = try readAll("name,\(latitude),\(longitude)\nA,10.5,20.25\n")
        #expect(result.features[0].shape == .annotation(c(20.25, 10.5)))
        #expect(result.features[0].title == "A" && result.features[0].properties.isEmpty)
    }

    @Test("failing common names, the one column starting or ending with latitude/longitude is taken", arguments: [
        ("latitude_deg", "longitude_deg"), ("decimalLatitude", "decimalLongitude"), ("Latitude (WGS84)", "Longitude (WGS84)"),
    ])
    func looseNames(latitude: String, longitude: String) throws {
        let f = try readAll("ident,\"\(latitude)\",\"\(longitude)\",elevation_ft\nA,10.5,20.25,13\n").features[0]
        #expect(f.shape == .annotation(c(20.25, 10.5)))
        #expect(f.properties.keys == ["ident", "elevation_ft"])  // feet are not metres: not an altitude
    }

    @Test("two candidate columns for a loose name make neither one the latitude")
    func looseNamesAmbiguous() throws {
        let result = try readAll("latitude_deg,latitude_min,longitude\n10,30,20\n")
        #expect(result.features[0].shape == nil)
        #expect(result.features[0].properties.keys == ["latitude_deg", "latitude_min", "longitude"])
        #expect(result.codes.contains("csv-no-geometry"))
    }

    @Test("spreadsheet spellings of a missing coordinate give no geometry", arguments: ["NULL", "null", "NA", "N/A", "NaN", "None", "-", "\"\"", " "])
    func missingSpellings(field: String) throws {
        let result = try readAll("name,lat,lon\nA,\(field),\(field)\n")
        #expect(result.features.count == 1)
        #expect(result.features[0].shape == nil)
    }

    @Test("lat and lon are preferred over y and x, which then stay properties")
    func preference() throws {
        let f = try readAll("x,y,lat,lon\n100,200,1,2\n").features[0]
        #expect(f.shape == .annotation(c(2, 1)))
        #expect(f.properties.keys == ["x", "y"])
    }

    @Test("an altitude column is found by its common names", arguments: ["alt", "altitude", "Elevation", "ele", "z"])
    func altitude(name: String) throws {
        let f = try readAll("lat,lon,\(name)\n1,2,300.5\n3,4,\n").features
        #expect(f[0].shape == .annotation(c(2, 1, 300.5)))
        #expect(f[1].shape == .annotation(c(4, 3)))
    }

    @Test("columns can be named by name (in any case) or by 1-based position")
    func explicit() throws {
        let byName = readerOptions {
            $0.latitudeColumn = "PosN"
            $0.longitudeColumn = "pose"
        }
        #expect(try readAll("id,posN,posE\n1,5,6\n", options: byName).features[0].shape == .annotation(c(6, 5)))
        let byPosition = readerOptions {
            $0.latitudeColumn = "2"
            $0.longitudeColumn = "3"
            $0.altitudeColumn = "4"
        }
        let f = try readAll("a,b,c,d\n1,5,6,7\n", options: byPosition).features[0]
        #expect(f.shape == .annotation(c(6, 5, 7)))
        #expect(f.properties.keys == ["a"])
    }

    @Test("a column named in the options that is missing is a usage error listing the columns")
    func missingColumn() throws {
        let error = try #require(readError("a,b\n1,2\n", options: readerOptions {
            $0.latitudeColumn = "lat"
            $0.longitudeColumn = "b"
        }))
        #expect(error.kind == .usage)
        #expect(error.message.contains("'lat'"))
        #expect(error.message.contains("a, b"))
        #expect(readError("a,b\n1,2\n", options: readerOptions { $0.latitudeColumn = "a" })?.kind == .usage)
    }

    @Test("coordinate text keeps its spelling when it is JSON number text, else becomes it", arguments: [
        ("40.6413", "40.6413"), ("-0.10", "-0.10"), ("+40.5", "40.5"), (".5", "0.5"), ("-.5", "-0.5"),
        ("5.", "5"), ("007.25", "7.25"), (" 12.5 ", "12.5"), ("52,52", "52.52"), ("1E2", "1E2"),
    ])
    func coordinateText(text: String, expected: String) throws {
        let f = try readAll("lat;lon\n\(text);1\n").features[0]
        guard case .annotation(let point)? = f.shape else {
            Issue.record("no point")
            return
        }
        #expect(point.sourceText?.latitude == expected)
        #expect(point.latitude == Double(expected))
    }

    @Test("a coordinate out of range is kept and reported")
    func outOfRange() throws {
        let result = try readAll("lat,lon\n145.4,-6.1\n")
        #expect(result.features[0].shape == .annotation(c(-6.1, 145.4)))
        #expect(result.codes.contains("csv-coordinate-range"))
        #expect(result.diagnostics.first?.message.contains("swapped") == true)
    }

    @Test("a WKT column wins over coordinate names, which then stay properties")
    func wktWins() throws {
        let f = try readAll("wkt,lat,lon\nPOINT (1 2),5,6\n").features[0]
        #expect(f.shape == .annotation(c(1, 2)))
        #expect(f.properties.keys == ["lat", "lon"])
    }

    @Test("with both a WKT and coordinate columns named, a row without WKT takes its point")
    func wktAndPoint() throws {
        let options = readerOptions {
            $0.wktColumn = "wkt"
            $0.latitudeColumn = "lat"
            $0.longitudeColumn = "lon"
        }
        let features = try readAll("lon,lat,wkt\n1,2,\n,,\"LINESTRING (0 0, 1 1)\"\n", options: options).features
        #expect(features[0].shape == .annotation(c(1, 2)))
        #expect(features[1].shape == .polyline(Polyline([c(0, 0), c(1, 1)])))
    }

    @Test("WKT columns are found by their common names", arguments: ["wkt", "WKT", "geometry", "the_geom", "wkt_geom", "geom"])
    func wktNames(name: String) throws {
        #expect(try readAll("id,\(name)\n1,POINT (3 4)\n").features[0].shape == .annotation(c(3, 4)))
    }
}

extension CSVCoordinateColumnTests {
    @Test("an empty input with columns named in the options gives no features, not an error")
    func emptyInputWithNamedColumns() throws {
        let options = readerOptions {
            $0.latitudeColumn = "lat"
            $0.longitudeColumn = "lon"
        }
        #expect(try readAll("", options: options).features.isEmpty)
    }
}
