import Dispatch

/// The thread a `ByteSink` hands its full buffers to (`ByteSink.writeBehind()`): one write at
/// a time, in order, each started only once the last one is done, so that the sink can fill
/// its other buffer meanwhile.
final class WriteBehind: @unchecked Sendable {
    // @unchecked: `failure` is written by the queue's block and read by the owner only after
    // `idle.wait()`, which orders the two.
    private let queue = DispatchQueue(label: "mapbridge.write-behind")
    /// Signalled when no write is under way.
    private let idle = DispatchSemaphore(value: 1)
    /// The `errno` of the first write that failed, or 0.
    private var failure: Int32 = 0

    /// Bytes owned by the sink that stay put until the write is done.
    private struct Block: @unchecked Sendable {
        let start: UnsafeRawPointer
        let length: Int
    }

    /// Starts writing `length` bytes from `start` to `fd` once the last write is done; the
    /// bytes must stay untouched until `wait()` returns or the next `write` starts.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when an earlier write failed.
    func write(_ start: UnsafeRawPointer, _ length: Int, to fd: Int32, name: String) throws {
        idle.wait()
        guard failure == 0 else {
            idle.signal()
            throw ByteSink.writeFailure(failure, name)
        }
        let block = Block(start: start, length: length)
        queue.async { [self] in
            failure = ByteSink.writeAll(fd, block.start, block.length)
            idle.signal()
        }
    }

    /// Waits for the write under way.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when a write failed.
    func wait(name: String) throws {
        idle.wait()
        defer { idle.signal() }
        if failure != 0 { throw ByteSink.writeFailure(failure, name) }
    }

    /// Waits for the write under way, whatever became of it (the sink is going away).
    func waitQuietly() {
        idle.wait()
        idle.signal()
    }
}
