extension KMLWriter {
    /// Whether `text` is a time KML's `when`, `begin` and `end` accept: an XML Schema
    /// `dateTime` (`2026-11-30T12:00:00Z`, seconds required, optional fraction and zone),
    /// `date` (`2026-11-30`), `gYearMonth` (`2026-11`) or `gYear` (`2026`), each with an
    /// optional zone (`Z` or `±hh:mm`).
    ///
    ///     KMLWriter.isKMLTime("1997-07")             // true
    ///     KMLWriter.isKMLTime("2026-11-30T12:00Z")   // false: no seconds
    static func isKMLTime(_ text: String) -> Bool {
        var scanner = TimeScanner(Array(text.utf8))
        return scanner.scan()
    }

    /// `isKMLTime(_:)` over a text's UTF-8 bytes.
    static func isKMLTime(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = TimeScanner(Array(bytes))
        return scanner.scan()
    }

    private struct TimeScanner {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func scan() -> Bool {
            if peek(UInt8(ascii: "-")) { i += 1 }
            // A year of four digits or more, no leading zero beyond four, not 0000.
            let yearStart = i
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
            let yearDigits = i - yearStart
            guard yearDigits >= 4, yearDigits == 4 || bytes[yearStart] != UInt8(ascii: "0") else { return false }
            let year = Int(String(decoding: bytes[yearStart..<i], as: UTF8.self)) ?? 0
            guard year != 0 else { return false }
            guard take(UInt8(ascii: "-")) else { return zoneAndEnd() }
            guard let month = twoDigits(), (1...12).contains(month) else { return false }
            guard take(UInt8(ascii: "-")) else { return zoneAndEnd() }
            guard let day = twoDigits(), day >= 1, day <= Self.days(inMonth: month, year: year) else { return false }
            guard take(UInt8(ascii: "T")) else { return zoneAndEnd() }
            guard let hour = twoDigits(), take(UInt8(ascii: ":")), let minute = twoDigits(),
                take(UInt8(ascii: ":")), let second = twoDigits()
            else { return false }
            var fractionIsZero = true
            if take(UInt8(ascii: ".")) {
                let start = i
                while i < bytes.count, isDigit(bytes[i]) {
                    if bytes[i] != UInt8(ascii: "0") { fractionIsZero = false }
                    i += 1
                }
                guard i > start else { return false }
            }
            let isMidnightEnd = hour == 24 && minute == 0 && second == 0 && fractionIsZero
            guard (hour < 24 || isMidnightEnd), minute < 60, second < 60 else { return false }
            return zoneAndEnd()
        }

        /// An optional zone, then the end of the text.
        private mutating func zoneAndEnd() -> Bool {
            if take(UInt8(ascii: "Z")) { return i == bytes.count }
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) {
                i += 1
                guard let hours = twoDigits(), take(UInt8(ascii: ":")), let minutes = twoDigits(),
                    minutes < 60, hours < 14 || (hours == 14 && minutes == 0)
                else { return false }
            }
            return i == bytes.count
        }

        private mutating func twoDigits() -> Int? {
            guard i + 1 < bytes.count, isDigit(bytes[i]), isDigit(bytes[i + 1]) else { return nil }
            defer { i += 2 }
            return Int(bytes[i] - UInt8(ascii: "0")) * 10 + Int(bytes[i + 1] - UInt8(ascii: "0"))
        }

        private func peek(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }

        private mutating func take(_ c: UInt8) -> Bool {
            guard peek(c) else { return false }
            i += 1
            return true
        }

        private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

        private static func days(inMonth month: Int, year: Int) -> Int {
            switch month {
            case 2:
                let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
                return leap ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }
    }
}
