import Foundation
@testable import MapBridgeCSV
import MapBridgeIO
import MapBridgeModel
import Testing

/// The WKT of a shape of more than `Options.heldWKTPositions` positions, streamed from the
/// shape to the output or to the temporary file of rows instead of held in the row (issue 14):
/// the bytes and the diagnostics are those of the rows written with their WKT held, wherever
/// the row waits and whenever the header is decided.
@Suite("CSV writer WKT streamed from its shape")
struct CSVWriterStreamedWKTTests {
    /// A line of `n` positions, with altitudes when `altitudes`, and a property.
    static func line(_ n: Int, altitudes: Bool = false, _ name: String = "l") -> Feature {
        let coordinates: [Coordinate] = (0..<n).map { k in
            let altitude: Double? = altitudes ? Double(k % 50) : nil
            let longitude = Double(k % 360) - 179.5
            let latitude = Double(k % 170) / 2 - 42.25
            return c(longitude, latitude, altitude)
        }
        return Feature(shape: .polyline(Polyline(coordinates)), properties: ["name": .string(name), "n": .init(n)])
    }

    /// Shapes of every kind that is not a point, short and long (past `CSVWriter.largeField`),
    /// between points, one with positions with and without altitudes, one with a late column.
    static let features: [Feature] = {
        let ring = [c(0, 0), c(4, 0), c(4, 4), c(0, 4), c(0, 0)]
        let hole = [c(1, 1), c(2, 1), c(2, 2), c(1, 1)]
        return [
            point(1.5, 2.5, ["name": "p"]),
            line(2),
            line(20_000, altitudes: true),
            Feature(shape: .polygon(Polygon(outer: ring, holes: [hole]))),
            Feature(shape: .multiPoint([c(1, 2), c(3, 4, 5)])),
            Feature(shape: .multiPolyline([Polyline([c(1, 2), c(3, 4)]), Polyline([])])),
            Feature(shape: .multiPolygon([Polygon(outer: ring)])),
            Feature(shape: .collection([.annotation(c(7, 8)), .polyline(Polyline([c(1, 1), c(2, 2)]))])),
            Feature(shape: .polyline(Polyline([]))),
            line(7_000),
            point(3, 4, ["late": "x"]),
            line(3, "a;b"),
        ]
    }()

    /// Shapes whose numbers keep their text as read: fixed-point spellings (measured without
    /// being made) of every length, negative zero, altitudes, and texts with no spelling (an
    /// exponent, too many digits), which are made to be measured.
    static let spelledFeatures: [Feature] = {
        let texts = ["0", "-0.0", "-0", "12", "-179.9999999", "0.10", "99.5", "-0.000000000000000000012",
                     "0.1234567890123456", "1e-7", "-73.7781391", "123456789012345678", "45.000", "-9.99999999"]
        func t(_ k: Int, altitude: Bool = true) -> Coordinate {
            let text = CoordinateText(longitude: texts[k % texts.count], latitude: texts[(k * 7 + 3) % texts.count],
                                      altitude: altitude ? texts[(k * 5 + 1) % texts.count] : nil)
            return Coordinate(longitude: Double(text.longitude) ?? 0, latitude: Double(text.latitude) ?? 0,
                              altitude: text.altitude.flatMap { Double($0) }, sourceText: text)
        }
        let line = (0..<3_000).map { t($0) }
        let flat = (0..<3_000).map { t($0, altitude: false) }
        let mixed = (0..<50).map { t($0, altitude: $0 % 2 == 0) }
        return [
            Feature(shape: .polyline(Polyline(line))),
            Feature(shape: .polyline(Polyline(flat)), properties: ["name": "flat"]),
            Feature(shape: .polygon(Polygon(outer: CoordinateList(flat + [flat[0]]), holes: [CoordinateList(Array(line[0..<9]) + [line[0]])]))),
            Feature(shape: .multiPoint(CoordinateList(line[0..<40]))),
            Feature(shape: .multiPolyline([Polyline(mixed), Polyline([])])),
            Feature(shape: .collection([.annotation(t(1)), .polyline(Polyline(Array(flat[0..<30]))), .polygon(Polygon(outer: []))])),
        ]
    }()

    @Test("numbers with their text as read, measured without making them", arguments: [",", ";", "\t", "(", ")", "|"])
    func spelled(delimiter: String) throws {
        let separator = try #require(CSVDelimiter(byte: Array(delimiter.utf8)[0]))
        try expectSame(Self.spelledFeatures) { $0.delimiter = separator }
        try expectSame(Self.spelledFeatures) {
            $0.delimiter = separator
            $0.precision = 3
        }
        for (k, feature) in (Self.spelledFeatures + Self.features).enumerated() {
            let shape = try #require(feature.shape)
            let text = WKTFormatter.text(of: shape).text
            let encoder = CSVCellEncoder(delimiter: separator)
            for size in [1, 100, 1 << 16] {
                var scan = CSVCellEncoder.WKTFieldScan()
                let made = WKTFormatter.writeOmittingFixedPoint(shape, precision: nil, pieceSize: size) { scan.scan($0, encoder) }
                let whole = Array(text.utf8).withUnsafeBufferPointer { encoder.wktNeedsQuotes($0) }
                #expect(scan.needsQuotes == whole)
                #expect(scan.length + made.omitted == text.utf8.count)
                // Numbers are left out of the spelled shapes only; the others are made from values.
                #expect((made.omitted > 0) == (k < Self.spelledFeatures.count))
            }
        }
    }

    /// The features written with their WKT held and with every WKT streamed (`heldWKTPositions`
    /// 0), into memory (rows wait for the header, in memory and then in the temporary file as
    /// `lookAheadBytes` says) and into a rewindable file (a provisional header); `change` sets
    /// the rest.
    private func expectSame(_ features: [Feature] = Self.features, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                            _ change: (inout CSVWriter.Options) -> Void)
        throws
    {
        let held = writerOptions(change)
        let streamed = writerOptions {
            change(&$0)
            $0.heldWKTPositions = 0
        }
        let expected = try writeAll(features, options: held)
        for (k, result) in try [writeAll(features, options: streamed), writeFile(features, held),
                                writeFile(features, streamed)].enumerated()
        {
            #expect(result.text == expected.text, "result \(k)", sourceLocation: sourceLocation)
            #expect(result.diagnostics == expected.diagnostics, "result \(k)", sourceLocation: sourceLocation)
        }
    }

    /// Writes `features` into a rewindable temporary file.
    private func writeFile(_ features: [Feature], _ options: CSVWriter.Options) throws -> WriteResult {
        try MapBridgeCSVTests.writeFile(features, options: options, name: "streamed-wkt-test.csv").result
    }

    @Test("rows waiting in memory for the header", arguments: [",", ";", "\t"])
    func inMemory(delimiter: String) throws {
        let separator = try #require(CSVDelimiter(byte: Array(delimiter.utf8)[0]))
        try expectSame { $0.delimiter = separator }
    }

    @Test("rows waiting in the temporary file, or past a provisional header", arguments: [0, 200, 300_000])
    func inTemporaryFile(bytes: Int) throws {
        try expectSame {
            $0.lookAheadBytes = bytes
            $0.lookAhead = 4
        }
        try expectSame {
            $0.lookAheadBytes = bytes
            $0.delimiter = .semicolon
            $0.lineEnding = .crlf
        }
    }

    @Test("rows written at once under a header decided at the start")
    func headerDecided() throws {
        try expectSame {
            $0.geometry = .wkt
            $0.columns = ["name", "n", "late"]
        }
        try expectSame {
            $0.geometry = .wkt
            $0.columns = ["name"]
            $0.delimiter = .semicolon
        }
    }

    @Test("rounded numbers, a huge shape alone and among many rows")
    func precisionAndCounts() throws {
        try expectSame { $0.precision = 2 }
        try expectSame([Self.line(30_000)]) { _ in }
        try expectSame([Self.line(30_000)]) { $0.lookAheadBytes = 1000 }
        // Past a provisional header, rewritten under the final one, read back in blocks of 1 MiB.
        let late = [Self.line(90_000), point(3, 4, ["late": "x"]), Self.line(90_000, altitudes: true)]
        try expectSame(late) { $0.lookAheadBytes = 1000 }
        try expectSame(late) {
            $0.lookAheadBytes = 1000
            $0.lineEnding = .crlf
        }
        let many = (0..<40).map { k in Self.line(k * 37 + 1, altitudes: k % 3 == 0) }
        try expectSame(many) { $0.lookAhead = 7 }
        try expectSame(many) {
            $0.lookAhead = 7
            $0.lookAheadBytes = 5000
        }
    }

    @Test("fields written into the temporary file before their frames come back in pieces, in order")
    func spooledFields() throws {
        let spool = CSVRowSpool(memoryRows: 2, memoryBytes: 1 << 20, directory: nil)
        let frames = [[1, 2, 3], [], [0x80, 0], [4], [], [5, 6]].map { $0.map(UInt8.init) }
        let fields: [[UInt8]?] = [nil, nil, Array(repeating: 7, count: 3_000_000), nil, [8], [0x80, 0x00]]
        for (frame, field) in zip(frames, fields) {
            if let field {
                try frame.withUnsafeBytes { frame in
                    try spool.append(frame, after: field.count) { sink in try field.withUnsafeBytes { try sink.write($0) } }
                }
            } else {
                try spool.append(frame)
            }
        }
        #expect(spool.isOnDisk)
        var back: [[UInt8]] = []
        var pieces: [UInt8] = []
        var pieceCount = 0
        try spool.forEach({ frame in
            back.append(pieces)
            pieces = []
            back.append(Array(frame))
        }, field: { piece in
            pieces += piece
            pieceCount += 1
        })
        #expect(back == zip(frames, fields).flatMap { [$1 ?? [], $0] })
        #expect(pieceCount > 3)
        #expect(throws: MapBridgeError.self) {
            try [UInt8]().withUnsafeBytes { frame in try spool.append(frame, after: 2) { sink in try sink.write(byte: 1) } }
        }
    }

    @Test("a shape's positions are counted by list against the limit")
    func counting() {
        let shape = Shape.collection([.polyline(Polyline([c(0, 0), c(1, 1)])), .annotation(c(2, 2)),
                                      .multiPolygon([Polygon(outer: [c(0, 0), c(1, 0), c(0, 1), c(0, 0)],
                                                             holes: [[c(0, 0), c(1, 1), c(0, 0)]])])])
        #expect(shape.coordinateCount == 10)
        #expect(CSVWriter.holds(shape, moreThan: 9))
        #expect(!CSVWriter.holds(shape, moreThan: 10))
        #expect(!CSVWriter.holds(.polyline(Polyline([])), moreThan: 0))
    }

    @Test("WKT written in pieces is the text, and is quoted as the text would be", arguments: [1, 7, 100, 1 << 16])
    func pieces(size: Int) throws {
        for feature in Self.features {
            let shape = try #require(feature.shape)
            var bytes: [UInt8] = []
            var pieces = 0
            _ = WKTFormatter.write(shape, precision: nil, pieceSize: size) { piece in
                bytes += piece
                pieces += 1
            }
            let text = WKTFormatter.text(of: shape).text
            #expect(String(decoding: bytes, as: UTF8.self) == text)
            if size == 1 && shape.coordinateCount > 1 { #expect(pieces > 1) }
            for delimiter in [CSVDelimiter.comma, .semicolon, .tab] {
                let encoder = CSVCellEncoder(delimiter: delimiter)
                var scan = CSVCellEncoder.WKTFieldScan()
                _ = WKTFormatter.write(shape, precision: nil, pieceSize: size) { scan.scan($0, encoder) }
                let whole = Array(text.utf8).withUnsafeBufferPointer { encoder.wktNeedsQuotes($0) }
                #expect(scan.needsQuotes == whole)
                #expect(scan.length == text.utf8.count)
            }
        }
    }
}
