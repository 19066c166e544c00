import MapBridgeCSV
import MapBridgeCore
import MapBridgeModel

/// Options for reading (CSV's, and the title's property for every format), shared by every
/// command that reads files.
let csvReadingOptions = [
    OptionSpec(name: "--title-property", value: "KEY", help: "take each feature's title (KML <name>, GPX <name>, SVG callouts and labels) from the property KEY; default: the format's name (GeoJSON: name, title, NAME, Name)"),
    OptionSpec(name: "--delimiter", value: "CHAR", help: "CSV input: comma, semicolon, tab or pipe (default: sniffed from the first rows)"),
    OptionSpec(name: "--columns", value: "A,B,C", help: "CSV input: names for the columns of a file without a header, or a known layout: \(CSVKnownLayout.all.map(\.name).joined(separator: ", ")) (recognised by their rows' shape too)"),
    OptionSpec(name: "--lat-column", value: "NAME", help: "CSV input: the latitude column (name or 1-based position; default: lat, latitude, y …)"),
    OptionSpec(name: "--lon-column", value: "NAME", help: "CSV input: the longitude column (default: lon, lng, long, longitude, x …)"),
    OptionSpec(name: "--wkt-column", value: "NAME", help: "CSV input: a column of WKT geometry (default: wkt, geometry, the_geom)"),
    OptionSpec(name: "--alt-column", value: "NAME", help: "CSV input: the altitude column, in metres (default: alt, altitude, elevation, ele, z)"),
    OptionSpec(name: "--on-error", value: "fail|skip", help: "a CSV row or GeoJSON feature that cannot be read: stop there, or report it and go on (default: fail for CSV, skip for GeoJSON)"),
]

/// Options for writing CSV.
let csvWritingOptions = [
    OptionSpec(name: "--geometry", value: "xy|yx|xyz|wkt", help: "CSV output: lon,lat columns (default for points), lat,lon, lon,lat,alt, or a WKT column (default otherwise)"),
]

/// Applies the reading flags to `options`.
func applyCSVArguments(_ args: ParsedArguments, to options: inout ConvertOptions) throws {
    if let key = args.value("--title-property") {
        guard !key.isEmpty else { throw MapBridgeError(.usage, "--title-property expects a property name, such as NAME") }
        options.titleProperty = key
    }
    if let v = args.value("--delimiter") {
        guard let d = CSVDelimiter(name: v) else {
            throw MapBridgeError(.usage, "--delimiter expects comma, semicolon, tab or pipe, got '\(v)'")
        }
        options.csvReading.delimiter = d
        options.csvWriting.delimiter = d
    }
    if let v = args.value("--columns"), let known = CSVKnownLayout(name: v) {
        options.csvReading.columns = known.columns
    } else if let v = args.value("--columns") {
        let names = v.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
        guard !names.isEmpty, !names.contains("") else {
            throw MapBridgeError(.usage, "--columns expects names separated by commas, such as id,name,lat,lon")
        }
        options.csvReading.columns = names
    }
    options.csvReading.latitudeColumn = args.value("--lat-column")
    options.csvReading.longitudeColumn = args.value("--lon-column")
    options.csvReading.wktColumn = args.value("--wkt-column")
    options.csvReading.altitudeColumn = args.value("--alt-column")
    if let v = args.value("--on-error") {
        guard let mode = CSVReader.Options.OnError(rawValue: v) else {
            throw MapBridgeError(.usage, "--on-error expects fail or skip, got '\(v)'")
        }
        options.csvReading.onError = mode
        options.geojsonOnError = mode == .fail ? .fail : .skip
    }
    if let v = args.value("--geometry") {
        guard let layout = CSVWriter.GeometryLayout(rawValue: v) else {
            throw MapBridgeError(.usage, "--geometry expects xy, yx, xyz or wkt, got '\(v)'")
        }
        options.csvWriting.geometry = layout
    }
}
