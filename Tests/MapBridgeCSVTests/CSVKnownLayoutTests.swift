import MapBridgeCSV
import MapBridgeModel
import Testing

@Suite("Known header-less layouts: OpenFlights airports.dat and routes.dat")
struct CSVKnownLayoutTests {
    static let airports = #"""
        1,"Goroka Airport","Goroka","Papua New Guinea","GKA","AYGA",-6.081689834590001,145.391998291,5282,10,"U","Pacific/Port_Moresby","airport","OurAirports"
        2,"Madang Airport","Madang","Papua New Guinea","MAG","AYMD",-5.20707988739,145.789001465,20,10,"U","Pacific/Port_Moresby","airport","OurAirports"
        2965,"Sochi International Airport","Sochi","Russia","AER","URSS",43.449902,39.9566,89,3,"N","Europe/Moscow","airport","OurAirports"
        6858,"Minsk Mazowiecki Military Air Base","","Poland",\N,"EPMM",52.195499,21.655600,604,\N,\N,\N,"airport","OurAirports"

        """#

    /// The layout before 2017: twelve columns, without type and source.
    static let olderAirports = #"""
        1,"Goroka","Goroka","Papua New Guinea","GKA","AYGA",-6.081689,145.391881,5282,10,"U","Pacific/Port_Moresby"
        3,"Mount Hagen","Mount Hagen","Papua New Guinea","HGU","AYMH",-5.826789,144.295861,5388,10,"U","Pacific/Port_Moresby"

        """#

    static let routes = """
        2B,410,AER,2965,KZN,2990,,0,CR2\r
        2B,410,ASF,2966,KZN,2990,,0,CR2\r
        ZM,19016,OSS,2913,FRU,2912,Y,0,734\r

        """

    @Test("airports.dat rows are recognised: named columns, points, altitude in feet kept as a property")
    func airportsRecognised() throws {
        let result = try readAll(Self.airports)
        #expect(result.features.count == 4)
        #expect(result.layout?.columns == CSVKnownLayout.openFlightsAirportsColumns)
        #expect(result.codes == ["csv-known-layout"])
        #expect(result.diagnostics.first?.severity == .info)
        let goroka = result.features[0]
        #expect(goroka.title == "Goroka Airport")
        #expect(goroka.properties["iata"] == .string("GKA"))
        #expect(goroka.properties["altitude_ft"] == .number(NumberValue(text: "5282", value: 5282)))
        guard case .annotation(let point)? = goroka.shape else {
            Issue.record("not a point")
            return
        }
        #expect(point.latitude == -6.081689834590001 && point.longitude == 145.391998291)
        #expect(point.altitude == nil)
        #expect(result.features[3].properties["iata"] == .null)
    }

    @Test("the twelve-column airports.dat of before 2017 is recognised too")
    func olderAirports() throws {
        let result = try readAll(Self.olderAirports)
        #expect(result.layout?.columns == Array(CSVKnownLayout.openFlightsAirportsColumns.prefix(12)))
        #expect(result.features.count == 2)
        #expect(result.features[1].properties["city"] == .string("Mount Hagen"))
    }

    @Test("routes.dat rows are recognised: source and destination named for route --pairs")
    func routesRecognised() throws {
        let result = try readAll(Self.routes)
        #expect(result.layout?.columns.prefix(6) == ["airline", "airline_id", "source", "source_id", "destination", "destination_id"])
        #expect(result.features.count == 3)
        #expect(result.features[2].properties["codeshare"] == .string("Y"))
    }

    @Test("rows of another shape keep field_N names; a header row is still a header",
          arguments: ["1,2,3\n4,5,6\n", "id,name,lat,lon\n1,a,10,20\n",
                      "1,\"Goroka\",\"Goroka\",\"PNG\",\"GKA\",\"AYGA\",-95.0,145.39,5282,10,\"U\",\"Pacific/Port_Moresby\",\"airport\",\"OurAirports\"\n"])
    func otherShapes(text: String) throws {
        let result = try readAll(text)
        #expect(!result.codes.contains("csv-known-layout"))
    }

    @Test("a layout is named by --columns: openflights-airports, openflights-routes")
    func named() throws {
        #expect(CSVKnownLayout(name: "openflights-airports")?.columns == CSVKnownLayout.openFlightsAirportsColumns)
        #expect(CSVKnownLayout(name: "OpenFlights-Routes")?.columns.count == 9)
        #expect(CSVKnownLayout(name: "id,name,lat,lon") == nil)
    }
}
