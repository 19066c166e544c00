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
/// removes it, so a failure leaves no partial output behind. A target that is not a regular
/// file (a FIFO, `/dev/null`) is written straight into instead (see `OutputTarget`); a link
/// to a file is replaced at its target and stays a link; a replaced file keeps its mode.
public final class AtomicOutputFile {
    /// The target path, as given.
    public let path: String
    /// Where the bytes go; flushed by `commit()`.
    public let sink: ByteSink
    /// The temporary file and the path it is renamed onto; `nil` for a target written in place.
    private let rename: (temporary: String, target: String)?
    private let fd: Int32
    private var finished = false

    /// Creates the temporary file beside `path` (or opens `path` when it is written in place).
    /// - Parameter overwritesReadOnly: replace an existing read-only file (`--force`).
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the folder is missing or
    ///   not writable, `path` is a directory, a dangling link, or read-only.
    public init(path: String, overwritesReadOnly: Bool = false) throws {
        self.path = path
        switch try OutputTarget(path: path, overwritesReadOnly: overwritesReadOnly) {
        case .inPlace(let target):
            fd = try OutputTarget.openInPlace(target)
            rename = nil
        case .replace(let target, let keeping):
            let (temporary, descriptor) = try makeTemporaryFile(beside: target)
            keeping?.apply(to: descriptor)
            fd = descriptor
            rename = (temporary, target)
        }
        // The temporary file is the sink's own from its start; a target written in place is not.
        sink = ByteSink(fileDescriptor: fd, name: path, rewindable: rename != nil)
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
        guard let rename else {
            guard closed == 0 else {
                throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': \(systemErrorText(errno))")
            }
            return
        }
        guard closed == 0, Glibc.rename(rename.temporary, rename.target) == 0 else {
            let code = errno
            removeTemporaryFile(rename.temporary)
            throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(systemErrorText(code))")
        }
        forgetTemporaryFile(rename.temporary)
    }

    /// Removes the temporary file; the target is left as it was (a target written in place
    /// keeps what was written).
    public func abort() {
        guard !finished else { return }
        finished = true
        sink.settle()
        close(fd)
        if let rename { removeTemporaryFile(rename.temporary) }
    }
}

/// Whether two paths name the same existing file (same device and inode).
public func isSameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
}
