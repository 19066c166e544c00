import MapBridgeJSON
import MapBridgeModel

/// Parses KML coordinate text: tuples `lon,lat[,alt]` separated by any whitespace (spaces
/// after commas, as some writers leave them, are tolerated). Works on the text's bytes in
/// place: each number is converted straight from its bytes, and only a coordinate's kept
/// source text is kept (`Coordinate.Number`: a digit count for plain fixed point, else a `String`).
enum KMLCoordinates {
    /// Why a coordinate text could not be read.
    struct Problem: Error {
        var message: String
    }

    /// The coordinates in `text`; a tuple with one number, or a number that is not one, is a
    /// problem. Each coordinate keeps its numbers' text when that text is also valid JSON.
    static func parse(_ text: [UInt8]) throws(Problem) -> CoordinateList {
        var ignored: String?
        return try parse(text, overlong: &ignored)
    }

    /// `parse(_:)` over bytes read in place.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> CoordinateList {
        var ignored: String?
        return try parse(text, spacesSeparateNumbers: false, overlong: &ignored)
    }

    /// `parse(_:overlong:)` over bytes read in place.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, overlong: inout String?) throws(Problem) -> CoordinateList {
        try parse(text, spacesSeparateNumbers: false, overlong: &overlong)
    }

    /// `parse(_:overlong:)` into `result`, emptied first (its capacity kept): a caller that
    /// keeps one list from text to text grows it only for the longest. `padded`: the text is
    /// followed by padding (`parsePlainTuples`), so that the fast path reads it all in place.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, into result: inout CoordinateList,
                      overlong: inout String?, padded: Bool = false) throws(Problem)
    {
        // A Point's one position (the usual case) goes without the general removal's loop.
        if result.count == 1 { result.removeLast() } else { result.removeAll(keepingCapacity: true) }
        try parse(text, appendingTo: &result, firstTuple: 0, overlong: &overlong, padded: padded)
    }

    /// `parse(_:into:overlong:)` for a piece of a longer text, appended to `result` (the one
    /// place where the reader's coordinates are parsed into its list), with the piece's first
    /// tuple numbered `firstTuple + 1` in messages. A piece that ends where `lastTupleStart`
    /// says a tuple starts (or at the text's end) reads as it would within the whole text.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, appendingTo result: inout CoordinateList, firstTuple: Int,
                      overlong: inout String?, padded: Bool = false) throws(Problem)
    {
        if parsePlainTuples(text, into: &result, padded: padded) { return }
        try parse(text, spacesSeparateNumbers: false, into: &result, firstTuple: firstTuple, overlong: &overlong)
    }

    /// Where the last tuple of `text` that surely starts there starts: the first byte of a
    /// number that follows whitespace, with only whitespace back to the number before it (no
    /// comma: after one, spaces are tolerated within a tuple). The parser ends the tuple before
    /// it there, whatever follows, so the text before it parses alone as it would in the whole
    /// text, and the rest reads from a fresh start. `nil` when there is no such place with a
    /// number before it.
    static func lastTupleStart(in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = text.count - 1
        while i > 0 {
            guard !isSeparator(text[i]), isWhitespace(text[i - 1]) else {
                i -= 1
                continue
            }
            var j = i - 1
            while j >= 0, isWhitespace(text[j]) { j -= 1 }
            guard j >= 0 else { return nil }
            if text[j] != UInt8(ascii: ",") { return i }
            i = j
        }
        return nil
    }

    /// The parser's fast path, for text in the shape nearly every writer gives: tuples
    /// `lon,lat` or `lon,lat,alt` of plain decimals (`readDecimal`), a comma and nothing else
    /// between a tuple's numbers, whitespace between tuples. Appends the coordinates the
    /// parser would (every number kept with its text, as its spelling) and returns `true`; at
    /// anything else (spaces after a comma, an exponent, a fourth number, digits without a
    /// spelling, a problem) leaves `result` as it was and returns `false`, and the parser
    /// reads the text.
    ///
    /// The tuples are written straight into the list's columns (`appendInPlace`), a run at a
    /// time: a run is the most tuples the rest of the text can hold (a tuple and its separator
    /// take at least four bytes, `0,0 `), at most what the list's last chunk has room for. A
    /// tuple with an altitude in a list without the column ends its run, and the next run has
    /// the column.
    ///
    /// `padded` says that the text is followed by padding, so that it is read in place to its
    /// end (`scanPlainTuples`): at least `tupleReach` bytes that may be read follow it, and the
    /// first of them, or the text's own last byte, is whitespace. `KMLText.paddedBytes` gives
    /// such a text, and a piece of it cut where a tuple starts is one (`lastTupleStart`: its
    /// last byte is whitespace).
    static func parsePlainTuples(_ text: UnsafeBufferPointer<UInt8>, into result: inout CoordinateList,
                                 padded: Bool = false) -> Bool
    {
        guard let start = text.baseAddress, !text.isEmpty else { return true }
        let end = start + text.count
        let before = result.count
        var p = start
        var altitudes = false
        repeat {
            var stop = TupleStop.more
            result.appendInPlace(upTo: (end - p) / 4 + 1, altitudes: altitudes) { room -> Int in
                var written = 0
                stop = scanPlainTuples(&p, end, padded: padded, into: room, count: &written)
                return written
            }
            switch stop {
            case .more:
                break
            case .altitude:
                altitudes = true
            case .declined:
                // Not for the fast path: what it wrote goes, and the parser reads it all.
                result.removeLast(result.count - before)
                return false
            }
        } while p < end
        return true
    }

    /// The coordinate of a text that holds exactly one tuple in the fast path's shape (a
    /// Point's coordinates, as nearly every writer gives them), as `parse` would give it;
    /// `nil` for any other text (none, several tuples, anything the fast path does not take),
    /// which `parse` then reads. No list: the tuple is read into a room for one vertex on the
    /// stack. `padded` as for `parsePlainTuples`.
    static func singlePlainTuple(_ text: UnsafeBufferPointer<UInt8>, padded: Bool = false) -> Coordinate? {
        guard let start = text.baseAddress, !text.isEmpty else { return nil }
        let end = start + text.count
        var p = start
        // The longitude and latitude, the text code (in a double's room) and the altitude.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4) { storage -> Coordinate? in
            guard let base = storage.baseAddress else { return nil }
            let room = CoordinateColumns(pairs: base, codes: UnsafeMutableRawPointer(base + 2), altitudes: base + 3,
                                         count: 1)
            var written = 0
            // Stops after one tuple and the whitespace after it: at the end when it is the only one.
            guard scanPlainTuples(&p, end, padded: padded, into: room, count: &written) == .more, written == 1, p == end
            else { return nil }
            return room.coordinate(at: 0)
        }
    }

    /// Why the fast path's loop stopped.
    private enum TupleStop {
        /// At the text's end, or with the room full (at the next tuple).
        case more
        /// At a tuple with an altitude, in a room without the altitude column.
        case altitude
        /// At anything the fast path does not take.
        case declined
    }

    /// The fast path's loop: sets the tuples of the text from `p` to `end` in `room` from
    /// vertex `count` on, counting them in `count`, and leaves `p` at the text's end or, when it
    /// stops before, at the next tuple (`.more` with the room full, or `.altitude`). After
    /// `.declined` the vertices set are to be ignored.
    ///
    /// `readTuples` reads up to `tupleReach` bytes from a tuple's start without checking for
    /// the text's end: a padded text (`parsePlainTuples`) is read in place to its end; else
    /// tuples that start that far from the end are read in place, and the last ones (fewer
    /// than `tupleReach` bytes) from a copy followed by spaces, which end a number and a tuple
    /// as the text's end does.
    @inline(__always)
    private static func scanPlainTuples(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, padded: Bool,
                                        into room: CoordinateColumns, count: inout Int) -> TupleStop
    {
        if padded {
            let stop = readTuples(&p, startingBy: end - 1, into: room, count: &count)
            // The last tuple may end at the padding's first space, and the scan step past it.
            p = min(p, end)
            return stop
        }
        if end - p > tupleReach {
            let stop = readTuples(&p, startingBy: end - tupleReach, into: room, count: &count)
            if stop != .more || p == end || count == room.count { return stop }
        }
        let rest = end - p
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * tupleReach) { padded -> TupleStop in
            guard let copy = padded.baseAddress else { return .declined }
            copy.initialize(from: p, count: rest)
            (copy + rest).initialize(repeating: 0x20, count: 2 * tupleReach - rest)
            var q = UnsafePointer(copy)
            let copyEnd = q + rest
            // `readTuples` may step one byte past the text's end, onto the spaces after it.
            defer { p += min(q, copyEnd) - UnsafePointer(copy) }
            return readTuples(&q, startingBy: copyEnd - 1, into: room, count: &count)
        }
    }

    /// The most bytes `readTuples` reads from a tuple's first byte: three numbers of at most
    /// 17 bytes (a sign, 15 digits and a point) and the commas between them, the third number
    /// read up to 25 bytes from its start (`readDecimal`).
    static var tupleReach: Int { 64 }

    /// Reads the tuples from `p` on (`lon,lat` or `lon,lat,alt` of plain decimals,
    /// `readDecimal`, whitespace between tuples) into `room` from vertex `count` on, while a
    /// tuple starts at or before `limit` (the text's last byte, or before it) and `count` is
    /// below the room's, and leaves `p` at the next tuple or past `limit` (whitespace
    /// skipped): `.more`; `.altitude` at a tuple with an altitude when the room has no
    /// altitude column (`p` at its start); `.declined` at anything else (the parser then
    /// reads the text). Reads up to `tupleReach` bytes from a tuple's start without checking
    /// for the text's end: the caller makes sure they are there.
    ///
    /// A tuple's numbers are read straight on (longitude, latitude, then an altitude after a
    /// comma), each by `readDecimal` inlined in place.
    private static func readTuples(_ p: inout UnsafePointer<UInt8>, startingBy limit: UnsafePointer<UInt8>,
                                   into room: CoordinateColumns, count: inout Int) -> TupleStop
    {
        var q = p
        var n = count
        defer {
            p = q
            count = n
        }
        while true {
            // Up to `limit` only: a tuple that starts after it is read from the copy (which
            // ends in spaces: whitespace runs on to `limit` there, as to the text's end).
            while q <= limit, isWhitespace(q.pointee) { q += 1 }
            if q > limit || n == room.count { return .more }
            // Longitude, a comma, latitude (one number alone is a problem the parser reports),
            // each number ended by the byte that is to follow it.
            guard let (afterLongitude, longitude, longitudeDigits) = readDecimal(q),
                  afterLongitude.pointee == UInt8(ascii: ","),
                  let (afterLatitude, latitude, latitudeDigits) = readDecimal(afterLongitude + 1)
            else { return .declined }
            let lon = FixedPointSpelling(shortDecimalFractionDigits: longitudeDigits)
            let lat = FixedPointSpelling(shortDecimalFractionDigits: latitudeDigits)
            if afterLatitude.pointee != UInt8(ascii: ",") {
                guard isWhitespace(afterLatitude.pointee) else { return .declined }
                room.set(n, longitude: longitude, latitude: latitude, code: CoordinateColumns.code(lon, lat, nil))
                q = afterLatitude
            } else {
                // An altitude (and no fourth number: the parser keeps three and says so).
                guard let (afterAltitude, altitude, altitudeDigits) = readDecimal(afterLatitude + 1),
                      isWhitespace(afterAltitude.pointee)
                else { return .declined }
                guard room.altitudes != nil else { return .altitude }
                let alt = FixedPointSpelling(shortDecimalFractionDigits: altitudeDigits)
                room.set(n, longitude: longitude, latitude: latitude, altitude: altitude,
                         code: CoordinateColumns.code(lon, lat, alt))
                q = afterAltitude
            }
            n &+= 1
            // The whitespace that ends the tuple (in the copy, it may be the first space after
            // the text).
            q += 1
        }
    }

    /// The plain decimal at `first` (`-? (0 | [1-9][0-9]*) (. [0-9]+)?`, at most 15 digits):
    /// where it ends (the first byte after its digits, which the caller checks: a separator
    /// for the number to be this one), its value (`scanPlainDecimal`'s, bit for bit) and its
    /// count of digits after the point; `nil` for anything else. Reads up to 25 bytes from
    /// `first` without checking for an end (the caller makes sure they are there).
    ///
    /// A number with fewer than eight digits before the point (nearly every coordinate:
    /// `7.654124`, `-122.4194155`, `-0.5`, `120`) is read in one word or two: the eight bytes
    /// from its first digit, with the bytes after the point moved down over it, hold its
    /// first eight digits, counted up to the first byte that is no digit (`digitCount`) and
    /// converted together (`eightDigits`); the word after them, any more. A number with more
    /// digits before the point is read by `readLongDecimal`.
    ///
    /// Transparent, so that it is inlined at each of the tuple's three places even in the
    /// large loop of `readTuples` (`@inline(__always)` left the latitude's an outlined call).
    @_transparent
    private static func readDecimal(_ first: UnsafePointer<UInt8>)
        -> (end: UnsafePointer<UInt8>, value: Double, fractionDigits: Int)?
    {
        let negative = first.pointee == UInt8(ascii: "-")
        let integerStart = negative ? first + 1 : first
        let word = UInt64(littleEndian: UnsafeRawPointer(integerStart).loadUnaligned(as: UInt64.self))
        let integerCount = digitCount(word &- 0x3030_3030_3030_3030)
        // At least one digit, and no leading zero (a leading zero's digit value is 0).
        guard integerCount > 0, integerCount == 1 || word & 0xFF != 0x30 else { return nil }
        guard integerCount < 8 else { return readLongDecimal(first) }
        let point = integerStart + integerCount
        guard point.pointee == UInt8(ascii: ".") else {
            // An integer.
            let mantissa = eightDigits((word &- 0x3030_3030_3030_3030) &<< UInt64(64 &- 8 &* integerCount))
            let magnitude = Double(Int64(bitPattern: mantissa))
            return (point, negative ? -magnitude : magnitude, 0)
        }
        // The integer's bytes, then those after the point: the digits without the point.
        let after = UInt64(littleEndian: UnsafeRawPointer(integerStart + 1).loadUnaligned(as: UInt64.self))
        let below = UInt64(8 &* integerCount)
        let joined = (word ^ (((word ^ after) &>> below) &<< below)) &- 0x3030_3030_3030_3030
        let count = digitCount(joined)
        var fractionDigits = count &- integerCount
        guard fractionDigits > 0 else { return nil }
        var mantissa = eightDigits(joined &<< UInt64(64 &- 8 &* count))
        var end = integerStart + count + 1
        if count == 8, case let ninth = UInt64(end.pointee &- UInt8(ascii: "0")), ninth < 10 {
            // Eight digits go on, up to 15 in all: byte by byte (a ninth, as in
            // `-122.4194155`, is the usual case). A sixteenth digit ends the number there, and
            // the caller, finding no separator, declines it.
            let last = end + 7
            var digit = ninth
            repeat {
                mantissa = mantissa &* 10 &+ digit
                end += 1
                digit = UInt64(end.pointee &- UInt8(ascii: "0"))
            } while digit < 10 && end < last
            fractionDigits &+= end - (integerStart + 9)
        }
        // Below 10¹⁵ the mantissa and the power of ten convert exactly, and one division
        // rounds once: the value `scanPlainDecimal` computes.
        let magnitude = Double(Int64(bitPattern: mantissa)) / powersOfTen[fractionDigits]
        return (end, negative ? -magnitude : magnitude, fractionDigits)
    }

    /// 10^n for n in 0...15, as doubles (all exact): the divisors of `readDecimal`.
    private static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                                                1e13, 1e14, 1e15]

    /// `readDecimal(_:)` for any plain decimal of at most 15 digits: the digits before the
    /// point and those after it are each found in one 8-byte word (two when there are eight
    /// or more), counted up to the word's first byte that is no digit (`leadingDigits`) and
    /// converted together (`eightDigits`). Reads up to 25 bytes from `first`.
    @inline(never)
    private static func readLongDecimal(_ first: UnsafePointer<UInt8>)
        -> (end: UnsafePointer<UInt8>, value: Double, fractionDigits: Int)?
    {
        let negative = first.pointee == UInt8(ascii: "-")
        let integerStart = negative ? first + 1 : first
        let (integerDigits, firstCount) = leadingDigits(integerStart)
        // At least one digit, and no leading zero.
        guard firstCount > 0, firstCount == 1 || integerDigits & 0xFF != 0 else { return nil }
        var mantissa: UInt64
        var integerCount = firstCount
        if firstCount < 8 {
            mantissa = eightDigits(integerDigits &<< UInt64(64 &- 8 &* firstCount))
        } else {
            // Eight digits and more (rare in coordinates): the next word holds the rest.
            let (more, moreCount) = leadingDigits(integerStart + 8)
            guard moreCount < 8 else { return nil }
            mantissa = eightDigits(integerDigits)
            if moreCount > 0 {
                mantissa = mantissa &* FixedPointSpelling.integerScale(moreCount)
                    &+ eightDigits(more &<< UInt64(64 &- 8 &* moreCount))
            }
            integerCount = 8 &+ moreCount
        }
        var p = integerStart + integerCount
        var fractionDigits = 0
        // 10^fractionDigits, as an integer (below 10¹⁵: it converts exactly).
        var power: UInt64 = 1
        if p.pointee == UInt8(ascii: ".") {
            let (digits, count) = leadingDigits(p + 1)
            guard count > 0 else { return nil }
            if count < 8 {
                guard integerCount &+ count <= 15 else { return nil }
                power = FixedPointSpelling.integerScale(count)
                mantissa = mantissa &* power &+ eightDigits(digits &<< UInt64(64 &- 8 &* count))
                fractionDigits = count
            } else {
                // Eight digits and more: the next word holds the rest (read only when there is
                // room for more digits, so that no read goes past `first` + 25).
                guard integerCount < 8 else { return nil }
                let (more, moreCount) = leadingDigits(p + 9)
                fractionDigits = 8 &+ moreCount
                guard integerCount &+ fractionDigits <= 15 else { return nil }
                mantissa = mantissa &* 100_000_000 &+ eightDigits(digits)
                if moreCount > 0 {
                    mantissa = mantissa &* FixedPointSpelling.integerScale(moreCount)
                        &+ eightDigits(more &<< UInt64(64 &- 8 &* moreCount))
                }
                power = FixedPointSpelling.integerScale(fractionDigits)
            }
            p += 1 &+ fractionDigits
        }
        // A digit here (a sixteenth) is no separator: the caller declines the number.
        // Below 10¹⁵ the mantissa converts as a signed integer (one instruction), exactly, and
        // one division rounds once: the value `scanPlainDecimal` computes.
        let magnitude = Double(Int64(bitPattern: mantissa)) / Double(Int64(bitPattern: power))
        return (p, negative ? -magnitude : magnitude, fractionDigits)
    }

    /// The eight bytes at `p` less `"0"` each (digit values where they are digits), and how
    /// many of them, from the first, are digits (0...8).
    @inline(__always)
    private static func leadingDigits(_ p: UnsafePointer<UInt8>) -> (digits: UInt64, count: Int) {
        let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        let digits = word &- 0x3030_3030_3030_3030
        return (digits, digitCount(digits))
    }

    /// How many of the eight bytes of `digits` (bytes of text less `"0"` each, the first in
    /// the lowest byte), from the first, are digits (0...8).
    @inline(__always)
    private static func digitCount(_ digits: UInt64) -> Int {
        // A byte is no digit when its high bit is set there or after adding 0x76 (0x0A and up
        // reach 0x80); a borrow or carry runs on only into bytes past the first non-digit.
        let others = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
        return others.trailingZeroBitCount &>> 3
    }

    /// Whether `byte` is whitespace in coordinate text: space, tab, line feed or carriage return.
    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        // One bit for each of 0x09, 0x0A, 0x0D and 0x20.
        byte <= 0x20 && (UInt64(0x1_0000_2600) >> UInt64(byte)) & 1 != 0
    }

    /// Whether `byte` ends a number in coordinate text: whitespace or a comma.
    @inline(__always)
    private static func isSeparator(_ byte: UInt8) -> Bool {
        // One bit for each of 0x09, 0x0A, 0x0D, 0x20 and 0x2C.
        byte <= 0x2C && (UInt64(0x1001_0000_2600) >> UInt64(byte)) & 1 != 0
    }

    /// Parses `text`; `overlong` receives a message for the first tuple with more than three
    /// numbers (the rest of such a tuple is left out).
    static func parse(_ text: [UInt8], overlong: inout String?) throws(Problem) -> CoordinateList {
        var note = overlong
        let result = text.withUnsafeBufferPointer { bytes in
            Result { () throws(Problem) in try parse(bytes, spacesSeparateNumbers: false, overlong: &note) }
        }
        overlong = note
        return try result.get()
    }

    /// One `gx:coord`: `longitude latitude [altitude]` separated by spaces (commas tolerated),
    /// numbers keeping their text as in `<coordinates>`; `nil` for an empty `<gx:coord/>`.
    static func trackCoordinate(_ text: [UInt8]) throws(Problem) -> Coordinate? {
        let result = text.withUnsafeBufferPointer { bytes in
            Result { () throws(Problem) in try trackCoordinate(bytes) }
        }
        return try result.get()
    }

    /// `trackCoordinate(_:)` over bytes read in place.
    static func trackCoordinate(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> Coordinate? {
        var ignored: String?
        let tuple = try parse(text, spacesSeparateNumbers: true, overlong: &ignored)
        guard tuple.count <= 1 else { throw Problem(message: "more than one position") }
        return tuple.first
    }

    /// A number's value and whether its text is also a JSON number (then it is kept); `nil`
    /// when it is not a number (`lenientDouble`'s rules).
    @inline(__always)
    static func number(_ span: UnsafeBufferPointer<UInt8>) -> (value: Double, isJSON: Bool)? {
        guard span.count < 64 else { return nil }
        // Plain decimals (most numbers) read in one pass; anything else is analysed.
        if !span.isEmpty, let plain = plainDecimal(at: 0, in: span), plain.end == span.count { return (plain.value, true) }
        switch NumberParsing.analyze(span) {
        case .value(let v):
            return (v, true)
        case .valid:
            let v = NumberParsing.double(from: span)
            return v.isFinite ? (v, true) : nil
        case .invalid:
            return NumberParsing.lenientDouble(span).map { ($0, false) }
        }
    }

    /// The JSON number starting at `start` in `text` when a separator (whitespace or a comma)
    /// or the text's end follows it, as its length and value: what `number(_:)` gives the run
    /// of bytes up to the next separator, found without a pass to find the run's end first,
    /// with the digits the scan read when it has no exponent (for its kept text).
    /// `nil` for anything else (then the run is read by `number(_:)`).
    @inline(__always)
    private static func jsonNumber(at start: Int, in text: UnsafeBufferPointer<UInt8>)
        -> (length: Int, value: Double, digits: FixedPointSpelling.Digits?)?
    {
        let rest = UnsafeBufferPointer(rebasing: text[start...])
        // The grammar never takes a separator, so the scan stops at the run's end or before it.
        let scan = NumberParsing.scanPrefixWithDigits(rest)
        let (length, analysis) = (scan.length, scan.analysis)
        guard length < 64, length > 0 else { return nil }
        if length < rest.count {
            let next = rest[length]
            guard next == UInt8(ascii: ",") || next == 0x20 || next == 0x0A || next == 0x09 || next == 0x0D else { return nil }
        }
        switch analysis {
        case .value(let v):
            return (length, v, scan.fixedPoint)
        case .valid:
            let v = NumberParsing.double(from: UnsafeBufferPointer(rebasing: rest[..<length]))
            return v.isFinite ? (length, v, scan.fixedPoint) : nil
        case .invalid:
            return nil
        }
    }

    /// The plain decimal starting at `start` in `text` (`-? (0 | [1-9][0-9]*) (. [0-9]+)?`, at
    /// most 15 digits in all: nearly every coordinate) when a separator (whitespace or a comma)
    /// or the text's end follows it, as where it ends, its value and its digits; `nil` for
    /// anything else (then `jsonNumber` reads it). The value is `jsonNumber`'s: with at most
    /// 15 digits the mantissa and the power of ten are exact doubles and one division rounds
    /// once, as the JSON number scan's fast path computes it.
    /// - Precondition: `start < text.count`.
    @inline(__always)
    static func plainDecimal(at start: Int, in text: UnsafeBufferPointer<UInt8>)
        -> (end: Int, value: Double, digits: FixedPointSpelling.Digits)?
    {
        guard let base = text.baseAddress, start < text.count,
              let (after, value, digits) = scanPlainDecimal(base + start, base + text.count)
        else { return nil }
        return (after - base, value, digits)
    }

    /// `plainDecimal(at:in:)` over the bytes from `first` up to `end`: where the number ends,
    /// its value and its digits.
    /// - Precondition: `first < end`.
    @inline(__always)
    private static func scanPlainDecimal(_ first: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>)
        -> (end: UnsafePointer<UInt8>, value: Double, digits: FixedPointSpelling.Digits)?
    {
        var p = first
        let negative = p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }
        guard p < end else { return nil }
        let leading = p.pointee &- UInt8(ascii: "0")
        guard leading < 10 else { return nil }
        var mantissa = UInt64(leading)
        p += 1
        if leading == 0 {
            // A leading zero before another digit is no JSON number (the general path says so).
            if p < end, p.pointee &- UInt8(ascii: "0") < 10 { return nil }
        } else {
            while p < end {
                let d = p.pointee &- UInt8(ascii: "0")
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                p += 1
            }
        }
        var digitCount = (p - first) &- (negative ? 1 : 0)
        var fractionDigits = 0
        if p < end, p.pointee == UInt8(ascii: ".") {
            p += 1
            let fractionStart = p
            // The fraction (most of a coordinate's digits) eight bytes at a time while eight
            // remain, then byte by byte. A word's bytes less "0" are digits where they are 0...9:
            // a byte is none when its high bit is set there or after adding 0x76 (0x0A and up
            // reach 0x80); a borrow or carry runs on only into bytes past the first non-digit.
            while end - p >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
                let digits = word &- 0x3030_3030_3030_3030
                let others = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
                if others == 0 {
                    mantissa = mantissa &* 100_000_000 &+ eightDigits(digits)
                    p += 8
                    continue
                }
                // The first k bytes are digits: moved to the top, the zeros below them lead.
                let k = others.trailingZeroBitCount >> 3
                if k > 0 {
                    mantissa = mantissa &* FixedPointSpelling.integerScale(k) &+ eightDigits(digits << UInt64(64 - 8 * k))
                    p += k
                }
                break
            }
            while p < end {
                let d = p.pointee &- UInt8(ascii: "0")
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                p += 1
            }
            fractionDigits = p - fractionStart
            guard fractionDigits > 0 else { return nil }
            digitCount &+= fractionDigits
        }
        // At most 15 digits (so at most 15 significant ones, and no wrapped mantissa).
        guard digitCount <= 15 else { return nil }
        if p < end, !isSeparator(p.pointee) { return nil }
        // Below 10¹⁵ the mantissa converts as a signed integer (one instruction), exactly.
        let magnitude = Double(Int64(bitPattern: mantissa)) / FixedPointSpelling.scale(fractionDigits)
        return (p, negative ? -magnitude : magnitude,
                FixedPointSpelling.Digits(digits: mantissa, digitCount: digitCount, fractionDigits: fractionDigits,
                                          negative: negative))
    }

    /// The number that eight digit values (0...9, one a byte, the first in the lowest byte)
    /// spell: pairs joined, then fours, then all eight, each step in wider lanes.
    @inline(__always)
    private static func eightDigits(_ digits: UInt64) -> UInt64 {
        let lanes: UInt64 = 0x0000_00FF_0000_00FF
        let pairs: UInt64 = digits &* 10 &+ (digits >> 8)
        let high: UInt64 = (pairs & lanes) &* (100 + (1_000_000 << 32))
        let low: UInt64 = ((pairs >> 16) & lanes) &* (1 + (10_000 << 32))
        return ((high &+ low) >> 32) & 0xFFFF_FFFF
    }

    /// The parser: numbers are byte ranges of `text`; with `spacesSeparateNumbers` (gx:coord)
    /// whitespace separates numbers as commas do, and the whole text is one tuple.
    ///
    /// A number is a run of bytes that are neither whitespace nor commas, read in one tight
    /// loop and checked as soon as it ends; between runs, whitespace ends a tuple (unless a
    /// comma came since the last number: spaces after commas are tolerated) and commas
    /// separate numbers (an empty one between two commas is no number). A tuple ends when the
    /// next one's first number starts, or at the end of the text.
    private static func parse(_ text: UnsafeBufferPointer<UInt8>, spacesSeparateNumbers: Bool,
                              overlong: inout String?) throws(Problem) -> CoordinateList
    {
        var result = CoordinateList()
        try parse(text, spacesSeparateNumbers: spacesSeparateNumbers, into: &result, overlong: &overlong)
        return result
    }

    /// The parser, appending the coordinates to `result`, numbering tuples from `firstTuple`.
    private static func parse(_ text: UnsafeBufferPointer<UInt8>, spacesSeparateNumbers: Bool,
                              into result: inout CoordinateList, firstTuple: Int = 0,
                              overlong: inout String?) throws(Problem)
    {
        // The tuple's first three numbers: value, text range when it is JSON (else nil), and
        // the digits its scan read (nil: not read, or an exponent).
        var values: (Double, Double, Double) = (0, 0, 0)
        var spans: (Range<Int>?, Range<Int>?, Range<Int>?) = (nil, nil, nil)
        typealias Digits = FixedPointSpelling.Digits
        var scans: (Digits?, Digits?, Digits?) = (nil, nil, nil)
        var count = 0
        // Numbers past the third are checked and counted, not kept: a tuple of a million
        // numbers costs no more memory than its text.
        var extraNumbers = 0
        var afterComma = false
        var pendingSpace = false
        var tupleIndex = firstTuple

        func kept(_ value: Double, _ range: Range<Int>, _ digits: Digits?) -> Coordinate.Number {
            let bytes = UnsafeBufferPointer(rebasing: text[range])
            // A scan's digits spare reading the text again; a run read by `number(_:)` has none.
            guard let digits else { return Coordinate.Number(value: value, text: bytes) }
            return Coordinate.Number(value: value, text: bytes, scanned: digits)
        }
        func finishTuple() throws(Problem) {
            guard count > 0 else { return }
            guard count >= 2 else {
                throw Problem(message: "coordinate tuple \(tupleIndex + 1) has one number; write longitude,latitude[,altitude]")
            }
            if extraNumbers > 0, overlong == nil {
                overlong = "coordinate tuple \(tupleIndex + 1) has \(count + extraNumbers) numbers; the first three (longitude, latitude, altitude) are kept and the rest left out (a tuple is longitude,latitude[,altitude]; tuples are separated by spaces)"
            }
            // Text is kept when every number kept is JSON; a 2D tuple has no altitude text
            // (`spans.2` may still hold the previous tuple's).
            let altitudeSpan = count > 2 ? spans.2 : nil
            if let lon = spans.0, let lat = spans.1, count == 2 || altitudeSpan != nil {
                result.append(Coordinate(longitude: kept(values.0, lon, scans.0), latitude: kept(values.1, lat, scans.1),
                                         altitude: altitudeSpan.map { kept(values.2, $0, scans.2) }))
            } else {
                result.append(Coordinate(longitude: values.0, latitude: values.1, altitude: count > 2 ? values.2 : nil))
            }
            count = 0
            extraNumbers = 0
            tupleIndex += 1
        }

        let n = text.count
        var i = 0
        while i < n {
            let byte = text[i]
            if byte == UInt8(ascii: ",") {
                afterComma = true
                pendingSpace = false
                i += 1
                continue
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                // Whitespace after a number (not before the first) may end its tuple.
                if !spacesSeparateNumbers && count > 0 { pendingSpace = true }
                i += 1
                continue
            }
            // A number starts: the tuple before it ends first if whitespace came between.
            if pendingSpace && !afterComma { try finishTuple() }
            pendingSpace = false
            afterComma = false
            let start = i
            let value: Double, isJSON: Bool
            var digits: Digits?
            if let (end, read, scanned) = plainDecimal(at: start, in: text) {
                i = end
                (value, isJSON) = (read, true)
                digits = scanned
            } else if let (length, read, scanned) = jsonNumber(at: start, in: text) {
                // A JSON number that a separator (or the text's end) ends: scanned and converted
                // in the one pass that finds its end.
                i = start + length
                (value, isJSON) = (read, true)
                digits = scanned
            } else {
                i += 1
                while i < n, !isSeparator(text[i]) { i += 1 }
                let span = UnsafeBufferPointer(rebasing: text[start..<i])
                guard let number = number(span) else {
                    throw Problem(message: "'\(String(decoding: span, as: UTF8.self))' in coordinate tuple \(tupleIndex + 1) is not a number")
                }
                (value, isJSON) = number
            }
            let range = start..<i
            switch count {
            case 0: values.0 = value; spans.0 = isJSON ? range : nil; scans.0 = digits
            case 1: values.1 = value; spans.1 = isJSON ? range : nil; scans.1 = digits
            case 2: values.2 = value; spans.2 = isJSON ? range : nil; scans.2 = digits
            default: extraNumbers += 1; continue
            }
            count += 1
        }
        try finishTuple()
    }
}
