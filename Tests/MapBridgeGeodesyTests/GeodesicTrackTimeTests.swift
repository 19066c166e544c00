import Foundation
@testable import MapBridgeGeodesy
import MapBridgeModel
import Testing

@Suite("Times of tracks: read, interpolated by geodesic distance, kept across the antimeridian")
struct GeodesicTrackTimeTests {
    /// Seconds since 1970 of an ISO 8601 text, by Foundation (an independent reading).
    static func foundationSeconds(_ text: String) -> Double? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d.timeIntervalSince1970 }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)?.timeIntervalSince1970
    }

    @Test("date-times read as Foundation reads them", arguments: [
        "1970-01-01T00:00:00Z", "2026-11-30T17:45:00Z", "2000-02-29T23:59:59.250Z", "1900-03-01T00:00:00Z",
        "2024-12-31T23:00:00+02:00", "2024-01-01T00:30:00-05:30", "1969-12-31T23:59:59Z", "2100-02-28T12:00:00.5+00:00",
    ])
    func reads(text: String) throws {
        let time = try #require(TrackTime(text))
        let expected = try #require(Self.foundationSeconds(text))
        #expect(abs(time.seconds - expected) < 1e-6)
        // Written back the way it came.
        #expect(time.text == text)
    }

    @Test("the calendar agrees with Foundation on every 97th day from 1600 to 2770")
    func calendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // From 1600 (Foundation's Gregorian calendar is Julian before October 1582).
        for days in stride(from: -135_140, to: 146_097 * 2, by: 97) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = TrackTime.civil(fromDays: days)
            #expect(civil.year == c.year && civil.month == c.month && civil.day == c.day)
            #expect(TrackTime.daysSinceEpoch(year: civil.year, month: civil.month, day: civil.day) == days)
        }
    }

    @Test("texts that are not date-times are not read", arguments: [
        "", "2024-01-01", "2024-01-01T10:00", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T10:00:00Q", "2024-01-01T10:00:00.Z", "2024-01-01T10:00:00+5", "next tuesday",
    ])
    func rejects(text: String) {
        #expect(TrackTime(text) == nil)
    }

    @Test("interpolation keeps the zone and the finer precision; mixed zones give UTC")
    func interpolation() throws {
        let a = try #require(TrackTime("2024-06-01T23:00:00+02:00")), b = try #require(TrackTime("2024-06-02T01:00:00.50+02:00"))
        #expect(TrackTime.interpolate(a, b, 0.5).text == "2024-06-02T00:00:00.25+02:00")
        let c = try #require(TrackTime("2024-06-01T21:00:00Z"))
        #expect(TrackTime.interpolate(a, c, 0.25).text == "2024-06-01T21:00:00Z")
        #expect(TrackTime.interpolate(c, c, 0.3).text == "2024-06-01T21:00:00Z")
    }

    static let times = ["2026-01-01T00:00:00.000Z", "2026-01-01T10:00:00.000Z", "2026-01-01T12:00:00.000Z"]

    @Test("densifying a track gives each added point the time by distance along its segment", arguments: [
        Densification.Limit.maximumSegment(100_000), .maximumError(1_000),
    ])
    func densifiedTrack(limit: Densification.Limit) throws {
        let vertices = [point(35.7647, 140.3864), point(33.9425, -118.4081), point(40.6398, -73.7789)]
        let track = Polyline(vertices, times: Self.times)
        guard case .polyline(let dense) = try wgs84.densify(.polyline(track), Densification(limit: limit)) else {
            Issue.record("expected a line")
            return
        }
        let times = try #require(dense.times)
        #expect(times.count == dense.coordinates.count && dense.coordinates.count > 10)
        let seconds = try times.map { try #require(Self.foundationSeconds($0)) }
        #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $0 < $1 })
        // The given vertices keep their own times; each added point's time matches its share
        // of its segment's geodesic length (to the millisecond the texts carry).
        let base = try Self.times.map { try #require(Self.foundationSeconds($0)) }
        var segment = 0
        for (c, t) in zip(dense.coordinates, seconds) {
            if let k = vertices.firstIndex(of: c) {
                #expect(t == base[k])
                segment = min(k, vertices.count - 2)
                continue
            }
            let a = vertices[segment], b = vertices[segment + 1]
            let fraction = wgs84.distance(from: a, to: c) / wgs84.distance(from: a, to: b)
            #expect(abs(t - (base[segment] + fraction * (base[segment + 1] - base[segment]))) < 0.0011)
        }
    }

    @Test("a track whose times cannot be read is left as it was")
    func unreadable() throws {
        let track = Polyline([point(35.7647, 140.3864), point(33.9425, -118.4081)], times: ["morning", "evening"])
        #expect(try wgs84.densify(.polyline(track), Densification(limit: .maximumSegment(100_000))) == .polyline(track))
    }

    @Test("a track cut at the antimeridian keeps its times; the cut point's is interpolated by distance")
    func cutTrack() throws {
        let vertices = [point(35.7647, 140.3864), point(40, 170), point(33.9425, -118.4081), point(40.6398, -73.7789)]
        let track = Polyline(vertices, times: ["2026-01-01T00:00:00Z", "2026-01-01T03:00:00.000Z",
                                               "2026-01-01T09:00:00.000Z", "2026-01-01T15:00:00Z"])
        guard case .multiPolyline(let parts) = wgs84.cutAtAntimeridian(.polyline(track)) else {
            Issue.record("expected two parts")
            return
        }
        #expect(parts.count == 2)
        let west = try #require(parts.first), east = try #require(parts.last)
        #expect(west.times?.count == west.coordinates.count && east.times?.count == east.coordinates.count)
        let (westTimes, eastTimes, trackTimes) = (west.times ?? [], east.times ?? [], track.times ?? [])
        #expect(Array(westTimes.prefix(2)) == Array(trackTimes.prefix(2)))
        #expect(Array(eastTimes.suffix(2)) == Array(trackTimes.suffix(2)))
        // Both sides of the cut carry the same time, at the distance's share of 6 hours.
        let cutTime = try #require(west.times?.last)
        #expect(east.times?.first == cutTime)
        let cut = try #require(west.coordinates.last)
        #expect(cut.longitude == 180)
        let fraction = wgs84.distance(from: vertices[1], to: cut) / wgs84.distance(from: vertices[1], to: vertices[2])
        let expected = try #require(Self.foundationSeconds("2026-01-01T03:00:00Z")) + fraction * 6 * 3_600
        #expect(abs(try #require(Self.foundationSeconds(cutTime)) - expected) < 0.0011)
    }

    @Test("a cut track whose times cannot be read loses them")
    func cutUnreadable() {
        let track = Polyline([point(35.7647, 140.3864), point(33.9425, -118.4081)], times: ["morning", "evening"])
        guard case .multiPolyline(let parts) = wgs84.cutAtAntimeridian(.polyline(track)) else {
            Issue.record("expected two parts")
            return
        }
        #expect(parts.allSatisfy { $0.times == nil })
    }
}
