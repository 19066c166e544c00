import Foundation
import Testing

@Suite("Titles from NAME and Name, and --title-property")
struct TitlePropertyTests {
    /// Natural Earth and shapefile exports name features `NAME` or `Name`.
    static let places = #"""
        {"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"NAME":"France","POP_EST":67059887,"LABEL":"République française"},"geometry":{"type":"Point","coordinates":[2.3,48.8]}},
        {"type":"Feature","properties":{"Name":"Lyon","code":69},"geometry":{"type":"Point","coordinates":[4.8,45.7]}}
        ]}
        """#

    @Test("KML <name>, GPX <name>, SVG <title> and --labels name come from NAME and Name")
    func writers() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.places, to: "places.geojson", in: dir)
        let kml = try MapBridgeRunner.run(["convert", input, "-", "--to", "kml"])
        #expect(kml.stdout.contains("<name>France</name>") && kml.stdout.contains("<name>Lyon</name>"))
        let gpx = try MapBridgeRunner.run(["convert", input, "-", "--to", "gpx"])
        #expect(gpx.stdout.contains("<name>France</name>") && gpx.stdout.contains("<name>Lyon</name>"))
        let svg = try MapBridgeRunner.run(["convert", input, "-", "--to", "svg", "--labels", "name"])
        #expect(svg.stdout.contains("<title>France</title>"))
        #expect(svg.stdout.contains(">Lyon</text>"))
    }

    @Test("GeoJSON → KML → GeoJSON keeps NAME and Name as they were, with no name added")
    func roundTrip() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.places, to: "places.geojson", in: dir)
        let kml = dir.appendingPathComponent("places.kml").path
        #expect(try MapBridgeRunner.run(["convert", input, kml]).status == 0)
        let back = try MapBridgeRunner.run(["convert", kml, "-", "--to", "geojson"])
        let features = try #require(try MapBridgeRunner.json(back.stdoutData)["features"] as? [[String: Any]])
        let first = try #require(features.first?["properties"] as? [String: Any])
        #expect(Set(first.keys) == ["NAME", "POP_EST", "LABEL"])
        #expect((features.last?["properties"] as? [String: Any]).map { Set($0.keys) } == ["Name", "code"])
        let direct = try MapBridgeRunner.run(["convert", input, "-", "--to", "geojson"])
        #expect(!direct.stdout.contains(#""name""#))
    }

    @Test("--title-property KEY takes the title from another property, for every input format")
    func titleProperty() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let input = try MapBridgeRunner.write(Self.places, to: "places.geojson", in: dir)
        let kml = try MapBridgeRunner.run(["convert", input, "-", "--to", "kml", "--title-property", "LABEL"])
        #expect(kml.status == 0)
        #expect(kml.stdout.contains("<name>République française</name>"))
        // A feature without the key keeps its own title.
        #expect(kml.stdout.contains("<name>Lyon</name>"))
        let kmlFile = dir.appendingPathComponent("places.kml").path
        #expect(try MapBridgeRunner.run(["convert", input, kmlFile]).status == 0)
        let gpx = try MapBridgeRunner.run(["convert", kmlFile, "-", "--to", "gpx", "--title-property", "code"])
        #expect(gpx.stdout.contains("<name>69</name>"))
        let empty = try MapBridgeRunner.run(["convert", input, "-", "--to", "kml", "--title-property", ""])
        #expect(empty.status == 64)
    }
}
