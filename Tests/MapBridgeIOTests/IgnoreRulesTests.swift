import Foundation
import MapBridgeIO
import Testing

/// `.gitignore` rules as git applies them; the table is also checked against `git check-ignore`.
@Suite("gitignore patterns and rules")
struct IgnoreRulesTests {
    private func pattern(_ line: String) -> IgnorePattern? { IgnorePattern(line: Array(line.utf8)) }
    private func matches(_ line: String, _ path: String, folder: Bool = false) -> Bool {
        pattern(line)?.matches(Array(path.utf8), isFolder: folder) ?? false
    }

    @Test("blank lines, comments and trailing spaces")
    func parsing() {
        #expect(pattern("") == nil)
        #expect(pattern("   ") == nil)
        #expect(pattern("# a comment") == nil)
        #expect(pattern("\\#hash")?.glob == Array("\\#hash".utf8))
        #expect(matches("\\#hash", "#hash"))
        #expect(matches("\\!bang", "!bang"))
        #expect(pattern("a.tmp  ")?.glob == Array("a.tmp".utf8))
        #expect(matches("a\\ ", "a "))
        #expect(pattern("!keep")?.isNegated == true)
        #expect(pattern("out/")?.matchesFoldersOnly == true)
        #expect(pattern("out/")?.isAnchored == false)
        #expect(pattern("/out")?.isAnchored == true)
        #expect(pattern("a/b")?.isAnchored == true)
    }

    @Test("wildcards: * ? [...] stop at slashes")
    func wildcards() {
        #expect(matches("*.json", "package.json"))
        #expect(matches("*.json", "deep/down/package.json"))
        #expect(!matches("*.json", "package.jsonx"))
        #expect(matches("a?c", "abc") && !matches("a?c", "ac"))
        #expect(matches("[abc].kml", "b.kml") && !matches("[abc].kml", "d.kml"))
        #expect(matches("[a-c].kml", "c.kml") && !matches("[!a-c].kml", "c.kml") && matches("[^a-c].kml", "x.kml"))
        #expect(matches("[]x].kml", "].kml"))
        #expect(matches("a[", "a["))                        // unclosed bracket: a plain byte
        #expect(!matches("doc/*.json", "doc/sub/a.json"))   // * does not cross folders
        #expect(matches("doc/*.json", "doc/a.json"))
        #expect(!matches("doc/a?json", "doc/a/json"))
    }

    @Test("anchoring: a slash inside ties the pattern to its folder")
    func anchoring() {
        #expect(matches("/root.geojson", "root.geojson"))
        #expect(!matches("/root.geojson", "sub/root.geojson"))
        #expect(matches("root.geojson", "sub/root.geojson"))
        #expect(matches("doc/frotz", "doc/frotz") && !matches("doc/frotz", "a/doc/frotz"))
        #expect(matches("build/", "a/build", folder: true))
        #expect(!matches("build/", "a/build", folder: false))
    }

    @Test("double stars: leading, trailing and middle")
    func doubleStars() {
        #expect(matches("**/foo", "foo") && matches("**/foo", "a/b/foo"))
        #expect(matches("**/foo/bar", "x/foo/bar") && !matches("**/foo/bar", "foo/x/bar"))
        #expect(matches("abc/**", "abc/x") && matches("abc/**", "abc/x/y") && !matches("abc/**", "abc"))
        #expect(matches("a/**/b", "a/b") && matches("a/**/b", "a/x/b") && matches("a/**/b", "a/x/y/b"))
        #expect(!matches("a/**/b", "a/xb"))
        #expect(matches("a**b", "axxb") && !matches("a**b", "a/b"))   // not between slashes: a plain star
    }

    @Test("names that are not UTF-8")
    func rawBytes() {
        let name: [UInt8] = [0x62, 0xFF, 0x2E, 0x6B, 0x6D, 0x6C]   // "b\xFF.kml"
        #expect(IgnorePattern(line: Array("*.kml".utf8))?.matches(name, isFolder: false) == true)
        #expect(IgnorePattern(line: [0x62, 0xFF, 0x2A])?.matches(name, isFolder: false) == true)
    }

    /// .gitignore files by folder, and paths with whether git ignores them.
    static let tree: [(folder: String, contents: String)] = [
        ("", "build/\n!build/keep.geojson\n*.tmp\n/root.geojson\ndoc/*.json\n**/gen/**\ncache/**/*.kml\nlocal/\n"),
        ("sub", "!x.tmp\nlocal/\n!/local/\n*.kml\n!keep.kml\n"),
        ("sub/deep", "keep.kml\n"),
    ]
    static let cases: [(path: String, folder: Bool, ignored: Bool)] = [
        ("build", true, true),
        ("build/keep.geojson", false, true),          // inside an ignored folder: stays ignored
        ("x.tmp", false, true),
        ("sub/x.tmp", false, false),                  // the deeper file's ! wins
        ("sub/deep/x.tmp", false, false),
        ("root.geojson", false, true),
        ("sub/root.geojson", false, false),
        ("doc/a.json", false, true),
        ("doc/sub/a.json", false, false),
        ("a/gen/x.geojson", false, true),
        ("cache/a.kml", false, true),
        ("cache/x/y/a.kml", false, true),
        ("cache/a.geojson", false, false),
        ("local", true, true),
        ("sub/local", true, false),                   // later (deeper) rule un-ignores
        ("sub/a.kml", false, true),
        ("sub/keep.kml", false, false),
        ("sub/deep/keep.kml", false, true),
        ("other/keep.kml", false, false),
    ]

    private func rules() -> IgnoreRules {
        var rules = IgnoreRules()
        for (folder, contents) in Self.tree { rules.add(Array(contents.utf8), in: Array(folder.utf8)) }
        return rules
    }

    @Test("nested files, later rules winning, ignored folders", arguments: cases)
    func tree(path: String, folder: Bool, ignored: Bool) {
        #expect(rules().isIgnored(Array(path.utf8), isFolder: folder) == ignored)
    }

    @Test("the table agrees with git check-ignore")
    func agreesWithGit() throws {
        guard let git = ["/usr/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return   // no git here: the table above stands alone
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ignore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (folder, contents) in Self.tree {
            let dir = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try contents.write(to: dir.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        }
        for c in Self.cases {
            let url = root.appendingPathComponent(c.path)
            if c.folder {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } else {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data().write(to: url)
            }
        }
        func runGit(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: git)
            process.arguments = arguments
            process.currentDirectoryURL = root
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        _ = try runGit(["init", "-q"])
        let ignoredByGit = Set(try runGit(["check-ignore"] + Self.cases.map(\.path)).split(separator: "\n").map(String.init))
        let rules = rules()
        for c in Self.cases {
            #expect(ignoredByGit.contains(c.path) == c.ignored, "git and the table differ on \(c.path)")
            #expect(rules.isIgnored(Array(c.path.utf8), isFolder: c.folder) == ignoredByGit.contains(c.path), "\(c.path)")
        }
    }
}
