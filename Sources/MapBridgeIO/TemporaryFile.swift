#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// A new, empty file with a fresh name beside `path` (`folder/.name.mapbridge-XXXXXX`), open
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
    var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).mapbridge-XXXXXX".utf8CString)
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
