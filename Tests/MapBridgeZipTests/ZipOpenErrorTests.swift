import MapBridgeModel
import MapBridgeZip
import Testing

@Suite("Opening what is not a readable zip archive")
struct ZipOpenErrorTests {
    private func openError(_ path: String) -> MapBridgeError? {
        do {
            _ = try ZipArchiveReader(path: path)
            return nil
        } catch {
            return error as? MapBridgeError
        }
    }

    @Test("a missing file is unavailable input")
    func missing() throws {
        let folder = try ScratchFolder()
        let error = openError(folder.file("nowhere.kmz"))
        #expect(error?.matches(.inputUnavailable, "nowhere.kmz", "No such file") == true)
    }

    @Test("a folder is unavailable input")
    func folder() throws {
        let folder = try ScratchFolder()
        #expect(openError(folder.path)?.matches(.inputUnavailable, "is a directory") == true)
    }

    @Test("a text file is not a zip archive",
          arguments: ["<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>", "", "PK"])
    func notZip(text: String) throws {
        let folder = try ScratchFolder()
        let path = try folder.write(Array(text.utf8), to: "fake.kmz")
        #expect(openError(path)?.matches(.data, "fake.kmz", "not a zip archive") == true)
    }

    @Test("a truncated archive is a data error", arguments: [0.25, 0.5, 0.9, 0.99])
    func truncated(fraction: Double) throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("whole.kmz"), [("doc.kml", noise(count: 5000)), ("b.png", noise(count: 5000))])
        let whole = try readFile(folder.file("whole.kmz"))
        let path = try folder.write(Array(whole.prefix(Int(Double(whole.count) * fraction))), to: "cut.kmz")
        #expect(openError(path)?.matches(.data, "cut.kmz", "truncated") == true)
    }

    @Test("an archive cut inside its last record is a data error", arguments: [1, 10, 21])
    func truncatedEnd(bytes: Int) throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("whole.kmz"), [("doc.kml", noise(count: 500))])
        let whole = try readFile(folder.file("whole.kmz"))
        let path = try folder.write(Array(whole.dropLast(bytes)), to: "cut.kmz")
        #expect(openError(path)?.matches(.data, "cut.kmz", "truncated") == true)
    }
}
