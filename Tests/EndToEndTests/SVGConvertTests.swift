import Foundation
import Testing

@Suite("convert to SVG")
struct SVGConvertTests {
    @Test("the JFK–SIN sample becomes an SVG picture with the options applied")
    func flight() throws {
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "svg",
                                           "--max-segment", "200km", "--width", "640", "--projection", "equirectangular",
                                           "--labels", "name"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<?xml"))
        #expect(run.stdout.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="640""#))
        #expect(run.stdout.contains(#"data-projection="equirectangular""#))
        #expect(run.stdout.contains(##"stroke="#d1242f""##))
        #expect(run.stdout.contains("<text"))
        #expect(run.stdout.hasSuffix("</svg>\n"))
    }

    @Test("bad SVG options are usage errors")
    func badOptions() throws {
        let projection = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "svg",
                                                  "--projection", "globe"])
        #expect(projection.status == 64)
        #expect(projection.stderr.contains("--projection"))
        let width = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), "-", "--to", "svg",
                                             "--width", "0"])
        #expect(width.status == 64)
    }

    @Test("librsvg renders the picture (skipped when rsvg-convert is not installed)",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")))
    func rasterise() throws {
        let dir = try MapBridgeRunner.temporaryDirectory()
        let svg = dir.appendingPathComponent("flight.svg").path
        let png = dir.appendingPathComponent("flight.png").path
        let run = try MapBridgeRunner.run(["convert", MapBridgeRunner.sample("flight-jfk-sin.geojson"), svg])
        #expect(run.status == 0, "\(run.stderr)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = ["-o", png, svg]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: png))
    }
}
