import MapBridgeModel
import Synchronization

/// Strict mode: the first warning that something was not carried over, changed role or was
/// left out fails the work, and no output file appears. `FeatureOutput` checks it after every
/// feature and before the output is put in place; the reports of the reader and the writer go
/// through `watching(_:)`.
///
///     var options = ConvertOptions()
///     let strict = StrictMode()
///     options.strictMode = strict
///     try Conversion(…, options: options).run(report: strict.watching { print($0) })
///
/// Notes (`Severity.info`) do not count; warnings and errors do.
public final class StrictMode: Sendable {
    private let first = Mutex<Diagnostic?>(nil)

    public init() {}

    /// A handler that hands every diagnostic on to `report` and remembers the first warning.
    public func watching(_ report: @escaping DiagnosticHandler) -> DiagnosticHandler {
        { [self] diagnostic in
            if diagnostic.severity >= .warning { first.withLock { if $0 == nil { $0 = diagnostic } } }
            report(diagnostic)
        }
    }

    /// The first warning seen, if any.
    public var firstWarning: Diagnostic? { first.withLock { $0 } }

    /// - Throws: `MapBridgeError` of kind `.data`, at the warning's location, once a warning has
    ///   been seen.
    public func check() throws {
        guard let warning = firstWarning else { return }
        throw MapBridgeError(.data, "strict: nothing is written, because of this warning [\(warning.code)]: \(warning.message)",
                             at: warning.location)
    }
}

/// A writer that stops as soon as strict mode has seen a warning.
struct StrictWriter: FeatureWriter {
    var base: any FeatureWriter
    let strict: StrictMode

    mutating func begin(_ document: DocumentInfo) throws {
        try strict.check()
        try base.begin(document)
    }

    mutating func write(_ feature: Feature) throws {
        try strict.check()
        try base.write(feature)
    }

    mutating func finish(_ document: DocumentInfo) throws {
        try strict.check()
        try base.finish(document)
        try strict.check()
    }
}
