import MapBridgeModel

/// Bounds on what reading a zip archive may cost, against hostile archives ("zip bombs"):
/// an entry that claims, or turns out, to expand far beyond its compressed size.
///
///     var limits = ZipLimits()
///     limits.maximumEntrySize = 512 << 20   // no entry above 512 MiB
///     let kmz = try ZipArchiveReader(path: "places.kmz", limits: limits)
///
/// They are checked twice: against the sizes an entry declares when it is opened, and against
/// the bytes it actually produces while it is read (declared sizes can lie).
public struct ZipLimits: Hashable, Sendable {
    /// The largest ratio of uncompressed to compressed size accepted for an entry bigger than
    /// `ratioThreshold`. Default 1000 (deflate itself cannot exceed about 1032:1, so a
    /// legitimate entry above it is all but impossible; 1000 only stops runs of one byte value).
    public var maximumCompressionRatio: Double
    /// Entries up to this many uncompressed bytes are not held to the ratio; default 64 MiB.
    /// (A small, very compressible KML is fine; it is only large expansions that hurt.)
    public var ratioThreshold: Int64
    /// The most bytes one entry may decompress to, whatever it declares; default 4 GiB.
    public var maximumEntrySize: Int64
    /// The most bytes all the entries read from one archive may decompress to together;
    /// default 16 GiB (guards against archives whose entries overlap on the same data).
    public var maximumTotalSize: Int64

    /// Limits with the defaults: 1000:1 above 64 MiB, 4 GiB an entry, 16 GiB in all.
    public init(maximumCompressionRatio: Double = 1000, ratioThreshold: Int64 = 64 << 20,
                maximumEntrySize: Int64 = 4 << 30, maximumTotalSize: Int64 = 16 << 30) {
        self.maximumCompressionRatio = maximumCompressionRatio
        self.ratioThreshold = ratioThreshold
        self.maximumEntrySize = maximumEntrySize
        self.maximumTotalSize = maximumTotalSize
    }

    /// The defaults (see `init`).
    public static let `default` = ZipLimits()

    /// Checks the sizes an entry declares before it is opened.
    /// - Throws: `MapBridgeError` of kind `.data` naming the entry when a limit is passed.
    func checkDeclared(_ entry: ZipEntry, name: String) throws {
        guard let size = entry.uncompressedSize else { return }
        if size > maximumEntrySize {
            throw MapBridgeError(
                .data, "\(name) declares \(size) bytes uncompressed, more than the limit of \(maximumEntrySize); refusing to expand it")
        }
        if let compressed = entry.compressedSize, exceedsRatio(size, compressed: compressed) {
            throw MapBridgeError(
                .data, "\(name) would expand \(compressed) bytes into \(size), more than \(ratioText) times: refusing a likely zip bomb")
        }
    }

    /// Checks the bytes an entry has produced so far, and all entries together.
    /// - Throws: `MapBridgeError` of kind `.data` naming the entry when a limit is passed.
    func checkProduced(_ produced: Int64, total: Int64, entry: ZipEntry, name: String) throws {
        if let declared = entry.uncompressedSize, produced > declared {
            throw MapBridgeError(
                .data, "\(name) expands to more than the \(declared) bytes it declares: the archive is damaged or hostile")
        }
        if produced > maximumEntrySize {
            throw MapBridgeError(
                .data, "\(name) expands to more than the limit of \(maximumEntrySize) bytes; refusing to read further")
        }
        if let compressed = entry.compressedSize, exceedsRatio(produced, compressed: compressed) {
            throw MapBridgeError(
                .data, "\(name) expands \(compressed) bytes into more than \(produced), more than \(ratioText) times: refusing a likely zip bomb")
        }
        if total > maximumTotalSize {
            throw MapBridgeError(
                .data, "the entries read from this archive expand to more than the limit of \(maximumTotalSize) bytes in all; refusing to read further")
        }
    }

    /// The most bytes `entry` may produce before one of its own limits is passed: its
    /// declared size, the entry cap, and what the ratio allows (at least `ratioThreshold`).
    func allowance(for entry: ZipEntry) -> Int64 {
        var most = min(maximumEntrySize, entry.uncompressedSize ?? .max)
        if let compressed = entry.compressedSize {
            let byRatio = maximumCompressionRatio * Double(compressed)
            if byRatio < Double(Int64.max) { most = min(most, max(ratioThreshold, Int64(byRatio))) }
        }
        return most
    }

    private func exceedsRatio(_ size: Int64, compressed: Int64) -> Bool {
        size > ratioThreshold && Double(size) > maximumCompressionRatio * Double(compressed)
    }

    /// The ratio for messages: `1000`, not `1000.0`.
    private var ratioText: String {
        let ratio = maximumCompressionRatio
        return ratio.rounded() == ratio && ratio.magnitude < 1e15 ? String(Int64(ratio)) : String(ratio)
    }
}
