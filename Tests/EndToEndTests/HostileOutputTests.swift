import Foundation
import Testing

/// What a hostile file can put in the output meant for people and CI: never a line of its own,
/// never a raw control byte.
@Suite("hostile values in outputs: github lines, terminal escapes, SARIF URIs")
struct HostileOutputTests {
    /// Whether `data` holds a byte a terminal acts on: C0 other than LF, DEL, or a C1 control
    /// (U+0080–U+009F, as UTF-8 C2 80–C2 9F).
    static func hasRawControl(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        for (i, b) in bytes.enumerated() {
            if (b < 0x20 && b != 0x0A) || b == 0x7F { return true }
            if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return true }
        }
        return false
    }

    @Test("--format github: CR LF in a GeoJSON value and &#13;&#10; in KML stay inside their finding's line")
    func githubOneLinePerFinding() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(#"{"type":"Feature\r\n::error file=x.geojson::pwned","geometry":null,"properties":{}}"#,
                                      to: "a.geojson", in: dir)
        _ = try MapBridgeRunner.write(#"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>1,2&#13;&#10;::error::x</coordinates></Point></Placemark></kml>"#,
                                      to: "b.kml", in: dir)
        let run = try MapBridgeRunner.run(["validate", "--format", "github", "a.geojson", "b.kml"], in: dir)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count >= 2)
        for line in lines { #expect(line.hasPrefix("::error file=") || line.hasPrefix("::warning file="), "\(line)") }
        #expect(!run.stdout.contains("\r"))
        #expect(run.stdout.contains("%0D%0A::error file=x.geojson::pwned"), "\(run.stdout)")
    }
}
