import MapBridgeModel
import Testing

@Suite("escapedForDisplay: controls and bidi overrides shown as \\u{XX}")
struct DisplayTextTests {
    @Test("plain text, and text with only harmless non-ASCII, is unchanged")
    func plain() {
        #expect("".escapedForDisplay() == "")
        #expect("São Paulo, 東京 😀 \u{A0}".escapedForDisplay() == "São Paulo, 東京 😀 \u{A0}")
    }

    @Test("C0, DEL, C1 and bidi controls are escaped on scalars; CR LF is two escapes", arguments: [
        ("a\u{1B}[2Jb", "a\\u{1B}[2Jb"),
        ("\u{0}\u{7}\u{8}\t", "\\u{00}\\u{07}\\u{08}\\u{09}"),
        ("x\r\ny", "x\\u{0D}\\u{0A}y"),
        ("\u{7F}\u{80}\u{9B}\u{9F}", "\\u{7F}\\u{80}\\u{9B}\\u{9F}"),
        ("\u{202A}\u{202E}\u{2066}\u{2069}\u{200F}\u{2028}", "\\u{202A}\\u{202E}\\u{2066}\\u{2069}\\u{200F}\\u{2028}"),
    ])
    func escapes(input: String, shown: String) {
        #expect(input.escapedForDisplay() == shown)
    }

    @Test("keepingLineBreaks keeps LF only")
    func lineBreaks() {
        #expect("one\ntwo\r\n".escapedForDisplay(keepingLineBreaks: true) == "one\ntwo\\u{0D}\n")
    }
}
