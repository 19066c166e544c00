@testable import MapBridgeModel
import Testing

@Suite("VertexTimes: a track's times, packed when they have the common shape, always read back as given")
struct VertexTimesTests {
    /// Texts in the packed shape: date-times with up to 3 fraction digits, `Z`, an offset in
    /// quarter hours or no zone, and dates.
    static let packable = [
        "2024-01-01T00:00:00Z", "2024-05-01T10:00:05.1Z", "2024-05-01T10:00:05.25+02:00", "2024-05-01T10:00:05.000-00:00",
        "0000-00-00T00:00:00", "9999-15-31T31:63:63.999-15:45", "2024-02-29", "2026-11-30T12:00:00+05:45",
        "2024-13-31T23:59:59Z",
    ]
    /// Texts kept as they are: anything else, the shape's near misses included.
    static let other = [
        "", "noon", "2024-01-01T00:00:00.1234Z", "2024-01-01T00:00:00+05:07", "2024-01-01T00:00:00+16:00",
        "12345-01-01T00:00:00Z", "-0044-03-15T12:00:00Z", "2024-01-01T00:00:00Z+01:00", "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00,5Z", " 2024-01-01T00:00:00Z", "2024-01-01T00:00:00z", "2024-1-01", "2024-01-01T24:00:00Zé",
        "2024-01-32T00:00:00Z", "2024-01-01T00:00:64Z", "2024-99-01", "2024-13-45T99:59:59Z",
    ]

    @Test("every text reads back byte for byte; packed exactly when in the common shape")
    func roundTrip() {
        var times = VertexTimes()
        for t in Self.packable + Self.other { times.append(t) }
        #expect(Array(times) == Self.packable + Self.other)
        #expect(times.others.count == Self.other.count)
        for (i, text) in (Self.packable + Self.other).enumerated() {
            #expect(times.withUTF8(at: i) { String(decoding: $0, as: UTF8.self) } == text)
            var fromBytes = VertexTimes()
            var copy = text
            copy.withUTF8 { fromBytes.append(utf8: $0) }
            #expect(fromBytes.count == 1 && fromBytes[0] == text && fromBytes.codes[0] == (i < Self.packable.count ? times.codes[i] : 0))
        }
    }

    @Test("equality and hashing go by the texts; an array of texts and a literal make the same times")
    func equality() {
        let texts = ["2024-01-01T00:00:00Z", "noon", "2024-01-01T00:00:01Z"]
        let times = VertexTimes(texts)
        let literal: VertexTimes = ["2024-01-01T00:00:00Z", "noon", "2024-01-01T00:00:01Z"]
        #expect(times == literal && times.hashValue == literal.hashValue)
        #expect(times != ["2024-01-01T00:00:00Z", "noon"])
        #expect(times != ["2024-01-01T00:00:00Z", "2024-01-01T00:00:01Z", "noon"])
        #expect(Polyline([], times: texts) == Polyline([], times: times))
    }

    @Test("many times grow in chunks and keep their order")
    func many() {
        var times = VertexTimes()
        for s in 0..<20_000 { times.append(s % 1_000 == 7 ? "t\(s)" : "2024-01-01T05:\(pad(s / 60 % 60)):\(pad(s % 60))Z") }
        #expect(times.count == 20_000 && times.others.count == 20)
        #expect(times[19_007] == "t19007" && times[3_661] == "2024-01-01T05:01:01Z" && times.last == "2024-01-01T05:33:19Z")
    }

    @Test("dates beyond a chunk's 16 slots are kept whole; all read back, and compare equal to the same times appended otherwise")
    func manyDates() {
        let texts = (0..<40_000).map { k in
            k < 16_384 ? "2024-\(pad(k % 40 / 28 + 1))-\(pad(k % 40 % 28 + 1))T10:00:00.5+01:00"
                : "20\(pad(k % 100))-01-01T00:00:\(pad(k % 60))Z"
        }
        var times = VertexTimes()
        for t in texts { times.append(t) }
        #expect(times.others.count == 0 && times.codes.wide.count > 0)
        #expect(Array(times) == texts)
        var fromBytes = VertexTimes()
        for var t in texts.reversed().reversed() { t.withUTF8 { fromBytes.append(utf8: $0) } }
        #expect(fromBytes == times && fromBytes.hashValue == times.hashValue)
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

@Suite("VertexTimes and ChunkedArray: a short one takes about what it holds")
struct ShortStorageTests {
    @Test("a few times keep a small capacity; a long track still grows in whole chunks")
    func vertexTimesCapacity() {
        var times = VertexTimes()
        #expect(times.capacity == 0)
        times.append("2024-01-01T00:00:00Z")
        times.append("noon")
        #expect(times.capacity < 64)
        for k in 0..<20_000 { times.append(k % 3 == 0 ? "later" : "2024-01-01T00:00:0\(k % 10)Z") }
        #expect(times.count == 20_002 && times[0] == "2024-01-01T00:00:00Z" && times[1] == "noon")
        #expect(times[20_001] == "2024-01-01T00:00:09Z" && times[20_000] == "later")
        #expect(times.capacity >= 2 << 14)
    }

    @Test("appending another's time by index gives what appending its text gives")
    func appendTimeAt() {
        let source: VertexTimes = ["2024-01-01T00:00:00Z", "noon", "2024-05-01T10:00:05.25+02:00", "2024-02-29"]
        var copied = VertexTimes()
        for i in [3, 1, 0, 2, 1] { copied.append(timeAt: i, of: source) }
        let expected: VertexTimes = ["2024-02-29", "noon", "2024-01-01T00:00:00Z", "2024-05-01T10:00:05.25+02:00", "noon"]
        #expect(copied == expected)
        #expect(Array(copied) == Array(expected))
    }

    @Test("a short chunked array allocates for its elements, not a whole chunk")
    func chunkedArrayCapacity() {
        var array = ChunkedArray<UInt64>()
        #expect(array.capacity == 0)
        array.append(1)
        #expect(array.capacity < 64)
        for k in 0..<20_000 { array.append(UInt64(k)) }
        #expect(array.count == 20_001 && array[0] == 1 && array[20_000] == 19_999)
    }
}
