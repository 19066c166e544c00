import MapBridgeIO
import MapBridgeModel
import MapBridgeZip
import Testing

@Suite("Hostile zip archives")
struct ZipHostileArchiveTests {
    @Test("names that leave the archive are unsafe",
          arguments: ["../evil.kml", "a/../../evil.kml", "..", "a/..", "/etc/passwd", "\\evil.kml",
                      "..\\evil.kml", "a\\..\\..\\evil.kml", "C:/evil.kml", "c:evil.kml", "", "a\u{0}b", "line\nbreak"])
    func unsafeNames(name: String) {
        #expect(!ZipEntry.isSafeName(name))
    }

    @Test("ordinary names are safe",
          arguments: ["doc.kml", "images/pin.png", "a/b/c.kml", "..a/b", "a../b", "a/.../b", "./doc.kml", "grüße.kml", "1:2.kml"])
    func safeNames(name: String) {
        #expect(ZipEntry.isSafeName(name))
    }

    @Test("an entry named ../evil.kml is listed but refused when opened")
    func pathTraversal() throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("good.kmz"), [("xx/evil.kml", Array("<kml/>".utf8)), ("img.png", [1, 2, 3])])
        let hostile = Tamper.replace("xx/evil.kml", with: "../evil.kml", in: try readFile(folder.file("good.kmz")))
        let path = try folder.write(hostile, to: "evil.kmz")

        let reader = try ZipArchiveReader(path: path)
        #expect(reader.entries.map(\.name) == ["../evil.kml", "img.png"])
        #expect(!reader.entries[0].hasSafeName)
        let document = try #require(reader.kmlDocument)
        #expect(document.name == "../evil.kml")
        #expect { try reader.open(document) } throws: { error in
            (error as? MapBridgeError)?.matches(.data, "evil.kmz!/../evil.kml", "leaves the archive") == true
        }
        #expect { try reader.contents(of: document) } throws: { error in (error as? MapBridgeError)?.kind == .data }
        // The safe entry beside it still reads.
        #expect(try reader.contents(of: reader.entries[1]) == [1, 2, 3])
    }

    /// 8 MiB of one byte: deflate shrinks it about 1000 times.
    static let bomb = [UInt8](repeating: 0x20, count: 8 << 20)

    @Test("an entry declaring an absurd expansion is refused before decompressing")
    func declaredBomb() throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("bomb.kmz"), [("doc.kml", Self.bomb)])
        let limits = ZipLimits(maximumCompressionRatio: 100, ratioThreshold: 1 << 20)
        let reader = try ZipArchiveReader(path: folder.file("bomb.kmz"), limits: limits)
        let entry = try #require(reader.kmlDocument)
        #expect(entry.uncompressedSize == Int64(8 << 20))
        #expect(try #require(entry.compressedSize) < Int64(8 << 20) / 100)
        #expect { try reader.open(entry) } throws: { error in
            (error as? MapBridgeError)?.matches(.data, "bomb.kmz!/doc.kml", "zip bomb") == true
        }
        // Under the default limits (nothing below 64 MiB is held to the ratio) it reads.
        let lenient = try ZipArchiveReader(path: folder.file("bomb.kmz"))
        #expect(try lenient.contents(of: entry).count == 8 << 20)
    }

    @Test("an entry declaring more than the per-entry cap is refused")
    func declaredTooLarge() throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("big.kmz"), [("doc.kml", noise(count: 200_000))])
        let reader = try ZipArchiveReader(path: folder.file("big.kmz"), limits: ZipLimits(maximumEntrySize: 100_000))
        #expect { try reader.open(reader.entries[0]) } throws: { error in
            (error as? MapBridgeError)?.matches(.data, "declares 200000 bytes", "100000") == true
        }
    }

    @Test("an entry that expands beyond the size it declares stops while streaming")
    func lyingSize() throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("honest.kmz"), [("doc.kml", Self.bomb)])
        let liar = Tamper.declareUncompressedSize(1000, in: try readFile(folder.file("honest.kmz")))
        let path = try folder.write(liar, to: "liar.kmz")
        let reader = try ZipArchiveReader(path: path)
        let entry = try #require(reader.kmlDocument)
        #expect(entry.uncompressedSize == 1000)
        let source = try reader.open(entry)
        #expect { try drain(source, chunk: 1 << 16) } throws: { error in
            (error as? MapBridgeError)?.matches(.data, "liar.kmz!/doc.kml", "more than the 1000 bytes it declares") == true
        }
        // No more than one byte past the declared size was handed out.
        #expect(source.bytesRead <= 1001)
    }

    @Test("the ratio holds while streaming even when the declared size passes it")
    func lyingRatio() throws {
        let folder = try ScratchFolder()
        try makeArchive(at: folder.file("honest.kmz"), [("doc.kml", Self.bomb)])
        // Declares 2 MiB (passes a 4 MiB threshold), then produces 8 MiB.
        let liar = Tamper.declareUncompressedSize(2 << 20, in: try readFile(folder.file("honest.kmz")))
        let path = try folder.write(liar, to: "liar.kmz")
        let reader = try ZipArchiveReader(path: path, limits: ZipLimits(maximumCompressionRatio: 10, ratioThreshold: 4 << 20))
        let source = try reader.open(reader.entries[0])
        #expect { try drain(source, chunk: 1 << 16) } throws: { error in (error as? MapBridgeError)?.kind == .data }
        #expect(source.bytesRead <= (2 << 20) + 1)
    }

    @Test("all entries together are held to the total cap")
    func totalCap() throws {
        let folder = try ScratchFolder()
        let part = noise(count: 60_000)
        try makeArchive(at: folder.file("parts.kmz"), [("a.kml", part), ("b.kml", part)])
        let reader = try ZipArchiveReader(path: folder.file("parts.kmz"), limits: ZipLimits(maximumTotalSize: 100_000))
        #expect(try reader.contents(of: reader.entries[0]) == part)
        #expect { try reader.contents(of: reader.entries[1]) } throws: { error in
            (error as? MapBridgeError)?.matches(.data, "100000 bytes in all") == true
        }
    }

    @Test("damaged data is an error, not garbage")
    func corruptData() throws {
        let folder = try ScratchFolder()
        let text = Array(String(repeating: "<Placemark><name>x</name></Placemark>\n", count: 2000).utf8)
        try makeArchive(at: folder.file("ok.kmz"), [("doc.kml", text)])
        var bytes = try readFile(folder.file("ok.kmz"))
        // Flip bits in the middle of the compressed data (after the 30-byte header and name).
        for i in 60..<80 { bytes[i] ^= 0x5A }
        let path = try folder.write(bytes, to: "damaged.kmz")
        let reader = try ZipArchiveReader(path: path)
        #expect { try reader.contents(of: reader.entries[0]) } throws: { error in
            (error as? MapBridgeError)?.matches(.data, "damaged.kmz!/doc.kml") == true
        }
    }
}
