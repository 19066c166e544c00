import MapBridgeGeoJSON
import MapBridgeModel
import Testing

/// The obsolete `crs` member: WGS 84 names are accepted with a warning, anything else is an error.
@Suite("GeoJSONReader crs")
struct GeoJSONReaderCRSTests {
    private static let feature = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#

    private func named(_ name: String) -> String {
        #"{"type":"name","properties":{"name":"\#(name)"}}"#
    }

    @Test("WGS 84 names are accepted with one warning", arguments: [
        "urn:ogc:def:crs:OGC:1.3:CRS84", "urn:ogc:def:crs:OGC::CRS84", "EPSG:4326", "urn:ogc:def:crs:EPSG::4326", "WGS84",
    ])
    func wgs84Accepted(name: String) throws {
        let text = #"{"type":"FeatureCollection","crs":\#(named(name)),"features":[\#(Self.feature)]}"#
        let result = try readAll(text)
        #expect(result.features.count == 1)
        #expect(result.features.first?.shape == .annotation(c(1, 2)))
        #expect(result.codes == ["crs-member"])
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains(name))
        #expect(warning.location?.line == 1)
        #expect(warning.location?.column == 35)
        // The crs member is not a document member.
        #expect(!result.document.foreignMembers.contains(key: "crs"))
    }

    @Test("an EPSG-typed crs with code 4326 is accepted")
    func epsgType() throws {
        let text = #"{"type":"FeatureCollection","crs":{"type":"EPSG","properties":{"code":4326}},"features":[]}"#
        #expect(try readAll(text).codes == ["crs-member"])
    }

    @Test("a crs after the features is checked too")
    func crsAfterFeatures() throws {
        let ok = try readAll(#"{"type":"FeatureCollection","features":[\#(Self.feature)],"crs":\#(named("EPSG:4326"))}"#)
        #expect(ok.codes == ["crs-member"])
        #expect(readError(#"{"type":"FeatureCollection","features":[\#(Self.feature)],"crs":\#(named("EPSG:3857"))}"#) != nil)
    }

    @Test("a null crs is fine and silent")
    func nullCRS() throws {
        #expect(try readAll(#"{"type":"FeatureCollection","crs":null,"features":[]}"#).diagnostics.isEmpty)
    }

    @Test("EPSG:3857 and other systems are errors at the crs value", arguments: [
        "EPSG:3857", "urn:ogc:def:crs:EPSG::3857", "EPSG:27700",
    ])
    func otherSystemRejected(name: String) throws {
        let text = "{\"type\":\"FeatureCollection\",\n \"crs\":\(named(name)),\"features\":[\(Self.feature)]}"
        let error = try #require(readError(text))
        #expect(error.kind == .data)
        #expect(error.message.contains(name))
        #expect(error.message.contains("not supported"))
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 8)
        #expect(error.location?.pointer == "/crs")
    }

    @Test("an EPSG-typed crs with another code is an error")
    func epsgTypeOther() throws {
        let error = try #require(readError(#"{"type":"FeatureCollection","crs":{"type":"EPSG","properties":{"code":3857}},"features":[]}"#))
        #expect(error.message.contains("3857"))
    }

    @Test("a crs on a Feature or a geometry is checked too")
    func crsOnFeatureAndGeometry() throws {
        let onFeature = #"{"type":"Feature","crs":\#(named("EPSG:3857")),"geometry":null,"properties":{}}"#
        #expect(readError(onFeature) != nil)
        let onGeometry = #"{"type":"Point","crs":\#(named("EPSG:3857")),"coordinates":[1,2]}"#
        #expect(readError(onGeometry) != nil)
        let accepted = try readAll(#"{"type":"Point","crs":\#(named("CRS84")),"coordinates":[1,2]}"#)
        #expect(accepted.codes == ["crs-member"])
    }
}
