#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// Buffered output to a file descriptor (or to memory), written with `write(2)` in large
/// blocks. Writers put bytes here; nothing is built up as one big `String`.
public final class ByteSink {
    // Used from one thread at a time and never re-entered: no dynamic exclusivity checks.
    // The buffer, its size and its fill are visible to inlined code (the fast paths below are
    // `@inlinable`, so a writer in another module copies bytes without a call per write).
    private let fd: Int32
    @usableFromInline @exclusivity(unchecked) internal var buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline internal let capacity: Int
    @usableFromInline @exclusivity(unchecked) internal var count = 0
    @exclusivity(unchecked) private var memory: [UInt8]?
    /// The thread that writes full buffers, and the buffer it may be writing, once
    /// `writeBehind()` is called.
    @exclusivity(unchecked) private var behind: WriteBehind?
    @exclusivity(unchecked) private var spare: UnsafeMutablePointer<UInt8>?
    /// The name used in messages.
    public let name: String
    /// Bytes accepted so far.
    public var bytesWritten: Int64 { drained + Int64(count) }
    /// Bytes that left the buffer (written, or handed to the writing thread).
    @exclusivity(unchecked) private var drained: Int64 = 0
    /// Whether the sink fills a regular file of its own from the file's start (a temporary
    /// file made for it), so that what it wrote can be read back (`copyTail(from:to:)`) and
    /// cut off (`cutBack(to:)`).
    public let isRewindable: Bool

    /// Output to an open file descriptor, which the sink does not close.
    /// - Parameter rewindable: the descriptor is a regular file, empty and at offset 0, that
    ///   only this sink writes (see `isRewindable`).
    public init(fileDescriptor: Int32, name: String, capacity: Int = 1 << 20, rewindable: Bool = false) {
        fd = fileDescriptor
        self.name = name
        self.capacity = capacity
        isRewindable = rewindable
        buffer = .allocate(capacity: capacity)
    }

    /// Output collected in memory; read it with `collectedBytes` after `flush()`.
    public init(collectingInMemoryNamed name: String = "<memory>") {
        fd = -1
        isRewindable = false
        self.name = name
        capacity = 1 << 16
        buffer = .allocate(capacity: capacity)
        memory = []
    }

    deinit {
        if let behind {
            behind.waitQuietly()
            spare?.deallocate()
        }
        buffer.deallocate()
    }

    /// Waits for a write the thread has under way, whatever becomes of it: before the
    /// descriptor is closed on the way out of a failure.
    public func settle() {
        behind?.waitQuietly()
    }

    /// Hands each full buffer to a thread of its own that writes it, while the caller fills
    /// another: the kernel's copy of the bytes runs beside the work that makes them. `flush()`
    /// still returns only once everything is written, and a write that fails is thrown by
    /// the next call that writes or flushes. Does nothing for an in-memory sink or when
    /// started already.
    public func writeBehind() {
        guard memory == nil, behind == nil else { return }
        behind = WriteBehind()
        spare = .allocate(capacity: capacity)
    }

    /// The bytes written so far, for an in-memory sink (after `flush()`).
    public var collectedBytes: [UInt8] { memory ?? [] }

    /// Appends one byte.
    @inlinable @inline(__always)
    public func write(byte: UInt8) throws {
        if count == capacity { try spill() }
        buffer[count] = byte
        count += 1
    }

    /// Appends raw bytes.
    @inlinable @inline(__always)
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        let n = bytes.count
        if n <= capacity &- count, let base = bytes.baseAddress {
            ByteCopy.copy(base.assumingMemoryBound(to: UInt8.self), to: buffer + count, count: n)
            count &+= n
            return
        }
        try writeLarge(bytes)
    }

    /// What does not fit in the free space: flush, then buffer the bytes or, as many as the
    /// buffer holds or more, write them straight through.
    @usableFromInline
    func writeLarge(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        try spill()
        if bytes.count >= capacity {
            try drain(base, bytes.count)
            return
        }
        (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Appends a string's UTF-8 bytes.
    @inlinable
    public func write(_ string: String) throws {
        var s = string
        try s.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `value` with `fractionDigits` digits after the point, rendered straight into
    /// the buffer (`FixedPointSpelling.render`: a `-` for a minus sign, no point for 0 digits).
    public func write(fixedPoint value: Double, fractionDigits: Int) throws {
        try withUnsafeSpace(FixedPointSpelling.maxLength) {
            FixedPointSpelling.render(value, fractionDigits: fractionDigits, into: $0)
        }
    }

    /// Appends a static string's bytes.
    @inlinable @inline(__always)
    public func write(_ string: StaticString) throws {
        try write(UnsafeRawBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Lets `body` write up to `maximum` bytes (≥ 0) straight into the buffer: it gets the
    /// address of `maximum` free bytes and returns how many it wrote (0...`maximum`). One
    /// check for room instead of one per byte, for writers that format a number or a run
    /// of markup in place.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when making room fails, or what
    ///   `body` throws.
    @inlinable
    public func withUnsafeSpace(_ maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) throws -> Int) throws {
        if maximum > capacity &- count { try spill() }
        if maximum <= capacity &- count {
            count &+= try body(buffer + count)
            return
        }
        // More than the whole buffer: write through a scratch block.
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: maximum)
        defer { block.deallocate() }
        let n = try body(block)
        try drain(UnsafeRawPointer(block), n)
    }

    /// Appends the bytes of the open file `source` from its current offset to its end
    /// (the offset is left there). Between two files the kernel copies them
    /// (`copy_file_range(2)`: no pass through user space, and none at all on file systems that
    /// share extents); where it cannot (`EXDEV`, `ENOSYS`, `EINVAL`, `EOPNOTSUPP`, `EBADF`: a
    /// pipe, another file system on older kernels, an `O_APPEND` output, an in-memory sink, a
    /// system without the call) they go through a 1 MiB buffer with `read(2)` and `write(2)`.
    /// - Parameter sourceName: what `source` holds, for messages ("the temporary file …").
    /// - Returns: the number of bytes appended.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when reading `source` or
    ///   writing fails.
    @discardableResult
    public func append(contentsOfDescriptor source: Int32, sourceName: String) throws -> Int64 {
        try flush()
        var copied: Int64 = 0
        if memory == nil, let copyFileRange = ByteSink.copyFileRange {
            while true {
                let n = copyFileRange(source, nil, fd, nil, 1 << 30, 0)
                if n > 0 {
                    copied += Int64(n)
                    drained += Int64(n)
                    continue
                }
                if n == 0 { return copied }
                let code = errno
                if code == EINTR { continue }
                if [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP, EBADF].contains(code) { break }
                throw MapBridgeError(.outputUnavailable, "cannot copy \(sourceName) to '\(name)': \(systemErrorText(code))")
            }
        }
        // The fallback goes on from wherever the kernel copy stopped.
        let capacity = 1 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { block.deallocate() }
        while true {
            let n = Glibc.read(source, block, capacity)
            if n < 0 {
                if errno == EINTR { continue }
                throw MapBridgeError(.outputUnavailable, "cannot read back \(sourceName): \(systemErrorText(errno))")
            }
            if n == 0 { return copied }
            try drain(UnsafeRawPointer(block), n)
            copied += Int64(n)
        }
    }

    /// Appends to `destination` the bytes this sink wrote from `offset` (0...`bytesWritten`)
    /// on, and goes on writing after them.
    /// - Returns: the number of bytes copied.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the sink is not
    ///   rewindable, or reading back or writing fails.
    @discardableResult
    public func copyTail(from offset: Int64, to destination: ByteSink) throws -> Int64 {
        try flush()
        try seek(to: offset)
        let copied = try destination.append(contentsOfDescriptor: fd, sourceName: "'\(name)'")
        try seek(to: bytesWritten)
        return copied
    }

    /// Forgets what was written from `length` (0...`bytesWritten`) on: the file is cut there,
    /// and what comes next is written from there.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the sink is not
    ///   rewindable or the file cannot be cut.
    public func cutBack(to length: Int64) throws {
        try flush()
        guard isRewindable, length >= 0, length <= bytesWritten, ftruncate(fd, off_t(length)) == 0 else {
            throw rewindFailure(isRewindable ? errno : EBADF)
        }
        drained = length
        try seek(to: length)
    }

    private func seek(to offset: Int64) throws {
        guard isRewindable, lseek(fd, off_t(offset), SEEK_SET) == off_t(offset) else {
            throw rewindFailure(isRewindable ? errno : EBADF)
        }
    }

    private func rewindFailure(_ code: Int32) -> MapBridgeError {
        MapBridgeError(.outputUnavailable, "cannot read back or rewrite '\(name)': \(systemErrorText(code))")
    }

    /// `copy_file_range(2)`, looked up at run time: Swift's C library module does not declare
    /// it (it needs `_GNU_SOURCE`), and a system without it falls back to read and write.
    private typealias CopyFileRange = @convention(c) (Int32, UnsafeMutablePointer<Int64>?, Int32,
                                                      UnsafeMutablePointer<Int64>?, Int, UInt32) -> Int
    private static let copyFileRange: CopyFileRange? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "copy_file_range") else { return nil }
        return unsafeBitCast(symbol, to: CopyFileRange.self)
    }()

    /// Sends everything buffered to the descriptor.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the write fails (disk full).
    public func flush() throws {
        if count > 0 {
            let n = count
            count = 0
            try drain(UnsafeRawPointer(buffer), n)
        }
        try behind?.wait(name: name)
    }

    /// Makes room in the buffer: hands it to the writing thread when there is one, else
    /// flushes.
    @usableFromInline
    func spill() throws {
        guard let behind, let spare, count > 0 else { return try flush() }
        drained += Int64(count)
        try behind.write(UnsafeRawPointer(buffer), count, to: fd, name: name)
        self.spare = buffer
        buffer = spare
        count = 0
    }

    @usableFromInline
    func drain(_ start: UnsafeRawPointer, _ length: Int) throws {
        try behind?.wait(name: name)  // what the thread is writing comes first
        drained += Int64(length)
        if memory != nil {
            memory?.append(contentsOf: UnsafeRawBufferPointer(start: start, count: length))
            return
        }
        let code = Self.writeAll(fd, start, length)
        if code != 0 { throw Self.writeFailure(code, name) }
    }

    /// Writes `length` bytes from `start` to `fd`, again after an interruption or a short
    /// write. - Returns: 0, or the `errno` of the write that failed.
    static func writeAll(_ fd: Int32, _ start: UnsafeRawPointer, _ length: Int) -> Int32 {
        var offset = 0
        while offset < length {
            let n = Glibc.write(fd, start + offset, length - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    static func writeFailure(_ code: Int32, _ name: String) -> MapBridgeError {
        MapBridgeError(.outputUnavailable, "cannot write '\(name)': \(systemErrorText(code))")
    }
}
