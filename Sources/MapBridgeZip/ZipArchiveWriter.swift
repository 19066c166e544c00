#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CLibZip
import MapBridgeIO
import MapBridgeModel

/// A new zip archive (a KMZ), written through libzip to a temporary file beside the target and
/// renamed into place by `commit()`: a failure, or dropping the writer uncommitted, leaves no
/// partial archive behind and the target as it was.
///
///     let kmz = try ZipArchiveWriter(path: "places.kmz")
///     try kmz.addFile(at: temporaryKML, as: "doc.kml")   // doc.kml first: readers take the first .kml
///     try kmz.add(pngBytes, as: "images/pin.png", compression: .store)
///     try kmz.commit()
///
/// Entries are written in the order they are added; files are read, and compressed, only in
/// `commit()`, so they must stay in place until then. Use it from one thread at a time.
public final class ZipArchiveWriter {
    /// How an entry's bytes are stored.
    public enum Compression: Hashable, Sendable {
        /// Deflate at zlib's default level (what KMZ readers expect for `doc.kml`).
        case deflate
        /// Stored as they are, for data that is compressed already (PNG, JPEG).
        case store
    }

    /// The target path.
    public let path: String
    /// The names added so far, in order.
    public private(set) var names: [String] = []
    /// The same names, to refuse a repeat in O(1).
    private var taken: Set<String> = []
    /// Where the archive goes in the end.
    private let target: OutputTarget
    /// The temporary folder the archive is built in, and the archive's path in it.
    private let folder: String, temporaryPath: String
    private var archive: OpaquePointer?
    /// Archives whose entries are copied in: libzip reads them in `commit()`.
    private var sourceArchives: [ZipArchiveReader] = []

    /// Prepares a new archive for `path`; nothing appears there before `commit()`. The
    /// archive is built in a temporary folder beside the target (libzip adds temporary files
    /// of its own beside the archive), or in `TMPDIR` for a target written in place (a FIFO,
    /// a device; see `OutputTarget`).
    /// - Parameter overwritesReadOnly: replace an existing read-only file (`--force`).
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when `path` is a folder, a
    ///   dangling link or read-only, or the folder it names is missing or not writable.
    public init(path: String, overwritesReadOnly: Bool = false) throws {
        self.path = path
        target = try OutputTarget(path: path, overwritesReadOnly: overwritesReadOnly)
        switch target {
        case .replace(let resolved, _): folder = try makeTemporaryFolder(beside: resolved)
        case .inPlace: folder = try makeTemporaryFolder(beside: ProcessEnvironment.temporaryDirectory + "/kmz")
        }
        temporaryPath = folder + "/archive.kmz"
        // libzip writes the archive beside this file and renames it over it, keeping its mode.
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            removeTemporaryFolder(folder)
            throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(systemErrorText(code))")
        }
        if case .replace(_, let keeping?) = target { keeping.apply(to: descriptor) }
        close(descriptor)
        var code: Int32 = 0
        guard let opened = zip_open(temporaryPath, ZIP_TRUNCATE, &code) else {
            removeTemporaryFolder(folder)
            throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(zipErrorText(code: code))")
        }
        archive = opened
    }

    deinit { abort() }

    /// Adds the file at `sourcePath` as the entry `name`; the file is read in `commit()`.
    ///
    /// - Parameters:
    ///   - sourcePath: a readable regular file.
    ///   - name: a relative path with `/` between folders, no `..`, not used before.
    ///   - compression: `.deflate` unless given.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when the file cannot be read,
    ///   `.outputUnavailable` when the name is unsafe or taken, or libzip refuses the entry.
    public func addFile(at sourcePath: String, as name: String, compression: Compression = .deflate) throws {
        let archive = try openArchive(adding: name)
        try checkReadableFile(sourcePath, for: path)
        guard let source = zip_source_file(archive, sourcePath, 0, -1) else {
            throw MapBridgeError(.inputUnavailable, "cannot read '\(sourcePath)': \(zipErrorText(archive: archive))")
        }
        try add(source, as: name, compression: compression, to: archive)
    }

    /// Adds `bytes` as the entry `name`.
    ///
    /// - Parameters:
    ///   - bytes: the entry's contents (copied).
    ///   - name: a relative path with `/` between folders, no `..`, not used before.
    ///   - compression: `.deflate` unless given.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the name is unsafe or
    ///   taken, or libzip refuses the entry.
    public func add(_ bytes: [UInt8], as name: String, compression: Compression = .deflate) throws {
        let archive = try openArchive(adding: name)
        // libzip frees the copy (freep = 1) once the archive is written or discarded.
        let copy = malloc(max(bytes.count, 1))
        guard let copy else { throw MapBridgeError(.outputUnavailable, "cannot add '\(name)' to '\(path)': out of memory") }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(copy), byteCount: $0.count) }
        guard let source = zip_source_buffer(archive, copy, UInt64(bytes.count), 1) else {
            free(copy)
            throw MapBridgeError(.outputUnavailable, "cannot add '\(name)' to '\(path)': \(zipErrorText(archive: archive))")
        }
        try add(source, as: name, compression: compression, to: archive)
    }

    /// Copies `entry` of `reader`'s archive into this one under the same name, as it is stored:
    /// compressed data is copied, not expanded and compressed again, so the copy costs no
    /// decompression (and a zip bomb among the entries stays inert). `reader` is kept open
    /// until `commit()`.
    ///
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the name is unsafe or
    ///   taken, the entry is a folder or encrypted, or libzip refuses it.
    public func addEntry(_ entry: ZipEntry, from reader: ZipArchiveReader) throws {
        let archive = try openArchive(adding: entry.name)
        guard !entry.isDirectory, !entry.isEncrypted else {
            throw MapBridgeError(.outputUnavailable, "cannot copy '\(entry.name)' into '\(path)': it is \(entry.isDirectory ? "a folder" : "encrypted")")
        }
        guard let source = zip_source_zip(archive, reader.archive, UInt64(entry.index), 0, 0, -1) else {
            throw MapBridgeError(.outputUnavailable, "cannot copy '\(entry.name)' into '\(path)': \(zipErrorText(archive: archive))")
        }
        guard zip_file_add(archive, entry.name, source, ZIP_FL_ENC_UTF_8) >= 0 else {
            zip_source_free(source)
            throw MapBridgeError(.outputUnavailable, "cannot copy '\(entry.name)' into '\(path)': \(zipErrorText(archive: archive))")
        }
        record(entry.name)
        if !sourceArchives.contains(where: { $0 === reader }) { sourceArchives.append(reader) }
    }

    /// Writes the archive and renames it onto `path`.
    /// - Throws: `MapBridgeError` of kind `.outputUnavailable` when the archive cannot be
    ///   written (the disk is full, an added file has gone); the temporary file is then removed
    ///   and the target left as it was.
    public func commit() throws {
        guard let archive else {
            throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': the archive was already committed or abandoned")
        }
        self.archive = nil
        if names.isEmpty {
            // libzip deletes an archive with no entries; write the 22-byte empty one instead.
            zip_discard(archive)
            try writeEmptyArchive()
        } else if zip_close(archive) != 0 {
            let message = zipErrorText(archive: archive)
            zip_discard(archive)
            removeTemporaryFolder(folder)
            throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': \(message)")
        }
        defer { removeTemporaryFolder(folder) }
        switch target {
        case .replace(let resolved, _):
            guard rename(temporaryPath, resolved) == 0 else {
                throw MapBridgeError(.outputUnavailable, "cannot create '\(path)': \(systemErrorText(errno))")
            }
        case .inPlace(let resolved):
            let source = open(temporaryPath, O_RDONLY | O_CLOEXEC)
            guard source >= 0 else {
                throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': \(systemErrorText(errno))")
            }
            defer { close(source) }
            let output = try OutputTarget.openInPlace(resolved)
            defer { close(output) }
            try copyFile(from: source, to: output, name: path)
        }
    }

    /// Drops what was added and removes the temporary file; the target is left as it was.
    public func abort() {
        guard let archive else { return }
        self.archive = nil
        zip_discard(archive)
        removeTemporaryFolder(folder)
    }

    private func openArchive(adding name: String) throws -> OpaquePointer {
        guard let archive else {
            throw MapBridgeError(.outputUnavailable, "cannot add '\(name)' to '\(path)': the archive was already committed or abandoned")
        }
        guard ZipEntry.isSafeName(name) else {
            throw MapBridgeError(
                .outputUnavailable, "cannot add '\(name)' to '\(path)': an entry name must be a relative path without '..'")
        }
        guard !taken.contains(name) else {
            throw MapBridgeError(.outputUnavailable, "cannot add '\(name)' to '\(path)' twice")
        }
        return archive
    }

    private func add(_ source: OpaquePointer, as name: String, compression: Compression, to archive: OpaquePointer) throws {
        let index = zip_file_add(archive, name, source, ZIP_FL_ENC_UTF_8)
        guard index >= 0 else {
            zip_source_free(source)
            throw MapBridgeError(.outputUnavailable, "cannot add '\(name)' to '\(path)': \(zipErrorText(archive: archive))")
        }
        let method = compression == .deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE
        guard zip_set_file_compression(archive, UInt64(index), method, 0) == 0 else {
            throw MapBridgeError(.outputUnavailable, "cannot compress '\(name)' in '\(path)': \(zipErrorText(archive: archive))")
        }
        record(name)
    }

    private func record(_ name: String) {
        names.append(name)
        taken.insert(name)
    }

    private func writeEmptyArchive() throws {
        // The end-of-central-directory record alone: signature, then 18 zero bytes.
        let record: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)
        let fd = open(temporaryPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
        let written = fd >= 0 ? record.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } : -1
        let code = errno
        if fd >= 0 { close(fd) }
        guard written == record.count else {
            removeTemporaryFolder(folder)
            throw MapBridgeError(.outputUnavailable, "cannot write '\(path)': \(systemErrorText(code))")
        }
    }
}

/// Checks that `sourcePath` is a regular file that can be read.
private func checkReadableFile(_ sourcePath: String, for target: String) throws {
    let fd = open(sourcePath, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
        throw MapBridgeError(.inputUnavailable, "cannot read '\(sourcePath)' to add to '\(target)': \(systemErrorText(errno))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        throw MapBridgeError(.inputUnavailable, "cannot add '\(sourcePath)' to '\(target)': it is not a regular file")
    }
}
