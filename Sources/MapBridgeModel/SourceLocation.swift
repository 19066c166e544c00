/// A place in a source file: 1-based line and column (in the unit its reader counts: bytes for
/// JSON, characters for XML read with libxml2), and where it
/// helps a JSON pointer (`/features/12/geometry`) or an XML element path.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it, or `-` for standard input.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column from the start of the line: UTF-8 bytes for JSON (GeoJSON, its
    /// sequences), characters (Unicode scalars) for XML read with libxml2 (KML, GPX).
    public var column: Int
    /// A JSON pointer (RFC 6901) or element path inside the document, when known.
    public var pointer: String?

    public init(file: String, line: Int, column: Int, pointer: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    /// `file:line:col`.
    public var description: String { "\(file):\(line):\(column)" }
}
