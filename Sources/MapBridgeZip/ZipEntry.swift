/// One member of a zip archive, as its central directory describes it.
///
///     for entry in kmz.entries where !entry.isDirectory {
///         print(entry.name, entry.uncompressedSize ?? 0)
///     }
public struct ZipEntry: Hashable, Sendable {
    /// The position in the archive's central directory, from 0.
    public var index: Int
    /// The name as stored, a relative path with `/` between folders (`images/pin.png`);
    /// converted to UTF-8 from CP 437 when the archive does not mark it as UTF-8.
    public var name: String
    /// Bytes the entry occupies in the archive, when known.
    public var compressedSize: Int64?
    /// Bytes the entry expands to, as declared (not a promise: reading checks it), when known.
    public var uncompressedSize: Int64?
    /// Whether the entry is a folder (its name ends in `/`).
    public var isDirectory: Bool { name.hasSuffix("/") }
    /// Whether the entry is encrypted (it cannot be read: no passwords are taken).
    public var isEncrypted: Bool

    /// Describes an entry; `ZipArchiveReader` makes these from the central directory.
    /// - Parameters:
    ///   - index: position in the central directory, from 0.
    ///   - name: the stored name.
    ///   - compressedSize: bytes in the archive, or `nil` when unknown.
    ///   - uncompressedSize: bytes once expanded, as declared, or `nil` when unknown.
    ///   - isEncrypted: whether the entry is encrypted.
    public init(index: Int, name: String, compressedSize: Int64?, uncompressedSize: Int64?, isEncrypted: Bool = false) {
        self.index = index
        self.name = name
        self.compressedSize = compressedSize
        self.uncompressedSize = uncompressedSize
        self.isEncrypted = isEncrypted
    }

    /// Whether the name stays inside the archive's folder when extracted: relative, with no
    /// `..` component. Entries failing this are listed but never opened.
    public var hasSafeName: Bool { ZipEntry.isSafeName(name) }

    /// Whether `name` is a relative path that cannot leave the folder it is extracted to.
    ///
    ///     ZipEntry.isSafeName("images/pin.png")   // true
    ///     ZipEntry.isSafeName("../evil.kml")      // false
    ///     ZipEntry.isSafeName("/etc/passwd")      // false
    ///     ZipEntry.isSafeName("a\\..\\..\\b.kml")  // false: backslashes count as separators
    ///
    /// Refused: an empty name; a name starting with `/` or `\`; a drive letter (`C:`); any
    /// `..` component between `/` or `\` separators; a NUL or other control character.
    public static func isSafeName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "\\") else { return false }
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":"),
           (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) {
            return false
        }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return false }
        let components = bytes.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
        return !components.contains { $0.elementsEqual("..".utf8) }
    }
}
