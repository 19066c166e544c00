import MapBridgeModel

/// One problem found in a file: which rule, how serious, a message a person can act on, and
/// where (1-based line and column in the validator's unit, see `ColumnUnit`, and a JSON pointer
/// or element path). `ValidationReport` converts the column to the unit each format counts.
public struct Finding: Hashable, Sendable, CustomStringConvertible {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation

    public init(rule: String, severity: Severity, message: String, location: SourceLocation) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:col: error: [rule] message`.
    public var description: String { "\(location): \(severity.rawValue): [\(rule)] \(message)" }
}

/// Adjusts findings as the user asked: `--ignore RULE` drops a rule, `--severity RULE=LEVEL`
/// changes its level.
public struct ValidationPolicy: Hashable, Sendable {
    public var ignored: Set<String> = []
    public var severities: [String: Severity] = [:]

    public init(ignored: Set<String> = [], severities: [String: Severity] = [:]) {
        self.ignored = ignored
        self.severities = severities
    }

    /// The finding as the policy wants it reported, or nil when its rule is ignored.
    public func apply(_ finding: Finding) -> Finding? {
        if ignored.contains(finding.rule) { return nil }
        var f = finding
        if let level = severities[finding.rule] { f.severity = level }
        return f
    }
}
