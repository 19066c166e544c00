import MapBridgeCore
import MapBridgeModel

let densifyCommand = Command(
    name: "densify",
    summary: "Add points along the geodesics of lines and rings, so straight-line viewers draw them true.",
    usage: "densify INPUT OUTPUT (--max-segment LENGTH | --max-error LENGTH) [--only-geodesic] [convert options]",
    discussion: """
        Every segment of every line and ring gets points on its geodesic (WGS 84, PROJ's
        geodesic routines): with --max-segment, so that no piece is longer than LENGTH; with
        --max-error, adaptively, until the straight line in longitude/latitude between
        neighbours strays less than LENGTH from the geodesic (short segments stay as they are,
        long ones near the poles get many points). Points of the input stay exactly as they were.
        Lengths are metres, or carry m, km, mi or nm (100km, 50nm). GeoJSON output is cut at the antimeridian
        unless --no-antimeridian-cut. Formats and the other options are those of convert.
        """,
    arguments: [("INPUT", "the file to read, or - for standard input"),
                ("OUTPUT", "the file to write, or - for standard output")],
    options: densifyOptions + conversionOptions,
    run: runDensify)

@Sendable
func runDensify(_ args: ParsedArguments) throws -> Int32 {
    try requireInputAndOutput(args, command: "densify")
    var options = try convertOptions(from: args)
    guard let densify = try densification(from: args) else {
        throw MapBridgeError(.usage, "densify needs --max-segment LENGTH or --max-error LENGTH (such as --max-segment 100km)")
    }
    options.densify = densify
    return try runConversion(args, options: options)
}
