import Foundation
@testable import MapBridgeCSV
import MapBridgeIO
import MapBridgeModel
import Testing

/// Rows past the look-ahead written straight into a rewindable sink under a provisional header
/// (issue 14): the bytes and the diagnostics are those of the same features written into
/// memory, whether the header stays as it was or is rewritten at the end.
@Suite("CSV writer rows straight into a rewindable sink")
struct CSVWriterProvisionalHeaderTests {
    /// What one sequence of features gave, written into memory and into a rewindable file.
    struct Both {
        var memory: WriteResult
        var file: WriteResult
        /// What became of the provisional header in the file (`CSVWriter.keptProvisionalHeader`).
        var kept: Bool?
    }

    /// Writes `features` once into memory (rows wait for the header) and once into a
    /// rewindable temporary file, with `lookAhead` 3 unless `change` says otherwise.
    private func both(_ features: [Feature], capacity: Int = 1 << 20, writeBehind: Bool = false,
                      _ change: (inout CSVWriter.Options) -> Void = { _ in }) throws -> Both
    {
        let options = writerOptions {
            $0.lookAhead = 3
            change(&$0)
        }
        let memory = try writeAll(features, options: options)

        let written = try writeFile(features, options: options, name: "provisional-header-test.csv", capacity: capacity,
                                    writeBehind: writeBehind)
        #expect(Int64(written.fileBytes) == written.sinkBytes)
        return Both(memory: memory, file: written.result, kept: written.keptProvisionalHeader)
    }

    /// What `relayout` writes of `rows` handed over `size` bytes at a time, and how many rows it counted.
    private func relayoutInBlocks(_ rows: String, size: Int, _ relayout: CSVRowRelayout) throws -> (String, Int) {
        var relayout = relayout
        let sink = ByteSink(collectingInMemoryNamed: "rows.csv")
        let bytes = Array(rows.utf8)
        for start in stride(from: 0, to: bytes.count, by: size) {
            try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { try relayout.rewrite($0, into: sink) }
        }
        try relayout.finish()
        try sink.flush()
        return (String(decoding: sink.collectedBytes, as: UTF8.self), relayout.count)
    }

    /// Expects the file to hold what memory holds, with the same diagnostics in the same order.
    private func expectSame(_ result: Both, kept: Bool?, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(result.file.text == result.memory.text, sourceLocation: sourceLocation)
        #expect(result.file.diagnostics == result.memory.diagnostics, sourceLocation: sourceLocation)
        #expect(result.kept == kept, sourceLocation: sourceLocation)
    }

    private func places(_ count: Int, from first: Int = 1) -> [Feature] {
        (first..<(first + count)).map { k in
            point(Double(k) / 4, -Double(k), ["name": .string("place \(k)"), "rank": .number(NumberValue(k))])
        }
    }

    @Test("the same columns and layout after the look-ahead: the provisional header stays")
    func noChange() throws {
        let result = try both(places(20))
        expectSame(result, kept: true)
        #expect(result.file.lines[0] == "lon,lat,name,rank")
        #expect(result.file.lines[20] == "5,-20,place 20,20")
    }

    @Test("within the look-ahead nothing is written ahead")
    func withinLookAhead() throws {
        expectSame(try both(places(3)), kept: nil)
    }

    @Test("the look-ahead in bytes starts the provisional header too")
    func byteBudget() throws {
        expectSame(try both(places(30)) { $0.lookAheadBytes = 100 }, kept: true)
        expectSame(try both(places(30) + [point(1, 1, ["late": "x"])]) { $0.lookAheadBytes = 0 }, kept: false)
    }

    /// In the fourth feature, the column is there when the provisional header is written.
    @Test("a late column: the rows before it get an empty field", arguments: [4, 5, 12, 20])
    func lateColumn(at position: Int) throws {
        var features = places(20)
        features[position - 1].properties["late"] = "here"
        let result = try both(features)
        expectSame(result, kept: position == 4)
        #expect(result.file.lines[0] == "lon,lat,name,rank,late")
        #expect(result.file.lines[1] == "0.25,-1,place 1,1,")
        #expect(result.file.codes.contains("csv-late-column"))
    }

    @Test("several late columns, one feature adding two, more than ten in all")
    func severalLateColumns() throws {
        var features = places(40)
        features[6].properties["a"] = 1
        features[9].properties["b"] = "x,y"
        features[9].properties["c"] = .null
        for k in 0..<12 { features[20 + k].properties["extra\(k)"] = .number(NumberValue(k)) }
        features[39].properties["a"] = 2
        let result = try both(features)
        expectSame(result, kept: false)
        #expect(result.file.lines[0].hasPrefix("lon,lat,name,rank,a,b,c,extra0,"))
        #expect(result.file.codes.filter { $0 == "csv-late-column" }.count == 11)
    }

    @Test("points, then a line: the point rows turn into WKT")
    func pointsThenLine() throws {
        var features = places(10)
        features.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])), properties: ["name": "road"]))
        features += places(3, from: 11)
        let result = try both(features)
        expectSame(result, kept: false)
        #expect(result.file.lines[0] == "wkt,name,rank")
        #expect(result.file.lines[5] == "POINT (1.25 -5),place 5,5")
        #expect(result.file.lines[11] == "\"LINESTRING (0 0, 1 1)\",road,")
    }

    @Test("points, then a point with an altitude: the rows before get an empty altitude")
    func pointsThenAltitude() throws {
        var features = places(8)
        features.append(Feature(shape: .annotation(c(3, 4, 120.5)), properties: ["name": "hill"]))
        features.append(Feature(properties: ["name": "nowhere"]))
        let result = try both(features)
        expectSame(result, kept: false)
        #expect(result.file.lines[0] == "lon,lat,alt,name,rank")
        #expect(result.file.lines[4] == "1,-4,,place 4,4")
        #expect(result.file.lines[9] == "3,4,120.5,hill,")
    }

    @Test("points with altitudes, then a line: POINT Z where a row has an altitude")
    func altitudesThenLine() throws {
        var features = places(3)
        features.append(Feature(shape: .annotation(c(3, 4, 7)), properties: ["name": "hill"]))
        features += places(4, from: 5)
        features.append(Feature(shape: .polygon(Polygon(outer: [c(0, 0), c(1, 0), c(1, 1), c(0, 0)]))))
        let result = try both(features) { $0.lookAhead = 5 }
        expectSame(result, kept: false)
        #expect(result.file.lines[4] == "POINT Z (3 4 7),hill,")
        #expect(result.file.lines[5] == "POINT (1.25 -5),place 5,5")
    }

    @Test("features without a shape, then points", arguments: [false, true])
    func noShapesThenPoints(withProperties: Bool) throws {
        var features = (1...6).map { k in Feature(properties: withProperties ? ["k": .number(NumberValue(k))] : [:]) }
        features.append(point(1, 2))
        features.append(Feature(shape: .annotation(c(5, 6, 7))))
        let result = try both(features)
        expectSame(result, kept: false)
        #expect(result.file.lines[0] == (withProperties ? "lon,lat,alt,k" : "lon,lat,alt"))
        #expect(result.file.lines[1] == (withProperties ? ",,,1" : ",,"))
    }

    @Test("features without a shape, then a line")
    func noShapesThenLine() throws {
        var features = (1...6).map { k in Feature(properties: ["k": .number(NumberValue(k))]) }
        features.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)]))))
        let result = try both(features)
        expectSame(result, kept: false)
        #expect(result.file.lines[1] == ",1")
    }

    @Test("features without a shape after points keep the layout, then a late column")
    func shapelessAfterPoints() throws {
        var features = places(5)
        features += (1...4).map { k in Feature(properties: ["name": .string("lost \(k)")]) }
        expectSame(try both(features), kept: true)
        features.append(point(1, 1, ["late": true]))
        let result = try both(features)
        expectSame(result, kept: false)
        #expect(result.file.lines[6] == ",,lost 1,,")
    }

    @Test("features without a shape after points, then a line: their WKT field is empty")
    func shapelessThenLine() throws {
        var features = places(5)
        features += (1...4).map { k in Feature(properties: ["name": .string("lost \(k)")]) }
        features.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)]))))
        let result = try both(features)
        expectSame(result, kept: false)
        #expect(result.file.lines[6] == ",lost 1,")
    }

    /// Values that need quotes: the delimiter, quotes, line breaks of every kind, blanks.
    private func awkward(_ delimiter: String) -> [Feature] {
        let texts = ["a\(delimiter)b", "say \"hi\"", "two\nlines", "cr\rhere", "crlf\r\nthere", " padded ",
                     "\"", "\n", "", "x\(delimiter)\"\n\"\(delimiter)y", "42", "plain"]
        return texts.enumerated().map { k, text in
            point(Double(k), Double(k) / 2, ["text": .string(text), "k": .number(NumberValue(k)),
                                             "json": k % 3 == 0 ? .array([.string("a\(delimiter)\"b\n")]) : .null])
        }
    }

    @Test("cells with delimiters, quotes and line breaks, before and after the change",
          arguments: [CSVDelimiter.comma, .semicolon, .tab, .pipe])
    func awkwardCells(delimiter: CSVDelimiter) throws {
        let d = String(decoding: [delimiter.byte], as: UTF8.self)
        let rows = awkward(d)
        let change: (inout CSVWriter.Options) -> Void = { $0.delimiter = delimiter }
        expectSame(try both(rows, change), kept: true)
        expectSame(try both(rows + [point(0, 0, ["late": .string("l\(d)\"\n")])], change), kept: false)
        expectSame(try both(rows + [Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])))], change), kept: false)
        expectSame(try both(rows + [Feature(shape: .annotation(c(0, 0, 1)))], change), kept: false)
    }

    @Test("rows that end in CR LF", arguments: [false, true])
    func crlf(change: Bool) throws {
        var rows = awkward(",")
        if change { rows.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])), properties: ["late": "\r\n"])) }
        let result = try both(rows) { $0.lineEnding = .crlf }
        expectSame(result, kept: !change)
        #expect(result.file.text.hasSuffix("\r\n"))
    }

    @Test("a WKT field that needs quotes: the delimiter is in the point's WKT")
    func quotedPointWKT() throws {
        let paren = try #require(CSVDelimiter(byte: UInt8(ascii: "(")))
        var rows = places(6)
        rows.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)]))))
        let result = try both(rows) { $0.delimiter = paren }
        expectSame(result, kept: false)
        #expect(result.file.lines[1] == "\"POINT (0.25 -1)\"(place 1(1")
    }

    @Test("a property named as a geometry column: renamed as the final header says, reported once")
    func renamedColumns() throws {
        let rows = (1...8).map { k in point(Double(k), 0, ["lon": .number(NumberValue(k)), "wkt": "w", "lat_2": 1]) }
        let kept = try both(rows)
        expectSame(kept, kept: true)
        #expect(kept.file.lines[0] == "lon,lat,lon_2,wkt,lat_2")
        #expect(kept.file.codes.contains("csv-renamed:lon"))
        let line = Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])))
        let rewritten = try both(rows + [line])
        expectSame(rewritten, kept: false)
        #expect(rewritten.file.lines[0] == "wkt,lon,wkt_2,lat_2")
        #expect(!rewritten.file.codes.contains("csv-renamed:lon"))
    }

    @Test("a layout given and the columns not: a late column", arguments: [CSVWriter.GeometryLayout.yx, .xyz, .wkt])
    func givenLayout(layout: CSVWriter.GeometryLayout) throws {
        var rows = awkward(",")
        rows.append(point(1, 1, ["late": 1]))
        if layout == .wkt { rows.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])))) }
        expectSame(try both(rows) { $0.geometry = layout }, kept: false)
        expectSame(try both(rows) {
            $0.geometry = layout
            $0.precision = 2
        }, kept: false)
    }

    @Test("rows larger than the read-back blocks, into a sink with a small buffer written behind")
    func largeRows() throws {
        let big = String(repeating: "ab\"c,\n", count: 200_000)  // 1.2 MB: more than a 1 MiB read-back block
        var rows = places(5)
        rows[4].properties["name"] = .string(big)
        rows += places(3, from: 6)
        rows.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)])), properties: ["late": .string(big)]))
        rows += places(2, from: 10)
        expectSame(try both(rows, capacity: 4096, writeBehind: true), kept: false)
        expectSame(try both(rows, capacity: 4096, writeBehind: false) { $0.lookAhead = 1 }, kept: false)
    }

    @Test("rows read back in blocks cut anywhere give the same rewrite")
    func blocksCutAnywhere() throws {
        // The rows a provisional `lon,lat` header with two property columns holds.
        let rows = "1,2,\"a,\"\"b\r\nc\",x\n,,,\n-3.5,1e-07,\"\n\",\"\"\"\"\n"
        let expected = "POINT (1 2),\"a,\"\"b\r\nc\",x,\n,,,\nPOINT (-3.5 1e-07),\"\n\",\"\"\"\",\n"
        for size in [1, 2, 3, 5, 8, 64] {
            let (text, count) = try relayoutInBlocks(rows, size: size,
                                                     CSVRowRelayout(from: .xy, columns: 2, to: .wkt, columns: 3,
                                                                    encoder: CSVCellEncoder(delimiter: .comma), lineEnding: .lf))
            #expect(text == expected, "blocks of \(size)")
            #expect(count == 3)
        }
    }

    @Test("rows of an unchanged layout read back in blocks cut anywhere go out as they come", arguments: [false, true])
    func sameLayoutCutAnywhere(crlf: Bool) throws {
        let end = crlf ? "\r\n" : "\n"
        // The rows a provisional `wkt` header with one property column holds.
        let rows = ["\"LINESTRING (1 2, 3 4)\",x", "POINT (1 2),\"a\r\nb\"", ",", "\"LINESTRING (5 6, 7 8)\",\"\r\""]
        let text = rows.map { $0 + end }.joined()
        let expected = rows.map { $0 + "," + end }.joined()
        for size in [1, 2, 3, 5, 8, 64] {
            let (written, count) = try relayoutInBlocks(text, size: size,
                                                        CSVRowRelayout(from: .wkt, columns: 1, to: .wkt, columns: 2,
                                                                       encoder: CSVCellEncoder(delimiter: .comma),
                                                                       lineEnding: crlf ? .crlf : .lf))
            #expect(written == expected, "blocks of \(size)")
            #expect(count == 4)
        }
        let sink = ByteSink(collectingInMemoryNamed: "rows.csv")
        var relayout = CSVRowRelayout(from: .wkt, columns: 1, to: .wkt, columns: 2,
                                      encoder: CSVCellEncoder(delimiter: .comma), lineEnding: crlf ? .crlf : .lf)
        try Array("POINT (1 2),x\(end)LINESTRING".utf8).withUnsafeBytes { try relayout.rewrite($0, into: sink) }
        #expect(throws: MapBridgeError.self) { try relayout.finish() }
    }

    @Test("rows that end inside a row are an error")
    func unfinishedRow() throws {
        let sink = ByteSink(collectingInMemoryNamed: "rows.csv")
        var relayout = CSVRowRelayout(from: .xy, columns: 1, to: .xy, columns: 2,
                                      encoder: CSVCellEncoder(delimiter: .comma), lineEnding: .lf)
        try Array("1,2,\"open\n".utf8).withUnsafeBytes { try relayout.rewrite($0, into: sink) }
        #expect(throws: MapBridgeError.self) { try relayout.finish() }
    }
}
