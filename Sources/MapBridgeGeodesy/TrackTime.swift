import MapBridgeModel

/// An ISO 8601 / RFC 3339 date-time as tracks carry per vertex (`Polyline.times`: GPX `<time>`,
/// KML `<when>`), read well enough to interpolate between two of them and to write the result
/// in the same style.
///
/// Accepted: `YYYY-MM-DDThh:mm:ss`, optionally with a fraction of a second (`.123`, any number
/// of digits) and a zone (`Z`, `+hh:mm`, `-hhmm`, `+hh`); `T` and `Z` in either case. Anything
/// else (a date alone, a year and month, free text) is not a `TrackTime`.
struct TrackTime: Equatable {
    /// Seconds since 1970-01-01T00:00:00 in the text's zone offset removed (UTC), or since
    /// that local instant when the text has no zone.
    var seconds: Double
    /// The zone as written: `nil` for none, 0 with `z` for `Z`, else minutes east of UTC.
    var offsetMinutes: Int?
    /// Whether the zone was written `Z` (rather than `+00:00`).
    var isZulu: Bool
    /// Digits after the decimal point of the seconds, as written.
    var fractionDigits: Int

    init?(_ text: String) {
        var text = text
        guard let time = text.withUTF8({ TrackTime(utf8: $0) }) else { return nil }
        self = time
    }

    /// The time whose UTF-8 text is `b`.
    init?(utf8 b: UnsafeBufferPointer<UInt8>) {
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var v = 0
            for i in at..<(at + count) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard b.count >= 19, let year = digits(0, 4), b[4] == 45, let month = digits(5, 2), b[7] == 45,
              let day = digits(8, 2), b[10] == 84 || b[10] == 116, let hour = digits(11, 2), b[13] == 58,
              let minute = digits(14, 2), b[16] == 58, let second = digits(17, 2),
              (1...12).contains(month), (1...TrackTime.daysIn(month, of: year)).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var fraction = 0.0
        var fractionDigits = 0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 0.1
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                fractionDigits += 1
                i += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        var offset: Int?
        var zulu = false
        if i < b.count {
            if b[i] == 90 || b[i] == 122, i + 1 == b.count {
                offset = 0
                zulu = true
            } else if b[i] == 43 || b[i] == 45, let h = digits(i + 1, 2), h < 24 {
                var m = 0
                switch b.count - i {
                case 3: break
                case 5: guard let mm = digits(i + 3, 2) else { return nil }; m = mm
                case 6: guard b[i + 3] == 58, let mm = digits(i + 4, 2) else { return nil }; m = mm
                default: return nil
                }
                guard m < 60 else { return nil }
                offset = (b[i] == 45 ? -1 : 1) * (h * 60 + m)
            } else {
                return nil
            }
        }
        let days = TrackTime.daysSinceEpoch(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        seconds = local - Double((offset ?? 0) * 60)
        offsetMinutes = offset
        isZulu = zulu
        self.fractionDigits = fractionDigits
    }

    init(seconds: Double, offsetMinutes: Int?, isZulu: Bool, fractionDigits: Int) {
        self.seconds = seconds
        self.offsetMinutes = offsetMinutes
        self.isZulu = isZulu
        self.fractionDigits = fractionDigits
    }

    /// The time a `fraction` (0...1) of the way from `a` to `b`, written in `a`'s zone when
    /// both have the same one (else in UTC, `Z`), with as many decimals as the finer of the two.
    static func interpolate(_ a: TrackTime, _ b: TrackTime, _ fraction: Double) -> TrackTime {
        let sameZone = a.offsetMinutes == b.offsetMinutes
        return TrackTime(seconds: a.seconds + (b.seconds - a.seconds) * fraction,
                         offsetMinutes: sameZone ? a.offsetMinutes : 0,
                         isZulu: sameZone ? a.isZulu : true,
                         fractionDigits: max(a.fractionDigits, b.fractionDigits))
    }

    /// The time as text: `YYYY-MM-DDThh:mm:ss`, the fraction rounded to `fractionDigits`
    /// (at most 9), and the zone as it was written.
    var text: String {
        let digits = min(fractionDigits, 9)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let local = seconds + Double((offsetMinutes ?? 0) * 60)
        let ticks = (local * scale).rounded()
        let whole = (ticks / scale).rounded(.down)
        let fractionTicks = Int(ticks - whole * scale)
        var (days, rest) = Int(whole).quotientAndRemainder(dividingBy: 86_400)
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let (year, month, day) = TrackTime.civil(fromDays: days)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        var out = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3_600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
        if digits > 0 { out += "." + pad(fractionTicks, digits) }
        if let offset = offsetMinutes {
            if isZulu {
                out += "Z"
            } else {
                out += (offset < 0 ? "-" : "+") + pad(abs(offset) / 60, 2) + ":" + pad(abs(offset) % 60, 2)
            }
        }
        return out
    }

    // MARK: Calendar (proleptic Gregorian)

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date: whole 400-year eras of 146,097 days, then years of a
    /// year that starts on 1 March (so the leap day comes last).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (the inverse of `daysSinceEpoch`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Per-vertex times of a track, ready to be interpolated at any place along it.
struct TrackTimes {
    let texts: VertexTimes
    /// The times read, one per text, when kept (for many lookups, as densifying makes);
    /// `nil`: the two ends of a segment are read again each time it is asked about.
    private let times: [TrackTime]?

    /// `nil` unless every text is a date-time `TrackTime` reads. `keepsRead`: whether to keep
    /// what is read (32 bytes a vertex) for many lookups, or read the ends of a segment when
    /// it is asked about (a line cut at the antimeridian asks only at its crossings).
    /// - Complexity: O(n) for n texts.
    init?(_ texts: VertexTimes, keepsRead: Bool = true) {
        var parsed: [TrackTime] = []
        if keepsRead { parsed.reserveCapacity(texts.count) }
        for i in texts.indices {
            guard let time = texts.withUTF8(at: i, { TrackTime(utf8: $0) }) else { return nil }
            if keepsRead { parsed.append(time) }
        }
        times = keepsRead ? parsed : nil
        self.texts = texts
    }

    /// The time at `segment` + `fraction` of the way to the next vertex (fraction in [0, 1),
    /// by geodesic distance): a vertex's own text when the fraction is 0.
    func text(segment: Int, fraction: Double) -> String {
        guard fraction > 0, segment + 1 < texts.count,
              let a = time(at: segment), let b = time(at: segment + 1)
        else { return texts[min(segment, texts.count - 1)] }
        return TrackTime.interpolate(a, b, fraction).text
    }

    private func time(at index: Int) -> TrackTime? {
        times?[index] ?? texts.withUTF8(at: index) { TrackTime(utf8: $0) }
    }
}
