/// How GPX 1.1 (and 1.0) meets the model. Names follow togeojson's GPX → GeoJSON mapping, so
/// that `convert ride.gpx ride.geojson` gives what GeoJSON users of GPX expect.
///
/// | GPX | model | GeoJSON output |
/// |---|---|---|
/// | `metadata` `name`, `desc` (GPX 1.0: on `gpx`) | `DocumentInfo` name, description | collection `name`, `description` |
/// | `metadata` `time`, `keywords`, `author`, `email`, `copyright`, `link` | document members `time`, `keywords`, `author`, `email` (`id@domain`), `copyright` (`{"author", "year", "license"}`), `links` | collection members |
/// | `wpt` | `annotation` (`ele` → altitude) | `Point` |
/// | `rte` (`rtept`s) | `polyline`; property `_gpxType` `rte` | `LineString` |
/// | `trk`: one `trkseg`, several | `polyline`, `multiPolyline`; property `_gpxType` `trk` | `LineString`, `MultiLineString` |
/// | `name` | `title` | `name` |
/// | `desc` | `subtitle`, and property `desc` | `desc` |
/// | a waypoint's `time` | `time` (an instant), and property `time` | `time` |
/// | `sym` | `style.marker.symbol`, and property `sym` | `sym` |
/// | `cmt`, `src`, `type`, `number`, `fix`, `magvar`, `geoidheight`, `sat`, `hdop`, `vdop`, `pdop`, `ageofdgpsdata`, `dgpsid` | properties (the numeric ones as numbers, their text kept) | properties |
/// | `link` (1.0: `url`, `urlname`) | property `links`: `[{"href", "text", "type"}]` | `links` |
/// | leaves of `extensions` and their children (1.0: private elements such as `topografix:color`) | properties `prefix_name` (or `name`) as text, as togeojson and GDAL give them; an empty element's attributes as an object | properties |
/// | `extensions/line` (gpx_style: `color`, `opacity`, `width` in mm) | `strokeColor`, `strokeOpacity`, `strokeWidth` (px at 96 per inch) | `stroke`, `stroke-opacity`, `stroke-width` |
/// | `gpxx:DisplayColor` (Garmin) | `strokeColor`, when gpx_style gives none | `stroke` |
/// | `trkpt`/`rtept` `time` on every point of a line | `Polyline.times` | `coordinateProperties.times` |
/// | the first point's `time` | property `time` of the line (when it starts) | `time` |
/// | the points' other children and extension leaves (`hr`, `cad`, `speed`, `name`, `sym`, …) | `coordinateProperties`: an array per name with a value per point (`null` where a point has none), an array of such arrays for several segments; names pluralised as togeojson does (`hr` → `heart`, `cad` → `cads`, `name` → `names`), numbers typed; `times` here only when some points lack one | `coordinateProperties` (tracks always have one, maybe empty, as in togeojson) |
/// | MapBridge's own extension elements (see `GPXWriter`) | properties by their names and types | properties |
///
/// Features come out tracks first, then routes, then waypoints, as togeojson gives them (a
/// file whose kinds are mixed out of that order is read once per kind). A point without a
/// usable `lat`/`lon`, a track segment or route of fewer than two points, and a track
/// without one are left out and reported.
public enum GPXMapping {
    /// GPX 1.1's namespace.
    public static let gpx11Namespace = "http://www.topografix.com/GPX/1/1"
    /// Topografix's gpx_style extension: line colour, opacity and width.
    public static let styleNamespace = "http://www.topografix.com/GPX/gpx_style/0/2"
    /// Garmin's TrackPointExtension (heart rate, cadence, temperatures, depth).
    public static let garminTrackPointNamespace = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    /// MapBridge's own extension elements: properties GPX has no element for.
    public static let mapBridgeNamespace = "https://mapbridge.dev/xmlns/gpx-properties/1"

    /// The most distinct MapBridge element names a document's features use for their
    /// properties. GDAL's GPX driver makes a field of each and stops reading at 100 fields
    /// (with GPX's own twenty-odd), so a wider feature's remaining properties travel together
    /// as one `<mb:property type="members">` JSON object, which MapBridge reads back as them.
    public static let maximumPropertyElementNames = 64

    /// The `type` of the `mb:property` element (without a `name`) whose JSON object holds
    /// properties beyond `maximumPropertyElementNames`, in order.
    static let membersType = "members"

    /// Whether a namespace URI is GPX's own (1.1, 1.0, or none).
    static func isGPXNamespace(_ uri: String?) -> Bool {
        guard let uri else { return true }
        return uri.hasPrefix("http://www.topografix.com/GPX/1/")
    }

    /// The `coordinateProperties` key for a per-point element: its local name with an `s`
    /// (`cad` → `cads`, `name` → `names`), and `heart` for a heart rate (`hr`), as togeojson
    /// names them.
    static func perPointKey(_ localName: String) -> String {
        localName == "hr" || localName == "heart" ? "heart" : localName + "s"
    }

    /// The element name for a per-point key written back: `heart` → `hr`, else the key
    /// without its final `s`; `nil` when the key does not end in `s` (it is then written with
    /// its name as an attribute).
    static func perPointElementName(_ key: String) -> String? {
        if key == "heart" { return "hr" }
        guard key.count > 1, key.hasSuffix("s") else { return nil }
        return String(key.dropLast())
    }

    /// Garmin TrackPointExtension v1 children, in its schema's order, by per-point key.
    static let garminTrackPointFields: [(key: String, element: StaticString)] = [
        ("atemps", "atemp"), ("wtemps", "wtemp"), ("depths", "depth"), ("heart", "hr"), ("cads", "cad"),
    ]

    /// Per-point names other formats give Garmin's values, by the per-point key they stand
    /// for: KML tracks from Google Earth and OpenTracks (and the KML 2.2 reference's own
    /// example) name their `gx:SimpleArrayData` `heartrate` and `cadence`. Written to GPX as
    /// `gpxtpx:hr` and `gpxtpx:cad`, so that devices and Strava read them, not as `<mb:value>`.
    static let garminTrackPointAliases: [String: String] = ["heartrate": "heart", "cadence": "cads"]

    /// Millimetres (gpx_style widths) to pixels at 96 per inch (the model's and simplestyle's unit).
    static func pixels(millimetres: Double) -> Double { millimetres * 96 / 25.4 }
    /// Pixels to millimetres.
    static func millimetres(pixels: Double) -> Double { pixels * 25.4 / 96 }
}
