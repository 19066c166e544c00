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
        // sub/a.geojson once: through the link 'inside' (first in byte order), then 'sub' is walked already.
        #expect(run.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n  tree/inside/a.geojson\n", "\(run.stdout)")
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
        #expect(run.stdout.contains("3 files checked: 1 error, 0 warnings, 0 notes\n  tree/bad\\xFF.geojson\n"), "\(run.stdout)")
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

    /// A repository: package.json, node_modules, .git, ignored build output, and map data.
    private func repository() throws -> URL {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let files: [(String, String)] = [
            ("repo/package.json", "{\"name\": \"app\"}"),
            ("repo/tsconfig.json", "{\"compilerOptions\": {}}"),
            ("repo/node_modules/pkg/a.geojson", Self.broken),
            ("repo/.git/objects/x.geojson", Self.broken),
            ("repo/.gitignore", "# build output\nbuild/\n*.tmp.geojson\n"),
            ("repo/build/out.geojson", Self.broken),
            ("repo/scratch.tmp.geojson", Self.broken),
            ("repo/data/.gitignore", "!keep.tmp.geojson\n"),
            ("repo/data/keep.tmp.geojson", Self.clean),
            ("repo/data/a.geojson", Self.clean),
            ("repo/data/b.kml", "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></kml>"),
            ("repo/data/points.json", Self.clean),
            ("repo/data/old/c.geojson", Self.broken),
        ]
        for (name, text) in files {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = try MapBridgeRunner.write(text, to: name, in: dir)
        }
        return dir
    }

    @Test("a repository: .json, node_modules, .git and ignored files are skipped, and the summary says so")
    func repositoryWalk() throws {
        let dir = try repository()
        let run = try MapBridgeRunner.run(["validate", "repo", "--exclude", "data/old/"], in: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == """
            3 files checked: 0 errors, 0 warnings, 0 notes
              repo/data/a.geojson
              repo/data/b.kml
              repo/data/keep.tmp.geojson
            skipped: 2 by .gitignore, 1 by --exclude, 1 node_modules folder, 1 hidden folder, 3 .json not named (use --include '*.json')

            """, "\(run.stdout)")
        // Without --exclude the broken file is found; with --include the .json files are checked.
        let all = try MapBridgeRunner.run(["validate", "repo", "--include", "*.json", "--include", "nothing"], in: dir)
        #expect(all.status == 1)
        #expect(all.stdout.contains("repo/data/old/c.geojson:1:"), "\(all.stdout)")
        #expect(all.stdout.contains("repo/package.json:") && all.stdout.contains("  repo/data/points.json\n"), "\(all.stdout)")
        #expect(all.stdout.contains("skipped: 2 by .gitignore, 1 node_modules folder, 1 hidden folder\n"), "\(all.stdout)")
        // A .json named on the command line is checked; named files are not listed again.
        let named = try MapBridgeRunner.run(["validate", "repo/data/points.json"], in: dir)
        #expect(named.status == 0 && named.stdout == "1 file checked: 0 errors, 0 warnings, 0 notes\n", "\(named.stdout)")
        // Anchored and ** globs, relative to the walked folder.
        let globbed = try MapBridgeRunner.run(["validate", "repo", "--exclude", "/data/*.kml", "--exclude", "**/old/**", "--format", "text"], in: dir)
        #expect(globbed.status == 0, "\(globbed.stdout)")
        #expect(globbed.stdout.hasPrefix("2 files checked") && !globbed.stdout.contains("b.kml"), "\(globbed.stdout)")
        // Repeated --ignore adds up (it used to keep only the last).
        let ignored = try MapBridgeRunner.run(["validate", "repo/data/old/c.geojson", "--ignore", "position-size", "--ignore", "duplicate-id"], in: dir)
        #expect(ignored.status == 0, "\(ignored.stdout)")
        let bad = try MapBridgeRunner.run(["validate", "repo", "--exclude", "# nothing"], in: dir)
        #expect(bad.status == 64, "\(bad.stderr)")
    }

    @Test("more than 20 files: the first 20 are listed")
    func longList() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("many"), withIntermediateDirectories: true)
        for i in 0..<23 { _ = try MapBridgeRunner.write(Self.clean, to: "many/p\(i < 10 ? "0" : "")\(i).geojson", in: dir) }
        let run = try MapBridgeRunner.run(["validate", "many"], in: dir)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 22, "\(run.stdout)")
        #expect(lines.first == "23 files checked: 0 errors, 0 warnings, 0 notes")
        #expect(lines[20] == "  many/p19.geojson")
        #expect(lines.last == "  … and 3 more")
        // The json report is unchanged by the walk.
        let json = try MapBridgeRunner.run(["validate", "many", "--format", "json"], in: dir)
        #expect(!json.stdout.contains("p19.geojson\n") && !json.stdout.contains("more"))
    }
}
