import MapBridgeGPX
import MapBridgeModel
import Testing

/// KML tracks from Google Earth and OpenTracks name their per-point arrays `heartrate` and
/// `cadence` (as KML 2.2's own example does), where togeojson's GPX reading says `heart` and
/// `cads`: both reach GPX as Garmin's TrackPointExtension, which devices and Strava read.
@Suite("GPX writer: KML tracks' heart rate and cadence")
struct GPXWriterGarminAliasTests {
    @Test("heartrate and cadence, as numbers or as KML's untyped text, become gpxtpx:hr and gpxtpx:cad")
    func aliases() throws {
        let f = line([(0, 0), (1, 1)], properties: ["coordinateProperties": .object([
            "heartrate": .array(["120", "130"]), "cadence": .array([86, .null]), "power": .array([327, 177]),
        ])])
        let out = try writeGPX([f])
        #expect(out.text.contains(#"<trkpt lat="0" lon="0"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr><gpxtpx:cad>86</gpxtpx:cad></gpxtpx:TrackPointExtension><mb:value name="power" type="number">327</mb:value></extensions></trkpt>"#))
        #expect(out.text.contains(#"<trkpt lat="1" lon="1"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>130</gpxtpx:hr></gpxtpx:TrackPointExtension><mb:value name="power" type="number">177</mb:value></extensions></trkpt>"#))
        #expect(!out.text.contains("heartrate"))
        expectSchemaValid(out)
    }

    @Test("beside togeojson's own name the alias stays a MapBridge value, and a value Garmin cannot hold stays too")
    func ownNameFirstAndRange() throws {
        let f = line([(0, 0), (1, 1)], properties: ["coordinateProperties": .object([
            "heart": .array([100, 101]), "heartrate": .array([120, 121]), "cadence": .array(["fast", 300]),
        ])])
        let out = try writeGPX([f])
        #expect(out.text.contains("<gpxtpx:hr>100</gpxtpx:hr>"))
        #expect(!out.text.contains("<gpxtpx:hr>120</gpxtpx:hr>"))
        #expect(out.text.contains(#"<mb:value name="heartrate" type="number">120</mb:value>"#))
        #expect(out.text.contains(#"<mb:value name="cadence">fast</mb:value>"#))
        #expect(out.text.contains(#"<mb:value name="cadence" type="number">300</mb:value>"#))
        #expect(!out.text.contains("<gpxtpx:cad>"))
        expectSchemaValid(out)
    }
}
