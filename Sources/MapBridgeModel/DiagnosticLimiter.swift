/// Keeps a flood of like warnings readable: each diagnostic code passes at most `limit` times,
/// then once more as a note that more of the kind follow; after that the code is quiet.
///
///     var limiter = DiagnosticLimiter()
///     limiter.pass(diagnostic, to: report)
public struct DiagnosticLimiter: Sendable {
    /// How many diagnostics of one code pass, ≥ 0.
    public let limit: Int
    private var counts: [String: Int] = [:]

    public init(limit: Int = 10) {
        self.limit = limit
    }

    /// Hands `diagnostic` to `report` unless its code has passed `limit` times already.
    public mutating func pass(_ diagnostic: Diagnostic, to report: DiagnosticHandler) {
        let seen = counts[diagnostic.code, default: 0]
        counts[diagnostic.code] = seen + 1
        if seen < limit {
            report(diagnostic)
        } else if seen == limit {
            report(Diagnostic(code: diagnostic.code, severity: diagnostic.severity,
                              message: "more warnings like the last one follow; not shown", location: nil))
        }
    }
}
