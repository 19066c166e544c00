import Foundation
import MapBridgeModel
import MapBridgeZip
import Testing

@Suite("Writing zip archives")
struct ZipWriterTests {
    @Test("nothing appears at the target until commit, and no temporary file is left")
    func atomic() throws {
        let folder = try ScratchFolder()
        let writer = try ZipArchiveWriter(path: folder.file("out.kmz"))
        try writer.add(Array("<kml/>".utf8), as: "doc.kml")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.kmz")))
        try writer.commit()
        #expect(try folder.listing() == ["out.kmz"])
    }

    @Test("an abandoned archive leaves the target as it was")
    func abandoned() throws {
        let folder = try ScratchFolder()
        let old = try folder.write(Array("old contents".utf8), to: "out.kmz")
        do {
            let writer = try ZipArchiveWriter(path: old)
            try writer.add(Array("<kml/>".utf8), as: "doc.kml")
            writer.abort()
            #expect { try writer.commit() } throws: { error in (error as? MapBridgeError)?.kind == .outputUnavailable }
        }
        do {
            // Dropped without commit or abort.
            let writer = try ZipArchiveWriter(path: old)
            try writer.add(Array("<kml/>".utf8), as: "doc.kml")
        }
        #expect(try readFile(old) == Array("old contents".utf8))
        #expect(try folder.listing() == ["out.kmz"])
    }

    @Test("a failing commit leaves the target as it was and removes the temporary file")
    func failedCommit() throws {
        let folder = try ScratchFolder()
        let old = try folder.write(Array("old contents".utf8), to: "out.kmz")
        let source = try folder.write(Array("<kml/>".utf8), to: "doc-source.kml")
        let writer = try ZipArchiveWriter(path: old)
        try writer.addFile(at: source, as: "doc.kml")
        try FileManager.default.removeItem(atPath: source)
        #expect { try writer.commit() } throws: { error in (error as? MapBridgeError)?.kind == .outputUnavailable }
        #expect(try readFile(old) == Array("old contents".utf8))
        #expect(try folder.listing() == ["out.kmz"])
    }

    @Test("commit replaces an existing file, with the permissions of a new one")
    func replaces() throws {
        let folder = try ScratchFolder()
        let target = try folder.write(Array("old contents".utf8), to: "out.kmz")
        try makeArchive(at: target, [("doc.kml", Array("<kml/>".utf8))])
        #expect(try ZipArchiveReader(path: target).entries.map(\.name) == ["doc.kml"])
        let mask = umask(0)
        umask(mask)
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == Int(0o666 & ~mask))
    }

    @Test("unsafe or repeated entry names are refused", arguments: ["../x.kml", "/x.kml", "a\\..\\x", ""])
    func badNames(name: String) throws {
        let folder = try ScratchFolder()
        let writer = try ZipArchiveWriter(path: folder.file("out.kmz"))
        #expect { try writer.add([1], as: name) } throws: { error in (error as? MapBridgeError)?.kind == .outputUnavailable }
        try writer.add([1], as: "doc.kml")
        #expect { try writer.add([2], as: "doc.kml") } throws: { error in
            (error as? MapBridgeError)?.matches(.outputUnavailable, "twice") == true
        }
        #expect(writer.names == ["doc.kml"])
    }

    @Test("a file that cannot be read is unavailable input")
    func missingSource() throws {
        let folder = try ScratchFolder()
        let writer = try ZipArchiveWriter(path: folder.file("out.kmz"))
        #expect { try writer.addFile(at: folder.file("none.kml"), as: "doc.kml") } throws: { error in
            (error as? MapBridgeError)?.matches(.inputUnavailable, "none.kml") == true
        }
        #expect { try writer.addFile(at: folder.path, as: "doc.kml") } throws: { error in
            (error as? MapBridgeError)?.matches(.inputUnavailable, "not a regular file") == true
        }
    }

    @Test("a target in a missing folder, or that is a folder, cannot be created")
    func badTarget() throws {
        let folder = try ScratchFolder()
        #expect { try ZipArchiveWriter(path: folder.file("missing/out.kmz")) } throws: { error in
            (error as? MapBridgeError)?.matches(.outputUnavailable, "missing/out.kmz") == true
        }
        #expect { try ZipArchiveWriter(path: folder.path) } throws: { error in
            (error as? MapBridgeError)?.matches(.outputUnavailable, "is a directory") == true
        }
    }
}

@Suite("Copying entries between zip archives")
struct ZipEntryCopyTests {
    @Test("an entry is copied as stored: same bytes, same compressed size, no expansion")
    func copied() throws {
        let folder = try ScratchFolder()
        let zeros = [UInt8](repeating: 0, count: 5_000_000)
        let image = noise(count: 3000)
        try makeArchive(at: folder.file("in.kmz"), [("doc.kml", Array("<kml/>".utf8)), ("files/zeros.bin", zeros),
                                                    ("files/pin.png", image)])
        let input = try ZipArchiveReader(path: folder.file("in.kmz"))
        let writer = try ZipArchiveWriter(path: folder.file("out.kmz"))
        try writer.add(Array("<kml><Document/></kml>".utf8), as: "doc.kml")
        for entry in input.entries where entry.name != "doc.kml" { try writer.addEntry(entry, from: input) }
        #expect(throws: MapBridgeError.self) { try writer.addEntry(input.entries[1], from: input) }  // a name twice
        try writer.commit()
        let output = try ZipArchiveReader(path: folder.file("out.kmz"))
        #expect(output.entries.map(\.name) == ["doc.kml", "files/zeros.bin", "files/pin.png"])
        let copiedZeros = try #require(output.entry(named: "files/zeros.bin"))
        #expect(copiedZeros.compressedSize == input.entry(named: "files/zeros.bin")?.compressedSize)
        #expect(try drain(output.open(copiedZeros)) == zeros)
        #expect(try drain(output.open(#require(output.entry(named: "files/pin.png")))) == image)
    }
}
