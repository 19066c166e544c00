import Foundation
import Testing

@Suite("validate: duplicate-place runs on files with errors, or says why it did not")
struct ValidateDuplicatePlaceTests {
    static let twoCafes = """
        {"type": "Feature", "properties": {"name": "Café"}, "geometry": {"type": "Point", "coordinates": [2.35, 48.85]}},
        {"type": "Feature", "properties": {"name": "Café"}, "geometry": {"type": "Point", "coordinates": [2.3501, 48.8501]}},
        """

    @Test("a file with an error the reader gets past still has its duplicate places reported")
    func errorsDoNotHideDuplicates() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("""
            {"type": "FeatureCollection", "features": [
            \(Self.twoCafes)
            {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}}
            ]}
            """, to: "dup.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "dup.geojson"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.contains("error: [ring-not-closed]"), "\(run.stdout)")
        #expect(run.stdout.contains("dup.geojson:3:1: warning: [duplicate-place] \"Café\" (feature #1)"), "\(run.stdout)")
    }

    @Test("a file the reader rejects gets an info finding at the reader's error, saying duplicates were not looked for",
          arguments: [
              ("broken.geojson", """
                  {"type": "FeatureCollection", "features": [
                  \(twoCafes)
                  ]}
                  """, "broken.geojson:4:1: "),
              ("broken.kml", """
                  <?xml version="1.0"?>
                  <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
                  <Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark>
                  <Placemark><name>a</name><Point><coordinates>1,2</coordinates></Point></Placemark>
                  </Folder></kml>
                  """, "broken.kml:5:10: "),
          ])
    func unreadableSaysSo(name: String, text: String, place: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(text, to: name, in: dir)
        let run = try MapBridgeRunner.run(["validate", name], in: dir)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let note = try #require(lines.first { $0.contains("[duplicate-place]") }, "\(run.stdout)")
        #expect(note.hasPrefix(place + "info: [duplicate-place] duplicate places were not looked for: the file cannot be read as features ("), "\(note)")
        #expect(lines.contains { $0.hasPrefix(place + "error: [") }, "the reader's error is where the structural rule put it: \(run.stdout)")
        // --ignore still drops it.
        let ignored = try MapBridgeRunner.run(["validate", name, "--ignore", "duplicate-place"], in: dir)
        #expect(!ignored.stdout.contains("[duplicate-place]"))
    }
}
