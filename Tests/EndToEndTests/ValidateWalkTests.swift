import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `validate DIR` stays in the tree, opens only regular files, checks names of any bytes and
/// says when it found nothing.
@Suite("validate: walking folders safely")
struct ValidateWalkTests {
    static let clean = "{\"type\": \"Point\", \"coordinates\": [1, 2]}"
    static let broken = "{\"type\": \"Point\", \"coordinates\": [1]}"

    /// Writes `text` to the file whose name is the raw `name` bytes in `dir`.
    private func write(_ text: String, rawName name: [UInt8], in dir: URL) {
        let path = Array(dir.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    @Test("links out of the tree and loops are not followed, FIFOs are skipped with a note")
    func linksAndFIFOs() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let tree = dir.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("sub"), withIntermediateDirectories: true)
        _ = try MapBridgeRunner.write(Self.clean, to: "tree/sub/a.geojson", in: dir)
        _ = try MapBridgeRunner.write(Self.clean, to: "outside.geojson", in: dir)
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("root").path, withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("parent").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("sub/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: tree.appendingPathComponent("inside").path, withDestinationPath: "sub")
        #expect(mkfifo(tree.appendingPathComponent("pipe.geojson").path, 0o644) == 0)
        let run = try MapBridgeRunner.run(["validate", "tree"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        // sub/a.geojson once: through the link 'inside' the folder is already walked.
        #expect(run.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n", "\(run.stdout)")
        #expect(run.stderr.contains("mapbridge: note: skipping 'tree/pipe.geojson': a FIFO, not a regular file"), "\(run.stderr)")
        #expect(run.stderr.contains("not following 'tree/root': a link to a folder outside"), "\(run.stderr)")
        #expect(run.stderr.contains("not following 'tree/parent'"), "\(run.stderr)")
        #expect(run.stderr.contains("walked already under another name"), "\(run.stderr)")
    }

    @Test("names that are not UTF-8 are checked and printed escaped")
    func rawNames() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let tree = dir.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        write(Self.broken, rawName: Array("bad".utf8) + [0xFF] + Array(".geojson".utf8), in: tree)
        write(Self.clean, rawName: Array("caf".utf8) + [0xE9] + Array(".geojson".utf8), in: tree)
        write(Self.clean, rawName: Array("bell".utf8) + [0x07, 0x1B] + Array("[31m.geojson".utf8), in: tree)
        let run = try MapBridgeRunner.run(["validate", "tree"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("tree/bad\\xFF.geojson:1:34: error: [position-size]"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("3 files checked: 1 error, 0 warnings, 0 notes\n"), "\(run.stdout)")
        #expect(!run.stdoutData.contains(0x1B) && !run.stdoutData.contains(0xFF))
    }

    @Test("a walk that finds nothing fails unless --allow-empty")
    func empty() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        _ = try MapBridgeRunner.write("a,b\n", to: "empty/notes.csv", in: dir)
        let run = try MapBridgeRunner.run(["validate", "empty"], in: dir)
        #expect(run.status == 66)
        #expect(run.stderr.contains("no files to check in 'empty'") && run.stderr.contains("--allow-empty"), "\(run.stderr)")
        let allowed = try MapBridgeRunner.run(["validate", "empty", "--allow-empty"], in: dir)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout == "0 files checked: 0 errors, 0 warnings, 0 notes\n")
    }
}
