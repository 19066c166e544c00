import Synchronization

/// A place in a source file: 1-based line and column (in the unit its reader counts: bytes for
/// JSON, characters for XML read with libxml2), and where it
/// helps a JSON pointer (`/features/12/geometry`) or an XML element path.
///
/// The file name is held as a `SourceFile` (a number standing for the name), so that a
/// location costs no reference count: every feature carries one, and a name shared by the
/// reading and the writing thread would otherwise move its count between the cores for each.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it, or `-` for standard input.
    public var file: String {
        get { source.name }
        set { source = SourceFile(newValue) }
    }
    /// The file, as a token for its name.
    public var source: SourceFile
    /// 1-based line.
    public var line: Int
    /// 1-based column from the start of the line: UTF-8 bytes for JSON (GeoJSON, its
    /// sequences), characters (Unicode scalars) for XML read with libxml2 (KML, GPX).
    public var column: Int
    /// A JSON pointer (RFC 6901) or element path inside the document, when known.
    public var pointer: String?

    public init(file: String, line: Int, column: Int, pointer: String? = nil) {
        self.init(source: SourceFile(file), line: line, column: column, pointer: pointer)
    }

    /// A location in a file already named by a token (readers make one per input, not one
    /// per location).
    public init(source: SourceFile, line: Int, column: Int, pointer: String? = nil) {
        self.source = source
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    /// `file:line:col`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A file name, as a small number: equal names get equal tokens, in any thread.
///
/// Names are kept for the life of the process (a few hundred bytes for each distinct file a
/// process reads), so a token never dangles.
///
///     let a = SourceFile("airports.kml"), b = SourceFile("airports.kml")
///     a == b       // true
///     a.name       // "airports.kml"
public struct SourceFile: Hashable, Sendable, CustomStringConvertible {
    private let index: UInt32

    /// The token for `name` (a lookup under a lock: readers make one per input).
    public init(_ name: String) {
        index = Self.names.withLock { $0.index(of: name) }
    }

    /// Makes the file `copy` stand for `input` in every location made from then on: a copy
    /// read in place of an input (standard input spooled to a temporary file, to be read more
    /// than once) is named in findings, reports and errors as the input the user gave.
    public static func name(_ copy: String, as input: String) {
        names.withLock { table in
            table.indices[copy] = table.index(of: input)
        }
    }

    /// The file name as the user gave it.
    public var name: String { Self.names.withLock { $0.names[Int(index)] } }

    public var description: String { name }

    private struct Table {
        var names: [String] = []
        var indices: [String: UInt32] = [:]

        /// `name`'s index, added when new.
        mutating func index(of name: String) -> UInt32 {
            if let index = indices[name] { return index }
            let index = UInt32(truncatingIfNeeded: names.count)
            names.append(name)
            indices[name] = index
            return index
        }
    }

    private static let names = Mutex(Table())
}
