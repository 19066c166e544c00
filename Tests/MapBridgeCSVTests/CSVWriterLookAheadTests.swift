#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MapBridgeCSV
import MapBridgeIO
import MapBridgeModel
import Testing

/// How the writer learns its columns before the header: a bounded look-ahead in memory, then
/// a temporary file, so that a column first seen late is kept and reported.
@Suite("CSV writer look-ahead")
struct CSVWriterLookAheadTests {
    private func features(_ count: Int, lateAt: Int? = nil) -> [Feature] {
        (1...count).map { k in
            var p: Properties = ["k": .number(NumberValue(k))]
            if k == lateAt { p["late"] = "here" }
            return point(Double(k), 1, p)
        }
    }

    @Test("columns within the look-ahead take their first-seen order, without a report")
    func withinLookAhead() throws {
        let out = try writeAll([Feature(properties: ["b": 1]), Feature(properties: ["a": 2, "b": 3]), Feature(properties: ["c": 4])])
        #expect(out.text == "b,a,c\n1,,\n3,2,\n,,4\n")
        #expect(out.diagnostics.isEmpty)
    }

    @Test("a column first seen after the look-ahead is kept at the end and reported", arguments: [2, 3])
    func lateColumn(lookAhead: Int) throws {
        let out = try writeAll(features(5, lateAt: 4), options: writerOptions { $0.lookAhead = lookAhead })
        #expect(out.text == "lon,lat,k,late\n1,1,1,\n2,1,2,\n3,1,3,\n4,1,4,here\n5,1,5,\n")
        let report = try #require(out.diagnostics.first)
        #expect(report.code == "csv-late-column")
        #expect(report.severity == .info)
        #expect(report.message.contains("'late' first appears in feature 4, after the look-ahead of \(lookAhead) features"))
    }

    @Test("a late column within the look-ahead is not reported")
    func lateButWithin() throws {
        let out = try writeAll(features(5, lateAt: 4), options: writerOptions { $0.lookAhead = 4 })
        #expect(out.diagnostics.isEmpty)
        #expect(out.lines[0] == "lon,lat,k,late")
    }

    @Test("the geometry layout is decided over every feature, even past the look-ahead")
    func lateLine() throws {
        var input = features(4)
        input.append(Feature(shape: .polyline(Polyline([c(0, 0), c(1, 1)]))))
        let out = try writeAll(input, options: writerOptions { $0.lookAhead = 2 })
        #expect(out.lines[0] == "wkt,k")
        #expect(out.lines[1] == "POINT (1 1),1")
        #expect(out.lines[5] == "\"LINESTRING (0 0, 1 1)\",")
    }

    @Test("rows past the look-ahead go through a temporary file and come out the same")
    func spoolMatchesMemory() throws {
        let input = (1...50).map { k in point(Double(k) / 8, -Double(k), ["name": .string("place \(k)"), "note": k % 7 == 0 ? .string("a,\"b\"") : .null]) }
        let inMemory = try writeAll(input, options: writerOptions { $0.lookAhead = 1000 })
        let spooled = try writeAll(input, options: writerOptions {
            $0.lookAhead = 3
            $0.temporaryDirectory = "/tmp"
        })
        #expect(spooled.text == inMemory.text)
    }

    @Test("a temporary folder that cannot be written is an output error once rows must wait there")
    func unwritableFolder() throws {
        let options = writerOptions {
            $0.lookAhead = 1
            $0.temporaryDirectory = "/nonexistent-mapbridge-folder"
        }
        #expect(try writeAll(features(1), options: options).lines.count == 3)
        #expect(writeError(features(2), options: options)?.kind == .outputUnavailable)
    }

    @Test("with columns and geometry given, the header is written at once and rows stream")
    func streaming() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out.csv")
        let writer = CSVWriter(sink: sink, options: writerOptions {
            $0.columns = ["k"]
            $0.geometry = .xy
        })
        try writer.begin(DocumentInfo())
        try writer.write(point(1, 2, ["k": 7]))
        try sink.flush()
        #expect(String(decoding: sink.collectedBytes, as: UTF8.self) == "lon,lat,k\n1,2,7\n")
        try writer.finish(DocumentInfo())
    }
}

/// The look-ahead is bounded in bytes as well as rows (issue 12, item 15): a thousand rows of a
/// megabyte each must not wait in memory.
@Suite("CSV writer look-ahead in bytes")
struct CSVWriterLookAheadBytesTests {
    @Test("rows past the byte budget move to the temporary file, within the row count")
    func spillsOnBytes() throws {
        let spool = CSVRowSpool(memoryRows: 1000, memoryBytes: 4096, directory: nil)
        let row = [UInt8](repeating: UInt8(ascii: "x"), count: 1500)
        try spool.append(row)
        try spool.append(row)
        #expect(!spool.isOnDisk)
        try spool.append(row)
        #expect(spool.isOnDisk)
        var back: [[UInt8]] = []
        try spool.forEach { back.append(Array($0)) }
        #expect(back == [row, row, row])
    }

    @Test("rows read back from the temporary file: across its 1 MiB reads, and larger than them")
    func framesFromDisk() throws {
        let spool = CSVRowSpool(memoryRows: 1, memoryBytes: 0, directory: nil)
        let rows = [3, 1_048_570, 2_500_000, 0, 70_000, 1].enumerated().map { k, n in
            (0..<n).map { UInt8(truncatingIfNeeded: $0 &+ k) }
        }
        for row in rows { try spool.append(row) }
        #expect(spool.isOnDisk)
        var back: [[UInt8]] = []
        try spool.forEach { back.append(Array($0)) }
        #expect(back == rows)
    }

    @Test("the writer's default budget is 16 MiB")
    func defaultBudget() {
        #expect(CSVWriter.Options().lookAheadBytes == 16 << 20)
    }

    @Test("rows larger than the budget come out the same as from memory")
    func bigRowsRoundTrip() throws {
        let input = (1...20).map { k in point(Double(k), 1, ["text": .string(String(repeating: "ab", count: 300 + k))]) }
        let small = try writeAll(input, options: writerOptions { $0.lookAheadBytes = 1000 })
        let large = try writeAll(input, options: writerOptions { $0.lookAheadBytes = 1 << 30 })
        #expect(small.text == large.text)
    }
}
