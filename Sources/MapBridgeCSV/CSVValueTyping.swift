import MapBridgeJSON
import MapBridgeModel

/// How a field's text becomes a property value, and a coordinate's text a number.
///
/// An unquoted field is typed: empty (or blanks only) and `\N` are null, `true` and `false`
/// are booleans, and text that is a JSON number a `Double` can hold (within ±1.8e308) is a
/// number that keeps its text (`0.10` stays `0.10`). Anything else is a string, kept exactly
/// as written: `007`, `+1`, `1.`, `NaN`, `TRUE`, `1,5` and `1e999` stay strings. The writer asks the same question to decide when a
/// string needs quotes to read back as itself.
///
///     CSVValueTyping.value(unquoted: "0.10")   // .number("0.10")
///     CSVValueTyping.value(unquoted: "007")    // .string("007")
///     CSVValueTyping.value(unquoted: "\\N")    // .null
enum CSVValueTyping {
    /// A space or a horizontal tab.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The value of an unquoted field. Blanks around a null, boolean or number are ignored
    /// (`a, 5` gives 5); a string keeps them.
    static func value(unquoted text: String) -> PropertyValue {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return .null }
        if isBlank(first) || isBlank(last) {
            let trimmed = trimmingBlanks(text)
            if trimmed.isEmpty { return .null }
            return scalar(trimmed) ?? .string(text)
        }
        return scalar(text) ?? .string(text)
    }

    /// Null for `\N`, a boolean for `true`/`false`, a number for JSON number text of a finite
    /// value; `nil` for anything else (`1e999` too: the GeoJSON reader, like JSON parsers
    /// generally, refuses a number beyond ±1.8e308, so written as one it would not read back).
    static func scalar(_ text: String) -> PropertyValue? {
        guard let first = text.utf8.first else { return nil }
        switch first {
        case UInt8(ascii: "\\"): return text == "\\N" ? .null : nil
        case UInt8(ascii: "t"): return text == "true" ? .bool(true) : nil
        case UInt8(ascii: "f"): return text == "false" ? .bool(false) : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number(text).flatMap { $0.value.isFinite ? .number($0) : nil }
        default: return nil
        }
    }

    /// The number `text` spells in JSON number syntax, with the text kept; `nil` otherwise.
    static func number(_ text: String) -> NumberValue? {
        var t = text
        return t.withUTF8 { bytes -> NumberValue? in
            switch NumberParsing.analyze(bytes) {
            case .invalid: return nil
            case .value(let v): return NumberValue(text: text, value: v)
            case .valid: return NumberValue(text: text, value: NumberParsing.double(from: bytes))
            }
        }
    }

    /// A coordinate's number: JSON number text as it is, or normalised from the spellings
    /// spreadsheets use — blanks around it, a leading `+`, leading zeros, a point with no digit
    /// on one side (`.5`, `5.`) or a decimal comma (`52,5`) — to the JSON text of the same
    /// value (`+.5` → `0.5`). `nil` when it is not a finite number.
    static func coordinate(_ text: String) -> NumberValue? {
        if let n = number(text), n.value.isFinite { return n }
        guard let normalized = normalizedNumberText(trimmingBlanks(text)), let n = number(normalized),
            n.value.isFinite
        else { return nil }
        return n
    }

    /// `text` rewritten as JSON number text (see `coordinate`), or `nil`.
    private static func normalizedNumberText(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var i = 0
        var out: [UInt8] = []
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            if bytes[i] == UInt8(ascii: "-") { out.append(bytes[i]) }
            i += 1
        }
        func digits() -> ArraySlice<UInt8> {
            let from = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return bytes[from..<i]
        }
        var integer = digits()
        while integer.count > 1, integer.first == UInt8(ascii: "0") { integer = integer.dropFirst() }
        var fraction: ArraySlice<UInt8> = []
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
            i += 1
            fraction = digits()
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        out += integer.isEmpty ? [UInt8(ascii: "0")] : Array(integer)
        if !fraction.isEmpty { out += [UInt8(ascii: ".")] + fraction }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            out += bytes[i...]  // the exponent is checked by the JSON grammar
            i = bytes.count
        }
        guard i == bytes.count else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` without spaces and tabs at either end.
    static func trimmingBlanks(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, isBlank(first) || isBlank(last) else { return text }
        guard let start = utf8.firstIndex(where: { !isBlank($0) }),
            let stop = utf8.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[start...stop])
    }
}
