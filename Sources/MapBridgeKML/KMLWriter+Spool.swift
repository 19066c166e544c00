#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel

extension KMLWriter {
    /// An anonymous temporary file that holds the placemarks until the shared styles are
    /// known: made by `makeTemporaryFile(beside:)` and unlinked at once, so it disappears with
    /// its descriptor whatever happens. Owns the descriptor, hence a class.
    final class Spool {
        private let fd: Int32
        /// Buffered output into the file.
        let sink: ByteSink

        /// Creates the file in `directory`, or in `TMPDIR` (else `/tmp`) when it is `nil`.
        /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when it cannot be created.
        init(directory: String?) throws {
            let folder = directory ?? Spool.defaultDirectory()
            let opened: Int32
            do {
                let (path, descriptor) = try makeTemporaryFile(beside: folder + "/placemarks.kml")
                unlink(path)
                opened = descriptor
            } catch let error as MapBridgeError {
                throw MapBridgeError(.outputUnavailable,
                                     "cannot create a temporary file in '\(folder)' for the KML placemarks (\(error.message)); set TMPDIR to a writable folder, or write styles inline")
            }
            fd = opened
            sink = ByteSink(fileDescriptor: opened, name: "temporary file in '\(folder)'")
        }

        deinit { close(fd) }

        /// Sends everything written so far to `output`, in large blocks.
        /// - Returns: the number of bytes copied.
        /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when reading back or writing fails.
        @discardableResult
        func copy(to output: ByteSink) throws -> Int64 {
            try sink.flush()
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw readFailure(errno) }
            let capacity = 1 << 20
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            defer { buffer.deallocate() }
            var copied: Int64 = 0
            while true {
                let n = read(fd, buffer, capacity)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw readFailure(errno)
                }
                if n == 0 { break }
                try output.write(UnsafeRawBufferPointer(start: buffer, count: n))
                copied += Int64(n)
            }
            return copied
        }

        private func readFailure(_ code: Int32) -> MapBridgeError {
            MapBridgeError(.outputUnavailable, "cannot read back the \(sink.name): \(systemErrorText(code))")
        }

        private static func defaultDirectory() -> String { ProcessEnvironment.temporaryDirectory }
    }
}
