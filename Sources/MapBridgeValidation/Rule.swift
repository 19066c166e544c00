import MapBridgeModel

/// A validation rule: a stable id, the severity it reports at unless told otherwise, and one
/// line saying what it checks. The messages a rule reports live beside the code that checks it.
///
///     Rule.ringNotClosed.id  // "ring-not-closed"
public struct Rule: Hashable, Sendable {
    /// Stable identifier, used by `--ignore`, `--severity` and every report format.
    public let id: String
    public let defaultSeverity: Severity
    /// One sentence for `--list-rules` and SARIF's rule descriptions.
    public let explanation: String

    public init(id: String, defaultSeverity: Severity, explanation: String) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.explanation = explanation
    }

    /// The rule with `id`, if there is one.
    public static func named(_ id: String) -> Rule? { catalogue.first { $0.id == id } }
}
