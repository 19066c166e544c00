import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Writing an output never replaces what is not a plain file: devices, FIFOs and links stay
/// what they were; a replaced file keeps its mode; a read-only file needs --force.
@Suite("output targets: devices, FIFOs, links, modes, read-only files, long names")
struct OutputTargetTests {
    static let point = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"a"},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#

    private func setUp() throws -> URL {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.point, to: "in.geojson", in: dir)
        return dir
    }

    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// A null device to write to: a new one (1,3) in `dir` where the process may make one
    /// (root), so that a broken build replaces only that; else `/dev/null`, which a process
    /// that is not root cannot replace; `nil` for root without the right to make devices.
    private func nullDevice(in dir: URL) -> String? {
        let path = dir.appendingPathComponent("null").path
        if mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 { return path }
        return geteuid() == 0 ? nil : "/dev/null"
    }

    @Test("a null device stays a character device", arguments: ["geojson", "kml", "gpx", "kmz", "csv"])
    func nullDeviceOutput(format: String) throws {
        let dir = try setUp()
        guard let device = nullDevice(in: dir) else { return }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let run = try MapBridgeRunner.run(["convert", "in.geojson", device, "--to", format], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fileType(device) == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
    }

    // /dev/fd/1 rather than /dev/stdout: a build that replaced the path would fail in
    // /proc/self/fd instead of turning the machine's /dev/stdout into a file.
    @Test("/dev/fd/1 is the inherited descriptor, written through, with nothing made beside it",
          arguments: ["geojson", "kml", "kmz", "gpx"])
    func inheritedDescriptor(format: String) throws {
        let dir = try setUp()
        let run = try MapBridgeRunner.run(["convert", "in.geojson", "/dev/fd/1", "--to", format], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutData.count > 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.geojson"])
    }

    @Test("a FIFO is written into and stays a FIFO")
    func fifo() throws {
        let dir = try setUp()
        let path = dir.appendingPathComponent("out.fifo").path
        #expect(mkfifo(path, 0o644) == 0)
        // A reader that is open first lets the writer open the FIFO without waiting.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = try MapBridgeRunner.run(["convert", "in.geojson", "out.fifo", "--to", "geojson"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(reader, &buffer, buffer.count)
        #expect(n > 0)
        #expect(String(decoding: buffer.prefix(max(n, 0)), as: UTF8.self).contains("\"coordinates\":[1,2]"))
        #expect(fileType(path) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.geojson", "out.fifo"])
    }

    @Test("a link to a file is written at its target and stays a link", arguments: ["geojson", "kmz"])
    func symlink(format: String) throws {
        let dir = try setUp()
        let target = try MapBridgeRunner.write("old", to: "real.\(format)", in: dir)
        let link = dir.appendingPathComponent("link.\(format)").path
        #expect(Glibc.symlink("real.\(format)", link) == 0)
        let run = try MapBridgeRunner.run(["convert", "in.geojson", "link.\(format)"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(fileType(link) == S_IFLNK)
        #expect(fileType(target) == S_IFREG)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) != Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            == ["in.geojson", "link.\(format)", "real.\(format)"])
    }

    @Test("a dangling link is refused and left alone")
    func danglingLink() throws {
        let dir = try setUp()
        let link = dir.appendingPathComponent("out.geojson").path
        #expect(Glibc.symlink("missing/nowhere.geojson", link) == 0)
        let run = try MapBridgeRunner.run(["convert", "in.geojson", "out.geojson"], in: dir)
        #expect(run.status == 73)
        #expect(run.stderr.contains("does not exist"), "\(run.stderr)")
        #expect(fileType(link) == S_IFLNK)
    }

    @Test("a replaced file keeps its mode", arguments: ["geojson", "kmz"])
    func keepsMode(format: String) throws {
        let dir = try setUp()
        let path = try MapBridgeRunner.write("old", to: "out.\(format)", in: dir)
        #expect(chmod(path, 0o600) == 0)
        let run = try MapBridgeRunner.run(["convert", "in.geojson", "out.\(format)"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(mode(path) == 0o600)
    }

    @Test("a read-only file is refused (73) unless --force", arguments: ["geojson", "kmz"])
    func readOnly(format: String) throws {
        let dir = try setUp()
        let path = try MapBridgeRunner.write("old", to: "out.\(format)", in: dir)
        #expect(chmod(path, 0o444) == 0)
        let refused = try MapBridgeRunner.run(["convert", "in.geojson", "out.\(format)"], in: dir)
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("read-only") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        let forced = try MapBridgeRunner.run(["convert", "in.geojson", "out.\(format)", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .isoLatin1) != "old")
        #expect(mode(path) == 0o444)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.geojson", "out.\(format)"])
    }

    @Test("a 240-byte file name can be written", arguments: ["geojson", "kmz", "kml"])
    func longName(format: String) throws {
        let dir = try setUp()
        let name = String(repeating: "n", count: 240 - format.utf8.count - 1) + "." + format
        #expect(name.utf8.count == 240)
        let run = try MapBridgeRunner.run(["convert", "in.geojson", name], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [name, "in.geojson"].sorted())
    }
}
