import MapBridgeIO
import MapBridgeModel

/// MapBridge's own streaming parser for XML 1.0 documents in UTF-8, with namespaces: the
/// engine `XMLSAXCore` runs for every document it can read (`accepts(_:isFinal:)`), libxml2
/// for the rest (other encodings). It reports the events libxml2's SAX2 push parser reports,
/// with the same bytes, names and line and column, and stops at the same well-formedness
/// errors; it reads each byte once, in place, with no call per byte.
///
/// What it checks: UTF-8 and XML's characters everywhere; names; tags matched and nested;
/// attributes quoted, unique (also by namespace) and normalized (white space to spaces,
/// references expanded); the five predefined entities and character references, nothing
/// else; comments, processing instructions, CDATA sections; one root element with only
/// comments, processing instructions and white space around it; the XML declaration first.
/// A DOCTYPE is refused (as with libxml2: `XMLSAXCore.refuseDoctype`). A prefix nobody declared
/// is a warning, as libxml2 and Google Earth have it. Where it parts from libxml2: a namespace
/// name that is not a well-formed URI (a space in it) is read as written, as Google Earth and
/// GDAL read it, where libxml2 stops; `&` in one is `&`, where libxml2 keeps `&#38;`; and the
/// text before an error is reported before it.
///
/// Bytes arrive a piece at a time (`append`); `parse` reports every event the bytes so far
/// complete. Text and CDATA are reported as far as they go; a tag, comment or processing
/// instruction that is not complete yet is parsed again when the bytes held have doubled,
/// so that a long one costs linear time.
final class XMLUTF8Parser {
    /// The core the events go to, which owns this parser: neither retained nor released (a
    /// retain and release at every event, as an unowned reference costs): `events` lends it.
    private let coreReference: Unmanaged<XMLSAXCore>

    /// The core, for the rare calls (errors, warnings, names met the first time).
    private var core: XMLSAXCore { coreReference.takeUnretainedValue() }

    /// Runs `body` with the core, neither retained nor released: for the calls at every event.
    @inline(__always)
    private func events<R>(_ body: (XMLSAXCore) -> R) -> R { coreReference._withUnsafeGuaranteedRef(body) }
    private let allowsHugeText: Bool

    // MARK: The bytes

    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The next byte to parse.
    private var pos = 0
    /// The end of the bytes held.
    private var end = 0
    /// The offset in the document of `buffer[0]`.
    private var base = 0
    /// Whether the source has ended (no more bytes will come).
    private var isFinal = false
    /// A token was incomplete: parse again once the document's bytes held reach this offset.
    private var retryOffset = 0
    private let classes: UnsafePointer<UInt8>

    // MARK: Where the parser is

    private enum Mode { case start, prolog, content, cdata, epilog }
    private var mode = Mode.start
    /// Bytes of the CDATA section being read, for the size limit.
    private var cdataBytes = 0
    /// Line and column (1-based; columns count characters) at `buffer[mark]`.
    private var line = 1
    private var column = 1
    private var mark = 0

    // MARK: Names and namespaces

    private let names = NameTable()
    /// Handler name indexes by qualified name, as the core's `declare` gave them.
    private var declared: [XMLQualifiedName: Int] = [:]
    /// Namespace bindings in scope, innermost last.
    private var bindings: [(prefix: String, uri: String)] = []
    /// The name entry of the last start tag (−1 before the first): what it was followed by
    /// the last time is the guess for the next one.
    private var lastStart: Int32 = -1
    /// Bumped when a binding changes what a prefix stands for: names resolved before are
    /// resolved again.
    private var generation = 1
    /// The open elements, innermost last (`depth` of them): their name entries and how many
    /// bindings were in scope before each.
    private var open: UnsafeMutablePointer<OpenElement>
    private var openCapacity = 64
    private var depth = 0

    private struct OpenElement {
        var entry: Int32
        var bindings: Int32
    }
    /// The attributes of the start tag being parsed: libxml2's layout, five pointers each
    /// (local name, prefix, URI, value start, value end).
    private var slots: UnsafeMutablePointer<UnsafePointer<UInt8>?>
    private var slotCapacity = 16
    /// Per attribute of the tag being parsed (`pendingCount` of them): its name entry, value
    /// range in `buffer` and whether the value needs normalizing.
    private var pending: UnsafeMutablePointer<PendingAttribute>
    private var pendingCount = 0
    private var pendingCapacity = 16

    private struct PendingAttribute {
        var entry: Int32
        var start: Int
        var end: Int
        var needsNormalizing: Bool
        /// Where the attribute's name starts, for messages.
        var nameStart: Int
    }

    init(core: XMLSAXCore, allowsHugeText: Bool) {
        coreReference = Unmanaged.passUnretained(core)
        self.allowsHugeText = allowsHugeText
        capacity = 1 << 17
        buffer = .allocate(capacity: capacity + Self.slack)
        classes = XMLByteClass.table
        slots = .allocate(capacity: 5 * slotCapacity)
        pending = .allocate(capacity: pendingCapacity)
        open = .allocate(capacity: openCapacity)
    }

    deinit {
        buffer.deallocate()
        slots.deallocate()
        pending.deallocate()
        open.deallocate()
    }

    // MARK: - Choosing the parser

    /// Whether a document whose first bytes are `head` is UTF-8 (this parser reads it):
    /// no byte-order mark but UTF-8's, no NUL byte among the first two (UTF-16 and UCS-4 put
    /// one there), and an XML declaration that names no encoding or UTF-8. `nil` while the
    /// bytes so far cannot tell (a declaration not yet complete) and more may come.
    static func accepts(_ head: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> Bool? {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let first = bytes.first, first == 0 || first == 0xFE || first == 0xFF { return false }
        if bytes.count >= 2, bytes[bytes.startIndex + 1] == 0 { return false }
        let declaration: [UInt8] = Array("<?xml".utf8)
        if bytes.count < declaration.count {
            return declaration.starts(with: bytes) && !isFinal ? nil : true
        }
        guard bytes.starts(with: declaration) else { return true }
        // The declaration's end, within a length no real one reaches.
        let window = bytes.prefix(1024)
        guard let close = window.indices.first(where: { window[$0] == UInt8(ascii: "?") && $0 + 1 < window.endIndex
            && window[$0 + 1] == UInt8(ascii: ">") })
        else { return window.count < 1024 && !isFinal ? nil : true }
        let text = String(decoding: bytes[bytes.startIndex..<close], as: UTF8.self)
        guard let at = text.firstRange(of: "encoding") else { return true }
        let rest = text[at.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return true }
        let name = rest.dropFirst().prefix { $0 != quote }
        return name.lowercased() == "utf-8"
    }

    // MARK: - Bytes in

    /// Adds the next `count` bytes of the document (none: the document has ended).
    func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        if count == 0 {
            isFinal = true
            return
        }
        if end + count > capacity {
            // Drop what is parsed (the position counted up to it first), then grow if need be.
            advance(to: pos)
            let kept = end - pos
            if pos > 0 {
                buffer.update(from: buffer + pos, count: kept)
                base += pos
                mark -= pos
                end = kept
                pos = 0
            }
            if kept + count > capacity {
                var grown = capacity * 2
                while grown < kept + count { grown *= 2 }
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown + Self.slack)
                larger.update(from: buffer, count: kept)
                buffer.deallocate()
                buffer = larger
                capacity = grown
            }
        }
        ByteCopy.copy(bytes, to: buffer + end, count: count)
        end += count
    }

    // MARK: - Positions

    /// Moves the counted position to `index` (not before `mark`): lines end at LF, and every
    /// other character (a CR too, as libxml2 counts) is one column.
    @inline(__always)
    private func advance(to index: Int) {
        let from = mark
        guard index > from else { return }
        mark = index
        // Eight bytes at a time (the last word masked): the LFs among them, where the last one
        // is, and whether any byte is past ASCII.
        let bytes = buffer
        var p = from, newlines = 0, lastNewline = -1
        var any: UInt64 = 0
        while p < index {
            let valid = Self.mask(index - p)
            let w = UnsafeRawPointer(bytes + p).loadUnaligned(as: UInt64.self) & valid
            any |= w
            let x = w ^ 0x0A0A_0A0A_0A0A_0A0A
            // 0x80 in each byte that was an LF (no carries: each byte's low seven bits are added apart).
            let found = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F) & valid
            if found != 0 {
                newlines &+= Int(truncatingIfNeeded: ((found >> 7) &* 0x0101_0101_0101_0101) >> 56)
                lastNewline = p + (63 - found.leadingZeroBitCount) >> 3
            }
            p += 8
        }
        let ascii = any & 0x8080_8080_8080_8080 == 0
        if newlines == 0 {
            column &+= ascii ? index - from : Self.characters(bytes + from, index - from)
        } else {
            line &+= newlines
            let n = index - lastNewline - 1
            column = 1 &+ (ascii ? n : Self.characters(bytes + lastNewline + 1, n))
        }
    }

    /// Moves the `count` values at `storage` (room for `capacity`) to room for twice as many.
    static func double<T>(_ storage: inout UnsafeMutablePointer<T>, count: Int, capacity: inout Int) {
        let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// The mask that keeps the first `n` bytes (all eight from 8 on) of a little-endian word.
    @inline(__always)
    static func mask(_ n: Int) -> UInt64 {
        n >= 8 ? ~0 : (1 << (UInt64(truncatingIfNeeded: n) &* 8)) &- 1
    }

    /// Bytes a reader of words may read past the end of a buffer, which has them spare.
    static let slack = 8

    /// The line and column at `index`, as the recorded events carry them.
    @inline(__always)
    private func position(_ index: Int) -> (line: Int32, column: Int32) {
        advance(to: index)
        return (Int32(truncatingIfNeeded: line), Int32(truncatingIfNeeded: column))
    }

    /// How many characters the `n` UTF-8 bytes at `p` hold: the bytes that are not
    /// continuation bytes (`10xxxxxx`), eight at a time.
    @inline(__always)
    private static func characters(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var continuations = 0, i = 0
        while i < n {
            let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & mask(n - i)
            if w & 0x8080_8080_8080_8080 != 0 {
                // 0x80 in each byte whose top bits are 10.
                let marks = w & ~(w << 1) & 0x8080_8080_8080_8080
                continuations &+= Int(truncatingIfNeeded: ((marks >> 7) &* 0x0101_0101_0101_0101) >> 56)
            }
            i += 8
        }
        return n - continuations
    }

    // MARK: - Parsing

    /// Reports every event the bytes held complete; stops at an error (given to the core).
    func parse() {
        if !isFinal && base + end < retryOffset { return }
        while !events({ $0.isStopped }) {
            let more: Bool
            switch mode {
            case .content:
                guard pos < end else { return finishIfFinal() }
                switch buffer[pos] {
                case UInt8(ascii: "<"): more = markup()
                case UInt8(ascii: "&"): more = reference()
                default: more = text()
                }
            case .cdata:
                more = cdata()
            case .prolog, .epilog:
                more = outsideRoot()
            case .start:
                more = documentStart()
            }
            if !more { return }
        }
    }

    /// At the end of the bytes held: when the document has ended, says what is missing.
    private func finishIfFinal() {
        guard isFinal else { return }
        switch mode {
        case .content, .cdata:
            let (l, c) = position(end)
            core.fail(mode == .cdata ? "malformed XML: the file ends inside a CDATA section" : "malformed XML: the file ends inside an element",
                      line: Int(l), column: Int(c), endsEarly: true)
        case .prolog, .start:
            let (l, c) = position(end)
            core.fail("malformed XML: the document has no root element (\(core.documentKind) starts with <\(core.documentKind.lowercased()) …>)",
                      line: Int(l), column: Int(c))
        case .epilog:
            break
        }
    }

    /// The bytes of a token that starts at `start` are not all here: parse again once twice as
    /// many are (`false`), or, at the document's end, fail as cut off (at the token's start).
    private func incomplete(_ start: Int, _ what: String) -> Bool {
        if isFinal {
            let (l, c) = position(start)
            core.fail("malformed XML: the file ends inside \(what) that starts here", line: Int(l), column: Int(c), endsEarly: true)
            return false
        }
        retryOffset = base + end + max(end - start, 1)
        return false
    }

    /// Stops with `message` (after "malformed XML: ") at `index`.
    private func fail(_ message: String, at index: Int, endsEarly: Bool = false) -> Bool {
        let (l, c) = position(index)
        core.fail("malformed XML: " + message, line: Int(l), column: Int(c), endsEarly: endsEarly)
        return false
    }

    /// The first bytes: a byte-order mark and the XML declaration, if any.
    private func documentStart() -> Bool {
        if end - pos < 3 && !isFinal { return incomplete(pos, "the XML declaration") }
        if end - pos >= 3 && buffer[pos] == 0xEF && buffer[pos + 1] == 0xBB && buffer[pos + 2] == 0xBF {
            // libxml2 counts no column for the mark.
            pos += 3
            mark = pos
        }
        if end - pos < 6 && !isFinal { return incomplete(pos, "the XML declaration") }
        if matches(pos, "<?xml") && end - pos >= 6 && XMLByteClass.isSpace(buffer[pos + 5]) {
            guard xmlDeclaration() else { return false }
        }
        mode = .prolog
        return true
    }

    /// `text` from the document for a message: on one line (control characters as `\u{…}`)
    /// and at most 40 characters.
    static func shown(_ text: String) -> String {
        let kept = text.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? $0.escaped(asASCII: true) : String($0) }
        return kept.joined() + (text.unicodeScalars.count > 40 ? "…" : "")
    }

    /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` at `pos`.
    private func xmlDeclaration() -> Bool {
        let start = pos
        var p = pos + 5
        var seen: [String] = []
        while true {
            let spaceStart = p
            while p < end && XMLByteClass.isSpace(buffer[p]) { p += 1 }
            guard p + 1 < end else { return incomplete(start, "the XML declaration") }
            if buffer[p] == UInt8(ascii: "?") && buffer[p + 1] == UInt8(ascii: ">") {
                p += 2
                break
            }
            guard p > spaceStart else { return fail("the XML declaration needs spaces between its parts", at: p) }
            let nameStart = p
            while p < end && classes[Int(buffer[p])] & XMLByteClass.name != 0 { p += 1 }
            let name = String(decoding: UnsafeBufferPointer(start: buffer + nameStart, count: p - nameStart), as: UTF8.self)
            while p < end && XMLByteClass.isSpace(buffer[p]) { p += 1 }
            guard p < end else { return incomplete(start, "the XML declaration") }
            guard buffer[p] == UInt8(ascii: "=") else {
                return fail("the XML declaration has '\(name)' without '=' and a quoted value", at: p)
            }
            p += 1
            while p < end && XMLByteClass.isSpace(buffer[p]) { p += 1 }
            guard p < end else { return incomplete(start, "the XML declaration") }
            let quote = buffer[p]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                return fail("the XML declaration's \(name) needs a quoted value", at: p)
            }
            let valueStart = p + 1
            p = valueStart
            while p < end && buffer[p] != quote && buffer[p] != UInt8(ascii: ">") { p += 1 }
            guard p < end else { return incomplete(start, "the XML declaration") }
            guard buffer[p] == quote else { return fail("the XML declaration's \(name) has no closing quote", at: p) }
            let value = String(decoding: UnsafeBufferPointer(start: buffer + valueStart, count: p - valueStart), as: UTF8.self)
            p += 1
            let order = ["version", "encoding", "standalone"]
            guard let rank = order.firstIndex(of: name), !seen.contains(name),
                  seen.allSatisfy({ order.firstIndex(of: $0) ?? 0 < rank })
            else { return fail("the XML declaration has '\(name)' where only version, encoding and standalone may stand, in that order", at: nameStart) }
            if rank > 0 && seen.isEmpty { return fail("the XML declaration must give the version first: <?xml version=\"1.0\" …?>", at: nameStart) }
            switch name {
            case "version":
                let digits = value.utf8.dropFirst(2)
                guard value.hasPrefix("1."), !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    return fail("the XML declaration's version '\(Self.shown(value))' is not 1.0", at: valueStart)
                }
            case "encoding":
                let bytes = value.utf8
                guard let first = bytes.first, XMLByteClass.isLetter(first), bytes.allSatisfy({ XMLByteClass.isLetter($0)
                    || (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
                else { return fail("the XML declaration's encoding '\(Self.shown(value))' is not an encoding name", at: valueStart) }
            default:
                guard value == "yes" || value == "no" else {
                    return fail("the XML declaration's standalone must be 'yes' or 'no', not '\(Self.shown(value))'", at: valueStart)
                }
            }
            seen.append(name)
        }
        guard seen.first == "version" else { return fail("the XML declaration must give the version: <?xml version=\"1.0\" …?>", at: start) }
        pos = p
        return true
    }

    /// White space, comments and processing instructions before or after the root element,
    /// then the root element's start tag (before it).
    private func outsideRoot() -> Bool {
        var p = pos
        while p < end && XMLByteClass.isSpace(buffer[p]) { p += 1 }
        pos = p
        guard p < end else {
            finishIfFinal()
            return false
        }
        guard buffer[p] == UInt8(ascii: "<") else {
            if mode == .epilog { return fail("text after the document's root element has ended", at: p, endsEarly: true) }
            return fail("the document must start with '<' (an XML declaration or its root element), not text", at: p)
        }
        guard p + 1 < end else { return incomplete(p, "a tag") }
        switch buffer[p + 1] {
        case UInt8(ascii: "?"):
            return processingInstruction()
        case UInt8(ascii: "!"):
            if end - p < 4 { return incomplete(p, "a comment") }
            if matches(p, "<!--") { return comment() }
            if end - p < 9 { return incomplete(p, "a declaration") }
            if matches(p, "<!DOCTYPE") && mode == .prolog {
                let (l, c) = position(p)
                core.refuseDoctype(line: Int(l), column: Int(c))
                return false
            }
            return fail(mode == .epilog ? "markup after the document's root element has ended" : "'<!' starts only a comment here", at: p,
                        endsEarly: mode == .epilog)
        default:
            if mode == .epilog { return fail("a second element after the document's root element has ended", at: p, endsEarly: true) }
            return startTag()
        }
    }

    /// Markup inside the root element, at `pos` (`<`).
    private func markup() -> Bool {
        let p = pos
        guard p + 1 < end else { return incomplete(p, "a tag") }
        switch buffer[p + 1] {
        case UInt8(ascii: "/"):
            return endTag()
        case UInt8(ascii: "?"):
            return processingInstruction()
        case UInt8(ascii: "!"):
            if end - p < 4 { return incomplete(p, "a comment") }
            if matches(p, "<!--") { return comment() }
            if end - p < 9 { return incomplete(p, "a CDATA section") }
            if matches(p, "<![CDATA[") {
                pos = p + 9
                mode = .cdata
                cdataBytes = 0
                return true
            }
            return fail("'<!' starts only a comment (<!-- … -->) or a CDATA section (<![CDATA[ … ]]>) inside an element", at: p)
        default:
            return startTag()
        }
    }

    /// Whether the bytes at `index` spell `text` (all held).
    @inline(__always)
    private func matches(_ index: Int, _ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard end - index >= n else { return false }
        for i in 0..<n where buffer[index + i] != text.utf8Start[i] { return false }
        return true
    }

    // MARK: Text

    /// Text from `pos` to the next markup or reference, reported as far as the bytes go.
    private func text() -> Bool {
        var start = pos, p = pos
        while true {
            p = skipText(from: p)
            guard p < end else {
                report(start, p)
                pos = p
                finishIfFinal()
                return false
            }
            let b = buffer[p]
            switch b {
            case UInt8(ascii: "<"), UInt8(ascii: "&"):
                report(start, p)
                pos = p
                return true
            case 0x0D:
                // A CR, alone or before LF, is a line end: LF (libxml2 counts the CR a column).
                report(start, p)
                guard p + 1 < end || isFinal else {
                    pos = p
                    return incomplete(p, "text")
                }
                let next = p + 1 < end && buffer[p + 1] == 0x0A ? p + 2 : p + 1
                reportLineFeed(at: next)
                p = next
                start = p
            case UInt8(ascii: "]"):
                guard p + 2 < end || isFinal else {
                    report(start, p)
                    pos = p
                    return incomplete(p, "text")
                }
                if p + 2 < end && buffer[p + 1] == UInt8(ascii: "]") && buffer[p + 2] == UInt8(ascii: ">") {
                    report(start, p)
                    return fail("']]>' may not stand in text: write ']]&gt;'", at: p)
                }
                p += 1
            default:
                switch scalar(at: p, "text") {
                case .scalar(_, let length): p += length
                case .incomplete:
                    report(start, p)
                    pos = p
                    return incomplete(p, "text")
                case .failed:
                    report(start, p)
                    return false
                }
            }
        }
    }

    /// The first byte from `p` that ends a fast run of text (`XMLByteClass.textSpecial`), or
    /// `end`: eight bytes at a time past words with none of `<`, `&`, `]`, a control byte (tab
    /// and LF too, looked at one by one) or a byte past ASCII, as runs of coordinates are.
    @inline(__always)
    private func skipText(from start: Int) -> Int {
        let bytes = buffer, stop = end, table = classes
        var p = start
        while true {
            while p + 8 <= stop {
                let w = UnsafeRawPointer(bytes + p).loadUnaligned(as: UInt64.self)
                if Self.mayNeedLook(w) { break }
                p += 8
            }
            let wordEnd = min(p + 8, stop)
            while p < wordEnd && table[Int(bytes[p])] & XMLByteClass.textSpecial == 0 { p += 1 }
            if p < wordEnd || p == stop { return p }
        }
    }

    /// Whether the word `w` has a byte below 0x20, at or past 0x80, or `<`, `&` or `]` (no
    /// false negatives; tab and LF are false positives).
    @inline(__always)
    private static func mayNeedLook(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// 0x80 (among other bits) in a byte of `x` that is zero, or no 0x80 at all when none is.
        func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let control = (w &- 0x2020_2020_2020_2020) & ~w & highs
        return (control | (w & highs) | zeros(w ^ 0x3C3C_3C3C_3C3C_3C3C) | zeros(w ^ 0x2626_2626_2626_2626)
            | zeros(w ^ 0x5D5D_5D5D_5D5D_5D5D)) != 0
    }

    /// Reports the text `buffer[start..<stop]` (none when empty), at the position after it.
    @inline(__always)
    private func report(_ start: Int, _ stop: Int) {
        guard stop > start else { return }
        let (l, c) = position(stop)
        events { $0.nativeCharacters(UnsafeBufferPointer(start: buffer + start, count: stop - start), isCDATA: false, line: l, column: c) }
    }

    private static let lineFeed: [UInt8] = [0x0A]
    /// What `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&apos;` stand for, in that order.
    private static let expansions: [UInt8] = Array("&<>\"'".utf8)

    /// Reports an LF for a line end that ends at `next`.
    private func reportLineFeed(at next: Int) {
        let (l, c) = position(next)
        Self.lineFeed.withUnsafeBufferPointer { bytes in events { $0.nativeCharacters(bytes, isCDATA: false, line: l, column: c) } }
    }

    /// A reference in text at `pos` (`&`): reported as the text it stands for.
    private func reference() -> Bool {
        let start = pos
        var scratch: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        switch referenceValue(at: start, into: &scratch) {
        case .incomplete:
            return incomplete(start, "a reference")
        case .failed:
            return false
        case .value(let count, let after):
            let (l, c) = position(after)
            withUnsafeBytes(of: &scratch) { raw in
                let bytes = UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
                events { $0.nativeCharacters(bytes, isCDATA: false, line: l, column: c) }
            }
            pos = after
            return true
        }
    }

    private enum Reference {
        /// The UTF-8 bytes the reference stands for (`count` of them, in the scratch), and the
        /// index after its `;`.
        case value(count: Int, after: Int)
        case incomplete
        case failed
    }

    /// Reads the reference at `start` (`&`) into `scratch`: a predefined entity or a
    /// character reference.
    private func referenceValue(at start: Int, into scratch: inout (UInt8, UInt8, UInt8, UInt8)) -> Reference {
        var p = start + 1
        guard p < end else { return .incomplete }
        if buffer[p] == UInt8(ascii: "#") {
            p += 1
            guard p < end else { return .incomplete }
            let hex = buffer[p] == UInt8(ascii: "x")
            if hex { p += 1 }
            let digitsStart = p
            var value: UInt32 = 0
            while p < end {
                let b = buffer[p]
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(b - UInt8(ascii: "A") + 10)
                default: digit = 99
                }
                if digit == 99 { break }
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
                p += 1
            }
            guard p < end else { return .incomplete }
            guard p > digitsStart, buffer[p] == UInt8(ascii: ";") else {
                _ = fail("a character reference is written &#NNN; or &#xHHH; (an '&' on its own is written &amp;)", at: start)
                return .failed
            }
            guard XMLByteClass.isChar(value), let scalar = Unicode.Scalar(value) else {
                _ = fail("&#\(hex ? "x" : "")\(String(decoding: UnsafeBufferPointer(start: buffer + digitsStart, count: p - digitsStart), as: UTF8.self)); is not a character XML allows", at: start)
                return .failed
            }
            let count = Self.encode(scalar.value, into: &scratch)
            return .value(count: count, after: p + 1)
        }
        let nameStart = p
        while p < end && classes[Int(buffer[p])] & XMLByteClass.name != 0 && p - nameStart < 8 { p += 1 }
        guard p < end else { return .incomplete }
        let name = String(decoding: UnsafeBufferPointer(start: buffer + nameStart, count: p - nameStart), as: UTF8.self)
        let known = ["amp", "lt", "gt", "quot", "apos"]
        guard buffer[p] == UInt8(ascii: ";"), let k = known.firstIndex(of: name) else {
            if buffer[p] == UInt8(ascii: ";") || (classes[Int(buffer[p])] & XMLByteClass.name != 0) {
                _ = fail("the entity &\(name); is not defined: XML knows only &amp; &lt; &gt; &quot; &apos; and character references (&#160; for a no-break space)", at: start)
            } else {
                _ = fail("an '&' on its own is written &amp;", at: start)
            }
            return .failed
        }
        scratch.0 = Self.expansions[k]
        return .value(count: 1, after: p + 1)
    }

    /// Writes `value`'s UTF-8 bytes into `scratch`; returns how many.
    private static func encode(_ value: UInt32, into scratch: inout (UInt8, UInt8, UInt8, UInt8)) -> Int {
        switch value {
        case 0..<0x80:
            scratch.0 = UInt8(value)
            return 1
        case 0x80..<0x800:
            scratch = (UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F), 0, 0)
            return 2
        case 0x800..<0x10000:
            scratch = (UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F), 0)
            return 3
        default:
            scratch = (UInt8(0xF0 | value >> 18), UInt8(0x80 | value >> 12 & 0x3F), UInt8(0x80 | value >> 6 & 0x3F),
                       UInt8(0x80 | value & 0x3F))
            return 4
        }
    }

    private enum ScalarRead {
        case scalar(UInt32, length: Int)
        case incomplete
        case failed
    }

    /// The character at `p`, a byte that is not plain ASCII text: a UTF-8 sequence XML allows,
    /// or a failure (reported: `context` names where, for the message).
    private func scalar(at p: Int, _ context: String) -> ScalarRead {
        let b0 = buffer[p]
        guard b0 >= 0x80 else {
            if XMLByteClass.isChar(UInt32(b0)) { return .scalar(UInt32(b0), length: 1) }
            _ = fail("the control character U+\(Self.hex(UInt32(b0), 4)) may not stand in XML \(context); remove it", at: p)
            return .failed
        }
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return notUTF8(at: p)
        }
        guard p + length <= end else {
            // Bytes that cannot continue the sequence fail now; the rest may come.
            for i in 1..<(end - p) where !(i == 1 ? (low...high) : (0x80...0xBF)).contains(buffer[p + i]) { return notUTF8(at: p) }
            return isFinal ? notUTF8(at: p) : .incomplete
        }
        guard (low...high).contains(buffer[p + 1]) else { return notUTF8(at: p) }
        var value = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        value = value << 6 | UInt32(buffer[p + 1] & 0x3F)
        for i in 2..<length {
            guard buffer[p + i] & 0xC0 == 0x80 else { return notUTF8(at: p) }
            value = value << 6 | UInt32(buffer[p + i] & 0x3F)
        }
        guard value != 0xFFFE && value != 0xFFFF else {
            _ = fail("U+\(Self.hex(value, 4)) is not a character XML allows; remove it", at: p)
            return .failed
        }
        return .scalar(value, length: length)
    }

    private func notUTF8(at p: Int) -> ScalarRead {
        let shown = (p..<min(p + 4, end)).map { "0x" + Self.hex(UInt32(buffer[$0]), 2) }.joined(separator: " ")
        let (l, c) = position(p)
        core.fail(XMLSAXCore.notUTF8Message(bytes: shown), line: Int(l), column: Int(c))
        return .failed
    }

    private static func hex(_ value: UInt32, _ digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }

    // MARK: CDATA, comments, processing instructions

    /// The content of a CDATA section from `pos`, reported as far as the bytes go; `]]>`
    /// ends it. libxml2 reports a CDATA section's line ends as they stand (CR LF too), and so
    /// does this parser, so that the two agree byte for byte.
    private func cdata() -> Bool {
        let start = pos
        var p = pos
        while true {
            while p < end && classes[Int(buffer[p])] & XMLByteClass.cdataSpecial == 0 { p += 1 }
            if p < end && buffer[p] == UInt8(ascii: "]") {
                guard p + 2 < end else {
                    reportCDATA(start, p)
                    pos = p
                    return isFinal ? fail("the file ends inside a CDATA section", at: p, endsEarly: true) : incomplete(p, "a CDATA section")
                }
                if buffer[p + 1] == UInt8(ascii: "]") && buffer[p + 2] == UInt8(ascii: ">") {
                    // An empty section is reported too (libxml2 reports it).
                    reportCDATA(start, p, evenEmpty: cdataBytes == 0)
                    pos = p + 3
                    mode = .content
                    return true
                }
                p += 1
                continue
            }
            guard p < end else {
                reportCDATA(start, p)
                pos = p
                if isFinal { return fail("the file ends inside a CDATA section", at: p, endsEarly: true) }
                return false
            }
            switch scalar(at: p, "CDATA sections") {
            case .scalar(_, let length): p += length
            case .incomplete:
                reportCDATA(start, p)
                pos = p
                return incomplete(p, "a CDATA section")
            case .failed:
                return false
            }
        }
    }

    /// Reports CDATA content `buffer[start..<stop]`, at the position of its start.
    ///
    /// libxml2 counts a column per byte in a CDATA section (a character elsewhere), so the
    /// columns after one with characters past ASCII, up to the next line, are counted so too:
    /// the positions of the two engines stay the same.
    private func reportCDATA(_ start: Int, _ stop: Int, evenEmpty: Bool = false) {
        guard stop > start || evenEmpty else { return }
        cdataBytes += stop - start
        let (l, c) = position(start)
        if cdataBytes > XMLUTF8Parser.textLimit && !allowsHugeText {
            core.refuseHugeText(line: Int(l), column: Int(c))
            return
        }
        events { $0.nativeCharacters(UnsafeBufferPointer(start: buffer + start, count: stop - start), isCDATA: true, line: l, column: c) }
        advance(to: stop)
        var lineStart = stop
        while lineStart > start && buffer[lineStart - 1] != 0x0A { lineStart -= 1 }
        column += (stop - lineStart) - Self.characters(buffer + lineStart, stop - lineStart)
    }

    /// libxml2's limit on one text node, CDATA section, comment or attribute value without
    /// `XML_PARSE_HUGE`, kept here (`allowsHugeText` lifts it).
    static let textLimit = 10_000_000

    /// A comment at `pos` (`<!--`), skipped whole.
    private func comment() -> Bool {
        let start = pos
        var p = pos + 4
        while true {
            while p < end && buffer[p] != UInt8(ascii: "-") && classes[Int(buffer[p])] & XMLByteClass.checked == 0 { p += 1 }
            if p - start > Self.textLimit && !allowsHugeText {
                let (l, c) = position(start)
                core.refuseHugeText(line: Int(l), column: Int(c))
                return false
            }
            guard p < end else { return incomplete(start, "a comment") }
            if buffer[p] == UInt8(ascii: "-") {
                guard p + 2 < end else { return incomplete(start, "a comment") }
                if buffer[p + 1] == UInt8(ascii: "-") {
                    guard buffer[p + 2] == UInt8(ascii: ">") else { return fail("'--' may not stand inside a comment", at: p) }
                    pos = p + 3
                    return true
                }
                p += 1
                continue
            }
            switch scalar(at: p, "comments") {
            case .scalar(_, let length): p += length
            case .incomplete: return incomplete(start, "a comment")
            case .failed: return false
            }
        }
    }

    /// A processing instruction at `pos` (`<?`), skipped whole (no handler asks for them).
    private func processingInstruction() -> Bool {
        let start = pos
        var p = pos + 2
        let nameStart = p
        switch scanName(&p, "a processing instruction") {
        case .incomplete: return incomplete(start, "a processing instruction")
        case .failed: return false
        case .name: break
        }
        let target = String(decoding: UnsafeBufferPointer(start: buffer + nameStart, count: p - nameStart), as: UTF8.self)
        if target.contains(":") { return fail("a processing instruction's target '\(target)' may not hold a colon", at: nameStart) }
        if target.lowercased() == "xml" {
            return fail("the XML declaration <?xml … ?> may stand only at the very start of the file: remove what comes before <?xml … ?> (spaces or blank lines there too)", at: start)
        }
        guard p + 1 < end else { return incomplete(start, "a processing instruction") }
        if !(buffer[p] == UInt8(ascii: "?") && buffer[p + 1] == UInt8(ascii: ">")) && !XMLByteClass.isSpace(buffer[p]) {
            return fail("a processing instruction's target is followed by a space or '?>'", at: p)
        }
        while true {
            while p < end && buffer[p] != UInt8(ascii: "?") && classes[Int(buffer[p])] & XMLByteClass.checked == 0 { p += 1 }
            if p - start > Self.textLimit && !allowsHugeText {
                let (l, c) = position(start)
                core.refuseHugeText(line: Int(l), column: Int(c))
                return false
            }
            guard p + 1 < end else { return incomplete(start, "a processing instruction") }
            if buffer[p] == UInt8(ascii: "?") {
                if buffer[p + 1] == UInt8(ascii: ">") {
                    pos = p + 2
                    return true
                }
                p += 1
                continue
            }
            switch scalar(at: p, "processing instructions") {
            case .scalar(_, let length): p += length
            case .incomplete: return incomplete(start, "a processing instruction")
            case .failed: return false
            }
        }
    }

    // MARK: Names

    private enum NameRead {
        case name
        case incomplete
        case failed
    }

    /// Reads an XML name at `p` (moved past it), its bytes checked; a name must end before the
    /// bytes held do (something follows it).
    @inline(__always)
    private func scanName(_ p: inout Int, _ context: String) -> NameRead {
        let start = p
        guard p < end else { return .incomplete }
        if classes[Int(buffer[p])] & XMLByteClass.nameStart == 0 { return slowName(&p, start, context) }
        p += 1
        while p < end && classes[Int(buffer[p])] & XMLByteClass.name != 0 { p += 1 }
        guard p < end else { return .incomplete }
        if buffer[p] >= 0x80 { return slowName(&p, start, context) }
        if p - start > Self.nameLimit { return nameTooLong(start) }
        return .name
    }

    /// libxml2's limit on a name's length, kept here.
    static let nameLimit = 50_000

    private func nameTooLong(_ start: Int) -> NameRead {
        _ = fail("a name is longer than \(Self.nameLimit) bytes", at: start)
        return .failed
    }

    /// `scanName` for a name with characters past ASCII (or one that does not start as a name
    /// does), from `p`: each character checked against XML's name characters.
    private func slowName(_ p: inout Int, _ start: Int, _ context: String) -> NameRead {
        while p < end {
            let b = buffer[p]
            if b < 0x80 {
                let ok = p == start ? classes[Int(b)] & XMLByteClass.nameStart != 0 : classes[Int(b)] & XMLByteClass.name != 0
                if ok {
                    p += 1
                    continue
                }
                if p == start {
                    _ = fail("\(context) needs a name here (a letter, '_' or ':' first), not \(Self.describe(b))", at: p)
                    return .failed
                }
                if p - start > Self.nameLimit { return nameTooLong(start) }
                return .name
            }
            switch scalar(at: p, "names") {
            case .incomplete: return .incomplete
            case .failed: return .failed
            case .scalar(let value, let length):
                guard p == start ? XMLByteClass.isNameStart(value) : XMLByteClass.isNameCharacter(value) else {
                    _ = fail("U+\(Self.hex(value, 4)) may not stand in a name (\(context))", at: p)
                    return .failed
                }
                p += length
            }
        }
        return .incomplete
    }

    private static func describe(_ b: UInt8) -> String {
        switch b {
        case 0x20: "a space"
        case 0x09: "a tab"
        case 0x0A, 0x0D: "a line end"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(b)))'"
        default: "byte 0x\(hex(UInt32(b), 2))"
        }
    }

    // MARK: Tags

    /// A start tag at `pos` (`<` and a name), with its attributes; an empty-element tag
    /// reports its end too.
    private func startTag() -> Bool {
        let start = pos
        var p = pos + 1
        let nameStart = p
        // The name that followed the last start tag's the last time, if it stands here (and
        // nothing a name could go on with follows it): no scan, no hashing.
        let element: Int32
        if let predicted = names.predicted(after: lastStart), end - p > predicted.count,
           Self.memoryEqual(buffer + p, predicted.bytes, predicted.count),
           classes[Int(buffer[p + predicted.count])] & XMLByteClass.name == 0, buffer[p + predicted.count] < 0x80
        {
            element = names.entries[Int(lastStart)].next
            p += predicted.count
        } else {
            switch scanName(&p, "a start tag") {
            case .incomplete: return incomplete(start, "a start tag")
            case .failed: return false
            case .name: break
            }
            element = names.intern(buffer + nameStart, p - nameStart)
            guard names.entries[Int(element)].isQualifiedName else { return notQualified(element, at: nameStart) }
            if lastStart >= 0 { names.entries[Int(lastStart)].next = element }
        }
        lastStart = element
        pendingCount = 0
        let close: Int
        let isEmpty: Bool
        while true {
            let spaceStart = p
            while p < end && classes[Int(buffer[p])] & XMLByteClass.space != 0 { p += 1 }
            guard p < end else { return incomplete(start, "a start tag") }
            let b = buffer[p]
            if b == UInt8(ascii: ">") {
                close = p
                isEmpty = false
                p += 1
                break
            }
            if b == UInt8(ascii: "/") {
                guard p + 1 < end else { return incomplete(start, "a start tag") }
                guard buffer[p + 1] == UInt8(ascii: ">") else { return fail("'/' in a start tag must be followed by '>'", at: p) }
                close = p
                isEmpty = true
                p += 2
                break
            }
            guard p > spaceStart else {
                return fail("attributes are separated from the name and from each other by a space, not \(Self.describe(b))", at: p)
            }
            let attributeStart = p
            switch scanName(&p, "an attribute") {
            case .incomplete: return incomplete(start, "a start tag")
            case .failed: return false
            case .name: break
            }
            let attribute = names.intern(buffer + attributeStart, p - attributeStart)
            guard names.entries[Int(attribute)].isQualifiedName else { return notQualified(attribute, at: attributeStart) }
            while p < end && classes[Int(buffer[p])] & XMLByteClass.space != 0 { p += 1 }
            guard p < end else { return incomplete(start, "a start tag") }
            guard buffer[p] == UInt8(ascii: "=") else {
                return fail("the attribute \(names.text(attribute)) needs '=' and a quoted value", at: p)
            }
            p += 1
            while p < end && classes[Int(buffer[p])] & XMLByteClass.space != 0 { p += 1 }
            guard p < end else { return incomplete(start, "a start tag") }
            let quote = buffer[p]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                return fail("the value of attribute \(names.text(attribute)) must be in quotes", at: p)
            }
            p += 1
            let valueStart = p
            var needsNormalizing = false
            while true {
                while p < end && classes[Int(buffer[p])] & XMLByteClass.valueSpecial == 0 { p += 1 }
                guard p < end else { return incomplete(start, "a start tag") }
                let v = buffer[p]
                if v == quote { break }
                switch v {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    p += 1
                case UInt8(ascii: "<"):
                    return fail("'<' may not stand in an attribute value: write &lt;", at: p)
                case UInt8(ascii: "&"), 0x09, 0x0A, 0x0D:
                    needsNormalizing = true
                    p += 1
                default:
                    switch scalar(at: p, "attribute values") {
                    case .scalar(_, let length): p += length
                    case .incomplete: return incomplete(start, "a start tag")
                    case .failed: return false
                    }
                }
            }
            if p - valueStart > Self.textLimit && !allowsHugeText {
                let (l, c) = position(valueStart)
                core.refuseHugeText(line: Int(l), column: Int(c))
                return false
            }
            if pendingCount == pendingCapacity { XMLUTF8Parser.double(&pending, count: pendingCount, capacity: &pendingCapacity) }
            pending[pendingCount] = PendingAttribute(entry: attribute, start: valueStart, end: p,
                                                     needsNormalizing: needsNormalizing, nameStart: attributeStart)
            pendingCount += 1
            p += 1
        }
        // The tag is whole: from here on nothing is parsed again, so values are normalized in place.
        return openElement(element, close: close, after: p, isEmpty: isEmpty)
    }

    private func notQualified(_ name: Int32, at index: Int) -> Bool {
        fail("'\(names.text(name))' is not a name namespaces allow: a colon may stand only once, between a prefix and a local name", at: index)
    }

    /// The element of a whole start tag: namespaces declared, attributes normalized and
    /// checked, the start (and for an empty-element tag the end) reported.
    private func openElement(_ element: Int32, close: Int, after: Int, isEmpty: Bool) -> Bool {
        let bindingsBefore = bindings.count
        var count = 0
        var prefixed = false
        // References checked (errors located) and the tag's position counted before any value
        // is rewritten: the count must see the line ends the rewriting turns into spaces.
        for k in 0..<pendingCount where pending[k].needsNormalizing {
            guard checkReferences(pending[k].start, pending[k].end) else { return false }
        }
        let (l, c) = position(close)
        for k in 0..<pendingCount {
            var attribute = pending[k]
            if attribute.needsNormalizing { attribute.end = normalize(attribute.start, attribute.end) }
            let entry = names.entries[Int(attribute.entry)]
            if entry.isNamespaceDeclaration {
                guard declareNamespace(entry, attribute, declaredBefore: bindingsBefore) else { return false }
                continue
            }
            if entry.colon >= 0 { prefixed = true }
            pending[count] = attribute
            count += 1
        }
        // Duplicates by name (by namespace too, below): a set for a tag of many.
        if count <= 16 {
            for k in 1..<max(count, 1) {
                for j in 0..<k where pending[j].entry == pending[k].entry {
                    return fail("the attribute \(names.text(pending[k].entry)) is given twice", at: pending[k].nameStart)
                }
            }
        } else {
            var seen = Set<Int32>()
            for k in 0..<count where !seen.insert(pending[k].entry).inserted {
                return fail("the attribute \(names.text(pending[k].entry)) is given twice", at: pending[k].nameStart)
            }
        }
        if count > slotCapacity {
            slots.deallocate()
            slotCapacity = max(count, slotCapacity * 2)
            slots = .allocate(capacity: 5 * slotCapacity)
        }
        for k in 0..<count {
            let attribute = pending[k]
            let entry = names.entries[Int(attribute.entry)]
            slots[5 * k] = entry.localName
            slots[5 * k + 1] = nil
            slots[5 * k + 2] = nil
            slots[5 * k + 3] = UnsafePointer(buffer + attribute.start)
            slots[5 * k + 4] = UnsafePointer(buffer + attribute.end)
        }
        // Bindings declared here apply to the element's own name and attributes.
        if bindings.count != bindingsBefore { generation &+= 1 }
        let index = elementIndex(element, line: l, column: c)
        if prefixed, !checkPrefixedAttributes(count, element: element, line: l, column: c) { return false }
        if depth == openCapacity { Self.double(&open, count: depth, capacity: &openCapacity) }
        open[depth] = OpenElement(entry: element, bindings: Int32(bindingsBefore))
        depth += 1
        let localName = names.entries[Int(element)].localName
        let attributes = XMLAttributeList(libxml: count > 0 ? slots : nil, count: count)
        events { $0.nativeStart(index, localName: localName, attributes: attributes, line: l, column: c) }
        pos = after
        mode = .content
        if isEmpty { return closeElement(after) }
        return true
    }

    /// Undeclared prefixes on attributes (a warning each) and two attributes of one name in
    /// one namespace under different prefixes (an error).
    private func checkPrefixedAttributes(_ count: Int, element: Int32, line: Int32, column: Int32) -> Bool {
        var qualified: [(local: String, uri: String, k: Int)] = []
        for k in 0..<count {
            let entry = names.entries[Int(pending[k].entry)]
            guard entry.colon >= 0 else { continue }
            let prefix = names.prefix(pending[k].entry), local = String(cString: entry.localName)
            if prefix == "xml" {
                qualified.append((local, XMLUTF8Parser.xmlNamespace, k))
            } else if let uri = uri(of: prefix) {
                qualified.append((local, uri, k))
            } else {
                core.namespaceWarning("Namespace prefix \(prefix) for \(local) on \(String(cString: names.entries[Int(element)].localName)) is not defined",
                                      line: Int(line), column: Int(column))
            }
        }
        guard qualified.count > 1 else { return true }
        var seen = Set<String>()
        for q in qualified where !seen.insert(q.local + "\u{0}" + q.uri).inserted {
            return fail("the attribute \(names.text(pending[q.k].entry)) is given twice (its prefix stands for the same namespace as another's)", at: pending[q.k].nameStart)
        }
        return true
    }

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The namespace `prefix` stands for now (`""`: the default namespace), or `nil`.
    private func uri(of prefix: String) -> String? {
        if prefix == "xml" { return Self.xmlNamespace }
        for binding in bindings.reversed() where binding.prefix == prefix { return binding.uri.isEmpty ? nil : binding.uri }
        return nil
    }

    /// `xmlns="…"` or `xmlns:p="…"`: a binding in scope until the element ends.
    private func declareNamespace(_ entry: NameTable.Entry, _ attribute: PendingAttribute, declaredBefore: Int) -> Bool {
        let uri = String(decoding: UnsafeBufferPointer(start: buffer + attribute.start, count: attribute.end - attribute.start),
                         as: UTF8.self).replacing("&#38;", with: "&")
        let prefix = entry.colon >= 0 ? String(cString: entry.localName) : ""
        let at = attribute.nameStart
        if prefix == "xmlns" { return fail("the prefix xmlns may not be declared", at: at) }
        if prefix == "xml" && uri != Self.xmlNamespace { return fail("the prefix xml may be bound only to \(Self.xmlNamespace)", at: at) }
        if !prefix.isEmpty && uri.isEmpty { return fail("xmlns:\(prefix) may not be empty (a prefix cannot be undeclared in XML 1.0)", at: at) }
        if prefix != "xml" && uri == Self.xmlNamespace { return fail("only the prefix xml may be bound to \(Self.xmlNamespace)", at: at) }
        if uri == "http://www.w3.org/2000/xmlns/" { return fail("no prefix may be bound to http://www.w3.org/2000/xmlns/", at: at) }
        if bindings[declaredBefore...].contains(where: { $0.prefix == prefix }) {
            return fail(prefix.isEmpty ? "the default namespace is declared twice on one element" : "the prefix \(prefix) is declared twice on one element", at: at)
        }
        bindings.append((prefix, uri))
        return true
    }

    /// The handler's name index for element name `element` in the bindings now, warning of an
    /// undeclared prefix each time one is used.
    @inline(__always)
    private func elementIndex(_ element: Int32, line: Int32, column: Int32) -> Int {
        let entry = names.entries[Int(element)]
        if entry.generation == generation && !entry.undeclaredPrefix { return entry.handlerIndex }
        return resolve(element, line: line, column: column)
    }

    private func resolve(_ element: Int32, line: Int32, column: Int32) -> Int {
        let entry = names.entries[Int(element)]
        let local = String(cString: entry.localName)
        var name: XMLQualifiedName
        var undeclared = false
        if entry.colon >= 0 {
            let prefix = names.prefix(element)
            if let uri = uri(of: prefix) {
                name = XMLQualifiedName(localName: local, prefix: prefix, namespace: uri)
            } else {
                name = XMLQualifiedName(localName: local, prefix: prefix, namespace: nil)
                undeclared = true
                core.namespaceWarning("Namespace prefix \(prefix) on \(local) is not defined", line: Int(line), column: Int(column))
            }
        } else {
            name = XMLQualifiedName(localName: local, prefix: nil, namespace: uri(of: ""))
        }
        let index: Int
        if let known = declared[name] {
            index = known
        } else {
            index = core.declareNative(name)
            declared[name] = index
        }
        names.setResolution(element, index: index, generation: generation, undeclaredPrefix: undeclared)
        return index
    }

    /// An end tag at `pos` (`</`), which must name the innermost open element.
    private func endTag() -> Bool {
        let start = pos
        guard depth > 0 else { return fail("an end tag with no element open", at: start) }
        let innermost = open[depth - 1]
        let entry = names.entries[Int(innermost.entry)]
        var p = start + 2
        // The innermost element's name, byte for byte, then something that cannot go on a name.
        if end - p > entry.count && Self.memoryEqual(buffer + p, entry.bytes, entry.count)
            && classes[Int(buffer[p + entry.count])] & XMLByteClass.name == 0 && buffer[p + entry.count] < 0x80
        {
            p += entry.count
        } else {
            let nameStart = p
            switch scanName(&p, "an end tag") {
            case .incomplete: return incomplete(start, "an end tag")
            case .failed: return false
            case .name:
                // Located after the tag, where libxml2 (and so `validate`) locates it.
                let found = String(decoding: UnsafeBufferPointer(start: buffer + nameStart, count: p - nameStart), as: UTF8.self)
                let opened = core.openElementStart
                while p < end && classes[Int(buffer[p])] & XMLByteClass.space != 0 { p += 1 }
                if p < end && buffer[p] == UInt8(ascii: ">") { p += 1 }
                return fail("the end tag </\(found)> does not match the open element <\(names.text(innermost.entry))> (opened at line \(opened.line), column \(opened.column))", at: p)
            }
        }
        while p < end && classes[Int(buffer[p])] & XMLByteClass.space != 0 { p += 1 }
        guard p < end else { return incomplete(start, "an end tag") }
        guard buffer[p] == UInt8(ascii: ">") else {
            return fail("an end tag holds only its name: </\(names.text(innermost.entry))>", at: p)
        }
        if !entry.isASCII {
            // libxml2 counts a column per byte of an end tag's name: so do these positions.
            advance(to: start + 2 + entry.count)
            column += entry.count - Self.characters(entry.bytes, entry.count)
        }
        return closeElement(p + 1)
    }

    /// The innermost element ends, its end tag's last byte before `after`.
    private func closeElement(_ after: Int) -> Bool {
        depth -= 1
        let innermost = open[depth]
        let (l, c) = position(after)
        let localName = names.entries[Int(innermost.entry)].localName
        events { $0.nativeEnd(localName: localName, line: l, column: c) }
        if bindings.count > Int(innermost.bindings) {
            bindings.removeLast(bindings.count - Int(innermost.bindings))
            generation &+= 1
        }
        pos = after
        if depth == 0 { mode = .epilog }
        return true
    }

    @inline(__always)
    static func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        // Words, the last one masked: both have `slack` bytes to spare past their ends.
        var i = 0
        while i < n {
            let x = UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) ^ UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
            if x & mask(n - i) != 0 { return false }
            i += 8
        }
        return true
    }

    /// Whether every reference in the attribute value `buffer[start..<stop]` is one XML knows
    /// (else the error is given).
    private func checkReferences(_ start: Int, _ stop: Int) -> Bool {
        var scratch: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var p = start
        while p < stop {
            guard buffer[p] == UInt8(ascii: "&") else {
                p += 1
                continue
            }
            guard case .value(_, let after) = referenceValue(at: p, into: &scratch) else {
                if !core.isStopped { _ = fail("an '&' on its own is written &amp;", at: p) }
                return false
            }
            p = after
        }
        return true
    }

    /// Normalizes the attribute value `buffer[start..<stop]` in place (it only shrinks), its
    /// references checked before: tab, LF, CR and CR LF to a space, references expanded, an
    /// `&` as `&#38;` (as libxml2 hands values over). Returns the value's new end.
    private func normalize(_ start: Int, _ stop: Int) -> Int {
        var read = start, write = start
        var scratch: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        while read < stop {
            let b = buffer[read]
            switch b {
            case 0x0D:
                buffer[write] = 0x20
                write += 1
                read += read + 1 < stop && buffer[read + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                buffer[write] = 0x20
                write += 1
                read += 1
            case UInt8(ascii: "&"):
                switch referenceValue(at: read, into: &scratch) {
                case .incomplete, .failed:
                    // Checked before: cannot happen; the rest of the value is kept as it stands.
                    return stop
                case .value(let count, let after):
                    if count == 1 && scratch.0 == UInt8(ascii: "&") {
                        for byte in "&#38;".utf8 {
                            buffer[write] = byte
                            write += 1
                        }
                    } else {
                        withUnsafeBytes(of: &scratch) { raw in
                            for i in 0..<count { buffer[write + i] = raw[i] }
                        }
                        write += count
                    }
                    read = after
                }
            default:
                buffer[write] = b
                write += 1
                read += 1
            }
        }
        return write
    }
}

// MARK: - Byte classes

/// What each byte can be, as bit flags in one table of 256 entries.
enum XMLByteClass {
    /// Ends a fast run of text: `<`, `&`, CR, `]`, control characters, bytes past ASCII.
    static let textSpecial: UInt8 = 1
    /// May go on an ASCII name: letters, digits, `.`, `-`, `_`, `:`.
    static let name: UInt8 = 2
    /// May start an ASCII name: letters, `_`, `:`.
    static let nameStart: UInt8 = 4
    /// Ends a fast run of an attribute value: quotes, `<`, `&`, tab, LF, CR, control
    /// characters, bytes past ASCII.
    static let valueSpecial: UInt8 = 8
    /// White space: space, tab, LF, CR.
    static let space: UInt8 = 16
    /// Needs a look in a CDATA section: `]`, control characters, bytes past ASCII.
    static let cdataSpecial: UInt8 = 32
    /// Needs a look in a comment or a processing instruction: control characters and bytes
    /// past ASCII (tab, LF and CR are allowed).
    static let checked: UInt8 = 64

    /// The table, made once and never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 {
            var c: UInt8 = 0
            let isControl = b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D
            if b >= 0x80 || isControl { c |= textSpecial | valueSpecial | cdataSpecial | checked }
            switch UInt8(b) {
            case UInt8(ascii: "<"), UInt8(ascii: "&"): c |= textSpecial | valueSpecial
            case 0x0D: c |= textSpecial | valueSpecial | space
            case 0x09, 0x0A: c |= valueSpecial | space
            case 0x20: c |= space
            case UInt8(ascii: "]"): c |= textSpecial | cdataSpecial
            case UInt8(ascii: "\""), UInt8(ascii: "'"): c |= valueSpecial
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"):
                c |= name | nameStart
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
                c |= name
            default: break
            }
            t[b] = c
        }
        return UnsafePointer(t)
    }()

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func isLetter(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
    }

    /// XML 1.0's `Char`.
    static func isChar(_ u: UInt32) -> Bool {
        u == 0x9 || u == 0xA || u == 0xD || (0x20...0xD7FF).contains(u) || (0xE000...0xFFFD).contains(u)
            || (0x10000...0x10FFFF).contains(u)
    }

    /// XML 1.0 (fifth edition)'s `NameStartChar`, past ASCII.
    static func isNameStart(_ u: UInt32) -> Bool {
        switch u {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F,
             0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return u < 0x80 && (isLetter(UInt8(u)) || u == 0x5F || u == 0x3A)
        }
    }

    /// XML 1.0 (fifth edition)'s `NameChar`, past ASCII.
    static func isNameCharacter(_ u: UInt32) -> Bool {
        isNameStart(u) || u == 0xB7 || (0x300...0x36F).contains(u) || (0x203F...0x2040).contains(u)
            || (u < 0x80 && (isLetter(UInt8(u)) || (0x30...0x39).contains(u) || u == 0x2E || u == 0x2D))
    }
}

// MARK: - Names

/// Every distinct name (element or attribute, prefix included) the document spells, interned
/// by its bytes: an open-addressing table over entries that keep the bytes (with a NUL after
/// them, and after the prefix's colon the local name is a C string as libxml2's are), for
/// the attribute list and the end tag's comparison, and the element's resolution (its handler
/// index under the bindings of `generation`). A class over buffers of its own: the parser
/// reads entries in place at every tag.
private final class NameTable {
    struct Entry {
        /// The name's bytes, NUL-terminated, owned by the table.
        let bytes: UnsafeMutablePointer<UInt8>
        let count: Int
        /// Where the colon between prefix and local name is, or −1.
        let colon: Int
        let hash: UInt64
        /// After the colon, or the whole name: NUL-terminated.
        var localName: UnsafePointer<UInt8> { UnsafePointer(bytes + (colon + 1)) }
        /// `xmlns` or `xmlns:…`.
        let isNamespaceDeclaration: Bool
        /// Whether the name is a namespace name: no colon, or one between a prefix and a local
        /// name (not `:a`, `a:` or `a:b:c`).
        let isQualifiedName: Bool
        /// Whether the name has bytes past ASCII (how libxml2 counts its columns in an end tag).
        let isASCII: Bool
        var handlerIndex = 0
        var generation = 0
        var undeclaredPrefix = false
        /// The name of the start tag that followed this one's the last time, or −1.
        var next: Int32 = -1
    }

    /// The entry of the start tag that followed `id`'s the last time (`id` −1: none).
    @inline(__always)
    func predicted(after id: Int32) -> Entry? {
        guard id >= 0 else { return nil }
        let next = entries[Int(id)].next
        return next >= 0 ? entries[Int(next)] : nil
    }

    /// The entries, `count` of them, by id.
    private(set) var entries: UnsafeMutablePointer<Entry>
    private var capacity = 64
    private(set) var count = 0
    private var slots: UnsafeMutablePointer<Int32>
    private var mask = 255

    init() {
        entries = .allocate(capacity: capacity)
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: -1, count: mask + 1)
    }

    deinit {
        for k in 0..<count { entries[k].bytes.deallocate() }
        entries.deinitialize(count: count)
        entries.deallocate()
        slots.deallocate()
    }

    /// The name as text, for messages.
    func text(_ id: Int32) -> String {
        let e = entries[Int(id)]
        return String(decoding: UnsafeBufferPointer(start: e.bytes, count: e.count), as: UTF8.self)
    }

    /// The prefix of a name with a colon.
    func prefix(_ id: Int32) -> String {
        let e = entries[Int(id)]
        return String(decoding: UnsafeBufferPointer(start: e.bytes, count: max(e.colon, 0)), as: UTF8.self)
    }

    func setResolution(_ id: Int32, index: Int, generation: Int, undeclaredPrefix: Bool) {
        entries[Int(id)].handlerIndex = index
        entries[Int(id)].generation = generation
        entries[Int(id)].undeclaredPrefix = undeclaredPrefix
    }

    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: n)
        var i = 0
        while i + 8 <= n {
            h = (h ^ UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            i += 8
        }
        if i < n {
            let tail = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & XMLUTF8Parser.mask(n - i)
            h = (h ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        return h ^ (h >> 29)
    }

    /// The entry for the `n` bytes at `p` (a checked name), made on first sight.
    @inline(__always)
    func intern(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int32 {
        let h = Self.hash(p, n)
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = slots[i]
            if id < 0 { break }
            let e = entries + Int(id)
            if e.pointee.hash == h && e.pointee.count == n && XMLUTF8Parser.memoryEqual(e.pointee.bytes, p, n) { return id }
            i = (i + 1) & mask
        }
        return insert(p, n, h, slot: i)
    }

    @inline(never)
    private func insert(_ p: UnsafePointer<UInt8>, _ n: Int, _ h: UInt64, slot: Int) -> Int32 {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: n + 1 + XMLUTF8Parser.slack)
        bytes.update(from: p, count: n)
        (bytes + n).initialize(repeating: 0, count: 1 + XMLUTF8Parser.slack)
        var colon = -1
        for k in 0..<n where bytes[k] == UInt8(ascii: ":") {
            colon = k
            break
        }
        // A name whose colon does not split it into a prefix and a local name (`:a`, `a:`,
        // `a:b:c`) is no namespace name (an error where it names an element or attribute).
        let qualified = !(colon == 0 || colon == n - 1 || (colon > 0 && (colon + 1..<n).contains { bytes[$0] == UInt8(ascii: ":") }))
        if !qualified { colon = -1 }
        let ascii = (0..<n).allSatisfy { bytes[$0] < 0x80 }
        let isDeclaration = (colon == -1 && n == 5 || colon == 5)
            && String(decoding: UnsafeBufferPointer(start: bytes, count: 5), as: UTF8.self) == "xmlns"
        if count == capacity { XMLUTF8Parser.double(&entries, count: count, capacity: &capacity) }
        let id = Int32(count)
        (entries + count).initialize(to: Entry(bytes: bytes, count: n, colon: colon, hash: h, isNamespaceDeclaration: isDeclaration,
                                                     isQualifiedName: qualified, isASCII: ascii))
        count += 1
        slots[slot] = id
        if count * 2 > mask + 1 { grow() }
        return id
    }

    private func grow() {
        slots.deallocate()
        mask = mask * 2 + 1
        slots = .allocate(capacity: mask + 1)
        slots.initialize(repeating: -1, count: mask + 1)
        for id in 0..<count {
            var i = Int(truncatingIfNeeded: entries[id].hash) & mask
            while slots[i] >= 0 { i = (i + 1) & mask }
            slots[i] = Int32(id)
        }
    }
}
