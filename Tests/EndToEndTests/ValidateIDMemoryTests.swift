import Foundation
import Testing

@Suite("validate --id-memory: duplicate-id past its memory budget, spilled to files, stays exact")
struct ValidateIDMemoryTests {
    /// A KML document of `count` placemarks whose every 7th id repeats an earlier one (some
    /// written in another Unicode normal form), with a coordinate error now and then.
    static func document(_ count: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document>\n"
        var ids: [String] = []
        for k in 0..<count {
            var id = k % 5 == 0 ? "caf\u{E9}\(k)" : "f\(k)"
            if k % 7 == 6 {
                // An earlier id, a precomposed é respelled as e and a combining acute.
                let earlier = ids[k / 3]
                id = earlier.hasPrefix("caf\u{E9}") ? "cafe\u{301}" + earlier.dropFirst(4) : earlier
            }
            ids.append(id)
            let coordinates = k % 50 == 0 ? "1,2,3,4" : "\(k % 90),\(k % 45)"
            text += "<Placemark id=\"\(id)\"><name>p\(k)</name><Point><coordinates>\(coordinates)</coordinates></Point></Placemark>\n"
        }
        return text + "</Document></kml>\n"
    }

    @Test("a tiny budget finds the same findings; the duplicate-id ones past it come last, in document order",
          arguments: ["text", "json"])
    func tinyBudget(format: String) throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.document(3_000), to: "ids.kml", in: dir)
        let plain = try MapBridgeRunner.run(["validate", "ids.kml", "--format", format], in: dir)
        let spilled = try MapBridgeRunner.run(["validate", "ids.kml", "--format", format, "--id-memory", "2KB"], in: dir)
        #expect(plain.status == 1 && spilled.status == 1)
        #expect(spilled.stderr == plain.stderr)
        let before = try Self.findings(plain, format: format)
        let after = try Self.findings(spilled, format: format)
        #expect(before.sorted() == after.sorted())
        let isDuplicate = { (line: String) in line.contains("duplicate-id") }
        #expect(before.filter(isDuplicate).count > 300)
        #expect(before.filter(isDuplicate) == after.filter(isDuplicate))
        #expect(before.filter { !isDuplicate($0) } == after.filter { !isDuplicate($0) })
        // Past the budget, the findings are no longer where they are met.
        #expect(before != after)
        // Within it, the report is the same, byte for byte.
        let roomy = try MapBridgeRunner.run(["validate", "ids.kml", "--format", format, "--id-memory", "64MB"], in: dir)
        #expect(roomy.stdout == plain.stdout)
    }

    /// The report's lines (text), or its findings each as JSON with sorted keys (json).
    static func findings(_ run: Run, format: String) throws -> [String] {
        guard format == "json" else { return run.stdout.split(separator: "\n").map(String.init) }
        let files = try #require(try MapBridgeRunner.json(run.stdoutData)["files"] as? [[String: Any]])
        let findings = try #require(files.first?["findings"] as? [[String: Any]])
        return try findings.map { finding in
            String(decoding: try JSONSerialization.data(withJSONObject: finding, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    @Test("--id-memory takes a size")
    func usage() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let run = try MapBridgeRunner.run(["validate", "x.kml", "--id-memory", "lots"], in: dir)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--id-memory expects a size"), "\(run.stderr)")
    }
}
