#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeCSV
import MapBridgeIO
import MapBridgeModel
import Testing

/// The OpenFlights snapshots beside the project (`../shared/data/openflights`): headerless,
/// `\N` for null, quoted text. Skipped where the folder is not there; the data is not copied
/// into the repository.
@Suite("OpenFlights data")
struct OpenFlightsTests {
    static let folder: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/MapBridgeCSVTests/OpenFlightsTests.swift
        return parts.joined(separator: "/") + "/../shared/data/openflights"
    }()

    static var available: Bool { access(folder + "/airports.dat", R_OK) == 0 }

    /// The columns as openflights.org/data.php names them (altitude is in feet, so it is not
    /// named as an altitude column, which would mean metres).
    static let airportColumns = ["id", "name", "city", "country", "iata", "icao", "lat", "lon", "altitude_ft",
                                 "timezone", "dst", "tz", "type", "source"]
    static let routeColumns = ["airline", "airline_id", "source_airport", "source_airport_id",
                               "destination_airport", "destination_airport_id", "codeshare", "stops", "equipment"]

    private func read(_ file: String, columns: [String]) throws -> (features: [Feature], codes: [String], skipped: Int) {
        let log = DiagnosticLog()
        var options = CSVReader.Options()
        options.columns = columns
        let reader = try CSVReader(path: OpenFlightsTests.folder + "/" + file, options: options, report: log.handler)
        var features: [Feature] = []
        while let f = try reader.next() { features.append(f) }
        return (features, log.codes, reader.skippedRowCount)
    }

    @Test("airports.dat converts with all 7,698 rows, each a point", .enabled(if: available))
    func airports() throws {
        let (features, codes, skipped) = try read("airports.dat", columns: OpenFlightsTests.airportColumns)
        #expect(features.count == 7698)
        #expect(skipped == 0)
        #expect(codes.isEmpty, "\(codes)")
        #expect(features.allSatisfy { if case .annotation = $0.shape { true } else { false } })
        let goroka = features[0]
        #expect(goroka.title == "Goroka Airport")
        #expect(goroka.properties["id"] == number("1"))
        #expect(goroka.properties["altitude_ft"] == number("5282"))
        #expect(goroka.properties["dst"] == .string("U"))
        if case .annotation(let point)? = goroka.shape {
            #expect(point.sourceText?.latitude == "-6.081689834590001")
            #expect(point.sourceText?.longitude == "145.391998291")
        }
        // `\N` is null; `""` (an empty quoted city) is the empty string.
        let minsk = try #require(features.first { $0.properties["icao"] == .string("EPMM") })
        #expect(minsk.properties["iata"] == .null)
        #expect(minsk.properties["city"] == .string(""))
        #expect(minsk.properties["timezone"] == .null)
        // Quotes inside quoted names are undone.
        #expect(features.contains { $0.title == "Magdeburg \"City\" Airport" })
    }

    @Test("airports.dat written as CSV reads back and rewrites identically", .enabled(if: available))
    func airportsRoundTrip() throws {
        let (features, _, _) = try read("airports.dat", columns: OpenFlightsTests.airportColumns)
        let first = try writeAll(features)
        #expect(first.lines[0] == "lon,lat,id,name,city,country,iata,icao,altitude_ft,timezone,dst,tz,type,source")
        let again = try readAll(first.text)
        #expect(again.features.count == 7698)
        #expect(try writeAll(again.features).text == first.text)
    }

    @Test("routes.dat (CRLF line ends) converts with all 67,663 rows, without geometry", .enabled(if: available))
    func routes() throws {
        let (features, codes, skipped) = try read("routes.dat", columns: OpenFlightsTests.routeColumns)
        #expect(features.count == 67663)
        #expect(skipped == 0)
        #expect(codes == ["csv-no-geometry"])
        #expect(features.allSatisfy { $0.shape == nil })
        #expect(features[0].properties["equipment"] == .string("CR2"))
        #expect(features[0].properties["codeshare"] == .null)
        #expect(features[0].properties["stops"] == number("0"))
    }
}
