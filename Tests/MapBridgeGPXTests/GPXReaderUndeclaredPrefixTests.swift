import MapBridgeModel
import Testing

@Suite("GPX reader: a prefix used without its declaration")
struct GPXReaderUndeclaredPrefixTests {
    @Test("an undeclared xsi: attribute is read past with one warning at its line, not refused")
    func undeclaredAttributePrefix() throws {
        let r = try readGPX(gpx("""
            <wpt lat="46.5" lon="7.25" xsi:type="x"><name>hut</name></wpt>
            <wpt lat="46.6" lon="7.35" xsi:type="y"><name>pass</name></wpt>
            """))
        #expect(r.features.map(\.title) == ["hut", "pass"])
        #expect(r.codes.filter { $0 == "xml-namespace" }.count == 1)
        #expect(r.warnings.first { $0.code == "xml-namespace" }?.location?.line == 3)
    }
}
