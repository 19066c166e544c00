import Foundation
import MapBridgeIO
import MapBridgeModel
import Testing

/// A sink whose full buffers another thread writes: the same bytes in the same order as a
/// sink that writes them itself, whatever the sizes of the writes, and a failed write
/// reported by a later call.
@Suite("ByteSink writing behind")
struct ByteSinkWriteBehindTests {
    private func readFile(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("small, buffer-sized and larger writes, spaces and copies: every byte in order", arguments: [false, true])
    func sameBytes(behind: Bool) throws {
        let (path, fd) = try makeTemporaryFile(beside: NSTemporaryDirectory() + "/write-behind-test.out")
        defer {
            close(fd)
            removeTemporaryFile(path)
        }
        let sink = ByteSink(fileDescriptor: fd, name: path, capacity: 4096, rewindable: true)
        if behind { sink.writeBehind() }
        var expected: [UInt8] = []
        for round in 0..<300 {
            let size = [1, 7, 100, 4095, 4096, 4097, 10_000][round % 7]
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ round) }
            try bytes.withUnsafeBytes { try sink.write($0) }
            expected += bytes
            try sink.write(byte: UInt8(truncatingIfNeeded: round))
            expected.append(UInt8(truncatingIfNeeded: round))
            if round % 50 == 0 {
                try sink.withUnsafeSpace(3) { space in
                    space[0] = 0x41
                    space[1] = 0x42
                    return 2
                }
                expected += [0x41, 0x42]
            }
        }
        #expect(sink.bytesWritten <= Int64(expected.count))
        try sink.flush()
        #expect(sink.bytesWritten == Int64(expected.count))
        #expect(try readFile(path) == expected)

        // Read back from the middle and cut: what the thread wrote is all there first.
        let copy = ByteSink(collectingInMemoryNamed: "copy")
        #expect(try sink.copyTail(from: 1000, to: copy) == Int64(expected.count - 1000))
        try copy.flush()
        #expect(copy.collectedBytes == Array(expected[1000...]))
        try sink.cutBack(to: 500)
        try sink.write("end")
        try sink.flush()
        #expect(try readFile(path) == Array(expected[..<500]) + Array("end".utf8))
    }

    @Test("a write that fails on the thread is thrown by the next write or flush")
    func failure() throws {
        let (path, fd) = try makeTemporaryFile(beside: NSTemporaryDirectory() + "/write-behind-fail.out")
        defer { removeTemporaryFile(path) }
        close(fd)
        let readOnly = open(path, O_RDONLY)
        defer { close(readOnly) }
        let sink = ByteSink(fileDescriptor: readOnly, name: path, capacity: 64)
        sink.writeBehind()
        let block = [UInt8](repeating: 0x61, count: 50)
        var thrown: MapBridgeError?
        do {
            for _ in 0..<10 { try block.withUnsafeBytes { try sink.write($0) } }
            try sink.flush()
        } catch let error as MapBridgeError {
            thrown = error
        }
        #expect(thrown?.kind == .outputUnavailable)
        #expect(thrown?.message.contains("cannot write") == true)
    }
}
