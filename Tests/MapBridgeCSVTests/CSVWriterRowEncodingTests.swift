@testable import MapBridgeCSV
import MapBridgeIO
import MapBridgeModel
import Testing

/// How the writer encodes a row (issue 14): property fields joined as they come while their
/// columns are in order, sorted when they are not; point numbers rendered or copied from their
/// source text; strings quoted exactly when they would read back as something else.
@Suite("CSV writer row encoding")
struct CSVWriterRowEncodingTests {
    @Test("fields in column order (joined as they come) and out of order (sorted) give the same rows")
    func orderedAndUnorderedRows() throws {
        let features = [
            point(1, 2, ["a": 1, "b": 2, "c": 3]),
            point(1, 2, ["c": 30, "a": 10]),  // out of column order: sorted
            point(1, 2, ["b": 20]),  // a gap before and after
            point(1, 2, ["c": 300, "b": 200, "a": 100]),  // out of order, every column
            point(1, 2, ["a": 1, "b": 2, "c": 3, "d": "x,y"]),  // a new column at the end
            point(1, 2, [:]),
        ]
        let out = try writeAll(features)
        #expect(out.lines == [
            "lon,lat,a,b,c,d",
            "1,2,1,2,3,",
            "1,2,10,,30,",
            "1,2,,20,,",
            "1,2,100,200,300,",
            "1,2,1,2,3,\"x,y\"",
            "1,2,,,,",
            "",
        ])
    }

    @Test("a row out of order gives what the same row in order gives, for every delimiter")
    func unorderedMatchesOrdered() throws {
        for delimiter in [CSVDelimiter.comma, .semicolon, .tab, .pipe] {
            let options = writerOptions { $0.delimiter = delimiter }
            let ordered: Properties = ["k1": "v;1", "k2": .null, "k3": 3, "k4": "a\tb", "k5": "q\"q"]
            let reversed = Properties(Array(ordered.entries.reversed()))
            let out = try writeAll([point(0, 0, ordered), point(0, 0, reversed)], options: options)
            #expect(out.lines.count == 4)
            #expect(out.lines[1] == out.lines[2])
        }
    }

    @Test("point numbers: a fixed-point spelling rendered, other source text copied, values without text shortest, precision rounded")
    func pointNumbers() throws {
        let features = [
            Feature(shape: .annotation(read("0.10", "-1.50"))),
            Feature(shape: .annotation(read("1e-7", "2.0"))),
            Feature(shape: .annotation(c(1.5, -2))),
        ]
        #expect(try writeAll(features).lines == ["lon,lat", "0.10,-1.50", "1e-7,2.0", "1.5,-2", ""])
        let rounded = try writeAll(features, options: writerOptions { $0.precision = 1 })
        #expect(rounded.lines == ["lon,lat", "0.1,-1.5", "0,2", "1.5,-2", ""])
        let withAltitude = [Feature(shape: .annotation(read("1", "2", "3.50")))]
        #expect(try writeAll(withAltitude).lines == ["lon,lat,alt", "1,2,3.50", ""])
    }

    @Test("points spooled before a line get WKTFormatter's text, with their source spelling")
    func pointsThenLine() throws {
        let p = read("0.10", "-1.50", "7")
        let features = [
            Feature(shape: .annotation(p)),
            Feature(shape: .polyline(Polyline([c(1, 2), c(3, 4)]))),
        ]
        let out = try writeAll(features)
        #expect(out.lines == ["wkt", Substring(WKTFormatter.text(of: .annotation(p)).text), "\"LINESTRING (1 2, 3 4)\"", ""])
    }

    @Test("strings are quoted exactly when they would read back as something else",
          arguments: [
              ("42", "\"42\""), ("-1.5", "\"-1.5\""), ("true", "\"true\""), ("false", "\"false\""), ("\\N", "\"\\N\""),
              ("tx", "tx"), ("fa", "fa"), ("-", "-"), ("007", "007"), ("1e999", "1e999"), ("\\n", "\\n"),
              ("Paris", "Paris"), ("", "\"\""), (" a", "\" a\""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
          ])
    func stringQuoting(text: String, field: String) {
        #expect(CSVCellEncoder(delimiter: .comma).field(.string(text)) == field)
        // The rule the reader applies: what is not quoted reads back as the same string.
        if !field.hasPrefix("\"") { #expect(CSVValueTyping.value(unquoted: field) == .string(text)) }
    }

    @Test("a delimiter, quote or line break anywhere is quoted; other bytes below 0x0E are not",
          arguments: [CSVDelimiter.comma, .semicolon, .tab, .pipe])
    func quotingAtEveryPosition(delimiter: CSVDelimiter) {
        // Every length around the eight-byte words the test reads, each byte in each place:
        // the word test flags every byte below 0x0E, and only the exact look decides.
        let encoder = CSVCellEncoder(delimiter: delimiter)
        let special: [UInt8] = [delimiter.byte, UInt8(ascii: "\""), 0x0A, 0x0D]
        let harmless: [UInt8] = [0x01, 0x09, 0x0B, 0x0C].filter { $0 != delimiter.byte }
        for n in 1...24 {
            for k in 0..<n {
                for byte in special + harmless {
                    var bytes = Array(repeating: UInt8(ascii: "x"), count: n)
                    bytes[k] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    let field = encoder.field(text: text)
                    // A blank (tab) at either end is quoted for that reason alone.
                    let quoted = special.contains(byte) || (byte == 0x09 && (k == 0 || k == n - 1))
                    #expect(field.hasPrefix("\"") == quoted, "length \(n), byte \(byte) at \(k)")
                }
            }
        }
    }

    /// A coordinate as a reader makes it: its values with their source text.
    private func read(_ lon: String, _ lat: String, _ alt: String? = nil) -> Coordinate {
        Coordinate(longitude: Double(lon) ?? .nan, latitude: Double(lat) ?? .nan, altitude: alt.flatMap { Double($0) },
                   sourceText: CoordinateText(longitude: lon, latitude: lat, altitude: alt))
    }

    @Test("row bytes grow, copy runs and keep what was written")
    func rowBytes() {
        var row = CSVRowBytes()
        let text = Array("0123456789".utf8)
        for _ in 0..<100 { text.withUnsafeBufferPointer { row.append($0) } }
        row.append(UInt8(ascii: "!"))
        row.appendCopy(of: 5..<15)
        #expect(row.count == 1011)
        let bytes = row.withUnsafeBytes { Array($0) }
        #expect(bytes.prefix(1000) == ArraySlice(Array(repeating: text, count: 100).joined()))
        #expect(String(decoding: bytes.suffix(11), as: UTF8.self) == "!5678901234")
        row.removeAll()
        #expect(row.count == 0)
        row.withUnsafeSpace(4) { p in
            p[0] = 65
            p[1] = 66
            return 2
        }
        #expect(row.withUnsafeBytes { Array($0) } == [65, 66])
    }
}
