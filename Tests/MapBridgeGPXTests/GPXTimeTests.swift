import MapBridgeGPX
import MapBridgeModel
import MapBridgeXML
import Testing

/// `<time>` values that have the shape of an xsd:dateTime but not its ranges: warned on read,
/// never written as `<time>` (gpx11.xsd would refuse the file), kept as properties.
@Suite("GPX times: read with a warning, never written invalid")
struct GPXTimeTests {
    static let outOfRange = "2020-13-45T99:99:99Z"

    @Test("an out-of-range <time> of a waypoint or a track point is warned about on read, with its place, and kept as text")
    func readWarns() throws {
        let wpt = try readGPX(gpx("<wpt lat=\"1\" lon=\"2\"><time>\(Self.outOfRange)</time></wpt>"))
        let warning = try #require(wpt.warnings.first { $0.code == "gpx-time" })
        #expect(warning.location?.line == 3, "\(warning)")  // gpx() adds two lines before the body
        #expect(warning.message.contains(Self.outOfRange))
        #expect(wpt.features.first?.time == .instant(Self.outOfRange))
        #expect(wpt.features.first?.placement(of: .time)?.key == "time")
        let trk = try readGPX(gpx("""
            <trk><trkseg><trkpt lat="1" lon="2"></trkpt>
            <trkpt lat="1" lon="3"><time>2020-02-30T00:00:00Z</time></trkpt></trkseg></trk>
            """))
        let pointWarning = try #require(trk.warnings.first { $0.code == "gpx-time" })
        #expect(pointWarning.location?.line == 4, "\(pointWarning)")
        #expect(pointWarning.message.contains("2020-02-30T00:00:00Z"))
    }

    @Test("read and written again, out-of-range times go to <extensions>: the output validates and nothing is lost")
    func roundTripValidates() throws {
        let r = try readGPX(gpx("""
            <metadata><time>\(Self.outOfRange)</time></metadata>
            <wpt lat="1" lon="2"><time>\(Self.outOfRange)</time></wpt>
            <trk><trkseg><trkpt lat="1" lon="2"><time>2021-02-29T00:00:00Z</time></trkpt>
            <trkpt lat="1" lon="3"><time>2020-01-01T00:00:01+15:00</time></trkpt></trkseg></trk>
            """))
        let out = try writeGPX(r.features, document: r.document)
        expectSchemaValid(out)
        #expect(!out.text.contains("<time>"), "\(out.text)")
        for t in [Self.outOfRange, "2021-02-29T00:00:00Z", "2020-01-01T00:00:01+15:00"] { #expect(out.text.contains(t)) }
        #expect(out.codes.contains("gpx-time"), "\(out.codes)")
    }

    @Test("a GeoJSON waypoint's out-of-range time is written in <extensions>, with a warning")
    func writerWarns() throws {
        var feature = waypoint(2, 1)
        feature.time = .instant(Self.outOfRange)
        let out = try writeGPX([feature])
        expectSchemaValid(out)
        #expect(!out.text.contains("<time>"))
        #expect(out.text.contains(Self.outOfRange))
        #expect(out.codes == ["gpx-time"], "\(out.codes)")
    }

    @Test("every time the writer puts in <time> validates against gpx11.xsd", arguments: [
        "2020-01-01T00:00:00Z", "2020-02-29T23:59:59.999Z", "2000-02-29T12:00:00+14:00", "-0044-03-15T12:00:00Z",
        "12020-01-01T00:00:00-05:30", "2020-12-31T00:00:00",
    ])
    func validTimes(time: String) throws {
        let out = try writeGPX([line([(1, 2), (1, 3)], times: [time, time])])
        expectSchemaValid(out)
        #expect(out.text.contains("<time>\(time)</time>"), "\(out.text)")
    }

    @Test("times out of range are not written as <time>", arguments: [
        "2020-13-45T99:99:99Z", "2020-00-10T00:00:00Z", "2021-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2020-04-31T00:00:00Z",
        "2020-01-01T24:00:01Z", "2020-01-01T00:60:00Z", "2020-01-01T00:00:60Z", "0000-01-01T00:00:00Z",
        "2020-01-01T00:00:00+14:01", "2020-01-01T00:00:00-00:60",
    ])
    func invalidTimes(time: String) throws {
        let out = try writeGPX([line([(1, 2), (1, 3)], times: [time, time])])
        expectSchemaValid(out)
        #expect(!out.text.contains("<time>"), "\(out.text)")
        #expect(out.text.contains(time))
    }
}
