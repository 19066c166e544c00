import Foundation
import Testing

/// `densify` stops at `--max-vertices` points per feature (issue 12, item 14).
@Suite("densify: the per-feature point limit")
struct DensifyLimitTests {
    @Test("a zigzag past --max-vertices fails with exit 1, located, naming the option")
    func zigzagOverLimit() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let line = "{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"LineString\",\"coordinates\":[[0,0],[179,0],[0,0.5],[179,0.5]]}}"
        let input = try MapBridgeRunner.write("{\"type\":\"FeatureCollection\",\"features\":[\n" + line + "\n]}\n", to: "zigzag.geojson", in: dir)
        let output = dir.appendingPathComponent("out.geojson").path
        let run = try MapBridgeRunner.run(["densify", input, output, "--max-segment", "20", "--max-vertices", "100000"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("zigzag.geojson:2:"))
        #expect(run.stderr.contains("--max-vertices"))
        #expect(run.stderr.contains("more than 100000 points"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
