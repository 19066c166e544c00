/// How serious a diagnostic is.
public enum Severity: String, Hashable, Sendable, Comparable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A message about the data that does not stop the work: something accepted with a caveat,
/// or something a target format cannot hold.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier of the kind of problem, such as `crs-member` or `dropped-member`.
    public var code: String
    public var severity: Severity
    /// A sentence a person can act on.
    public var message: String
    public var location: SourceLocation?

    public init(code: String, severity: Severity, message: String, location: SourceLocation? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:col: warning: message`, or `warning: message` without a location.
    public var description: String {
        if let location { return "\(location): \(severity.rawValue): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}

/// Receives diagnostics as they arise. Readers and writers call it; the command line prints.
public typealias DiagnosticHandler = (Diagnostic) -> Void
