/// An error that stops the work, with what failed, where, and what kind of failure it is
/// (the kind decides the command's exit status).
public struct MapBridgeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure, each with its exit status (BSD `sysexits.h`).
    public enum Kind: Hashable, Sendable {
        /// The data is malformed or cannot be converted: exit 1.
        case data
        /// The command was used wrongly: exit 64 (`EX_USAGE`).
        case usage
        /// The input is missing or unreadable: exit 66 (`EX_NOINPUT`).
        case inputUnavailable
        /// The output cannot be created or written: exit 73 (`EX_CANTCREAT`).
        case outputUnavailable

        /// The process exit status for this kind.
        public var exitStatus: Int32 {
            switch self {
            case .data: 1
            case .usage: 64
            case .inputUnavailable: 66
            case .outputUnavailable: 73
            }
        }
    }

    public var kind: Kind
    /// What went wrong and, where it helps, what to do about it.
    public var message: String
    public var location: SourceLocation?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: message`, or `error: message` without a location.
    public var description: String {
        if let location { return "\(location): error: \(message)" }
        return "error: \(message)"
    }
}
