import MapBridgeIO

/// XML 1.0 text written straight into a `ByteSink`: tags from static strings (or checked
/// names), text escaped on the way through, characters XML 1.0 forbids left out. Builds no
/// document string. The KML and GPX writers share it.
///
///     var xml = XMLOutput(sink: sink, pretty: false)
///     try xml.open("wpt", ("lat", "52.5"))
///     try xml.leaf("name", "Fish & Chips")   // <name>Fish &amp; Chips</name>
///     try xml.close("wpt")
///
/// Escaping: `&`, `<` and `>` always; in attributes also `"`, and tab, line feed and
/// carriage return as character references (an XML parser would turn them into spaces);
/// a carriage return in text as `&#13;` (a parser would turn it into a line feed). Control
/// characters other than tab, line feed and carriage return, and U+FFFE and U+FFFF, cannot
/// appear in XML 1.0 at all: they are left out and `strippedCharacters` is set.
public struct XMLOutput {
    /// Where an element breaks the line in the compact layout (the pretty layout puts every
    /// element on its own indented line).
    public enum LineBreak: Sendable {
        /// On the current line.
        case none
        /// On a new line (a placemark, a shared style).
        case before
        /// On a new line, and its end tag on a new line too (`kml`, `Document`, `Folder`).
        case around
    }

    public var sink: ByteSink
    public let pretty: Bool
    /// Open elements, for the pretty layout's indentation.
    public var depth = 0
    /// Set when a forbidden character was left out; the writer reports and clears it.
    public var strippedCharacters = false
    /// Whether the innermost element has had no child element yet (its end tag then stays
    /// on its line in the pretty layout).
    @usableFromInline var elementIsBare = false

    public init(sink: ByteSink, pretty: Bool) {
        self.sink = sink
        self.pretty = pretty
    }

    // MARK: Elements

    /// Writes a start tag, with one attribute when `attribute` is given.
    public mutating func open(_ name: StaticString, _ attribute: (name: StaticString, value: String)? = nil,
                              break lineBreak: LineBreak = .none) throws
    {
        try startLine(lineBreak != .none)
        if let attribute {
            try sink.write(byte: UInt8(ascii: "<"))
            try sink.write(name)
            try write(attribute)
            try sink.write(byte: UInt8(ascii: ">"))
        } else {
            try writeTag(name, end: false)
        }
        depth += 1
        elementIsBare = true
    }

    /// Writes `<name>`, or `</name>` when `end`, with one check for room in the sink.
    @inlinable @inline(__always)
    func writeTag(_ name: StaticString, end: Bool) throws {
        let n = name.utf8CodeUnitCount
        let lead = end ? 2 : 1
        try sink.withUnsafeSpace(lead + n + 1) { bytes in
            bytes[0] = UInt8(ascii: "<")
            if end { bytes[1] = UInt8(ascii: "/") }
            (bytes + lead).update(from: name.utf8Start, count: n)
            bytes[lead + n] = UInt8(ascii: ">")
            return lead + n + 1
        }
    }

    /// Writes a start tag with its attributes in order.
    public mutating func open(_ name: StaticString, attributes: [(name: StaticString, value: String)],
                              break lineBreak: LineBreak = .none) throws
    {
        try startLine(lineBreak != .none)
        try sink.write(byte: UInt8(ascii: "<"))
        try sink.write(name)
        for attribute in attributes { try write(attribute) }
        try sink.write(byte: UInt8(ascii: ">"))
        depth += 1
        elementIsBare = true
    }

    mutating func write(_ attribute: (name: StaticString, value: String)) throws {
        try sink.write(byte: UInt8(ascii: " "))
        try sink.write(attribute.name)
        try sink.write("=\"" as StaticString)
        try escaped(attribute.value, inAttribute: true)
        try sink.write(byte: UInt8(ascii: "\""))
    }

    /// Writes an end tag. Inlined: a writer's most frequent call.
    @inlinable @inline(__always)
    public mutating func close(_ name: StaticString, break lineBreak: LineBreak = .none) throws {
        depth -= 1
        if pretty ? !elementIsBare : lineBreak == .around { try newline() }
        elementIsBare = false
        try writeTag(name, end: true)
    }

    /// Writes `<name>text</name>` with `text` escaped.
    public mutating func leaf(_ name: StaticString, _ text: String) throws {
        try open(name)
        try escaped(text, inAttribute: false)
        try close(name)
    }

    /// Writes `<name>literal</name>` for text known to need no escaping.
    public mutating func leaf(_ name: StaticString, literal: StaticString) throws {
        try open(name)
        try sink.write(literal)
        try close(name)
    }

    /// Writes `<name/>`, with attributes when given.
    public mutating func empty(_ name: StaticString, _ attributes: [(name: StaticString, value: String)] = []) throws {
        try startLine(false)
        try sink.write(byte: UInt8(ascii: "<"))
        try sink.write(name)
        for attribute in attributes { try write(attribute) }
        try sink.write("/>" as StaticString)
        elementIsBare = false
    }

    /// Writes `<name>text</name>`, the text in a CDATA section when it holds markup
    /// (`<` or `&`) so that HTML descriptions stay readable. A carriage return cannot
    /// survive inside CDATA (a parser turns it into a line feed), so such text is escaped.
    /// The text is scanned once to choose (`TextForm`), then written.
    public mutating func leafPreferringCDATA(_ name: StaticString, _ text: String) throws {
        // The bytes in place, as in `escaped(_:inAttribute:)`.
        if try text.utf8.withContiguousStorageIfAvailable({ try leafPreferringCDATA(name, utf8: $0) }) != nil { return }
        var s = text
        try s.withUTF8 { try leafPreferringCDATA(name, utf8: $0) }
    }

    /// `leafPreferringCDATA(_:_:)` for UTF-8 `bytes`.
    private mutating func leafPreferringCDATA(_ name: StaticString, utf8 bytes: UnsafeBufferPointer<UInt8>) throws {
        try open(name)
        let (form, firstSpecial) = Self.form(of: bytes)
        switch form {
        case .plain: try sink.write(UnsafeRawBufferPointer(bytes))  // the common description
        case .escaped: try escaped(bytes, inAttribute: false, firstSpecial: firstSpecial)
        case .cdata: try cdata(bytes)
        }
        try close(name)
    }

    /// How `leafPreferringCDATA` writes a text.
    enum TextForm: Equatable {
        /// As it is: nothing to escape or leave out.
        case plain
        /// Escaped: no markup, or a carriage return.
        case escaped
        /// In a CDATA section: markup, and no carriage return.
        case cdata
    }

    /// How `leafPreferringCDATA` writes `bytes`, and the index of the first byte `escaped`
    /// must look at (`bytes.count` when plain). One pass, from one byte needing a look to the
    /// next (`nextSpecial`), stopping at a carriage return.
    static func form(of bytes: UnsafeBufferPointer<UInt8>) -> (TextForm, firstSpecial: Int) {
        guard let base = bytes.baseAddress else { return (.plain, 0) }
        let n = bytes.count
        let first = nextSpecial(base, from: 0, count: n, inAttribute: false)
        var hasMarkup = false
        var i = first
        while i < n {
            switch base[i] {
            case 0x0D: return (.escaped, first)
            case UInt8(ascii: "<"), UInt8(ascii: "&"): hasMarkup = true
            default: break
            }
            i = nextSpecial(base, from: i + 1, count: n, inAttribute: false)
        }
        if first == n { return (.plain, n) }
        return (hasMarkup ? .cdata : .escaped, first)
    }

    // MARK: Text

    /// Writes `text` escaped for element content or an attribute value.
    public mutating func escaped(_ text: String, inAttribute: Bool) throws {
        // The bytes where the string keeps them (a small string's on the stack): no copy of
        // the string to make it native first.
        if try text.utf8.withContiguousStorageIfAvailable({ try escaped($0, inAttribute: inAttribute) }) != nil { return }
        var s = text
        try s.withUTF8 { try escaped($0, inAttribute: inAttribute) }
    }

    /// Writes UTF-8 `bytes` escaped for element content or an attribute value (see
    /// `forEachEscapedRun`). Text with nothing to escape or leave out (most names and values)
    /// takes a fast path: one scan, then one write of the whole run.
    /// - Complexity: O(n) in the byte count, about one word test per eight plain bytes.
    @inline(__always)
    public mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) throws {
        guard let base = bytes.baseAddress else { return }
        let first = Self.nextSpecial(base, from: 0, count: bytes.count, inAttribute: inAttribute)
        try escaped(bytes, inAttribute: inAttribute, firstSpecial: first)
    }

    /// `escaped(_:inAttribute:)` for `bytes` whose first byte needing a look (`nextSpecial`)
    /// is at `firstSpecial`, already found.
    @inline(__always)
    mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool, firstSpecial: Int) throws {
        if firstSpecial >= bytes.count { return try sink.write(UnsafeRawBufferPointer(bytes)) }
        let sink = self.sink
        if try Self.forEachEscapedRun(bytes, inAttribute: inAttribute, firstSpecial: firstSpecial, { try sink.write($0) }) {
            strippedCharacters = true
        }
    }

    /// Passes UTF-8 `bytes` escaped for element content or an attribute value to `emit`, run by
    /// run: the runs between the few bytes that need a look (`&`, `<`, `>`, `"` in attributes,
    /// controls, the 0xEF that may start U+FFFE or U+FFFF) in one piece each, found eight bytes
    /// at a time, and each replacement. The one escaper: `escaped` sends the runs to the sink,
    /// `XMLTag` renders a tag once with it. `firstSpecial`, when given, is where `nextSpecial`
    /// from 0 stops (the caller has looked already).
    /// - Returns: whether characters XML 1.0 forbids were left out.
    /// - Complexity: O(n) in the byte count, about one word test per eight plain bytes.
    @inline(__always)
    static func forEachEscapedRun(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool, firstSpecial: Int? = nil,
                                  _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Bool
    {
        guard let base = bytes.baseAddress else { return false }
        var stripped = false
        var runStart = 0
        let n = bytes.count
        func run(_ range: Range<Int>) throws {
            if !range.isEmpty { try emit(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)) }
        }
        var i = firstSpecial ?? Self.nextSpecial(base, from: 0, count: n, inAttribute: inAttribute)
        while i < n {
            let c = base[i]
            let replacement: StaticString
            var skipped = 1
            switch c {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"  // only found in attributes
            case 0x0D: replacement = "&#13;"
            case 0x09 where inAttribute: replacement = "&#9;"
            case 0x0A where inAttribute: replacement = "&#10;"
            case 0x09, 0x0A:
                i = Self.nextSpecial(base, from: i + 1, count: n, inAttribute: inAttribute)
                continue
            case 0x00..<0x20:
                replacement = ""
                stripped = true
            case 0xEF where Self.isNonCharacter(bytes, at: i):
                replacement = ""
                skipped = 3
                stripped = true
            default:  // an 0xEF that starts another character
                i = Self.nextSpecial(base, from: i + 1, count: n, inAttribute: inAttribute)
                continue
            }
            try run(runStart..<i)
            if replacement.utf8CodeUnitCount > 0 {
                try emit(UnsafeRawBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            }
            i += skipped
            runStart = i
            i = Self.nextSpecial(base, from: i, count: n, inAttribute: inAttribute)
        }
        try run(runStart..<n)
        return stripped
    }

    /// The index of the first byte at or after `start` that `escaped` must look at, or `n`.
    /// Whole 64-bit words are tested at once (SWAR: a byte below 0x20, or equal to one of the
    /// special bytes, sets its high bit in the test); the bytes after the last whole word as
    /// the word that ends at `n` (its first bytes already passed), when there is one. The word
    /// with a hit, or a text under eight bytes, is then looked at byte by byte.
    @inline(__always)
    static func nextSpecial(_ base: UnsafePointer<UInt8>, from start: Int, count n: Int, inAttribute: Bool) -> Int {
        var i = start
        let raw = UnsafeRawPointer(base)
        @inline(__always) func hasHit(_ at: Int) -> Bool {
            let w = WordScan.word(raw, at: at)
            let hits = WordScan.below(w, 0x20) | WordScan.equal(w, 0x26) | WordScan.equal(w, 0x3C)
                | WordScan.equal(w, 0x3E) | WordScan.equal(w, 0xEF) | (inAttribute ? WordScan.equal(w, 0x22) : 0)
            return hits != 0
        }
        while i + 8 <= n {
            if hasHit(i) { break }
            i += 8
        }
        if i < n, i + 8 > n, start + 8 <= n {
            // The tail, as the last word: bytes from `n - 8` up to `i` were clean already.
            if !hasHit(n - 8) { return n }
        }
        // Bytes below 0x40 that need a look, as bits of one mask; above, only 0xEF.
        let lowMask: UInt64 = 0x0000_0000_FFFF_FFFF | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | (inAttribute ? 1 << 0x22 : 0)
        while i < n {
            let c = base[i]
            if c < 0x40 ? lowMask >> UInt64(c) & 1 != 0 : c == 0xEF { return i }
            i += 1
        }
        return n
    }

    /// Writes `text` as a CDATA section, splitting it around every `]]>` and leaving out
    /// characters XML 1.0 forbids.
    public mutating func cdata(_ text: String) throws {
        var s = text
        try s.withUTF8 { try cdata($0) }
    }

    /// `cdata(_:)` for UTF-8 `bytes`.
    mutating func cdata(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        try sink.write("<![CDATA[" as StaticString)
        var runStart = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "]"), i + 2 < n, bytes[i + 1] == UInt8(ascii: "]"),
                bytes[i + 2] == UInt8(ascii: ">")
            {
                // "]]" ends this section, ">" starts the next one.
                try writeRun(bytes, runStart..<(i + 2))
                try sink.write("]]><![CDATA[" as StaticString)
                i += 2
                runStart = i
            } else if c < 0x20 && c != 0x09 && c != 0x0A && c != 0x0D {
                try writeRun(bytes, runStart..<i)
                strippedCharacters = true
                i += 1
                runStart = i
            } else if c == 0xEF && Self.isNonCharacter(bytes, at: i) {
                try writeRun(bytes, runStart..<i)
                strippedCharacters = true
                i += 3
                runStart = i
            } else {
                i += 1
            }
        }
        try writeRun(bytes, runStart..<n)
        try sink.write("]]>" as StaticString)
    }

    /// Writes bytes that need no escaping (numbers, fixed names). Inlined: a writer's numbers.
    @inlinable
    public mutating func raw(_ text: String) throws {
        // As `escaped(_:inAttribute:)`: the bytes in place.
        let sink = self.sink
        if try text.utf8.withContiguousStorageIfAvailable({ try sink.write(UnsafeRawBufferPointer($0)) }) != nil { return }
        try sink.write(text)
    }

    /// Writes a static string that needs no escaping.
    public mutating func raw(_ text: StaticString) throws { try sink.write(text) }

    /// Records that the innermost element has children written around this emitter (the
    /// placemarks copied from the temporary file).
    public mutating func markHasChildren() { elementIsBare = false }

    /// Ends the last line.
    public mutating func finishLine() throws { try sink.write(byte: 0x0A) }

    // MARK: Layout

    @inlinable @inline(__always)
    mutating func startLine(_ breaksInCompactLayout: Bool) throws {
        if pretty || breaksInCompactLayout { try newline() }
        elementIsBare = false
    }

    @usableFromInline
    mutating func newline() throws {
        try sink.write(byte: 0x0A)
        if pretty {
            for _ in 0..<max(depth, 0) { try sink.write("  " as StaticString) }
        }
    }

    private func writeRun(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws {
        guard !range.isEmpty, let base = bytes.baseAddress else { return }
        try sink.write(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Whether the UTF-8 at `i` (which starts with 0xEF) is U+FFFE or U+FFFF.
    static func isNonCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        i + 2 < bytes.count && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF)
    }
}
