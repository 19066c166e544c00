import MapBridgeGPX
import MapBridgeIO
import MapBridgeModel
import Testing

@Suite("GPX reader: the document and the order of features")
struct GPXReaderDocumentTests {
    @Test("metadata name and desc are the document's; author, email, links, time and keywords its members")
    func metadata() throws {
        let r = try readGPX(gpx("""
            <metadata><name>Alps 2024</name><desc>Summer walks</desc>
            <author><name>Ann</name><email id="ann" domain="example.org"/></author>
            <copyright author="Ann"><year>2024</year><license>https://creativecommons.org/publicdomain/zero/1.0/</license></copyright>
            <link href="https://example.org"><text>Site</text></link><time>2024-09-01T12:00:00Z</time>
            <keywords>alps, walking</keywords><bounds minlat="1" minlon="2" maxlat="3" maxlon="4"/></metadata>
            <wpt lat="1" lon="2"/>
            """))
        #expect(r.document.name == "Alps 2024")
        #expect(r.document.description == "Summer walks")
        #expect(r.document.foreignMembers == [
            "time": "2024-09-01T12:00:00Z", "keywords": "alps, walking", "author": "Ann", "email": "ann@example.org",
            "copyright": .object(["author": "Ann", "year": "2024", "license": "https://creativecommons.org/publicdomain/zero/1.0/"]),
            "links": .array([.object(["href": "https://example.org", "text": "Site"])]),
        ])
        #expect(r.warnings.isEmpty)
    }

    @Test("GPX 1.0 keeps name and desc on the gpx element itself")
    func gpx10() throws {
        let r = try readGPX("""
            <?xml version="1.0"?>
            <gpx version="1.0" creator="old" xmlns="http://www.topografix.com/GPX/1/0">
            <name>Old</name><desc>From 2004</desc><author>Bo</author><email>bo@example.org</email>
            <trk><name>T</name><number>3</number><trkseg><trkpt lat="1" lon="2"><speed>1.5</speed></trkpt><trkpt lat="1" lon="3"/></trkseg></trk>
            </gpx>
            """)
        #expect(r.document.name == "Old")
        #expect(r.document.description == "From 2004")
        #expect(r.document.foreignMembers["author"] == "Bo")
        #expect(r.document.foreignMembers["email"] == "bo@example.org")
        #expect(r.features.first?.properties["coordinateProperties"] == .object(["speeds": .array([1.5, .null])]))
    }

    @Test("the document is known when open() returns, before the first feature is asked for")
    func openReadsMetadata() throws {
        let bytes = Array(gpx("<metadata><name>Early</name></metadata><wpt lat=\"1\" lon=\"2\"/>").utf8)
        let reader = GPXReader(path: "t.gpx", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })
        #expect(try reader.open().name == "Early")
    }

    @Test("features come tracks first, then routes, then waypoints, whatever the file's order",
          arguments: [
            "<wpt lat=\"1\" lon=\"1\"/><rte><rtept lat=\"0\" lon=\"0\"/><rtept lat=\"1\" lon=\"1\"/></rte><trk><trkseg><trkpt lat=\"0\" lon=\"0\"/><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk><wpt lat=\"2\" lon=\"2\"/>",
            "<trk><trkseg><trkpt lat=\"0\" lon=\"0\"/><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk><rte><rtept lat=\"0\" lon=\"0\"/><rtept lat=\"1\" lon=\"1\"/></rte><wpt lat=\"1\" lon=\"1\"/><wpt lat=\"2\" lon=\"2\"/>",
            "<gpx:wpt lat=\"1\" lon=\"1\"/><gpx:trk><gpx:trkseg><gpx:trkpt lat=\"0\" lon=\"0\"/><gpx:trkpt lat=\"1\" lon=\"1\"/></gpx:trkseg></gpx:trk><gpx:rte><gpx:rtept lat=\"0\" lon=\"0\"/><gpx:rtept lat=\"1\" lon=\"1\"/></gpx:rte><gpx:wpt lat=\"2\" lon=\"2\"/>",
          ])
    func order(body: String) throws {
        let r = try readGPX(gpx(body, extraNamespaces: #" xmlns:gpx="http://www.topografix.com/GPX/1/1""#))
        #expect(r.features.map { $0.shape?.kind } == [.polyline, .polyline, .annotation, .annotation])
        #expect(r.features.map { $0.properties["_gpxType"] } == ["trk", "rte", nil, nil])
        #expect(r.features[2].shape == .annotation(Coordinate(longitude: 1, latitude: 1)))
    }

    @Test("a file read in several passes reports each problem once")
    func warningsOnce() throws {
        let r = try readGPX(gpx("<wpt lat=\"x\" lon=\"1\"/><trk><trkseg><trkpt lat=\"0\" lon=\"0\"/><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk><bogus/>"))
        #expect(r.codes.filter { $0 == "gpx-position" }.count == 1)
        #expect(r.codes.filter { $0 == "unread-element" }.count == 1)
    }

    @Test("progress counts every pass's bytes against the file's size times the passes")
    func progress() throws {
        let text = gpx("<wpt lat=\"1\" lon=\"1\"/><trk><trkseg><trkpt lat=\"0\" lon=\"0\"/><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk>")
        let bytes = Array(text.utf8)
        let reader = GPXReader(path: "t.gpx", report: { _ in }, source: { ByteSource(bytes: bytes, name: $0) })
        while try reader.next() != nil {}
        #expect(reader.progress.totalBytes == Int64(bytes.count * 2))
        #expect(reader.progress.bytesRead == Int64(bytes.count * 2))
    }
}
