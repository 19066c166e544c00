#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapBridgeIO
import MapBridgeModel

/// A file `validate` checks: its path as raw bytes (a name need not be UTF-8) and the name
/// printed for it.
struct ValidationInput {
    /// The path's bytes, as the file system holds them.
    let rawPath: [UInt8]
    /// The path for reports: UTF-8 as it is, other bytes and control characters escaped.
    let displayName: String

    init(rawPath: [UInt8]) {
        self.rawPath = rawPath
        displayName = escapedFileName(rawPath)
    }

    /// Calls `body` with a path that opens the file: the path itself when it is UTF-8, else
    /// `/dev/fd/N` for the file opened by its bytes.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it cannot be opened, and
    ///   whatever `body` throws.
    func withOpenablePath<T>(_ body: (String) throws -> T) throws -> T {
        if let text = String(validating: rawPath, as: UTF8.self) { return try body(text) }
        let fd = open(rawPath.map { CChar(bitPattern: $0) } + [0], O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw MapBridgeError(.inputUnavailable, "cannot open '\(displayName)': \(systemErrorText(errno))")
        }
        defer { close(fd) }
        return try body("/dev/fd/\(fd)")
    }
}

/// What `validate` looks for in a folder.
struct ValidationWalkOptions {
    /// Name endings taken in a walk (lower case, with the dot).
    var extensions: [String]
    /// Endings of files that are only taken when named or matched by `include` (`.json`: a
    /// repository is full of package.json and tsconfig.json).
    var namedOnly: [String]
    /// `--include` globs: files they match are taken whatever their ending.
    var include = IgnoreRules()
    /// `--exclude` globs: files and folders they match are passed over.
    var exclude = IgnoreRules()
}

/// What a walk passed over, by reason, for the summary.
struct ValidationSkips: Equatable {
    /// Files with a checked ending, and folders, that `.gitignore` files ignore.
    var gitignored = 0
    /// `node_modules` folders.
    var nodeModules = 0
    /// Hidden folders (`.git` and the like).
    var hiddenFolders = 0
    /// Files and folders matched by `--exclude`.
    var excluded = 0
    /// Files ending in a named-only extension that no `--include` took.
    var namedOnly = 0

    var isEmpty: Bool { self == ValidationSkips() }
}

/// What a walk of the folders found, beside the files to check.
struct ValidationWalk {
    /// The files to check, in the order given, each folder's in byte order of their names.
    var files: [ValidationInput] = []
    /// Things passed over, one line each (FIFOs, devices, links out of the tree, loops).
    var notes: [String] = []
    /// Files and folders passed over on purpose, counted.
    var skips = ValidationSkips()
    /// A folder was walked (so the files checked were chosen, and are worth listing).
    var walkedFolder = false

    /// Walks `path`: a file is itself (`-` standard input); a folder is searched for files
    /// whose names end in one of `options.extensions` or that `options.include` matches,
    /// skipping hidden folders, `node_modules`, what `.gitignore` files in the tree ignore and
    /// what `options.exclude` matches (paths relative to `path`). Links to folders are
    /// followed only while they stay inside `path`'s real folder, each folder once (no
    /// loops); FIFOs, devices and sockets are noted, not opened.
    /// - Throws: `MapBridgeError` of kind `.inputUnavailable` when `path` does not exist.
    mutating func add(_ path: String, options: ValidationWalkOptions) throws {
        guard path != "-" else {
            files.append(ValidationInput(rawPath: Array(path.utf8)))
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw MapBridgeError(.inputUnavailable, "cannot open '\(path)': \(systemErrorText(errno))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            files.append(ValidationInput(rawPath: Array(path.utf8)))
            return
        }
        walkedFolder = true
        let root = realPathBytes(Array(path.utf8)) ?? Array(path.utf8)
        var walker = Walker(root: root, options: options, extensions: options.extensions.map { Array($0.utf8) },
                            namedOnly: options.namedOnly.map { Array($0.utf8) }, visited: [FileIdentity(info)])
        try walker.walk(Array(path.utf8), relative: [])
        files += walker.files
        notes += walker.notes
        skips.gitignored += walker.skips.gitignored
        skips.nodeModules += walker.skips.nodeModules
        skips.hiddenFolders += walker.skips.hiddenFolders
        skips.excluded += walker.skips.excluded
        skips.namedOnly += walker.skips.namedOnly
    }
}

/// One folder tree's walk.
private struct Walker {
    let root: [UInt8]
    let options: ValidationWalkOptions
    let extensions: [[UInt8]]
    let namedOnly: [[UInt8]]
    var visited: Set<FileIdentity>
    var files: [ValidationInput] = []
    var notes: [String] = []
    var skips = ValidationSkips()
    /// The `.gitignore` files of the folders being walked.
    var ignores = IgnoreRules()

    init(root: [UInt8], options: ValidationWalkOptions, extensions: [[UInt8]], namedOnly: [[UInt8]], visited: Set<FileIdentity>) {
        self.root = root
        self.options = options
        self.extensions = extensions
        self.namedOnly = namedOnly
        self.visited = visited
    }

    /// Walks `folder`, whose path relative to the walked folder is `relative` (empty at the top).
    mutating func walk(_ folder: [UInt8], relative: [UInt8]) throws {
        let names = try entries(of: folder)
        let base = folder.last == UInt8(ascii: "/") ? folder : folder + [UInt8(ascii: "/")]
        if names.contains(Array(".gitignore".utf8)), let contents = regularFileContents(base + Array(".gitignore".utf8)) {
            ignores.add(contents, in: relative)
        }
        defer { ignores.removeLayers(in: relative) }
        for name in names {
            let child = base + name
            let childRelative = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            var info = stat()
            guard withCPath(child, { lstat($0, &info) }) == 0 else { continue }
            var type = info.st_mode & S_IFMT
            if type == S_IFLNK {
                guard withCPath(child, { stat($0, &info) }) == 0 else { continue }   // a dangling link
                type = info.st_mode & S_IFMT
                if type == S_IFDIR {
                    guard let real = realPathBytes(child), isInside(real, root) else {
                        notes.append("not following '\(escapedFileName(child))': a link to a folder outside '\(escapedFileName(root))'")
                        continue
                    }
                }
            }
            if type == S_IFDIR {
                guard name.first != UInt8(ascii: ".") else { skips.hiddenFolders += 1; continue }
                guard name != Array("node_modules".utf8) else { skips.nodeModules += 1; continue }
                guard options.exclude.verdict(childRelative, isFolder: true) != true else { skips.excluded += 1; continue }
                guard ignores.verdict(childRelative, isFolder: true) != true else { skips.gitignored += 1; continue }
                guard visited.insert(FileIdentity(info)).inserted else {
                    notes.append("not entering '\(escapedFileName(child))': the folder was walked already under another name (a link to it, or a loop)")
                    continue
                }
                try walk(child, relative: childRelative)
                continue
            }
            let lower = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            func endsIn(_ endings: [[UInt8]]) -> Bool {
                endings.contains { lower.count >= $0.count && Array(lower.suffix($0.count)) == $0 }
            }
            let included = options.include.verdict(childRelative, isFolder: false) == true
            guard included || endsIn(extensions) else {
                if endsIn(namedOnly) { skips.namedOnly += 1 }
                continue
            }
            guard options.exclude.verdict(childRelative, isFolder: false) != true else { skips.excluded += 1; continue }
            guard ignores.verdict(childRelative, isFolder: false) != true else { skips.gitignored += 1; continue }
            guard type == S_IFREG else {
                notes.append("skipping '\(escapedFileName(child))': \(fileTypeName(type)), not a regular file")
                continue
            }
            files.append(ValidationInput(rawPath: child))
        }
    }

    /// The bytes of `path` when it is a regular file (not a link, FIFO or device) of at most
    /// 1 MiB, else nil (a `.gitignore` that cannot be read is passed over, as git does).
    private func regularFileContents(_ path: [UInt8]) -> [UInt8]? {
        let fd = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 1 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let start = buffer.baseAddress else { return 0 }
                return read(fd, start + filled, buffer.count - filled)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }

    /// The names in `folder` but `.` and `..`, sorted by their bytes.
    private func entries(of folder: [UInt8]) throws -> [[UInt8]] {
        guard let dir = withCPath(folder, { opendir($0) }) else {
            throw MapBridgeError(.inputUnavailable, "cannot read the folder '\(escapedFileName(folder))': \(systemErrorText(errno))")
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}

/// A file's device and inode, to walk each folder once.
private struct FileIdentity: Hashable {
    let device: UInt64, inode: UInt64
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Calls `body` with `path` as a NUL-terminated C string.
private func withCPath<T>(_ path: [UInt8], _ body: ([CChar]) -> T) -> T {
    body(path.map { CChar(bitPattern: $0) } + [0])
}

private func realPathBytes(_ path: [UInt8]) -> [UInt8]? {
    guard let resolved = withCPath(path, { realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
}

private func isInside(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
    path == folder || path.starts(with: folder.last == UInt8(ascii: "/") ? folder : folder + [UInt8(ascii: "/")])
}

private func fileTypeName(_ type: mode_t) -> String {
    switch type {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
}

/// A file name for printing: UTF-8 as it is; bytes that are not UTF-8 as `\xNN`, a backslash
/// as `\\`, and control characters and bidi overrides as every human-readable output shows them
/// (`\u{1B}`, `String.escapedForDisplay`), so a name can neither garble nor drive a terminal.
func escapedFileName(_ bytes: [UInt8]) -> String {
    var out = ""
    var i = 0
    func hex(_ b: UInt8) -> String { "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
    while i < bytes.count {
        let b = bytes[i]
        if b == UInt8(ascii: "\\") { out += "\\\\"; i += 1; continue }
        if b < 0x80 {
            // Controls as every human-readable output shows them (`\u{1B}`, see `escapedForDisplay`).
            let scalar = Unicode.Scalar(b)
            out += scalar.needsDisplayEscape ? scalar.displayEscape : String(scalar)
            i += 1
            continue
        }
        // The longest valid UTF-8 sequence starting here, if any.
        let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        if length > 1, i + length <= bytes.count,
           let text = String(validating: bytes[i..<(i + length)], as: UTF8.self),
           let scalar = text.unicodeScalars.first
        {
            out += scalar.needsDisplayEscape ? scalar.displayEscape : text
            i += length
        } else {
            out += hex(b)
            i += 1
        }
    }
    return out
}
