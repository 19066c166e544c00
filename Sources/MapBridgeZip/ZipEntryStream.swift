import CLibZip
import MapBridgeModel

/// One entry being read: owns libzip's `zip_file_t` and keeps the archive it belongs to alive,
/// counts the bytes it produces and stops at the first that passes a limit. The closure of the
/// `ByteSource` that `ZipArchiveReader.open(_:)` returns holds it.
final class ZipEntryStream {
    private let archive: ZipArchiveReader
    private let file: OpaquePointer
    private let entry: ZipEntry
    private let name: String
    /// The most bytes this entry may produce under the limits that concern it alone.
    private let allowance: Int64
    private var produced: Int64 = 0
    private var finished = false

    init(archive: ZipArchiveReader, file: OpaquePointer, entry: ZipEntry, name: String) {
        self.archive = archive
        self.file = file
        self.entry = entry
        self.name = name
        allowance = archive.limits.allowance(for: entry)
    }

    deinit { zip_fclose(file) }

    /// Decompresses up to `count` bytes into `buffer`; 0 at the end of the entry.
    /// - Throws: `MapBridgeError` of kind `.data` when the data is damaged or passes a limit.
    func read(_ buffer: UnsafeMutableRawPointer, _ count: Int) throws -> Int {
        guard !finished, count > 0 else { return 0 }
        // Ask for at most one byte more than the limits allow, so that passing one is seen
        // without decompressing further.
        let totalLeft = archive.limits.maximumTotalSize - archive.totalProduced
        let left = max(0, min(allowance - produced, totalLeft))
        let wanted = min(Int64(count), left == .max ? left : left + 1)
        let n = zip_fread(file, buffer, UInt64(wanted))
        guard n >= 0 else {
            finished = true
            throw MapBridgeError(.data, "cannot read \(name): \(zipErrorText(file: file))")
        }
        produced += n
        archive.totalProduced += n
        do {
            try archive.limits.checkProduced(produced, total: archive.totalProduced, entry: entry, name: name)
        } catch {
            finished = true
            throw error
        }
        if n == 0 {
            finished = true
            if let declared = entry.uncompressedSize, produced < declared {
                throw MapBridgeError(
                    .data, "\(name) ends after \(produced) of the \(declared) bytes it declares: the archive is damaged or truncated")
            }
        }
        return Int(n)
    }
}
