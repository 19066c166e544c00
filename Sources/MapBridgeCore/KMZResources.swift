#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    /// archive, encrypted ones) are left out and reported; of entries that repeat a name (a zip
    /// may hold several, an archive written from it only one) the first is kept, reported.
    /// - Throws: `MapBridgeError` when the archive cannot be opened.
    public init(kmz path: String, report: DiagnosticHandler) throws {
        archive = try ZipArchiveReader(path: path)
        let document = archive.kmlDocument
        var kept: [ZipEntry] = []
        var refused: [String] = []
        var repeated: [String] = []
        var seen: Set<String> = document.map { [$0.name] } ?? []
        for entry in archive.entries where !entry.isDirectory && entry != document {
            if !entry.hasSafeName || entry.isEncrypted {
                refused.append(entry.name)
            } else if seen.insert(entry.name).inserted {
                kept.append(entry)
            } else {
                repeated.append(entry.name)
            }
        }
        if !refused.isEmpty {
            report(Diagnostic(code: "kmz-entry-left", severity: .warning,
                              message: "\(refused.count) file\(refused.count == 1 ? "" : "s") of '\(path)' cannot be carried over (encrypted, or a name that leaves the archive): \(refused.prefix(3).joined(separator: ", "))"))
        }
        if !repeated.isEmpty {
            let names = repeated.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (repeated.count > 3 ? ", …" : "")
            report(Diagnostic(code: "kmz-entry-repeated", severity: .warning,
                              message: "\(repeated.count) file\(repeated.count == 1 ? "" : "s") of '\(path)' repeat\(repeated.count == 1 ? "s" : "") the name of an earlier one (\(names)); only the first of each name is read and carried over"))
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

/// The files a KMZ output holds beside `doc.kml`: an input KMZ's other files, or the local
/// files an input's features link to by relative path (icon and overlay images), looked up in
/// the input's folder — as Google Earth packs a KMZ. Links are gathered while the features
/// stream past (`collect`), the files added when the archive is written (`add`).
public final class KMZAttachments {
    /// An input KMZ's other files, copied as stored.
    let resources: KMZResources?
    /// The folder relative links are resolved in, for an input that is not a KMZ.
    let folder: String?
    /// Distinct relative links, in the order first seen.
    private(set) var links: [String] = []
    private var seen: Set<String> = []
    private var overflowed = false
    /// At most this many distinct links are packed (each costs a set entry while streaming).
    static let maximumLinks = 10_000

    /// Attachments copied from an input KMZ.
    public init(resources: KMZResources) {
        self.resources = resources
        folder = nil
    }

    /// Attachments looked up beside the input file at `inputPath`.
    public init(linkedFrom inputPath: String) {
        resources = nil
        let bytes = Array(inputPath.utf8)
        if let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            folder = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        } else {
            folder = "."
        }
    }

    /// Notes the relative links of `feature`: its icons' images and an overlay's image.
    public func collect(from feature: Feature) {
        guard folder != nil else { return }
        for href in [feature.style?.marker?.href, feature.highlightStyle?.marker?.href] { if let href { note(href) } }
        if let kind = feature.overlay, kind != .networkLink, case .string(let href)? = feature.properties["icon"] {
            note(href)
        }
    }

    private func note(_ href: String) {
        guard !seen.contains(href), Self.isLocalLink(href) else { return }
        guard links.count < Self.maximumLinks else { overflowed = true; return }
        seen.insert(href)
        links.append(href)
    }

    /// Whether `href` names a file relative to the document: no scheme, not absolute, no `..`.
    static func isLocalLink(_ href: String) -> Bool {
        !href.contains("://") && !href.hasPrefix("#") && ZipEntry.isSafeName(href)
    }

    /// Adds the attachments to `archive` (after `doc.kml`); links to files that are not there
    /// are reported, not fatal.
    func add(to archive: ZipArchiveWriter, report: DiagnosticHandler) throws {
        if let resources {
            for entry in resources.entries where entry.name.lowercased() != "doc.kml" {
                try archive.addEntry(entry, from: resources.archive)
            }
        }
        guard let folder else { return }
        var missing: [String] = []
        var outside: [String] = []
        let realFolder = realPath(folder)
        for link in links where link.lowercased() != "doc.kml" {
            let path = folder == "/" ? "/" + link : folder + "/" + link
            guard isRegularFile(path) else {
                missing.append(link)
                continue
            }
            // Links (link -> /etc) must not carry files from outside the input's folder.
            guard let realFolder, let real = realPath(path), isInside(real, realFolder) else {
                outside.append(link)
                continue
            }
            let stored = [".png", ".jpg", ".jpeg", ".gif", ".webp"].contains { link.lowercased().hasSuffix($0) }
            try archive.addFile(at: real, as: link, compression: stored ? .store : .deflate)
        }
        if !outside.isEmpty {
            let names = outside.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (outside.count > 3 ? ", …" : "")
            report(Diagnostic(code: "kmz-link-outside", severity: .warning,
                              message: "\(outside.count) linked file\(outside.count == 1 ? " leads" : "s lead") outside the input's folder through a symbolic link (\(names)); not packed: the KMZ links to \(outside.count == 1 ? "it" : "them") without holding \(outside.count == 1 ? "it" : "them")"))
        }
        if !missing.isEmpty {
            let names = missing.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
            report(Diagnostic(code: "kmz-link-missing", severity: .warning,
                              message: "\(missing.count) linked file\(missing.count == 1 ? " is" : "s are") not beside the input (\(names)); the KMZ links to \(missing.count == 1 ? "it" : "them") without holding \(missing.count == 1 ? "it" : "them")"))
        }
        if overflowed {
            report(Diagnostic(code: "kmz-link-limit", severity: .warning,
                              message: "more than \(Self.maximumLinks) distinct linked files: only the first \(Self.maximumLinks) are packed into the KMZ"))
        }
    }
}

/// The absolute path of `path` with every link resolved, or `nil` when it does not exist.
private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Whether the resolved path `path` lies inside the resolved folder `folder`.
private func isInside(_ path: String, _ folder: String) -> Bool {
    // Bytes, not characters: Unicode-equivalent names are different files.
    path.utf8.starts(with: folder == "/" ? "/".utf8 : (folder + "/").utf8)
}

/// Whether `path` names a regular file (following links).
private func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}
