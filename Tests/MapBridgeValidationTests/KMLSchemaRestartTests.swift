import MapBridgeIO
import MapBridgeModel
@testable import MapBridgeValidation
import Testing

/// The findings of `text` with the reader schema, restarting containers in the schema
/// validator every `interval` children.
private func readerFindings(_ text: String, interval: Int) throws -> [Finding] {
    var options = KMLValidator.Options(schema: try KMLSchema.reader())
    options.restartInterval = interval
    var out: [Finding] = []
    try KMLValidator.validate(source: ByteSource(bytes: Array(text.utf8), name: "t.kml"), options: options) { out.append($0) }
    return out
}

private func document(_ body: String, root: String = "<kml xmlns=\"http://www.opengis.net/kml/2.2\">") -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(root)\n<Document>\n<name>d</name>\n" + body + "\n</Document>\n</kml>\n"
}

private func placemark(_ k: Int, _ inside: String = "") -> String {
    "<Placemark id=\"p\(k)\"><name>n\(k)</name>\(inside)<Point><coordinates>\(k),1</coordinates></Point></Placemark>"
}

/// Documents whose schema findings come from the 2nd and later children of a Document or
/// Folder, and from what makes libxml2 stop checking a container.
private let cases: [String] = [
    // Value and pattern errors inside later placemarks, with the path and place of each.
    document((0..<9).map { k in placemark(k, k % 3 == 1 ? "<visibility>x\(k)</visibility>" : "") }.joined(separator: "\n")),
    document((0..<7).map { k in
        k == 4 ? "<Placemark><Point><coordinates>1;2</coordinates></Point></Placemark>" : placemark(k)
    }.joined(separator: "\n")),
    // An unexpected child: libxml2 checks nothing more in that Document, restarts or not.
    document((0..<8).map { k in k == 3 ? "<Placemarks/>" : placemark(k, "<visibility>v</visibility>") }.joined(separator: "\n")),
    document((0..<8).map { k in k == 6 ? "<Foo/>" : placemark(k, "<visibility>v</visibility>") }.joined(separator: "\n")),
    // An unexpected element deeper down skips only its own parent.
    document((0..<8).map { k in placemark(k, k == 2 ? "<Bar/><visibility>w</visibility>" : "<visibility>q</visibility>") }
        .joined(separator: "\n")),
    // Attribute errors do not stop the checks; text between placemarks is an error of its own.
    document((0..<8).map { k in k == 2 ? "<Placemark zap=\"1\"><visibility>z</visibility></Placemark>" : placemark(k) }
        .joined(separator: "\nstray\n")),
    // Nested folders, each with many children, and errors at every level.
    document("<Folder><name>f</name>" + (0..<6).map { k in placemark(k, k == 5 ? "<open>2</open>" : "") }.joined()
        + "<Folder>" + (0..<5).map { k in placemark(k, "<visibility>\(k)</visibility>") }.joined() + "</Folder>"
        + "<Bad/>" + placemark(9, "<visibility>u</visibility>") + "</Folder>"
        + (0..<5).map { placemark($0, "<visibility>t</visibility>") }.joined()),
    // Containers with namespace declarations or namespaced attributes are never restarted.
    document("<Folder xmlns:gx=\"http://www.google.com/kml/ext/2.2\">" + (0..<6).map { placemark($0, "<gx:balloonVisibility>x</gx:balloonVisibility>") }.joined() + "</Folder>"),
    // A file in an older namespace skips the schema: one info finding, whatever the children.
    document((0..<6).map { placemark($0, "<visibility>x</visibility>") }.joined(),
             root: "<kml xmlns=\"http://earth.google.com/kml/2.1\">"),
    // Extensions in other namespaces, duplicate ids and a missing style between placemarks.
    document((0..<8).map { k in placemark(k % 5, "<ext:x xmlns:ext=\"urn:e\"><ext:y/></ext:x><styleUrl>#s\(k % 2)</styleUrl>") }
        .joined(separator: "\n") + "<Style id=\"s0\"/>"),
]

@Suite("KML schema validation: restarting a Document or Folder in libxml2 changes no finding")
struct KMLSchemaRestartTests {
    @Test("findings in the 2nd and later children are the same, at the same places, restarting every 1, 2 or 3 children")
    func sameFindings() throws {
        for text in cases {
            let whole = try readerFindings(text, interval: .max)
            for interval in [1, 2, 3] {
                #expect(try readerFindings(text, interval: interval) == whole)
            }
        }
    }

    @Test("the findings inside later placemarks name their placemark and line")
    func laterPlacemarks() throws {
        let text = document((0..<6).map { k in placemark(k, k >= 2 ? "<visibility>x\(k)</visibility>" : "") }
            .joined(separator: "\n"))
        let found = try readerFindings(text, interval: 1).filter { $0.rule == "kml-schema" }
        #expect(found.count == 4)
        #expect(found.map(\.location.line) == [7, 8, 9, 10])
        #expect(found.map(\.location.pointer) == (3...6).map { "/kml/Document/Placemark[\($0)]/visibility" })
        #expect(found.allSatisfy { $0.message.hasPrefix("Element 'visibility': 'x") })
    }

    @Test("with the default interval, a Document of 3,000 placemarks reports what it reports without restarts")
    func defaultInterval() throws {
        #expect(KMLValidator.Options().restartInterval == 1_024)
        let text = document((0..<3_000).map { k in
            switch k {
            case 1_023, 1_024, 1_025, 2_048, 2_999: placemark(k, "<visibility>x\(k)</visibility>")
            case 2_500: "<Placemark id=\"p7\"><open>2</open></Placemark>"
            default: placemark(k)
            }
        }.joined(separator: "\n"))
        let found = try readerFindings(text, interval: KMLValidator.Options().restartInterval)
        #expect(found == (try readerFindings(text, interval: .max)))
        #expect(found.filter { $0.rule == "kml-schema" }.map(\.location.line) == [1_028, 1_029, 1_030, 2_053, 2_505, 3_004])
        #expect(found.filter { $0.rule == "duplicate-id" }.map(\.location.line) == [2_505])
    }

    @Test("after an unexpected child, the rest of its Document is not checked, as without restarts")
    func unexpectedChildStops() throws {
        let text = document((0..<6).map { k in k == 2 ? "<Foo/>" : placemark(k, "<visibility>v</visibility>") }
            .joined(separator: "\n"))
        let found = try readerFindings(text, interval: 1).filter { $0.rule == "kml-schema" }
        // The first two placemarks' bad values, then the unexpected element, then nothing.
        #expect(found.count == 3)
        #expect(found.last?.message.hasPrefix("Element 'Foo': This element is not expected.") == true)
    }
}
