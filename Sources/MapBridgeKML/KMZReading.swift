import MapBridgeIO
import MapBridgeModel
import MapBridgeZip

extension KMLReader {
    /// A reader for the KML document inside a KMZ archive: `doc.kml` at the root, else the
    /// first `.kml` entry. The entry is decompressed as it is read; `limits` guard against
    /// zip bombs and entries whose names leave the archive are refused.
    ///
    ///     let reader = try KMLReader.kmz(path: "trip.kmz")
    ///
    /// - Throws: `MapBridgeError`: `.inputUnavailable` when the file cannot be opened,
    ///   `.data` when it is not a zip archive or holds no KML document.
    public static func kmz(path: String, limits: ZipLimits = .default, readLimits: ReadLimits = ReadLimits(),
                           report: @escaping DiagnosticHandler = { _ in }) throws -> KMLReader
    {
        guard path != "-" else {
            throw MapBridgeError(.usage, "a KMZ archive cannot be read from standard input (zip needs to seek); save it to a file first")
        }
        let archive = try ZipArchiveReader(path: path, limits: limits)
        guard let entry = archive.kmlDocument else {
            let names = archive.entries.prefix(5).map(\.name).joined(separator: ", ")
            throw MapBridgeError(.data, "'\(path)' holds no KML document (looked for doc.kml, then any .kml entry; it has: \(names.isEmpty ? "no entries" : names))")
        }
        return KMLReader(path: archive.displayName(of: entry), readLimits: readLimits, report: report, source: { _ in try archive.open(entry) })
    }
}
