import MapBridgeModel

/// Whether bytes can be the start of an XML document, by the byte patterns of XML 1.0
/// Appendix F: NUL bytes among the first four only as UTF-16 or UCS-4 put them (`<` or
/// white space, or a byte-order mark). A stream of NUL bytes (`/dev/zero`) or other binary
/// data is refused before it is read to the end; other text is left to the parser.
///
///     try XMLDocumentStart.check([0, 0, 0, 0], kind: "KML", name: "-")   // throws
public enum XMLDocumentStart {
    /// Whether `head` (the first bytes; 4 are enough) can start an XML document; an empty
    /// `head` can (the parser reports an empty document).
    public static func isPlausible(_ head: [UInt8]) -> Bool {
        let b = Array(head.prefix(4))
        guard let first = b.first else { return true }
        func isStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "<") || [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
        let boms: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x00, 0xFE, 0xFF]]
        if boms.contains(where: { b.starts(with: $0) }) { return true }
        // Without NUL bytes, the parser's own message says best what is wrong.
        if !b.contains(0) { return true }
        if b.count >= 2, first == 0, isStart(b[1]) { return true }            // UTF-16 BE
        if b.count >= 2, isStart(first), b[1] == 0 { return true }             // UTF-16 LE, UCS-4 LE
        if b.count == 4, b[0] == 0, b[1] == 0, b[2] == 0, isStart(b[3]) { return true }   // UCS-4 BE
        return false
    }

    /// Throws when `head` cannot start an XML document.
    /// - Parameters:
    ///   - kind: the format expected, for the message (`KML`, `GPX`).
    ///   - name: the input's name for the location (`-` for standard input).
    /// - Throws: `MapBridgeError` of kind `.data` at 1:1, naming the first bytes.
    public static func check(_ head: [UInt8], kind: String, name: String) throws {
        guard !isPlausible(head) else { return }
        let hex = head.prefix(8).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
        let what = head.prefix(8).allSatisfy { $0 == 0 } ? "NUL bytes" : "binary data"
        throw MapBridgeError(.data, "this is not \(kind): it starts with \(what) (\(hex)), and \(kind) is XML text that starts with '<'; check the input and \(Setting.inputFormat.mention())",
                             at: SourceLocation(file: name, line: 1, column: 1))
    }
}
