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
/// Fields are appended to a byte buffer straight from the value's UTF-8, with no string made
/// per field; `field(_:)` gives the same bytes as a `String`.
///
///     CSVCellEncoder(delimiter: .comma).field(.string("a,b"))   // "\"a,b\""
struct CSVCellEncoder {
    let delimiter: UInt8

    init(delimiter: CSVDelimiter) { self.delimiter = delimiter.byte }

    /// Appends the field for a property value.
    @inline(__always)
    func append(_ value: PropertyValue, to out: inout CSVRowBytes) {
        switch value {
        case .null: break
        case .bool(let b): out.append(b ? Self.bytes("true") : Self.bytes("false"))
        case .number(let n): out.append(utf8: n.text)
        case .string(let s): append(text: s, to: &out)
        case .array, .object:
            var json = CSVCellEncoder.compactJSON(value)
            json.withUTF8 { append($0, quoted: true, to: &out) }
        }
    }

    /// Appends the field for a string that must read back as that string.
    func append(text: String, to out: inout CSVRowBytes) {
        // Read in place where the bytes are contiguous (native strings, small ones too): a
        // mutable copy for `withUTF8` would cost a retain and a release per field.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            append(text: text, bytes: bytes, to: &out)
        }
        guard done == nil else { return }
        var t = text
        t.withUTF8 { append(text: text, bytes: $0, to: &out) }
    }

    /// `append(text:to:)` for `text` as its UTF-8 `bytes`.
    @inline(__always)
    private func append(text: String, bytes: UnsafeBufferPointer<UInt8>, to out: inout CSVRowBytes) {
        append(bytes, quoted: needsQuotes(bytes) || Self.mayReadAsScalar(bytes) && CSVValueTyping.scalar(text) != nil,
               to: &out)
    }

    /// Whether text starting as `bytes` does may read as something other than a string
    /// (`CSVValueTyping.scalar`): only text starting with `\`, `t`, `f`, `-` or a digit can.
    @inline(__always)
    private static func mayReadAsScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        switch first {
        case UInt8(ascii: "\\"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return false
        }
    }

    /// Appends the field for text given as bytes that cannot read as a scalar (WKT, which
    /// starts with a letter): quoted only when it must be to stay one field.
    func append(wkt bytes: UnsafeBufferPointer<UInt8>, to out: inout CSVRowBytes) {
        append(bytes, quoted: needsQuotes(bytes), to: &out)
    }

    /// Whether WKT text (which holds no quote) must be quoted in a field.
    func wktNeedsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        needsQuotes(bytes)
    }

    /// Appends the WKT field of a point given as its number fields, as `WKTFormatter` spells
    /// a point: `POINT (lon lat)`, or `POINT Z (lon lat alt)` when `altitude` is not empty.
    func appendPointWKT(longitude: UnsafeRawBufferPointer, latitude: UnsafeRawBufferPointer,
                        altitude: UnsafeRawBufferPointer, to out: inout CSVRowBytes)
    {
        var text: [UInt8] = Array((altitude.isEmpty ? "POINT (" : "POINT Z (").utf8)
        text += longitude
        text.append(UInt8(ascii: " "))
        text += latitude
        if !altitude.isEmpty {
            text.append(UInt8(ascii: " "))
            text += altitude
        }
        text.append(UInt8(ascii: ")"))
        text.withUnsafeBufferPointer { append(wkt: $0, to: &out) }
    }

    /// The field for a property value.
    func field(_ value: PropertyValue) -> String {
        var out = CSVRowBytes()
        append(value, to: &out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The field for a string that must read back as that string.
    func field(text: String) -> String {
        var out = CSVRowBytes()
        append(text: text, to: &out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The field for a column name in the header: also quoted when it looks like a number,
    /// so that the reader takes the row for a header.
    func header(_ name: String) -> String {
        var n = name
        var out = CSVRowBytes()
        n.withUTF8 { bytes in
            let quoted = needsQuotes(bytes) || CSVValueTyping.scalar(name) != nil || CSVValueTyping.coordinate(name) != nil
            append(bytes, quoted: quoted, to: &out)
        }
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `text` must be quoted to survive as one field: empty, blanks at either end, or
    /// holding the delimiter, a quote or a line break (looked for eight bytes a step).
    private func needsQuotes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress, let first = text.first, let last = text.last else { return true }
        if CSVValueTyping.isBlank(first) || CSVValueTyping.isBlank(last) { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= text.count {
            let w = WordScan.word(raw, at: i)
            if WordScan.equal(w, delimiter) | WordScan.equal(w, UInt8(ascii: "\"")) | WordScan.equal(w, 0x0A)
                | WordScan.equal(w, 0x0D) != 0 { return true }
            i += 8
        }
        while i < text.count {
            let c = text[i]
            if c == delimiter || c == UInt8(ascii: "\"") || c == 0x0A || c == 0x0D { return true }
            i += 1
        }
        return false
    }

    /// Whether WKT text given in pieces (`WKTFormatter.write(_:precision:pieceSize:_:)`) must
    /// be quoted in a field, as `wktNeedsQuotes` decides for the whole: `scan` takes the pieces
    /// in order, then `needsQuotes` answers.
    struct WKTFieldScan: Hashable, Sendable {
        /// The text's length so far (bytes).
        private(set) var length = 0
        private var first: UInt8?
        private var last: UInt8?
        private var separator = false

        /// Takes the next piece of the text.
        mutating func scan(_ piece: UnsafeRawBufferPointer, _ encoder: CSVCellEncoder) {
            var bytes = piece.assumingMemoryBound(to: UInt8.self)
            guard let end = bytes.last else { return }
            if first == nil { first = bytes.first }
            last = end
            length += bytes.count
            guard !separator else { return }
            // Blanks at the piece's ends make the field quoted only at the text's ends (above)
            // or as the delimiter; between them, `needsQuotes` looks for the rest.
            while let b = bytes.first, CSVValueTyping.isBlank(b) {
                if b == encoder.delimiter { separator = true }
                bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst())
            }
            while let b = bytes.last, CSVValueTyping.isBlank(b) {
                if b == encoder.delimiter { separator = true }
                bytes = UnsafeBufferPointer(rebasing: bytes.dropLast())
            }
            if !bytes.isEmpty && encoder.needsQuotes(bytes) { separator = true }
        }

        /// Whether the text scanned must be quoted.
        var needsQuotes: Bool {
            guard let first, let last else { return true }
            return separator || CSVValueTyping.isBlank(first) || CSVValueTyping.isBlank(last)
        }
    }

    /// Appends `text`, in quotes with its quotes doubled when `quoted`.
    private func append(_ text: UnsafeBufferPointer<UInt8>, quoted: Bool, to out: inout CSVRowBytes) {
        guard quoted else {
            out.append(text)
            return
        }
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        for (i, c) in text.enumerated() where c == UInt8(ascii: "\"") {
            out.append(UnsafeBufferPointer(rebasing: text[runStart...i]))
            out.append(UInt8(ascii: "\""))
            runStart = i + 1
        }
        out.append(UnsafeBufferPointer(rebasing: text[runStart...]))
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes of a static string.
    @inline(__always)
    static func bytes(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
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
