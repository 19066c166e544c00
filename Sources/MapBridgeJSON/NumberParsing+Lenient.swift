#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeModel

extension NumberParsing {
    /// Parses a decimal number as XML formats and hand-written files spell them (`1`, `-1.5`,
    /// `1.`, `.5`, `+2`, `1e3`); `nil` for anything else, including `nan`, `inf`, hexadecimal
    /// and numbers beyond a double's range.
    ///
    ///     NumberParsing.lenientDouble(Array("+2.5".utf8))   // 2.5
    ///     NumberParsing.lenientDouble(Array("0x10".utf8))   // nil
    public static func lenientDouble(_ bytes: [UInt8]) -> Double? {
        bytes.withUnsafeBufferPointer { lenientDouble($0) }
    }

    /// `lenientDouble` over bytes in place (a span of a text node, say).
    public static func lenientDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count < 64 else { return nil }
        for b in bytes {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default:
                return nil
            }
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buf -> Double? in
            for (k, b) in bytes.enumerated() { buf[k] = CChar(bitPattern: b) }
            buf[bytes.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            guard let base = buf.baseAddress else { return nil }
            let value = strtod(base, &end)
            guard let end, end - base == bytes.count, value.isFinite else { return nil }
            return value
        }
    }

    /// The number `text` spells (leading and trailing spaces ignored), keeping the text when
    /// it is a JSON number (`0.050` stays `0.050`) and otherwise writing the value afresh
    /// (`+2` becomes `2`); `nil` when it is not a number by `lenientDouble`.
    ///
    ///     NumberParsing.lenientNumber("6.00")?.text   // "6.00"
    ///     NumberParsing.lenientNumber(".5")?.text     // "0.5"
    public static func lenientNumber(_ text: String) -> NumberValue? {
        var text = text
        return text.withUTF8 { lenientNumber($0) }
    }

    /// `lenientNumber` over UTF-8 bytes in place (an element's text, say): the same rules,
    /// without making a `String` unless the text is kept.
    ///
    /// Spaces, tabs, line feeds and carriage returns at either end are ignored (as
    /// `String.trimmingSpaces`); what is left is a number by `lenientDouble`'s rules (under
    /// 64 bytes), kept as text when it is also a JSON number.
    public static func lenientNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberValue? {
        let trimmed = trimmingSpaces(bytes)
        guard !trimmed.isEmpty, trimmed.count < 64 else { return nil }
        // A JSON number is converted by the grammar's own pass (its fast path is exact, and the
        // rest goes to `strtod` as `lenientDouble` would); anything else by `lenientDouble`.
        let value: Double
        switch analyze(trimmed) {
        case .value(let v):
            value = v
        case .valid:
            value = double(from: trimmed)
            guard value.isFinite else { return nil }
        case .invalid:
            return lenientDouble(trimmed).map { NumberValue($0) }
        }
        // The grammar admits ASCII bytes only: a short text (an elevation, a reading) is made a
        // small string straight from its bytes.
        let text = SmallASCII.string(ifASCII: trimmed) ?? String(decoding: trimmed, as: UTF8.self)
        return NumberValue(text: text, value: value)
    }

    /// `bytes` without spaces, tabs, line feeds and carriage returns at either end (what
    /// `String.trimmingSpaces` removes), as a part of `bytes`.
    @inline(__always)
    public static func trimmingSpaces(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        @inline(__always) func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
