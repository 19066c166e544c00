#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `uriBaseId` SARIF consumers such as GitHub code scanning resolve to the repository root.
let sarifSourceRoot = "%SRCROOT%"

extension ValidationReport {
    /// `path` as a SARIF `artifactLocation`: relative to the working directory with `uriBaseId`
    /// `%SRCROOT%` when it lies inside it (`./data/../a.geojson` → `a.geojson`), else an absolute
    /// `file://` URI with no base. Standard input (`-`) stays `-`.
    func sarifArtifact(_ path: String) -> (uri: String, uriBaseId: String?) {
        guard path != "-", let workingDirectory else { return (percentEncodedPath(path), nil) }
        let absolute = normalisedPath(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        let root = normalisedPath(workingDirectory)
        let prefix = root == "/" ? "/" : root + "/"
        if absolute.hasPrefix(prefix) && absolute.count > prefix.count {
            return (percentEncodedPath(String(absolute.dropFirst(prefix.count))), sarifSourceRoot)
        }
        return (fileURI(absolute), nil)
    }

    /// `file://` and the absolute `path`, percent-encoded.
    func fileURI(_ path: String) -> String { "file://" + percentEncodedPath(path) }

    /// `path` as a URI reference (RFC 3986): every UTF-8 byte but the unreserved characters and
    /// `/` percent-encoded, so `a#b.geojson` stays one path (`a%23b.geojson`) rather than a path
    /// and a fragment.
    func percentEncodedPath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(b)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An absolute path with `.`, `..` and repeated slashes resolved by name (links are not
    /// followed): `/a/./b/../c` → `/a/c`.
    private func normalisedPath(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// The process's working directory, or nil when it cannot be found.
func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
