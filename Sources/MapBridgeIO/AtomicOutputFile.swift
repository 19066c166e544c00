#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// An output file that appears only when complete: bytes go to a temporary file beside the
/// target, which `commit()` renames into place; `abort()` (or dropping it uncommitted)
/// removes it, so a failure leaves no partial output behind.
public final class AtomicOutputFile {
    /// The target path.
    public let path: String
    /// Where the bytes go; flushed by `commit()`.
    public let sink: ByteSink
    private let temporaryPath: String
    private let fd: Int32
    private var finished = false

    /// Creates the temporary file beside `path`.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the folder is missing or
    ///   not writable, or `path` is a directory.
    public init(path: String) throws {
        self.path = path
        let (temporary, descriptor) = try makeTemporaryFile(beside: path)
        fd = descriptor
        temporaryPath = temporary
        sink = ByteSink(fileDescriptor: descriptor, name: path)
    }

    deinit { abort() }

    /// Flushes, closes and renames the temporary file onto the target.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when that fails; the temporary
    ///   file is then removed.
    public func commit() throws {
        guard !finished else { return }
        do {
            try sink.flush()
        } catch {
            abort()
            throw error
        }
        finished = true
        let closed = close(fd)
        guard closed == 0, rename(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(systemErrorText(code))")
        }
    }

    /// Removes the temporary file; the target is left as it was.
    public func abort() {
        guard !finished else { return }
        finished = true
        close(fd)
        unlink(temporaryPath)
    }
}

/// Whether two paths name the same existing file (same device and inode).
public func isSameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
}
