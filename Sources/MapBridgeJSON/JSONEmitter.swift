import MapBridgeIO
import MapBridgeModel

/// Writes JSON to a `ByteSink` one element at a time, placing commas, and in pretty mode
/// line breaks and two-space indentation, itself.
///
///     let json = JSONEmitter(sink: sink, pretty: false)
///     try json.beginObject()
///     try json.key("name"); try json.string("JFK")
///     try json.endObject()        // {"name":"JFK"}
public final class JSONEmitter {
    public let sink: ByteSink
    /// Whether objects and arrays are spread over indented lines.
    public let pretty: Bool
    // The innermost open array or object is kept in plain fields, which every element
    // updates; only the ones around it wait in an array, touched when one opens or closes.
    /// How many arrays and objects are open.
    @exclusivity(unchecked) private var openCount = 0
    /// The innermost one's elements so far, and whether it stays on one line.
    @exclusivity(unchecked) private var innermostCount = 0
    @exclusivity(unchecked) private var innermostInline = false
    /// The ones around the innermost, outermost first.
    @exclusivity(unchecked) private var outer: [(count: Int, inline: Bool)] = []
    @exclusivity(unchecked) private var afterKey = false

    public init(sink: ByteSink, pretty: Bool = false) {
        self.sink = sink
        self.pretty = pretty
    }

    /// Nesting depth of open objects and arrays.
    public var depth: Int { openCount }

    // MARK: Containers

    /// Opens an object.
    public func beginObject() throws {
        try separate()
        try sink.write(byte: UInt8(ascii: "{"))
        open(inline: false)
    }

    /// Closes the innermost object.
    public func endObject() throws { try close(UInt8(ascii: "}")) }

    /// Opens an array; an `inline` array stays on one line even in pretty mode
    /// (positions print as `[-73.7781, 40.6413]`).
    public func beginArray(inline: Bool = false) throws {
        try separate()
        try sink.write(byte: UInt8(ascii: "["))
        open(inline: inline)
    }

    /// Closes the innermost array.
    public func endArray() throws { try close(UInt8(ascii: "]")) }

    /// Makes a new array or object the innermost; it stays on one line when `inline` or
    /// when the one around it does.
    @inline(__always)
    private func open(inline: Bool) {
        let inherited = openCount > 0 && innermostInline
        if openCount > 0 { outer.append((innermostCount, innermostInline)) }
        openCount += 1
        innermostCount = 0
        innermostInline = inline || inherited
    }

    private func close(_ byte: UInt8) throws {
        guard openCount > 0 else { return }
        let (count, inline) = (innermostCount, innermostInline)
        openCount -= 1
        if let around = outer.popLast() { (innermostCount, innermostInline) = around }
        if pretty && !inline && count > 0 { try newline() }
        try sink.write(byte: byte)
    }

    // MARK: Members and scalars

    /// Writes the separator before the next element of the innermost array or object, then a
    /// line break: one element per line in compact output (`[\n{…},\n{…}`).
    public func breakLineBeforeNextElement() throws {
        guard openCount > 0 else { return }
        if innermostCount > 0 { try sink.write(byte: UInt8(ascii: ",")) }
        innermostCount += 1
        try sink.write(byte: 0x0A)
        afterKey = true  // the separator is written: the next value goes straight in
    }

    /// Writes an object member's name; the next value call writes its value. (A literal name
    /// goes to `key(_: StaticString)`, which copies its bytes without looking for escapes.)
    @_disfavoredOverload
    public func key(_ name: String) throws {
        try separate()
        try writeQuoted(name, colon: true)
    }

    /// Writes an object member's name given as a literal.
    public func key(_ name: StaticString) throws {
        try separate()
        try writeQuoted(name, colon: true)
    }

    /// Writes the members of `members` in order, each value with its JSON type and number text.
    public func members(_ members: Properties) throws {
        for m in members {
            try key(m.key)
            try value(m.value)
        }
    }

    /// Writes a string value, escaped. (A literal goes to `string(_: StaticString)`.)
    @_disfavoredOverload
    public func string(_ value: String) throws {
        try separate()
        try writeQuoted(value)
    }

    /// Writes a string value given as its UTF-8 bytes (valid UTF-8), escaped.
    public func string(utf8 bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let base = bytes.baseAddress, ByteScanning.hasNoEscapeCandidate(UnsafeRawPointer(base), count: bytes.count)
        else { return try string(String(decoding: bytes, as: UTF8.self)) }
        try separate()
        try copyQuoted(base, count: bytes.count, colon: false)
    }

    /// Writes a literal string value.
    public func string(_ value: StaticString) throws {
        try separate()
        try writeQuoted(value)
    }

    /// Writes a number given as JSON number text, unchanged.
    public func number(text: String) throws {
        try separate()
        try sink.write(text)
    }

    /// Writes the source text of a coordinate's number on `axis`, unchanged; nothing (not even
    /// a separator) when that number has no text (`Coordinate.hasSourceText(_:)`).
    public func number(sourceTextOf coordinate: Coordinate, _ axis: Coordinate.Axis) throws {
        guard coordinate.hasSourceText(axis) else { return }
        try separate()
        try sink.write(sourceTextOf: coordinate, axis)
    }

    /// Writes a finite double in its shortest round-trip form, or with `decimals` places
    /// (trailing zeros dropped) when given.
    public func number(_ value: Double, decimals: Int? = nil) throws {
        try separate()
        if let decimals {
            try NumberFormatting.writeFixed(value, decimals: decimals, to: sink)
        } else {
            try sink.write(NumberValue.shortestText(value))
        }
    }

    public func number(_ value: Int) throws {
        try separate()
        try sink.write(String(value))
    }

    public func bool(_ value: Bool) throws {
        try separate()
        try sink.write(value ? "true" : "false")
    }

    public func null() throws {
        try separate()
        try sink.write("null")
    }

    /// Writes a property value with its JSON type and number text.
    public func value(_ value: PropertyValue) throws {
        switch value {
        case .null: try null()
        case .bool(let b): try bool(b)
        case .number(let n): try number(text: n.text)
        case .string(let s): try string(s)
        case .array(let items):
            try beginArray()
            for item in items { try self.value(item) }
            try endArray()
        case .object(let members):
            try beginObject()
            try self.members(members)
            try endObject()
        }
    }

    // MARK: Layout

    private func writeColon() throws {
        try sink.write(byte: UInt8(ascii: ":"))
        if pretty { try sink.write(byte: UInt8(ascii: " ")) }
        afterKey = true
    }

    @inline(__always)
    private func separate() throws {
        if afterKey {
            afterKey = false
            return
        }
        guard openCount > 0 else { return }
        if innermostCount > 0 {
            try sink.write(byte: UInt8(ascii: ","))
            if pretty && innermostInline { try sink.write(byte: UInt8(ascii: " ")) }
        }
        innermostCount += 1
        if pretty && !innermostInline { try newline() }
    }

    private func newline() throws {
        try sink.write(byte: UInt8(ascii: "\n"))
        for _ in 0..<openCount { try sink.write("  ") }
    }

    /// A literal's bytes in quotes (and with `colon` the colon after a name): copied as they
    /// are when nothing in them needs an escape (the usual `"type"`), else escaped like any string.
    private func writeQuoted(_ value: StaticString, colon: Bool = false) throws {
        guard value.hasPointerRepresentation,
              ByteScanning.hasNoEscapeCandidate(UnsafeRawPointer(value.utf8Start), count: value.utf8CodeUnitCount)
        else { return try writeQuoted(value.description, colon: colon) }
        try copyQuoted(value.utf8Start, count: value.utf8CodeUnitCount, colon: colon)
    }

    /// A string in quotes, escaped, and with `colon` the colon after a name.
    private func writeQuoted(_ value: String, colon: Bool = false) throws {
        // Most text needs no escape: seen so a word at a time, then copied with its quotes
        // (and colon) into the buffer in one go.
        let copied = try value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress,
                  ByteScanning.hasNoEscapeCandidate(UnsafeRawPointer(base), count: bytes.count) else { return false }
            try copyQuoted(base, count: bytes.count, colon: colon)
            return true
        }
        if copied == true { return }
        try sink.write(byte: UInt8(ascii: "\""))
        try JSONEmitter.writeEscaped(value, to: sink)
        try sink.write(byte: UInt8(ascii: "\""))
        if colon { try writeColon() }
    }

    /// Copies `count` bytes that need no escape into the buffer in quotes, with `colon` the
    /// colon after a name too.
    @inline(__always)
    private func copyQuoted(_ base: UnsafePointer<UInt8>, count n: Int, colon: Bool) throws {
        let total = n + 2 + (colon ? (pretty ? 2 : 1) : 0)
        try sink.withUnsafeSpace(total) { out in
            out[0] = UInt8(ascii: "\"")
            ByteCopy.copy(base, to: out + 1, count: n)
            out[n + 1] = UInt8(ascii: "\"")
            if colon {
                out[n + 2] = UInt8(ascii: ":")
                if pretty { out[n + 3] = UInt8(ascii: " ") }
            }
            return total
        }
        if colon { afterKey = true }
    }

    /// Writes a string's UTF-8 with JSON escapes for `"`, `\` and control characters: C0
    /// (RFC 8259 requires those), and also DEL and the C1 controls (U+0080–U+009F), which
    /// JSON allows raw but a terminal showing the output would act on.
    public static func writeEscaped(_ value: String, to sink: ByteSink) throws {
        try escape(value) { try sink.write($0) }
    }

    /// `writeEscaped(_:to:)`, handing `emit` the output a run of bytes at a time.
    private static func escape(_ value: String, _ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        var s = value
        try s.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            // Most text needs no escape: one pass to see so, one copy.
            if ByteScanning.hasNoEscapeCandidate(UnsafeRawPointer(base), count: bytes.count) {
                return try emit(UnsafeRawBufferPointer(bytes))
            }
            var runStart = 0
            var i = 0
            while i < bytes.count {
                // Eight bytes a step up to the next byte that may need an escape.
                i = ByteScanning.firstEscapeCandidate(base, from: i, to: bytes.count)
                guard i < bytes.count else { break }
                let c = bytes[i]
                i += 1
                // One compare lets printable ASCII by; the rest is sorted out below.
                guard c < 0x20 || c >= 0x7F || c == 0x22 || c == 0x5C else { continue }
                if c > 0x7F && c != 0xC2 { continue }
                // U+0080–U+009F are C2 80–C2 9F; other C2 sequences are ordinary text.
                var code = c
                if c == 0xC2 {
                    guard i < bytes.count, (0x80...0x9F).contains(bytes[i]) else { continue }
                    code = bytes[i]
                }
                let start = i - 1
                if start > runStart { try emit(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<start])) }
                if c == 0xC2 { i += 1 }
                runStart = i
                switch code {
                case 0x22: try emit(Self.raw("\\\""))
                case 0x5C: try emit(Self.raw("\\\\"))
                case 0x0A: try emit(Self.raw("\\n"))
                case 0x0D: try emit(Self.raw("\\r"))
                case 0x09: try emit(Self.raw("\\t"))
                case 0x08: try emit(Self.raw("\\b"))
                case 0x0C: try emit(Self.raw("\\f"))
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    let escaped = [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                   digits[Int(code >> 4)], digits[Int(code & 15)]]
                    try escaped.withUnsafeBytes { try emit($0) }
                }
            }
            if bytes.count > runStart {
                try emit(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<bytes.count]))
            }
        }
    }

    private static func raw(_ s: StaticString) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)
    }

    // MARK: Names made ready ahead of time

    /// `names` made ready to be written by `key(prepared:at:)`, for a writer that writes the
    /// same names again and again: each name's length in bytes (4 bytes, little-endian), then
    /// the name in quotes, escaped as `key(_:)` writes it.
    public static func preparedNames(_ names: [String]) -> [UInt8] {
        var out: [UInt8] = []
        for name in names {
            let start = out.count
            out.append(contentsOf: [0, 0, 0, 0, UInt8(ascii: "\"")])
            escape(name) { out.append(contentsOf: $0) }
            out.append(UInt8(ascii: "\""))
            let length = UInt32(out.count - start - 4)
            for k in 0..<4 { out[start + k] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(k))) }
        }
        return out
    }

    /// Writes the member name that starts at `offset` of `prepared` (`preparedNames(_:)`), as
    /// `key(_:)` writes it; the next value call writes its value.
    /// - Returns: the offset of the next name.
    public func key(prepared: UnsafeRawBufferPointer, at offset: Int) throws -> Int {
        let length = Int(prepared.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
        let start = offset + 4
        guard let base = prepared.baseAddress else { return start }
        try separate()
        try sink.withUnsafeSpace(length + 2) { out in
            ByteCopy.copy((base + start).assumingMemoryBound(to: UInt8.self), to: out, count: length)
            out[length] = UInt8(ascii: ":")
            if pretty { out[length + 1] = UInt8(ascii: " ") }
            return pretty ? length + 2 : length + 1
        }
        afterKey = true
        return start + length
    }
}
