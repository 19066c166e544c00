import MapBridgeCSV
import MapBridgeModel
import Testing

/// Which delimiter a file uses: sniffed from its first rows, or given.
@Suite("CSV delimiters")
struct CSVDelimiterTests {
    @Test("each of the four common delimiters is sniffed", arguments: [
        (",", CSVDelimiter.comma), (";", .semicolon), ("\t", .tab), ("|", .pipe),
    ])
    func sniffed(separator: String, expected: CSVDelimiter) throws {
        let rows = [["name", "lat", "lon", "note"], ["Paris", "48.85", "2.35", "a, b; c | d"], ["Rome", "41.9", "12.5", "x"]]
        let text = rows.map { row in
            row.map { $0.contains(separator) ? "\"\($0)\"" : $0 }.joined(separator: separator)
        }.joined(separator: "\n") + "\n"
        let result = try readAll(text)
        #expect(result.layout?.delimiter == expected)
        #expect(result.features.map(\.title) == ["Paris", "Rome"])
        #expect(result.features.first?.properties["note"] == .string("a, b; c | d"))
        #expect(result.features.first?.shape == .annotation(c(2.35, 48.85)))
    }

    @Test("a semicolon file with decimal commas is not taken for commas")
    func semicolonWithDecimalCommas() throws {
        let result = try readAll("name;lat;lon\nBerlin;52,52;13,405\nParis;48,85;2,35\n")
        #expect(result.layout?.delimiter == .semicolon)
        // Coordinates accept the decimal comma; the source text becomes JSON number text.
        let shape = try #require(result.features.first?.shape)
        #expect(shape == .annotation(c(13.405, 52.52)))
        if case .annotation(let point) = shape { #expect(point.sourceText?.latitude == "52.52") }
    }

    @Test("commas inside quotes do not count when sniffing")
    func quotedCommasIgnored() throws {
        let result = try readAll("name\tlat\tlon\n\"Washington, D.C.\"\t38.9\t-77.0\n\"Paris, France\"\t48.85\t2.35\n")
        #expect(result.layout?.delimiter == .tab)
    }

    @Test("a one-column file is read with commas")
    func oneColumn() throws {
        let result = try readAll("name\nParis\nRome\n")
        #expect(result.layout?.delimiter == .comma)
        #expect(result.features.map(\.title) == ["Paris", "Rome"])
    }

    @Test("a given delimiter is used without sniffing")
    func givenDelimiter() throws {
        let result = try readAll("a|b;c\n1|2;3\n", options: readerOptions { $0.delimiter = .semicolon })
        #expect(result.layout?.columns == ["a|b", "c"])
    }

    @Test("delimiters are named as on a command line", arguments: [
        ("comma", CSVDelimiter?.some(.comma)), (",", .comma), ("semicolon", .semicolon), (";", .semicolon),
        ("tab", .tab), ("TAB", .tab), ("\\t", .tab), ("pipe", .pipe), ("|", .pipe), (":", CSVDelimiter(byte: 0x3A)),
        ("\"", nil), ("ab", nil), ("", nil), ("1", nil), (".", nil), ("x", nil),
    ])
    func named(name: String, expected: CSVDelimiter?) {
        #expect(CSVDelimiter(name: name) == expected)
    }
}
