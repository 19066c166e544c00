import Foundation
import MapBridgeIO
import MapBridgeModel
import MapBridgeZip

/// A fresh folder under the system's temporary folder, removed when the value is dropped.
final class ScratchFolder {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/mapbridge-zip-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else { throw MapBridgeError(.outputUnavailable, "cannot make a scratch folder") }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `bytes` to `name` inside the folder and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// The names in the folder, sorted (hidden temporary files included).
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

/// The bytes of the file at `path`.
func readFile(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Reads a source to its end, `chunk` bytes at a time.
func drain(_ source: ByteSource, chunk: Int = 4096) throws -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: chunk)
    while true {
        let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0.baseAddress!, count: chunk) }
        if n == 0 { return bytes }
        bytes.append(contentsOf: buffer[..<n])
    }
}

/// Deterministic bytes that deflate cannot shrink much (a linear congruential generator).
func noise(count: Int, seed: UInt64 = 42) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 33)
    }
}

/// Writes an archive of `(name, bytes)` entries at `path` with the writer under test.
func makeArchive(at path: String, _ entries: [(String, [UInt8])]) throws {
    let writer = try ZipArchiveWriter(path: path)
    for (name, bytes) in entries { try writer.add(bytes, as: name) }
    try writer.commit()
}

/// Ways to tamper with an archive's bytes, to make hostile archives the writer refuses to.
enum Tamper {
    /// Replaces every occurrence of `old` by `new` (same length), e.g. an entry's name in
    /// both its local header and the central directory.
    static func replace(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        let a = Array(old.utf8), b = Array(new.utf8)
        precondition(a.count == b.count)
        var out = bytes
        var i = 0
        while i + a.count <= out.count {
            if out[i..<(i + a.count)].elementsEqual(a) {
                out.replaceSubrange(i..<(i + a.count), with: b)
                i += a.count
            } else {
                i += 1
            }
        }
        return out
    }

    /// Sets the uncompressed size that every local header (offset 22) and central-directory
    /// header (offset 24) declares.
    static func declareUncompressedSize(_ size: UInt32, in bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        func put(_ offset: Int) {
            for k in 0..<4 { out[offset + k] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(k))) }
        }
        for i in 0..<(out.count - 4) {
            let signature = UInt32(out[i]) | UInt32(out[i + 1]) << 8 | UInt32(out[i + 2]) << 16 | UInt32(out[i + 3]) << 24
            if signature == 0x0403_4B50, i + 26 <= out.count { put(i + 22) }
            if signature == 0x0201_4B50, i + 28 <= out.count { put(i + 24) }
        }
        return out
    }
}

extension MapBridgeError {
    /// Whether this is an error of `kind` whose message contains every one of `fragments`.
    func matches(_ kind: Kind, _ fragments: String...) -> Bool {
        self.kind == kind && fragments.allSatisfy { message.contains($0) }
    }
}
