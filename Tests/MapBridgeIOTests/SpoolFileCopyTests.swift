import Foundation
import MapBridgeIO
import Testing

/// A spool copied into its output: by the kernel between two files, through a buffer into a
/// pipe or memory; every byte in order, counted in the output's `bytesWritten`.
@Suite("SpoolFile copy and ByteSink.append(contentsOfDescriptor:)")
struct SpoolFileCopyTests {
    /// 3 MiB and a bit of bytes that are not one block repeated.
    private static let payload: [UInt8] = (0..<(3 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }

    private func spool(_ bytes: [UInt8]) throws -> SpoolFile {
        let spool = try SpoolFile(directory: nil, holding: "the test bytes")
        try bytes.withUnsafeBytes { try spool.sink.write($0) }
        return spool
    }

    private func readFile(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("an empty spool appends nothing")
    func empty() throws {
        let output = ByteSink(collectingInMemoryNamed: "out")
        #expect(try spool([]).copy(to: output) == 0)
        try output.flush()
        #expect(output.collectedBytes.isEmpty)
    }

    @Test("into a file: after what the sink holds, every byte, counted")
    func intoFile() throws {
        let (path, fd) = try makeTemporaryFile(beside: NSTemporaryDirectory() + "/spool-copy-test.out")
        defer { close(fd); removeTemporaryFile(path) }
        let output = ByteSink(fileDescriptor: fd, name: path)
        try output.write("head:")
        #expect(try spool(Self.payload).copy(to: output) == Int64(Self.payload.count))
        try output.write(":tail")
        try output.flush()
        #expect(output.bytesWritten == Int64(Self.payload.count + 10))
        #expect(try readFile(path) == Array("head:".utf8) + Self.payload + Array(":tail".utf8))
    }

    @Test("into memory and into a pipe, where the kernel cannot copy: the same bytes")
    func fallbacks() throws {
        let memory = ByteSink(collectingInMemoryNamed: "out")
        #expect(try spool(Self.payload).copy(to: memory) == Int64(Self.payload.count))
        try memory.flush()
        #expect(memory.collectedBytes == Self.payload)

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let small = Array(Self.payload.prefix(40_000))  // fits in a pipe's buffer
        let output = ByteSink(fileDescriptor: ends[1], name: "pipe")
        #expect(try spool(small).copy(to: output) == Int64(small.count))
        try output.flush()
        close(ends[1])
        var received: [UInt8] = []
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate(); close(ends[0]) }
        while case let n = read(ends[0], buffer, 1 << 16), n > 0 {
            received += UnsafeRawBufferPointer(start: buffer, count: n)
        }
        #expect(received == small)
    }

    @Test("from a descriptor's current offset to its end")
    func fromOffset() throws {
        let (path, fd) = try makeTemporaryFile(beside: NSTemporaryDirectory() + "/spool-copy-source.in")
        defer { close(fd); removeTemporaryFile(path) }
        let source = ByteSink(fileDescriptor: fd, name: path)
        try source.write("skip me|keep me")
        try source.flush()
        #expect(lseek(fd, 8, SEEK_SET) == 8)
        let output = ByteSink(collectingInMemoryNamed: "out")
        #expect(try output.append(contentsOfDescriptor: fd, sourceName: "the source") == 7)
        try output.flush()
        #expect(String(decoding: output.collectedBytes, as: UTF8.self) == "keep me")
    }
}
