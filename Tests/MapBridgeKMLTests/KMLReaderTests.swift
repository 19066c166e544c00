import MapBridgeIO
import MapBridgeKML
import MapBridgeModel
import Testing

/// Reads KML text through the streaming reader.
/// Reads `text` as KML with libxml2 on the calling thread and again with libxml2 on a thread
/// of its own (`KMLReader.parsesOnOwnThread`), expects the two readings to give the same
/// features, document, warnings and error, and returns the first (or throws its error).
func readKML(_ text: String, name: String = "t.kml") throws -> (features: [Feature], document: DocumentInfo, warnings: [Diagnostic]) {
    let bytes = Array(text.utf8)
    let one = Result { try readKML(bytes: bytes, name: name, parsesOnOwnThread: false) }
    let two = Result { try readKML(bytes: bytes, name: name, parsesOnOwnThread: true) }
    expectSameReading(one, two)
    return try reading(one)
}

/// Reads KML `bytes` with the reader's parsing thread on or off.
func readKML(bytes: [UInt8], name: String = "t.kml", parsesOnOwnThread: Bool) throws -> KMLReading {
    var warnings: [Diagnostic] = []
    let reader = KMLReader(path: name, report: { warnings.append($0) }, source: { ByteSource(bytes: bytes, name: $0) })
    reader.parsesOnOwnThread = parsesOnOwnThread
    _ = try reader.open()
    var features: [Feature] = []
    do {
        while let f = try reader.next() { features.append(f) }
    } catch {
        throw KMLReadingFailure(error: error, featuresBefore: features, warnings: warnings)
    }
    return KMLReading(features: features, document: reader.document, warnings: warnings)
}

typealias KMLReading = (features: [Feature], document: DocumentInfo, warnings: [Diagnostic])

/// An error a reading stopped at, with what came before it (so that two readings that fail
/// can be compared up to where they stop); thrown on as the error itself by `readKML(_:name:)`.
struct KMLReadingFailure: Error {
    var error: any Error
    var featuresBefore: [Feature]
    var warnings: [Diagnostic]
}

/// Expects two readings of one document to agree: the same features, document and warnings,
/// or the same error after the same features and warnings.
func expectSameReading(_ one: Result<KMLReading, any Error>, _ two: Result<KMLReading, any Error>,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation)
{
    switch (one, two) {
    case (.success(let a), .success(let b)):
        #expect(a.features == b.features, "features differ on two threads", sourceLocation: sourceLocation)
        #expect(a.document == b.document, sourceLocation: sourceLocation)
        #expect(a.warnings == b.warnings, "warnings differ on two threads", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        let errorA = (a as? KMLReadingFailure)?.error ?? a, errorB = (b as? KMLReadingFailure)?.error ?? b
        #expect("\(errorA)" == "\(errorB)", "errors differ on two threads", sourceLocation: sourceLocation)
        if let a = a as? KMLReadingFailure, let b = b as? KMLReadingFailure {
            #expect(a.featuresBefore == b.featuresBefore, sourceLocation: sourceLocation)
            #expect(a.warnings == b.warnings, sourceLocation: sourceLocation)
        }
    default:
        Issue.record("one thread: \(one); two threads: \(two)", sourceLocation: sourceLocation)
    }
}

/// The reading, or the error it stopped at (unwrapped from its `KMLReadingFailure`).
func reading(_ result: Result<KMLReading, any Error>) throws -> KMLReading {
    switch result {
    case .success(let value): return value
    case .failure(let failure as KMLReadingFailure): throw failure.error
    case .failure(let error): throw error
    }
}

func kml(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
    <Document><name>Doc</name><description>About it</description>
    \(body)
    </Document></kml>
    """
}

@Suite("KML reader: placemarks, folders, times")
struct KMLReaderTests {
    @Test("a document with no placemarks gives no features and its name")
    func empty() throws {
        let r = try readKML(kml(""))
        #expect(r.features.isEmpty)
        #expect(r.document.name == "Doc")
        #expect(r.document.description == "About it")
    }

    @Test("a point placemark keeps id, name, description, address, visibility and coordinate text")
    func point() throws {
        let r = try readKML(kml("""
            <Placemark id="jfk"><name>JFK</name><visibility>0</visibility><address>Queens, NY</address>
            <description><![CDATA[<b>big</b> airport]]></description>
            <Point><coordinates> -73.7789,40.6398,4 </coordinates></Point></Placemark>
            """))
        let f = try #require(r.features.first)
        #expect(f.id == .string("jfk"))
        #expect(f.title == "JFK")
        #expect(f.subtitle == "<b>big</b> airport")
        #expect(f.address == "Queens, NY")
        #expect(f.visibility == false)
        guard case .annotation(let c)? = f.shape else { Issue.record("not a point"); return }
        #expect(c.longitude == -73.7789 && c.latitude == 40.6398 && c.altitude == 4)
        #expect(c.sourceText == CoordinateText(longitude: "-73.7789", latitude: "40.6398", altitude: "4"))
    }

    @Test("coordinates tolerate any whitespace between tuples and after commas")
    func whitespace() throws {
        let r = try readKML(kml("<Placemark><LineString><coordinates>\n\t1,2\n\n 3, 4,5\t6,7 </coordinates></LineString></Placemark>"))
        guard case .polyline(let line)? = r.features.first?.shape else { Issue.record("not a line"); return }
        #expect(line.coordinates.map { [$0.longitude, $0.latitude] } == [[1, 2], [3, 4], [6, 7]])
        #expect(line.coordinates[1].altitude == 5)
    }

    @Test("folders become folder paths; documents do not")
    func folders() throws {
        let r = try readKML(kml("""
            <Folder><name>A</name><Placemark><name>1</name></Placemark>
              <Folder><name>B</name><Placemark><name>2</name></Placemark></Folder>
            </Folder><Placemark><name>3</name></Placemark>
            """))
        #expect(r.features.map(\.folderPath) == [["A"], ["A", "B"], []])
    }

    @Test("TimeStamp and TimeSpan become instants and spans")
    func times() throws {
        let r = try readKML(kml("""
            <Placemark><TimeStamp><when>2026-11-30</when></TimeStamp></Placemark>
            <Placemark><TimeSpan><begin>2026-01</begin></TimeSpan></Placemark>
            """))
        #expect(r.features[0].time == .instant("2026-11-30"))
        #expect(r.features[1].time == .span(begin: "2026-01", end: nil))
    }

    @Test("prefixed elements and the KML 2.1 namespace read the same")
    func prefixes() throws {
        let text = """
            <kml:kml xmlns:kml="http://earth.google.com/kml/2.1"><kml:Placemark><kml:name>P</kml:name>
            <kml:Point><kml:coordinates>1,2</kml:coordinates></kml:Point></kml:Placemark></kml:kml>
            """
        let r = try readKML(text)
        #expect(r.features.first?.title == "P")
        #expect(r.features.first?.shape == .annotation(Coordinate(longitude: 1, latitude: 2)))
    }

    @Test("unknown elements are passed over")
    func unknownElements() throws {
        let r = try readKML(kml("<Placemark><foo:bar xmlns:foo=\"urn:x\"><baz/></foo:bar><name>X</name><Snippet>s</Snippet></Placemark>"))
        #expect(r.features.first?.title == "X")
    }
}

@Suite("KML reader: attributes")
struct KMLReaderAttributeTests {
    @Test("an escaped ampersand in an attribute reads as '&'")
    func ampersandInAttribute() throws {
        let r = try readKML(kml(#"<Placemark id="a&amp;b"><name>x</name></Placemark>"#))
        #expect(r.features.first?.id == .string("a&b"))
    }
}
