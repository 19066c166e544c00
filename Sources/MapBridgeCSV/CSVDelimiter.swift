/// The byte that separates fields in a CSV row: a comma, semicolon, tab, pipe or another
/// printable ASCII character.
///
///     let d = CSVDelimiter(name: "tab")   // .tab
///     d?.description                      // "tab"
///
/// The reader sniffs one of the four common ones when none is given; the writer uses a comma
/// unless told otherwise.
public struct CSVDelimiter: Hashable, Sendable, CustomStringConvertible {
    /// The delimiter's byte (ASCII).
    public let byte: UInt8

    private init(unchecked byte: UInt8) { self.byte = byte }

    /// `,` — the RFC 4180 delimiter.
    public static let comma = CSVDelimiter(unchecked: UInt8(ascii: ","))
    /// `;` — what spreadsheets write where the comma is the decimal separator.
    public static let semicolon = CSVDelimiter(unchecked: UInt8(ascii: ";"))
    /// A horizontal tab (TSV).
    public static let tab = CSVDelimiter(unchecked: 0x09)
    /// `|`.
    public static let pipe = CSVDelimiter(unchecked: UInt8(ascii: "|"))

    /// The delimiters the reader tries when sniffing, in order of preference on a tie.
    public static let sniffable: [CSVDelimiter] = [.comma, .semicolon, .tab, .pipe]

    /// A delimiter from its byte: printable ASCII or a tab, but not a quote, a letter, a digit,
    /// a space, `.`, `-`, `+` or a backslash (they would collide with quoting, numbers or `\N`).
    public init?(byte: UInt8) {
        guard byte == 0x09 || (0x21...0x7E).contains(byte) else { return nil }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "\\"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return nil
        default:
            self.byte = byte
        }
    }

    /// A delimiter as named on a command line: `comma`, `semicolon`, `tab`, `pipe` (any case),
    /// `\t`, or the character itself (`,` `;` `|` …). `nil` for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "comma": self = .comma
        case "semicolon": self = .semicolon
        case "tab", "\\t", "\t": self = .tab
        case "pipe": self = .pipe
        default:
            let bytes = Array(name.utf8)
            guard bytes.count == 1 else { return nil }
            self.init(byte: bytes[0])
        }
    }

    /// `comma`, `semicolon`, `tab`, `pipe`, or the character itself.
    public var description: String {
        switch self {
        case .comma: "comma"
        case .semicolon: "semicolon"
        case .tab: "tab"
        case .pipe: "pipe"
        default: String(decoding: [byte], as: UTF8.self)
        }
    }

    /// The character as it appears in a message: `','`, `';'`, `tab`, `'|'`.
    var quotedForMessage: String {
        byte == 0x09 ? "tab" : "'\(String(decoding: [byte], as: UTF8.self))'"
    }
}
