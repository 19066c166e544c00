#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// Where the bytes for an output path really go, decided before anything is written, so that
/// writing a file never replaces what is not a file: a device (`/dev/null`), a FIFO or a
/// link keeps being what it was.
///
///     switch try OutputTarget(path: "out.geojson", overwritesReadOnly: false) {
///     case .replace(let path, let keeping): …   // temporary file beside `path`, renamed onto it
///     case .inPlace(let path): …                // open(path, O_WRONLY) and write
///     }
public enum OutputTarget: Hashable, Sendable {
    /// A regular file, new or existing, replaced atomically: a temporary file beside `path`
    /// is renamed onto it. For a symlink to a regular file, `path` is the link's resolved
    /// target, so the link stays a link. `keeping` is the existing file's mode and owner,
    /// which the new file takes; `nil` for a new file.
    case replace(path: String, keeping: FileAttributes?)
    /// An existing file that is not a regular file (a FIFO, a character device such as
    /// `/dev/null` or `/dev/stdout`'s terminal or pipe): written straight into, in place.
    case inPlace(path: String)

    /// The permission bits and owner of an existing file, given to the file that replaces it.
    public struct FileAttributes: Hashable, Sendable {
        /// Permission bits, `0o0000...0o7777`.
        public var mode: mode_t
        /// Owner and group ids.
        public var owner: uid_t, group: gid_t
    }

    /// Decides where the output `path` goes.
    /// - Parameter overwritesReadOnly: replace an existing regular file even when it is
    ///   read-only (`--force`); otherwise that is refused as `cp` refuses it.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when `path` is a folder, a
    ///   dangling link, or a read-only file (without `overwritesReadOnly`).
    public init(path: String, overwritesReadOnly: Bool) throws {
        // /dev/stdout, /dev/fd/N, /proc/self/fd/N name a descriptor, never a file to replace.
        if OutputTarget.inheritedDescriptor(path) != nil {
            self = .inPlace(path: path)
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var linkInfo = stat()
            if lstat(path, &linkInfo) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK {
                throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': it is a link to '\(linkTarget(path))', which does not exist (\(systemErrorText(code))); write to the link's target or remove the link")
            }
            self = .replace(path: path, keeping: nil)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': it is a directory")
        case S_IFREG:
            // Root may write anything, so read-only is read from the mode bits, as cp does.
            if !overwritesReadOnly && ((info.st_mode & 0o222) == 0 || access(path, W_OK) != 0) {
                throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': it is read-only; pass \(Setting.overwritesReadOnly.mention(value: "true")) to replace it")
            }
            var resolved = path
            var linkInfo = stat()
            if lstat(path, &linkInfo) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) {
                resolved = String(cString: real)
                free(real)
            }
            self = .replace(path: resolved, keeping: FileAttributes(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid))
        default:
            self = .inPlace(path: path)
        }
    }

    /// Whether the output is written in place (not a regular file), so temporary files
    /// belong elsewhere than beside it.
    public var isInPlace: Bool {
        if case .inPlace = self { true } else { false }
    }

    /// Opens an `.inPlace` target for writing (blocking, for a FIFO, until a reader opens it).
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when it cannot be opened.
    public static func openInPlace(_ path: String) throws -> Int32 {
        if let inherited = inheritedDescriptor(path) {
            // The descriptor itself, duplicated: its offset and O_APPEND are kept (`>>`).
            let fd = fcntl(inherited, F_DUPFD_CLOEXEC, 3)
            guard fd >= 0 else {
                throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': \(systemErrorText(errno))")
            }
            return fd
        }
        while true {
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': \(systemErrorText(errno))")
        }
    }
}

extension OutputTarget.FileAttributes {
    /// Gives the open file `fd` these permission bits and, when the process may (root), this
    /// owner; failures are ignored (the file keeps the default a new file gets).
    public func apply(to fd: Int32) {
        if geteuid() == 0 { _ = fchown(fd, owner, group) }
        _ = fchmod(fd, mode)
    }
}

extension OutputTarget {
    /// The descriptor a path such as `/dev/stdout`, `/dev/fd/3` or `/proc/self/fd/3` names.
    static func inheritedDescriptor(_ path: String) -> Int32? {
        let named: [String: Int32] = ["/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2]
        if let fd = named[path] { return fd }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }
}

/// What the link at `path` points to, for messages.
private func linkTarget(_ path: String) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink(path, &buffer, buffer.count - 1)
    guard n >= 0 else { return "?" }
    return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Writes everything in `fd` (from its start) to `target`, for outputs built in a temporary
/// file and then copied into a target written in place.
/// - Throws: `MapBridgeError` of kind `.outputUnavailable` when reading or writing fails.
public func copyFile(from fd: Int32, to target: Int32, name: String) throws {
    guard lseek(fd, 0, SEEK_SET) == 0 else {
        throw MapBridgeError(.outputUnavailable, "cannot write '\(name)': \(systemErrorText(errno))")
    }
    let sink = ByteSink(fileDescriptor: target, name: name)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
        let n = read(fd, buffer, 1 << 20)
        if n < 0 {
            if errno == EINTR { continue }
            throw MapBridgeError(.outputUnavailable, "cannot write '\(name)': \(systemErrorText(errno))")
        }
        if n == 0 { break }
        try sink.write(UnsafeRawBufferPointer(start: buffer, count: n))
    }
    try sink.flush()
}
