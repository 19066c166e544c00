import MapBridgeIO
import MapBridgeModel
import MapBridgeZip
import Testing

@Suite("Zip round trip")
struct ZipRoundTripTests {
    static let kml = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Airports</name></Document></kml>
        """.utf8)

    @Test("an archive with no entries reads back empty")
    func empty() throws {
        let folder = try ScratchFolder()
        let writer = try ZipArchiveWriter(path: folder.file("empty.kmz"))
        try writer.commit()
        let reader = try ZipArchiveReader(path: folder.file("empty.kmz"))
        #expect(reader.entries.isEmpty)
        #expect(reader.kmlDocument == nil)
    }

    @Test("entries come back in order with their names, sizes and bytes")
    func roundTrip() throws {
        let folder = try ScratchFolder()
        let kmlPath = try folder.write(Self.kml, to: "doc-source.kml")
        let image = noise(count: 3000)
        let writer = try ZipArchiveWriter(path: folder.file("places.kmz"))
        try writer.addFile(at: kmlPath, as: "doc.kml")
        try writer.add(image, as: "images/pin.png", compression: .store)
        try writer.add([], as: "files/empty.txt")
        try writer.add(Array("grüße".utf8), as: "files/grüße.txt")
        #expect(writer.names == ["doc.kml", "images/pin.png", "files/empty.txt", "files/grüße.txt"])
        try writer.commit()

        let reader = try ZipArchiveReader(path: folder.file("places.kmz"))
        #expect(reader.entries.map(\.name) == ["doc.kml", "images/pin.png", "files/empty.txt", "files/grüße.txt"])
        #expect(reader.entries.map(\.index) == [0, 1, 2, 3])
        #expect(reader.entries.map(\.uncompressedSize) == [Int64(Self.kml.count), 3000, 0, 7])
        // Deflated text shrinks; stored noise keeps its size.
        let sizes = reader.entries.map { $0.compressedSize ?? -1 }
        #expect(sizes[0] < Int64(Self.kml.count))
        #expect(sizes[1] == 3000)
        #expect(reader.entries.allSatisfy { $0.hasSafeName && !$0.isDirectory && !$0.isEncrypted })

        #expect(try reader.contents(of: reader.entries[0]) == Self.kml)
        #expect(try reader.contents(of: reader.entries[1]) == image)
        #expect(try reader.contents(of: reader.entries[2]) == [])
        #expect(try reader.contents(of: reader.entries[3]) == Array("grüße".utf8))
        #expect(reader.entry(named: "images/pin.png") == reader.entries[1])
        #expect(reader.entry(named: "missing.png") == nil)
    }

    @Test("an entry streams as a ByteSource named archive!/entry, in chunks of any size",
          arguments: [1, 7, 4096, 1 << 20])
    func streaming(chunk: Int) throws {
        let folder = try ScratchFolder()
        let big = noise(count: 300_000) + Array(repeating: UInt8(ascii: "a"), count: 200_000)
        try makeArchive(at: folder.file("a.kmz"), [("doc.kml", big)])
        let reader = try ZipArchiveReader(path: folder.file("a.kmz"))
        let document = try #require(reader.kmlDocument)
        let source = try reader.open(document)
        #expect(source.name == folder.file("a.kmz") + "!/doc.kml")
        #expect(source.totalBytes == Int64(big.count))
        let bytes = try drain(source, chunk: chunk)
        #expect(bytes.count == big.count)
        #expect(bytes == big)
        #expect(source.bytesRead == Int64(big.count))
        // After the end, reads keep returning 0.
        #expect(try drain(source) == [])
    }

    @Test("a source keeps its archive open after the reader is dropped")
    func sourceOutlivesReader() throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("a.kmz"), [("doc.kml", Self.kml)])
        var reader: ZipArchiveReader? = try ZipArchiveReader(path: folder.file("a.kmz"))
        let document = try #require(reader?.kmlDocument)
        let source = try #require(try reader?.open(document))
        reader = nil
        #expect(try drain(source) == Self.kml)
    }

    @Test("two entries can be read at the same time")
    func interleaved() throws {
        let folder = try ScratchFolder()
        let a = noise(count: 100_000, seed: 1), b = noise(count: 100_000, seed: 2)
        try makeArchive(at: folder.file("two.kmz"), [("a.kml", a), ("b.kml", b)])
        let reader = try ZipArchiveReader(path: folder.file("two.kmz"))
        let sa = try reader.open(reader.entries[0]), sb = try reader.open(reader.entries[1])
        var ra: [UInt8] = [], rb: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1000)
        for _ in 0..<100 {
            let n = try buffer.withUnsafeMutableBytes { try sa.read(into: $0.baseAddress!, count: 1000) }
            ra += buffer[..<n]
            let m = try buffer.withUnsafeMutableBytes { try sb.read(into: $0.baseAddress!, count: 1000) }
            rb += buffer[..<m]
        }
        #expect(ra == a && rb == b)
    }
}
