import MapBridgeModel
import MapBridgeZip

/// The files a KMZ holds besides its KML document — images of icons and overlays, 3D models,
/// other KML — which its placemarks link to by relative path (`files/overlay.png`). A KMZ
/// output carries them over, so the links still resolve; any other output cannot, and says so.
public struct KMZResources {
    /// The input archive, open.
    public let archive: ZipArchiveReader
    /// The entries to carry: every file but the KML document that is read, in archive order.
    public let entries: [ZipEntry]

    /// The resources of the KMZ at `path`. Entries that cannot be carried (names that leave the
    /// archive, encrypted ones) are left out and reported.
    /// - Throws: `MapBridgeError` when the archive cannot be opened.
    public init(kmz path: String, report: DiagnosticHandler) throws {
        archive = try ZipArchiveReader(path: path)
        let document = archive.kmlDocument
        var kept: [ZipEntry] = []
        var refused: [String] = []
        for entry in archive.entries where !entry.isDirectory && entry != document {
            if entry.hasSafeName && !entry.isEncrypted { kept.append(entry) } else { refused.append(entry.name) }
        }
        if !refused.isEmpty {
            report(Diagnostic(code: "kmz-entry-left", severity: .warning,
                              message: "\(refused.count) file\(refused.count == 1 ? "" : "s") of '\(path)' cannot be carried over (encrypted, or a name that leaves the archive): \(refused.prefix(3).joined(separator: ", "))"))
        }
        entries = kept
    }

    /// Reports that an output in `format` leaves the resources behind, naming a few.
    func reportLeftBehind(format: Format, report: DiagnosticHandler) {
        guard !entries.isEmpty else { return }
        let names = entries.prefix(3).map { "'\($0.name)'" }.joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
        let count = entries.count == 1 ? "1 file" : "\(entries.count) files"
        report(Diagnostic(code: "kmz-files-left", severity: .warning,
                          message: "'\(archive.path)' holds \(count) besides its KML (\(names)) that \(format.rawValue.uppercased()) output cannot carry; links to them will not resolve beside the output: write a .kmz to keep them"))
    }
}
