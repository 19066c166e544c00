import MapBridgeZip
import Testing

@Suite("Finding the KML document in a KMZ")
struct ZipKMLDocumentTests {
    private func document(in names: [String]) throws -> String? {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("x.kmz"), names.map { ($0, Array("<kml/>".utf8)) })
        return try ZipArchiveReader(path: folder.file("x.kmz")).kmlDocument?.name
    }

    @Test("doc.kml at the root wins, wherever it stands")
    func docKML() throws {
        #expect(try document(in: ["doc.kml"]) == "doc.kml")
        #expect(try document(in: ["a.kml", "files/b.kml", "doc.kml"]) == "doc.kml")
        #expect(try document(in: ["images/x.png", "DOC.KML"]) == "DOC.KML")
    }

    @Test("without doc.kml, the first entry ending in .kml, in any case")
    func fallback() throws {
        #expect(try document(in: ["files/readme.txt", "Places/Main.KML", "other.kml"]) == "Places/Main.KML")
        #expect(try document(in: ["sub/doc.kml", "x.kml"]) == "sub/doc.kml")
        #expect(try document(in: ["a.kmlx", "b.kml.bak", "c.kml"]) == "c.kml")
    }

    @Test("no KML at all gives nil")
    func none() throws {
        #expect(try document(in: ["images/pin.png", "readme.txt"]) == nil)
        #expect(try document(in: ["folder.kml/x.png"]) == nil)
    }
}
