import MapBridgeIO
import Testing

@Suite("ByteSink: bytes, runs and space written in place, across the buffer's end")
struct ByteSinkTests {
    /// Bytes 0, 1, 2 … 250, 0, 1 … from `start`: a pattern where a dropped or doubled byte shows.
    private func pattern(_ count: Int, from start: Int = 0) -> [UInt8] {
        (0..<count).map { UInt8((start + $0) % 251) }
    }

    @Test("nothing written: no bytes")
    func empty() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        try sink.write([UInt8]().withUnsafeBytes { $0 })
        try sink.withUnsafeSpace(0) { _ in 0 }
        try sink.flush()
        #expect(sink.collectedBytes.isEmpty)
        #expect(sink.bytesWritten == 0)
    }

    @Test("runs that straddle the buffer's end, and runs larger than the buffer, arrive in order")
    func runs() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        var expected: [UInt8] = []
        // The in-memory sink buffers 64 KiB: these sizes cross its end several ways.
        for size in [1, 7, 65_535, 3, 65_536, 200_000, 0, 12] {
            let run = pattern(size, from: expected.count)
            try run.withUnsafeBytes { try sink.write($0) }
            expected += run
        }
        try sink.write("é\"x" as StaticString)
        expected += Array("é\"x".utf8)
        try sink.write(String(repeating: "ab", count: 40_000))
        expected += Array(String(repeating: "ab", count: 40_000).utf8)
        try sink.flush()
        #expect(sink.collectedBytes == expected)
        #expect(sink.bytesWritten == Int64(expected.count))
    }

    @Test("space written in place: what the body says it wrote, also past the buffer's size")
    func space() throws {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        var expected: [UInt8] = []
        for (maximum, used) in [(10, 4), (65_530, 65_530), (24, 24), (100_000, 99_999), (5, 0)] {
            let run = pattern(used, from: expected.count)
            try sink.withUnsafeSpace(maximum) { p in
                for (k, b) in run.enumerated() { p[k] = b }
                return used
            }
            expected += run
            try sink.write(byte: 0xFF)
            expected.append(0xFF)
        }
        try sink.flush()
        #expect(sink.collectedBytes == expected)
    }
}
