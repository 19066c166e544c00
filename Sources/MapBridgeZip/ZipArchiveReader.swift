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

/// A zip archive open for reading (a KMZ: `doc.kml` and the images it uses), through libzip.
///
///     let kmz = try ZipArchiveReader(path: "places.kmz")
///     guard let document = kmz.kmlDocument else { throw … }
///     let source = try kmz.open(document)   // named "places.kmz!/doc.kml"
///
/// Entries are decompressed as they are read, never all at once. Entries whose names would
/// leave the archive's folder (`../evil.kml`, `/etc/passwd`) are listed but refused when
/// opened, and `limits` stops entries that expand absurdly (zip bombs).
///
/// The reader owns libzip's handle and closes it when the reader and every `ByteSource` it
/// opened are gone. Use it, and its sources, from one thread at a time.
public final class ZipArchiveReader {
    /// The archive's path as given; messages name entries `path!/entry`.
    public let path: String
    /// The bounds on decompression.
    public let limits: ZipLimits
    /// Every entry, in central-directory order.
    public let entries: [ZipEntry]
    /// libzip's handle (also the source of entries a `ZipArchiveWriter` copies).
    let archive: OpaquePointer
    /// Bytes produced so far by every entry read, for `limits.maximumTotalSize`.
    var totalProduced: Int64 = 0

    /// Opens the archive at `path` and reads its list of entries.
    ///
    /// - Parameters:
    ///   - path: a regular file (zip needs to seek: standard input cannot be read directly).
    ///   - limits: bounds on decompression; `ZipLimits.default` unless given.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when the file is missing, a
    ///   folder or unreadable; `.data` when it is not a zip archive, is truncated or damaged.
    public init(path: String, limits: ZipLimits = .default) throws {
        self.path = path
        self.limits = limits
        let fd = openReadOnly(path)
        guard fd >= 0 else {
            throw MapBridgeError(.inputUnavailable, "cannot open '\(path)': \(systemErrorText(errno))")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw MapBridgeError(.inputUnavailable, "'\(path)' is a directory, not a file")
        }
        var code: Int32 = 0
        // On success libzip owns the descriptor (and closes it); on failure it is still ours.
        guard let opened = zip_fdopen(fd, 0, &code) else {
            let looksLikeZip = startsWithLocalHeader(fd)
            close(fd)
            throw ZipArchiveReader.openError(path: path, code: code, looksLikeZip: looksLikeZip)
        }
        archive = opened
        do {
            entries = try ZipArchiveReader.readEntries(opened, path: path)
        } catch {
            zip_discard(opened)
            throw error
        }
    }

    deinit { zip_discard(archive) }

    /// The entry with exactly this name, if any.
    public func entry(named name: String) -> ZipEntry? {
        entries.first { $0.name == name }
    }

    /// The KML document a KMZ holds: `doc.kml` at the root (in any letter case), else the
    /// first entry, in archive order, whose name ends in `.kml` (in any letter case), as
    /// Google Earth reads it; `nil` when there is none.
    public var kmlDocument: ZipEntry? {
        let files = entries.filter { !$0.isDirectory }
        return files.first { $0.name.lowercased() == "doc.kml" }
            ?? files.first { $0.name.lowercased().hasSuffix(".kml") }
    }

    /// The name `entry` goes by in messages: `path!/name`.
    public func displayName(of entry: ZipEntry) -> String { "\(path)!/\(entry.name)" }

    /// Opens an entry as a stream of its decompressed bytes.
    ///
    ///     let source = try kmz.open(document)
    ///     let n = try source.read(into: buffer, count: 1 << 20)
    ///
    /// The source keeps this reader alive for as long as it exists; its `totalBytes` is the
    /// declared size. Reading throws once the entry produces more than it declared or than
    /// `limits` allow, or when its data is damaged (bad CRC, bad deflate stream).
    ///
    /// - Throws: `MapBridgeError` of kind `.data` when the entry's name leaves the archive,
    ///   it is a folder or encrypted, its declared sizes pass `limits`, or libzip cannot open it.
    public func open(_ entry: ZipEntry) throws -> ByteSource {
        let name = displayName(of: entry)
        guard entry.index >= 0, entry.index < entries.count, entries[entry.index].name == entry.name else {
            throw MapBridgeError(.data, "\(name): no such entry in this archive")
        }
        guard entry.hasSafeName else {
            throw MapBridgeError(
                .data, "\(name): refusing an entry whose name leaves the archive (an absolute path or a '..' component)")
        }
        guard !entry.isDirectory else { throw MapBridgeError(.data, "\(name) is a folder, not a file") }
        guard !entry.isEncrypted else {
            throw MapBridgeError(.data, "\(name) is encrypted; encrypted archives are not supported")
        }
        try limits.checkDeclared(entry, name: name)
        guard let file = zip_fopen_index(archive, UInt64(entry.index), 0) else {
            throw MapBridgeError(.data, "cannot open \(name): \(zipErrorText(archive: archive))")
        }
        let stream = ZipEntryStream(archive: self, file: file, entry: entry, name: name)
        return ByteSource(name: name, totalBytes: entry.uncompressedSize, read: stream.read)
    }

    /// An entry's whole decompressed contents, for small entries such as images.
    ///
    ///     let icon = try kmz.contents(of: kmz.entry(named: "images/pin.png")!)
    ///
    /// - Throws: as `open(_:)` and reading do.
    public func contents(of entry: ZipEntry) throws -> [UInt8] {
        let source = try open(entry)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(min(entry.uncompressedSize ?? 0, 64 << 20)))
        let chunk = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let n = try source.read(into: buffer, count: chunk)
            if n == 0 { return bytes }
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: n))
        }
    }

    private static func readEntries(_ archive: OpaquePointer, path: String) throws -> [ZipEntry] {
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { return [] }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(min(count, 1 << 16)))
        for index in 0..<UInt64(count) {
            var info = zip_stat_t()
            guard zip_stat_index(archive, index, 0, &info) == 0 else {
                throw MapBridgeError(.data, "'\(path)' is a damaged zip archive: entry \(index): \(zipErrorText(archive: archive))")
            }
            let valid = info.valid
            let name = info.name.map { String(cString: $0) } ?? ""
            entries.append(ZipEntry(
                index: Int(index), name: name,
                compressedSize: valid & UInt64(ZIP_STAT_COMP_SIZE) != 0 ? Int64(clamping: info.comp_size) : nil,
                uncompressedSize: valid & UInt64(ZIP_STAT_SIZE) != 0 ? Int64(clamping: info.size) : nil,
                isEncrypted: valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0 && info.encryption_method != ZIP_EM_NONE))
        }
        return entries
    }

    private static func openError(path: String, code: Int32, looksLikeZip: Bool) -> MapBridgeError {
        switch code {
        case ZIP_ER_NOZIP where looksLikeZip:
            MapBridgeError(.data, "'\(path)' is a truncated zip archive: it starts like one but its end-of-central-directory record is missing")
        case ZIP_ER_NOZIP:
            MapBridgeError(.data, "'\(path)' is not a zip archive (it has no end-of-central-directory record)")
        case ZIP_ER_INCONS, ZIP_ER_EOF, ZIP_ER_CRC, ZIP_ER_COMPRESSED_DATA:
            MapBridgeError(.data, "'\(path)' is a damaged or truncated zip archive (\(zipErrorText(code: code)))")
        case ZIP_ER_MULTIDISK, ZIP_ER_COMPNOTSUPP, ZIP_ER_ENCRNOTSUPP:
            MapBridgeError(.data, "'\(path)' is a zip archive of a kind that cannot be read (\(zipErrorText(code: code)))")
        case ZIP_ER_READ, ZIP_ER_SEEK, ZIP_ER_OPEN, ZIP_ER_NOENT, ZIP_ER_TELL:
            MapBridgeError(.inputUnavailable, "cannot read '\(path)': \(zipErrorText(code: code))")
        default:
            MapBridgeError(.data, "cannot read '\(path)' as a zip archive: \(zipErrorText(code: code))")
        }
    }
}

/// Whether the file starts with a zip local file header's signature, `PK\u{3}\u{4}`.
private func startsWithLocalHeader(_ fd: Int32) -> Bool {
    var signature: [UInt8] = [0, 0, 0, 0]
    let n = signature.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 4, 0) }
    return n == 4 && signature == [0x50, 0x4B, 0x03, 0x04]
}

/// `open(2)` for reading (the reader's own `open(_:)` hides the C function inside the class).
private func openReadOnly(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}
