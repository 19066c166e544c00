#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// An anonymous temporary file that holds part of an output until it can take its place
/// (KML placemarks until the shared styles are known, GPX tracks until the waypoints are
/// written): made by `makeTemporaryFile(beside:)` and unlinked at once, so it disappears with
/// its descriptor whatever happens. Owns the descriptor, hence a class.
///
///     let spool = try SpoolFile(directory: nil, holding: "the GPX tracks")
///     try spool.sink.write("<trk>…</trk>")
///     try spool.copy(to: output)
public final class SpoolFile {
    private let fd: Int32
    /// Buffered output into the file.
    public let sink: ByteSink

    /// Creates the file in `directory`, or in `TMPDIR` (else `/tmp`) when it is `nil`.
    /// - Parameters:
    ///   - holding: what the file holds, for messages ("the KML placemarks").
    ///   - remedy: what to do when it cannot be made, for messages.
    ///   - bufferBytes: the bytes `sink` buffers before it writes (> 0; default 1 MiB): less for
    ///     many spools open at once.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when it cannot be created.
    public init(directory: String?, holding: String, remedy: String = "set TMPDIR to a writable folder",
                bufferBytes: Int = 1 << 20) throws {
        let folder = directory ?? ProcessEnvironment.temporaryDirectory
        let opened: Int32
        do {
            let (path, descriptor) = try makeTemporaryFile(beside: folder + "/spool")
            removeTemporaryFile(path)
            opened = descriptor
        } catch let error as MapBridgeError {
            throw MapBridgeError(.outputUnavailable,
                                 "cannot create a temporary file in '\(folder)' for \(holding) (\(error.message)); \(remedy)")
        }
        fd = opened
        sink = ByteSink(fileDescriptor: opened, name: "temporary file in '\(folder)'", capacity: max(bufferBytes, 1))
    }

    deinit { close(fd) }

    /// Sends everything written so far to `output`: copied by the kernel when `output` is a
    /// file (`ByteSink.append(contentsOfDescriptor:sourceName:)`), else in 1 MiB blocks.
    /// - Returns: the number of bytes copied.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when reading back or writing fails.
    @discardableResult
    public func copy(to output: ByteSink) throws -> Int64 {
        try sink.flush()
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw readFailure(errno) }
        return try output.append(contentsOfDescriptor: fd, sourceName: "the \(sink.name)")
    }

    /// Hands everything written so far to `body`, in order, in blocks of up to 1 MiB (each
    /// valid only during its call), for a caller that transforms the spooled bytes on the way
    /// out (the SVG writer turns its spooled coordinates into pixels).
    /// - Returns: the number of bytes read back.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when reading back fails, and
    ///   whatever `body` throws.
    @discardableResult
    public func readBack(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Int64 {
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
            try body(UnsafeRawBufferPointer(start: buffer, count: n))
            copied += Int64(n)
        }
        return copied
    }

    /// Reads up to `count` bytes of what was written so far, from byte `offset` (≥ 0), into
    /// `buffer`, for a caller that reads several spools in step with a small buffer each.
    /// - Returns: the bytes read: fewer than `count` only at the end, 0 past it.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when writing out what is
    ///   buffered or reading back fails.
    public func readBytes(at offset: Int64, into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        try sink.flush()
        var filled = 0
        while filled < count {
            let n = pread(fd, buffer + filled, count - filled, off_t(offset) + off_t(filled))
            if n < 0 {
                if errno == EINTR { continue }
                throw readFailure(errno)
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    private func readFailure(_ code: Int32) -> MapBridgeError {
        MapBridgeError(.outputUnavailable, "cannot read back the \(sink.name): \(systemErrorText(code))")
    }
}

/// Copies standard input into a new file in `TMPDIR` (else `/tmp`), for readers that pass
/// over their input more than once; the caller removes the file with `removeTemporaryFile(_:)`.
///
///     let path = try spoolStandardInput(suffix: ".kml", maximumBytes: 4 << 30)
///     defer { removeTemporaryFile(path) }
///
/// - Parameters:
///   - maximumBytes: the most copied (`--max-spool`); more is an error, so an endless input
///     (`/dev/zero`) cannot fill the disk.
///   - checkStart: called with the input's first bytes (at least 4 unless the input is
///     shorter) before anything is written; throws when they cannot start the expected
///     format, so a binary stream fails at once instead of after being spooled.
/// - Returns: the file's path. Locations made in it name the input (`-`), not the file
///   (`SourceFile.name(_:as:)`).
/// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the file cannot be made or
///   written, `.inputUnavailable` when standard input cannot be read or holds more than
///   `maximumBytes`, and whatever `checkStart` throws; no file is left then.
public func spoolStandardInput(suffix: String, maximumBytes: Int64 = StandardInputSpool.defaultMaximumBytes,
                               checkStart: (([UInt8]) throws -> Void)? = nil) throws -> String
{
    try spoolInput(try ByteSource(path: "-"), suffix: suffix, maximumBytes: maximumBytes, checkStart: checkStart)
}

/// `spoolStandardInput` for another source that can be read only once (a FIFO given by name).
public func spoolInput(_ input: ByteSource, suffix: String,
                       maximumBytes: Int64 = StandardInputSpool.defaultMaximumBytes,
                       checkStart: (([UInt8]) throws -> Void)? = nil) throws -> String
{
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    // The first bytes are read and checked before the file exists.
    var filled = 0
    while filled < 4 {
        let n = try input.read(into: buffer + filled, count: capacity - filled)
        if n == 0 { break }
        filled += n
    }
    try checkStart?(Array(UnsafeRawBufferPointer(start: buffer, count: filled)))
    let folder = ProcessEnvironment.temporaryDirectory
    let (spoolPath, fd) = try makeTemporaryFile(beside: folder + "/mapbridge-stdin" + suffix)
    defer { close(fd) }
    // Whatever reads the copy points its findings at the input.
    SourceFile.name(spoolPath, as: input.name)
    let sink = ByteSink(fileDescriptor: fd, name: spoolPath)
    do {
        var n = filled
        var total: Int64 = 0
        while n > 0 {
            total += Int64(n)
            guard total <= maximumBytes else {
                throw MapBridgeError(.inputUnavailable, "\(input.name == "-" ? "standard input" : "'\(input.name)'") holds more than \(StandardInputSpool.describe(maximumBytes)), the most \(Setting.maximumSpoolBytes.mention()) lets MapBridge copy to a temporary file in '\(folder)' to read it more than once; give the input as a file, or raise \(Setting.maximumSpoolBytes.mention(argument: "SIZE")) (such as \(Setting.maximumSpoolBytes.mention(value: "16 << 30", argument: "16GB")))")
            }
            try sink.write(UnsafeRawBufferPointer(start: buffer, count: n))
            n = try input.read(into: buffer, count: capacity)
        }
        try sink.flush()
    } catch {
        removeTemporaryFile(spoolPath)
        throw error
    }
    return spoolPath
}

/// The bound on spooling standard input.
public enum StandardInputSpool {
    /// The default `--max-spool`: 4 GiB.
    public static let defaultMaximumBytes: Int64 = 4 << 30

    /// A byte count for messages: `4 GB`, `512 MB`, `100 bytes` (units of 1024).
    public static func describe(_ bytes: Int64) -> String {
        let units: [(Int64, String)] = [(1 << 40, "TB"), (1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")]
        for (size, name) in units where bytes >= size && bytes % size == 0 { return "\(bytes / size) \(name)" }
        for (size, name) in units where bytes >= size {
            return "\((Double(bytes) / Double(size) * 10).rounded() / 10) \(name)"
        }
        return "\(bytes) byte\(bytes == 1 ? "" : "s")"
    }
}
