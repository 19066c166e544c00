@testable import MapBridgeGPX
import Testing

@Suite("GPX xsd:dateTime check: the fixed-place path and the general one agree with the rule")
struct GPXDateTimeCheckTests {
    /// The rule, spelt out slowly over an array of bytes, to compare with.
    static func rule(_ text: String) -> Bool {
        var b = Array(text.utf8)[...]
        func number(_ n: Int) -> Int? {
            guard b.count >= n, b.prefix(n).allSatisfy({ (48...57).contains($0) }) else { return nil }
            let value = b.prefix(n).reduce(0) { $0 * 10 + Int($1 - 48) }
            b = b.dropFirst(n)
            return value
        }
        func literal(_ c: Character) -> Bool {
            guard b.first == c.asciiValue else { return false }
            b = b.dropFirst()
            return true
        }
        let negative = literal("-")
        let yearDigits = b.prefix { (48...57).contains($0) }.count
        guard (4...18).contains(yearDigits), yearDigits == 4 || b.first != UInt8(ascii: "0"),
              let year = number(yearDigits), year != 0
        else { return false }
        guard literal("-"), let month = number(2), (1...12).contains(month), literal("-"), let day = number(2),
              literal("T"), let hour = number(2), hour <= 23, literal(":"), let minute = number(2), minute <= 59,
              literal(":"), let second = number(2), second <= 59
        else { return false }
        let signedYear = negative ? -year : year
        let leap = signedYear % 4 == 0 && (signedYear % 100 != 0 || signedYear % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return false }
        if literal(".") {
            guard number(1) != nil else { return false }
            while let c = b.first, (48...57).contains(c) { b = b.dropFirst() }
        }
        if b.isEmpty || (literal("Z") && b.isEmpty) { return true }
        guard literal("+") || literal("-"), let zoneHours = number(2), literal(":"), let zoneMinutes = number(2),
              zoneMinutes <= 59, zoneHours * 60 + zoneMinutes <= 14 * 60
        else { return false }
        return b.isEmpty
    }

    @Test("texts with and without a zone, fraction or sign, in range and out, agree with the rule")
    func agrees() {
        let dates = ["2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "0000-01-01", "0001-01-01", "2024-04-31",
                     "2024-12-31", "2024-13-01", "2024-00-10", "2024-01-00", "12024-01-01", "02024-01-01", "-0044-03-15",
                     "2024-1-01", "20x4-01-01", "2024/01/01"]
        let times = ["00:00:00", "23:59:59", "24:00:00", "12:60:00", "12:00:60", "1:00:00", "12:0a:00"]
        let tails = ["", "Z", "z", ".5", ".123Z", ".Z", "+14:00", "+14:01", "-00:00", "+05:45", "Z+01:00", "ZZ", " ", "+5:00"]
        var checked = 0
        for d in dates { for t in times { for tail in tails {
            for text in ["\(d)T\(t)\(tail)", "\(d) \(t)\(tail)"] {
                #expect(GPXValues.isDateTime(text) == Self.rule(text), "\(text)")
                checked += 1
            }
        } } }
        for text in ["", "Z", "2024-01-01T00:00:00", "2024-01-01T00:00:00Z", "noon", "2024-01-01T00:00:0"] {
            #expect(GPXValues.isDateTime(text) == Self.rule(text), "\(text)")
        }
        #expect(checked > 3_000)
        #expect(GPXValues.isDateTime("2024-02-29T23:59:59Z") && !GPXValues.isDateTime("2023-02-29T23:59:59Z"))
    }
}
