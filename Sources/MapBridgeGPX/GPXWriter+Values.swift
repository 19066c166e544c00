import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

/// Value checks and spellings for GPX 1.1's simple types, so that what is written validates
/// against the schema; a value that does not fit goes to `<extensions>` instead.
enum GPXValues {
    /// Whether `text` is an `xsd:dateTime` that GPX 1.1's schema accepts:
    /// `[-]YYYY-MM-DDThh:mm:ss[.s+][Z|±hh:mm]` with every field in range — year not 0000,
    /// month 01–12, day within its month (29 February in leap years only), hour 00–23, minute
    /// 00–59, second 00–59 (fraction allowed), time zone within ±14:00. `2020-13-45T99:99:99Z`
    /// has the shape but not the ranges, and is refused.
    static func isDateTime(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isDateTime(utf8: $0) }
    }

    /// `isDateTime(_:)` over the text's UTF-8 bytes.
    static func isDateTime(utf8 b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        // The usual `YYYY-MM-DDThh:mm:ss` and `…Z`: fields at fixed places; anything else below.
        if n == 19 || (n == 20 && b[19] == UInt8(ascii: "Z")) {
            @inline(__always) func two(_ k: Int) -> Int? {
                let hi = b[k] &- 48, lo = b[k + 1] &- 48
                return hi < 10 && lo < 10 ? Int(hi) * 10 + Int(lo) : nil
            }
            if b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
               b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
               let century = two(0), let yy = two(2), let month = two(5), let day = two(8),
               let hour = two(11), let minute = two(14), let second = two(17)
            {
                let year = century * 100 + yy
                guard year != 0, (1...12).contains(month), hour <= 23, minute <= 59, second <= 59 else { return false }
                let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
                let days = month == 2 ? (leap ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31
                return (1...days).contains(day)
            }
        }
        var i = 0
        func isDigit(_ k: Int) -> Bool { k < n && b[k] &- 48 < 10 }
        func number(_ count: Int) -> Int? {
            guard n - i >= count else { return nil }
            var value = 0
            for k in i..<(i + count) {
                guard b[k] &- 48 < 10 else { return nil }
                value = value * 10 + Int(b[k] - 48)
            }
            i += count
            return value
        }
        func literal(_ c: UInt8) -> Bool {
            guard i < n, b[i] == c else { return false }
            i += 1
            return true
        }
        let negative = literal(UInt8(ascii: "-"))
        // Years beyond 9999 have more digits (at most 18 here, so the value fits), no leading zero.
        var yearDigits = 0
        while isDigit(i + yearDigits) { yearDigits += 1 }
        guard (4...18).contains(yearDigits), yearDigits == 4 || b[i] != UInt8(ascii: "0"),
              let year = number(yearDigits), year != 0
        else { return false }
        guard literal(UInt8(ascii: "-")), let month = number(2), (1...12).contains(month), literal(UInt8(ascii: "-")),
              let day = number(2), literal(UInt8(ascii: "T")), let hour = number(2), hour <= 23,
              literal(UInt8(ascii: ":")), let minute = number(2), minute <= 59,
              literal(UInt8(ascii: ":")), let second = number(2), second <= 59
        else { return false }
        let signedYear = negative ? -year : year
        let leap = signedYear % 4 == 0 && (signedYear % 100 != 0 || signedYear % 400 == 0)
        let days: Int
        switch month {
        case 2: days = leap ? 29 : 28
        case 4, 6, 9, 11: days = 30
        default: days = 31
        }
        guard (1...days).contains(day) else { return false }
        if literal(UInt8(ascii: ".")) {
            guard number(1) != nil else { return false }
            while isDigit(i) { i += 1 }
        }
        if i == n || (literal(UInt8(ascii: "Z")) && i == n) { return true }
        guard literal(UInt8(ascii: "+")) || literal(UInt8(ascii: "-")), let zoneHours = number(2),
              literal(UInt8(ascii: ":")), let zoneMinutes = number(2),
              zoneMinutes <= 59, zoneHours * 60 + zoneMinutes <= 14 * 60
        else { return false }
        return i == n
    }

    /// The `xsd:decimal` spelling of a number (no exponent), or `nil` for a value that is not
    /// a finite number.
    static func decimal(_ value: PropertyValue) -> String? {
        switch value {
        case .number(let n): return decimal(n)
        case .string(let s): return NumberParsing.lenientNumber(s).map(decimal)
        default: return nil
        }
    }

    static func decimal(_ n: NumberValue) -> String {
        let text = n.text
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return text }
        return NumberFormatting.fixed(n.value, decimals: 15)
    }

    /// The text of a non-negative integer no larger than `maximum`, or `nil`.
    static func nonNegativeInteger(_ value: PropertyValue, maximum: Int64 = .max) -> String? {
        let number: NumberValue?
        switch value {
        case .number(let n): number = n
        case .string(let s): number = NumberParsing.lenientNumber(s)
        default: number = nil
        }
        guard let n = number?.int64Value, n >= 0, n <= maximum else { return nil }
        return String(n)
    }

    /// A coordinate's longitude or latitude as an attribute value: the source text when there
    /// is one and no precision is asked for, else the value rounded or in shortest form.
    static func degrees(_ value: Double, text: String?, precision: Int?) -> String {
        if let precision { return NumberFormatting.fixed(value, decimals: precision) }
        if let text, !text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) { return text }
        return decimal(NumberValue(value))
    }

    /// A longitude as an attribute value, as `degrees` writes it, but within GPX 1.1's
    /// [−180, 180): the antimeridian, 180° (given so, or rounded to it), is written as −180°,
    /// the same meridian.
    static func longitude(_ value: Double, text: String?, precision: Int?) -> String {
        let written = degrees(value, text: text, precision: precision)
        guard value == 180 || (precision != nil && Double(written) == 180) else { return written }
        return degrees(-180, text: nil, precision: precision)
    }

    /// A property value as element text, with the `type` MapBridge's extension elements
    /// carry so that it reads back as it was (`nil` for text).
    static func text(of value: PropertyValue) -> (text: String, type: String?) {
        switch value {
        case .string(let s): return (s, nil)
        case .number(let n): return (n.text, "number")
        case .bool(let b): return (b ? "true" : "false", "boolean")
        case .null: return ("", "null")
        case .array, .object:
            let scratch = ByteSink(collectingInMemoryNamed: "JSON text")
            // An in-memory sink does not fail.
            try? JSONEmitter(sink: scratch).value(value)
            try? scratch.flush()
            return (String(decoding: scratch.collectedBytes, as: UTF8.self), "json")
        }
    }
}
