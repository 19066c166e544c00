import MapBridgeModel

/// The reader's warnings, shared by its passes so that each is said once per file.
final class GPXNotes {
    private let report: DiagnosticHandler
    private var warned: Set<String> = []
    private var unreadElements: Set<String> = []
    private var repeatedExtensions: Set<String> = []
    /// Points left out for want of a position.
    private(set) var pointsWithoutPosition = 0
    /// Routes and tracks left out for want of a line, each as `<trk> 'name'` (or its line).
    private var droppedLines: [String] = []
    /// The most dropped routes and tracks `finish` names one by one.
    static let namedDroppedLines = 20

    init(report: @escaping DiagnosticHandler) {
        self.report = report
    }

    /// Reports a kind of problem the first time it arises.
    func warnOnce(_ code: String, _ message: @autoclosure () -> String, at location: SourceLocation?) {
        guard warned.insert(code).inserted else { return }
        report(Diagnostic(code: code, severity: .warning, message: message(), location: location))
    }

    /// Reports an element the reader does not carry over: each name once, at most 20 names.
    func unread(_ element: String, at location: SourceLocation) {
        guard unreadElements.insert(element).inserted, unreadElements.count <= 20 else { return }
        report(Diagnostic(code: "unread-element", severity: .warning,
                          message: "<\(element)> is not read by MapBridge; what it holds is not carried over",
                          location: location))
    }

    /// Reports an extension element that repeats within one feature, kept as `keptAs`: once
    /// per element name, with the first one's place, at most 20 names (the reader's passes
    /// meet the same element again).
    func repeatedExtension(_ key: String, keptAs: String, at location: SourceLocation?) {
        guard repeatedExtensions.insert(key).inserted, repeatedExtensions.count <= 20 else { return }
        report(Diagnostic(code: "gpx-repeated-extension", severity: .warning,
                          message: "the extension element '\(key)' repeats within one feature; the later values are kept as '\(keptAs)' (and _3, _4 … after it)",
                          location: location))
    }

    /// Reports a point whose `lat` or `lon` is missing or not a number (the first with its
    /// place; `finish` gives the count).
    func badPosition(_ what: String, _ attributes: [(name: String, value: String)], at location: SourceLocation) {
        pointsWithoutPosition += 1
        let lat = attributes.first { $0.name == "lat" }.map { "'\($0.value)'" } ?? "missing"
        let lon = attributes.first { $0.name == "lon" }.map { "'\($0.value)'" } ?? "missing"
        warnOnce("gpx-position", "\(what) has lat \(lat) and lon \(lon), which is not a position; it is left out", at: location)
    }

    /// Keeps the name of a route or track left out, for `finish` (the first is reported at
    /// once, by its own warning).
    func droppedLine(_ described: String) {
        droppedLines.append(described)
    }

    /// Reports what is only known at the end of the file.
    func finish() {
        if droppedLines.count > 1 {
            let named = droppedLines.prefix(Self.namedDroppedLines).joined(separator: ", ")
            let more = droppedLines.count > Self.namedDroppedLines ? " and \(droppedLines.count - Self.namedDroppedLines) more" : ""
            report(Diagnostic(code: "gpx-empty-lines", severity: .warning,
                              message: "\(droppedLines.count) routes and tracks without two or more points were left out: \(named)\(more)",
                              location: nil))
        }
        if pointsWithoutPosition > 1 {
            report(Diagnostic(code: "gpx-position-count", severity: .warning,
                              message: "\(pointsWithoutPosition) points in all were left out for want of a position",
                              location: nil))
        }
    }
}
