#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// A file or standard input read in chunks with `read(2)`; owns its file descriptor.
///
///     let source = try ByteSource(path: "places.geojson")
///     let n = try source.read(into: buffer, count: 1 << 20)
public final class ByteSource {
    /// The name used in messages: the path as given, or `-` for standard input.
    public let name: String
    /// The file's size in bytes when it is a regular file.
    public let totalBytes: Int64?
    /// Bytes handed out so far.
    public private(set) var bytesRead: Int64 = 0
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let memory: [UInt8]?
    private var memoryOffset = 0
    private let custom: ((UnsafeMutableRawPointer, Int) throws -> Int)?
    /// Whether `takeRest()` hands the bytes over (`init(lending:name:)`).
    private var lends = false

    /// Opens a file for reading; `-` reads standard input.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it is missing, a directory
    ///   or unreadable.
    public init(path: String) throws {
        name = path
        memory = nil
        custom = nil
        if path == "-" {
            fd = 0
            ownsDescriptor = false
            totalBytes = ByteSource.regularFileSize(0)
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else {
            throw MapBridgeError(.inputUnavailable, "cannot open '\(path)': \(systemErrorText(errno))")
        }
        var info = stat()
        if fstat(opened, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(opened)
            throw MapBridgeError(.inputUnavailable, "'\(path)' is a directory, not a file")
        }
        fd = opened
        ownsDescriptor = true
        totalBytes = ByteSource.regularFileSize(opened)
    }

    /// A source over bytes in memory (for tests and small inline inputs).
    public init(bytes: [UInt8], name: String = "<memory>") {
        self.name = name
        memory = bytes
        custom = nil
        fd = -1
        ownsDescriptor = false
        totalBytes = Int64(bytes.count)
    }

    /// A source over bytes in memory that a reader may take all at once (`takeRest()`) rather
    /// than copy out a piece at a time: a chunk of a larger input that a tokenizer reads in
    /// place. Read with `read(into:count:)`, it is `init(bytes:name:)`.
    public convenience init(lending bytes: [UInt8], name: String) {
        self.init(bytes: bytes, name: name)
        lends = true
    }

    /// A source whose bytes come from `read(buffer, count)`, which returns how many bytes it
    /// wrote (0 at the end) or throws; for example a member of a zip archive, decompressed as
    /// it is read.
    public init(name: String, totalBytes: Int64?, read: @escaping (UnsafeMutableRawPointer, Int) throws -> Int) {
        self.name = name
        self.totalBytes = totalBytes
        memory = nil
        custom = read
        fd = -1
        ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Reads up to `count` bytes into `buffer`; returns 0 at the end of input.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` on a read error.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        if let custom {
            let n = try custom(buffer, count)
            bytesRead += Int64(n)
            return n
        }
        if let memory {
            let n = Swift.min(count, memory.count - memoryOffset)
            if n > 0 {
                memory.withUnsafeBytes { src in
                    if let base = src.baseAddress { buffer.copyMemory(from: base + memoryOffset, byteCount: n) }
                }
                memoryOffset += n
                bytesRead += Int64(n)
            }
            return n
        }
        while true {
            let n = Glibc.read(fd, buffer, count)
            if n >= 0 {
                bytesRead += Int64(n)
                return n
            }
            if errno == EINTR { continue }
            throw MapBridgeError(.inputUnavailable, "cannot read '\(name)': \(systemErrorText(errno))")
        }
    }

    /// For a source made with `init(lending:name:)`: the bytes not yet read, all at once and
    /// without a copy while none has been read; they count as read, and the source is at its
    /// end. `nil` (nothing read) for any other source.
    public func takeRest() -> [UInt8]? {
        guard lends, let memory else { return nil }
        let rest = memoryOffset == 0 ? memory : Array(memory[memoryOffset...])
        bytesRead += Int64(rest.count)
        memoryOffset = memory.count
        return rest
    }

    /// Goes back to the first byte, for a reader that passes over its input more than once
    /// without opening it again; `bytesRead` starts again from 0. Only a file that can seek
    /// (a regular file) or bytes in memory can; a pipe, FIFO, terminal or `read` closure
    /// cannot, and is left where it is.
    /// - Returns: whether the source is back at its start.
    public func rewind() -> Bool {
        if custom != nil { return false }
        if memory != nil {
            memoryOffset = 0
        } else {
            guard totalBytes != nil, lseek(fd, 0, SEEK_SET) == 0 else { return false }
        }
        bytesRead = 0
        return true
    }

    private static func regularFileSize(_ fd: Int32) -> Int64? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}

/// The C library's text for an `errno` value.
public func systemErrorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
