/// Text from a file made safe to show a person: control characters and bidirectional
/// overrides are written as Swift-style escapes (`\u{1B}`), so that a value in a file can
/// neither drive the terminal (ESC sequences, BEL, backspaces, a CR that overwrites the line)
/// nor reorder what is shown (U+202E), nor start a line of its own.
///
///     "a\u{1B}[2Jb".escapedForDisplay()                       // "a\\u{1B}[2Jb"
///     "one\ntwo".escapedForDisplay(keepingLineBreaks: true)   // unchanged
///
/// Escaped are C0 (U+0000–U+001F, tab and line feed too unless kept), DEL (U+007F), C1
/// (U+0080–U+009F), the bidi embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), the bidi marks U+200E, U+200F and U+061C, and the line and paragraph
/// separators U+2028 and U+2029. The escape is on Unicode scalars, never on `Character`s, so
/// CR LF (one `Character`) becomes `\u{0D}\u{0A}`.
///
/// - Complexity: O(n) in the UTF-8 length; text with nothing to escape is returned as is
///   after one pass over its bytes.
extension String {
    /// This text with every scalar that `Unicode.Scalar.needsDisplayEscape` names written as
    /// `\u{XX}` (upper-case hex, at least two digits).
    /// - Parameter keepingLineBreaks: leave line feeds (U+000A) as they are, for text of
    ///   several lines the program itself lays out; carriage returns are still escaped.
    public func escapedForDisplay(keepingLineBreaks: Bool = false) -> String {
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else {
            return self
        }
        var out = ""
        out.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            if scalar.needsDisplayEscape && !(keepingLineBreaks && scalar == "\n") {
                out += scalar.displayEscape
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// Whether this scalar is shown escaped by `String.escapedForDisplay`: a C0 or C1 control,
    /// DEL, a bidi embedding, override, isolate or mark, or a line or paragraph separator.
    public var needsDisplayEscape: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `\u{1B}`: the scalar's value in upper-case hex, at least two digits.
    public var displayEscape: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }
}
