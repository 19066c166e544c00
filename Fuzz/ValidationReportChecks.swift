// What every report format must be, whatever the findings (compiled into the validate targets
// by Fuzz/run): JSON and SARIF one JSON value (walked with the project's JSONTokenizer), GitHub
// one workflow command (a line starting with `::`) per finding; text is built and must not trap.

/// Writes `findings` of the file `path` in every report format and traps where one breaks its
/// format's rules.
func checkReports(of findings: [Finding], path: String) {
    for format in ReportFormat.allCases {
        let sink = ByteSink(collectingInMemoryNamed: "report.\(format.rawValue)")
        let report = ValidationReport(format: format, sink: sink)
        report.beginFile(path)
        for finding in findings { report.add(finding) }
        report.endFile()
        do { try report.finish() } catch { fatalError("the \(format) report cannot be written: \(error)") }
        let bytes = sink.collectedBytes
        switch format {
        case .text: break
        case .json, .sarif: expectOneJSONValue(bytes, "the \(format) report")
        case .github:
            // Bytes, not Characters: a Swift Character "\r\n" is not "\n".
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
            if bytes.last != UInt8(ascii: "\n") && !bytes.isEmpty {
                fatalError("the github report does not end in a newline\n\(String(decoding: bytes, as: UTF8.self))")
            }
            if lines.count != findings.count {
                fatalError("the github report has \(lines.count) lines for \(findings.count) findings\n\(String(decoding: bytes, as: UTF8.self))")
            }
            for line in lines where !line.starts(with: [UInt8(ascii: ":"), UInt8(ascii: ":")]) {
                fatalError("a github report line does not start with '::': \(String(decoding: line, as: UTF8.self))")
            }
        }
    }
}
