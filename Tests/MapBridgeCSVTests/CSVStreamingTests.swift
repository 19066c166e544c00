#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeCSV
import MapBridgeIO
import MapBridgeModel
import Testing

/// Large fields and many rows go through in chunks: the input is generated as it is read and
/// the output goes to /dev/null, so nothing holds the whole file.
@Suite("CSV streaming")
struct CSVStreamingTests {
    /// A source that makes `rows` rows on demand, never holding more than one chunk.
    private func generated(rows: Int, header: String, row: @escaping (Int) -> String) -> ByteSource {
        var pending = Array(header.utf8)
        var next = 0
        var offset = 0
        return ByteSource(name: "generated.csv", totalBytes: nil) { buffer, capacity in
            var written = 0
            while written < capacity {
                if offset == pending.count {
                    guard next < rows else { break }
                    pending = Array(row(next).utf8)
                    offset = 0
                    next += 1
                }
                let n = min(capacity - written, pending.count - offset)
                pending.withUnsafeBytes { src in
                    (buffer + written).copyMemory(from: src.baseAddress! + offset, byteCount: n)
                }
                offset += n
                written += n
            }
            return written
        }
    }

    @Test("100,000 generated rows stream through the reader and the writer")
    func manyRows() throws {
        let rows = 100_000
        let source = generated(rows: rows, header: "id,name,lat,lon,wkt_note\r\n") { k in
            "\(k),\"place \(k), \"\"quoted\"\"\",\(Double(k % 1800) / 20 - 45),\(Double(k % 3600) / 10 - 180),\(k % 5 == 0 ? "\\N" : "x")\r\n"
        }
        let reader = CSVReader(source: source)
        let devNull = open("/dev/null", O_WRONLY)
        try #require(devNull >= 0)
        defer { close(devNull) }
        let sink = ByteSink(fileDescriptor: devNull, name: "/dev/null")
        let writer = CSVWriter(sink: sink)
        try writer.begin(try reader.open())
        var count = 0
        var last: Feature?
        while let f = try reader.next() {
            try writer.write(f)
            count += 1
            last = f
        }
        try writer.finish(reader.document)
        #expect(count == rows)
        #expect(last?.title == "place 99999, \"quoted\"")
        #expect(last?.location?.line == rows + 1)
        #expect(sink.bytesWritten > Int64(rows) * 30)
    }

    @Test("a field of several megabytes across many chunks is read whole and written back")
    func largeField() throws {
        let big = String(repeating: "0123456789,\"\n", count: 400_000)  // 5.2 MB with quotes, commas, breaks
        let quoted = "\"" + String(repeating: "0123456789,\"\"\n", count: 400_000) + "\""
        let text = "name,lat,lon,blob\nA,1,2,\(quoted)\nB,3,4,small\n"
        let result = try readAll(text)
        #expect(result.features.count == 2)
        #expect(result.features[0].properties["blob"] == .string(big))
        #expect(result.features[1].location?.line == 2 + 400_000 + 1)
        #expect(try writeAll(result.features).text == "lon,lat,name,blob\n2,1,A,\(quoted)\n4,3,B,small\n")
    }
}
