#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

/// A new, empty file with a fresh name beside `path` (`folder/.name.mapbridge-` and six
/// random characters; a long name is shortened so the temporary name stays within the 255
/// bytes a file name may hold), open for writing, with the permissions a new file would get
/// (`0666` less the umask): the first half of writing `path` atomically, which a rename onto
/// `path` completes. The file is tracked by `TemporaryFileRegistry` until the caller passes
/// it to `removeTemporaryFile(_:)` or `forgetTemporaryFile(_:)`.
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
    var template = temporaryTemplate(beside: path)
    // Made and tracked with interruptions held back, so a signal cannot fall between the two.
    var failure: Int32 = 0
    let made = TemporaryFileRegistry.withInterruptionsHeld { () -> (path: String, descriptor: Int32)? in
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { failure = errno; return nil }
        let made = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFileRegistry.register(made)
        return (made, descriptor)
    }
    guard let (temporaryPath, descriptor) = made else {
        throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(systemErrorText(failure))")
    }
    // mkstemp makes the file 0600; give it the permissions a new file would get.
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    return (temporaryPath, descriptor)
}

/// A new, empty folder beside `path` (named as `makeTemporaryFile(beside:)` names files, mode
/// 0700), tracked by `TemporaryFileRegistry` with everything put in it, for a library that
/// makes temporary files of its own beside the one it is given (libzip).
/// - Returns: the folder's path; remove it with `removeTemporaryFolder(_:)`.
/// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the folder cannot be made.
public func makeTemporaryFolder(beside path: String) throws -> String {
    var template = temporaryTemplate(beside: path)
    var failure: Int32 = 0
    let folder = TemporaryFileRegistry.withInterruptionsHeld { () -> String? in
        guard template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.map { mkdtemp($0) } ?? nil }) != nil else {
            failure = errno
            return nil
        }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFileRegistry.register(folder, isFolder: true)
        return folder
    }
    guard let folder else {
        throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(systemErrorText(failure))")
    }
    return folder
}

/// Removes the temporary folder `path` and the files in it, and stops tracking it.
public func removeTemporaryFolder(_ path: String) {
    if let dir = opendir(path) {
        while let entry = readdir(dir) {
            withUnsafePointer(to: entry.pointee.d_name) { name in
                name.withMemoryRebound(to: CChar.self, capacity: 256) { name in _ = unlinkat(dirfd(dir), name, 0) }
            }
        }
        closedir(dir)
    }
    rmdir(path)
    TemporaryFileRegistry.unregister(path)
}

/// The `mkstemp` template for a temporary beside `path`: `folder/.name.mapbridge-XXXXXX`,
/// with `name` cut (at a character boundary) so the last component fits in 200 bytes,
/// leaving room for the suffixes libzip adds to its own temporaries.
private func temporaryTemplate(beside path: String) -> [CChar] {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    var base = Substring(slash.map { String(path[path.index(after: $0)...]) } ?? path)
    let suffix = ".mapbridge-XXXXXX"   // mkstemp replaces the six X's with a unique suffix.
    while 1 + base.utf8.count + suffix.utf8.count > 200 { base = base.dropLast() }
    return Array("\(folder.isEmpty ? "/" : folder)/.\(base)\(suffix)".utf8CString)
}

/// Facts about the process's environment.
public enum ProcessEnvironment {
    /// `$TMPDIR`, else `/tmp`, without a trailing slash.
    public static var temporaryDirectory: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp" }
        return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
    }
}
