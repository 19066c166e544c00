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
        let trimmed = text.trimmingSpaces()
        let bytes = Array(trimmed.utf8)
        guard let value = lenientDouble(bytes) else { return nil }
        return grammarProblem(bytes) == nil ? NumberValue(text: trimmed, value: value) : NumberValue(value)
    }
}
