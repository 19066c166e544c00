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
        for line in lines {
            #expect(line.hasPrefix("::error file=") || line.hasPrefix("::warning file=") || line.hasPrefix("::notice file="), "\(line)")
        }
        #expect(!run.stdout.contains("\r"))
        #expect(run.stdout.contains("%0D%0A::error file=x.geojson::pwned"), "\(run.stdout)")
    }

    /// A FeatureCollection whose name, a property key and a feature type hold ESC, BEL, NUL,
    /// C1 CSI, a bidi override and CR LF.
    static let controls = #"{"type":"FeatureCollection","name":"N\u001b[2J\u0007\u0000\u009b\u202e!\r\nX","features":["#
        + #"{"type":"Feat\u001b[31mure\u202e\r\n::error::x","geometry":null,"properties":{}},"#
        + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"k\u001b]0;t\u0007":"v"}}]}"#

    @Test("validate's text report shows controls from the file escaped")
    func validateTextEscapes() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.controls, to: "h.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "h.geojson"], in: dir)
        #expect(run.status == 1)
        #expect(!Self.hasRawControl(run.stdoutData))
        #expect(run.stdout.contains(#"unknown type "Feat\u{1B}[31mure\u{202E}\u{0D}\u{0A}::error::x""#), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").count == 2)
    }

    @Test("diagnostics on stderr show controls from the file escaped, one line each")
    func diagnosticsEscape() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.controls, to: "h.geojson", in: dir)
        let run = try MapBridgeRunner.run(["convert", "h.geojson", "out.geojson"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!Self.hasRawControl(run.stderrData))
        #expect(run.stderr.contains(#"found type 'Feat\u{1B}[31mure\u{202E}\u{0D}\u{0A}::error::x'"#), "\(run.stderr)")
        for line in run.stderr.split(separator: "\n") { #expect(line.hasPrefix("h.geojson:"), "\(line)") }
        let failed = try MapBridgeRunner.run(["convert", "h.geojson", "out.geojson", "--on-error", "fail"], in: dir)
        #expect(failed.status == 1)
        #expect(!Self.hasRawControl(failed.stderrData))
        #expect(failed.stderr.hasPrefix("h.geojson:") && failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
    }

    @Test("info text escapes names and keys; info --json escapes DEL and C1 too")
    func infoEscapes() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(Self.controls, to: "h.geojson", in: dir)
        let text = try MapBridgeRunner.run(["info", "h.geojson"], in: dir)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!Self.hasRawControl(text.stdoutData) && !Self.hasRawControl(text.stderrData))
        #expect(text.stdout.contains(#"name: N\u{1B}[2J\u{07}\u{00}\u{9B}\u{202E}!\u{0D}\u{0A}X"#), "\(text.stdout)")
        #expect(text.stdout.contains(#"  k\u{1B}]0;t\u{07}  string 1"#), "\(text.stdout)")
        let json = try MapBridgeRunner.run(["info", "h.geojson", "--json"], in: dir)
        #expect(!Self.hasRawControl(json.stdoutData))
        #expect(json.stdout.contains(#""name": "N\u001b[2J\u0007\u0000\u009b"#), "\(json.stdout)")
        let document = try #require(try MapBridgeRunner.json(json.stdoutData)["document"] as? [String: Any])
        #expect(document["name"] as? String == "N\u{1B}[2J\u{07}\u{00}\u{9B}\u{202E}!\r\nX")
    }

    @Test("route's missing-place warning escapes the names the pairs file holds")
    func routeEscapes() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write("from,to\nA\u{1B}[2J\u{9B}1m,B\u{07}\n", to: "pairs.csv", in: dir)
        _ = try MapBridgeRunner.write("name,lat,lon\nA,1,2\n", to: "places.csv", in: dir)
        let run = try MapBridgeRunner.run(["route", "--pairs", "pairs.csv", "--places", "places.csv", "out.geojson"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!Self.hasRawControl(run.stderrData))
        #expect(run.stderr.contains(#"'A\u{1B}[2J\u{9B}1m'"#), "\(run.stderr)")
    }

    @Test("SARIF names a file called a#frag.geojson by a percent-encoded URI")
    func sarifURI() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        _ = try MapBridgeRunner.write(#"{"type": "Point", "crs": null, "coordinates": [1, 2]}"#, to: "a#frag ü.geojson", in: dir)
        let run = try MapBridgeRunner.run(["validate", "--format", "sarif", "./a#frag ü.geojson"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""uri":"a%23frag%20%C3%BC.geojson","uriBaseId":"%SRCROOT%""#), "\(run.stdout)")
    }
}
