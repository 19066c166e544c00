import Foundation

/// Runs the built `mapbridge` binary and captures what it does.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutData: Data
    /// Standard error as written, for checks on raw bytes.
    var stderrData: Data = Data()
}

enum MapBridgeRunner {
    /// The binary beside the test bundle (`.build/<config>/mapbridge`), or `$MAPBRIDGE_BIN`.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["MAPBRIDGE_BIN"] { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("mapbridge")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/mapbridge")
    }()

    /// The package's root folder (for samples/).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sample(_ name: String) -> String {
        packageRoot.appendingPathComponent("samples").appendingPathComponent(name).path
    }

    /// Runs `mapbridge` with `arguments`, feeding `stdin` when given.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Run {
        try run(binary, arguments, stdin: stdin, in: directory)
    }

    /// Runs `executable` (another tool a test checks output with) the same way.
    static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // Output goes to files, so a large output can never block the child on a full pipe.
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData, stderrData: errData)
    }

    /// A fresh empty folder for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapbridge-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to `name` in `directory` and returns its path.
    static func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Parses JSON for assertions (tests only; the data path never uses Foundation's JSON).
    static func json(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.coderInvalidValue)
        }
        return object
    }

    static func json(atPath path: String) throws -> [String: Any] {
        try json(Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
