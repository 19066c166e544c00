#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// A new, empty file with a fresh name beside `path` (`folder/.name.mapbridge-` and six
/// random characters), open
/// for writing, with the permissions a new file would get (`0666` less the umask): the first
/// half of writing `path` atomically, which a rename onto `path` completes.
///
///     let (temporary, fd) = try makeTemporaryFile(beside: "out/places.kmz")
///
/// - Returns: the temporary file's path and its open descriptor, which the caller closes.
/// - Throws: `MapBridgeError` of kind `.outputUnavailable` when `path` is a directory or its
///   folder is missing or not writable.
public func makeTemporaryFile(beside path: String) throws -> (path: String, descriptor: Int32) {
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': it is a directory")
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    // mkstemp replaces the six trailing X's with a unique suffix.
    let unique = String(repeating: "X", count: 6)
    var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).mapbridge-\(unique)".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else {
        throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(systemErrorText(errno))")
    }
    // mkstemp makes the file 0600; give it the permissions a new file would get.
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (temporaryPath, descriptor)
}

/// Facts about the process's environment.
public enum ProcessEnvironment {
    /// `$TMPDIR`, else `/tmp`, without a trailing slash.
    public static var temporaryDirectory: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp" }
        return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
    }
}
