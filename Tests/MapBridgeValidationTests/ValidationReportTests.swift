import Foundation
import MapBridgeIO
import MapBridgeModel
import MapBridgeValidation
import Testing

@Suite("validation reports: every format parses and counts")
struct ValidationReportTests {
    static let sample = [
        Finding(rule: "ring-not-closed", severity: .error, message: "ring, \"open\"",
                location: SourceLocation(file: "a.geojson", line: 3, column: 5, pointer: "/features/0/geometry/coordinates/0")),
        Finding(rule: "crs-member", severity: .warning, message: "crs",
                location: SourceLocation(file: "a.geojson", line: 1, column: 2, pointer: "/crs")),
    ]

    func render(_ format: ReportFormat, _ findings: [Finding] = sample) throws -> (String, FindingTotals) {
        let sink = ByteSink(collectingInMemoryNamed: "out")
        let report = ValidationReport(format: format, sink: sink)
        report.beginFile("a.geojson")
        findings.forEach(report.add)
        report.endFile()
        try report.finish()
        return (String(decoding: sink.collectedBytes, as: UTF8.self), report.totals)
    }

    @Test("json has the issue's shape")
    func json() throws {
        let (text, totals) = try render(.json)
        #expect(totals.errors == 1 && totals.warnings == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 1)
        #expect(object["warnings"] as? Int == 1)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.first?["path"] as? String == "a.geojson")
        let first = try #require((files.first?["findings"] as? [[String: Any]])?.first)
        #expect(first["rule"] as? String == "ring-not-closed")
        #expect(first["severity"] as? String == "error")
        #expect(first["line"] as? Int == 3)
        #expect(first["column"] as? Int == 5)
        #expect(first["pointer"] as? String == "/features/0/geometry/coordinates/0")
    }

    @Test("sarif is 2.1.0 with rules and located results")
    func sarif() throws {
        let (text, _) = try render(.sarif)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect((driver["rules"] as? [Any])?.count == Rule.catalogue.count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["ruleId"] as? String == "ring-not-closed")
        #expect(results[0]["level"] as? String == "error")
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String == "ring, \"open\"")
        let physical = try #require(((results[0]["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "a.geojson")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 3)
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 5)
    }

    @Test("sarif URIs are percent-encoded (RFC 3986): a # in a file name is not a fragment")
    func sarifURI() throws {
        let finding = Finding(rule: "crs-member", severity: .warning, message: "crs",
                              location: SourceLocation(file: "./a#frag b%?ü:\u{1B}.geojson", line: 1, column: 1))
        let (text, _) = try render(.sarif, [finding])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let physical = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "a%23frag%20b%25%3F%C3%BC%3A%1B.geojson")
        #expect((physical["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
    }

    @Test("text lines and a summary")
    func text() throws {
        let (text, _) = try render(.text)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "a.geojson:3:5: error: [ring-not-closed] ring, \"open\"")
        #expect(lines.last == "1 file checked: 1 error, 1 warning, 0 notes")
    }

    @Test("github annotations escape properties")
    func github() throws {
        let (text, _) = try render(.github)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "::error file=a.geojson,line=3,col=5,title=ring-not-closed::[ring-not-closed] ring, \"open\"")
        #expect(lines.count == 2)
    }

    @Test("github annotations escape CR LF, % and controls on scalars: one finding, one line")
    func githubEscapesLineBreaks() throws {
        let hostile = Finding(rule: "unknown-type", severity: .error, message: "type \"a\r\n::error file=x::pwned\u{1B}[2J 5%\"",
                              location: SourceLocation(file: "d:1,\r\n.geojson", line: 1, column: 1))
        let (text, _) = try render(.github, [hostile])
        #expect(text == "::error file=d%3A1%2C%0D%0A.geojson,line=1,col=1,title=unknown-type::"
            + "[unknown-type] type \"a%0D%0A::error file=x::pwned\\u{1B}[2J 5%25\"\n")
    }

    @Test("an empty run is still valid json")
    func emptyJSON() throws {
        let (text, _) = try render(.json, [])
        #expect(text == "{\"files\":[{\"path\":\"a.geojson\",\"findings\":[]}],\"errors\":0,\"warnings\":0}\n")
    }

    @Test("the policy ignores and re-levels rules")
    func policy() {
        let policy = ValidationPolicy(ignored: ["crs-member"], severities: ["ring-not-closed": .warning])
        #expect(policy.apply(Self.sample[1]) == nil)
        #expect(policy.apply(Self.sample[0])?.severity == .warning)
    }
}
