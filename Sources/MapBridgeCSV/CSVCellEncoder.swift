import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// Turns values into CSV field text (RFC 4180), quoting only where needed — and quoting is
/// needed wherever the reader would otherwise read something else back:
///
/// | value | written |
/// |---|---|
/// | null | nothing (an empty field) |
/// | `true`, `false` | `true`, `false` |
/// | a number | its source text, `0.10` |
/// | a string | as is: `Paris`; quoted when it holds the delimiter, a quote (doubled) or a line break, has blanks at either end, is empty (`""`), or would read as something else (`"42"`, `"true"`, `"\N"`) |
/// | an array or object | compact JSON text, quoted: `"[1,2]"` (reads back as text) |
///
///     CSVCellEncoder(delimiter: .comma).field(.string("a,b"))   // "\"a,b\""
struct CSVCellEncoder {
    let delimiter: UInt8

    init(delimiter: CSVDelimiter) { self.delimiter = delimiter.byte }

    /// The field for a property value.
    func field(_ value: PropertyValue) -> String {
        switch value {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n.text
        case .string(let s): field(text: s)
        case .array, .object: quoted(CSVCellEncoder.compactJSON(value))
        }
    }

    /// The field for a string that must read back as that string.
    func field(text: String) -> String {
        needsQuotes(text) || CSVValueTyping.scalar(text) != nil ? quoted(text) : text
    }

    /// The field for a column name in the header: also quoted when it looks like a number,
    /// so that the reader takes the row for a header.
    func header(_ name: String) -> String {
        needsQuotes(name) || CSVValueTyping.scalar(name) != nil || CSVValueTyping.coordinate(name) != nil
            ? quoted(name) : name
    }

    /// Whether `text` must be quoted to survive as one field: empty, blanks at either end, or
    /// holding the delimiter, a quote or a line break.
    private func needsQuotes(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return true }
        if CSVValueTyping.isBlank(first) || CSVValueTyping.isBlank(last) { return true }
        return utf8.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }

    private func quoted(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + text + "\"" }
        var out = "\""
        for ch in text.unicodeScalars {
            if ch == "\"" { out += "\"\"" } else { out.unicodeScalars.append(ch) }
        }
        return out + "\""
    }

    /// A nested value as compact JSON, numbers with their text.
    static func compactJSON(_ value: PropertyValue) -> String {
        let sink = ByteSink(collectingInMemoryNamed: "json")
        let json = JSONEmitter(sink: sink)
        // An in-memory sink does not fail.
        do {
            try json.value(value)
            try sink.flush()
        } catch {
            return ""
        }
        return String(decoding: sink.collectedBytes, as: UTF8.self)
    }
}
