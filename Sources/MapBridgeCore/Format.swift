import MapBridgeGeoJSON
import MapBridgeIO
import MapBridgeModel

/// The file formats MapBridge knows by name, and which of them it can read and write.
public enum Format: String, CaseIterable, Hashable, Sendable {
    /// GeoJSON (RFC 7946), a FeatureCollection or a single object.
    case geojson
    /// GeoJSON text sequence (RFC 8142): `RS` before each feature.
    case geojsonSequence = "geojsons"
    /// Newline-delimited GeoJSON: one feature per line.
    case geojsonLines = "geojsonl"
    case kml, kmz, csv, gpx, svg

    /// File extensions (lower case, without the dot) that mean this format.
    public var extensions: [String] {
        switch self {
        case .geojson: ["geojson", "json"]
        case .geojsonSequence: ["geojsons", "geojsonseq"]
        case .geojsonLines: ["geojsonl", "ndjson", "jsonl", "geojsonld"]
        case .kml: ["kml"]
        case .kmz: ["kmz"]
        case .csv: ["csv", "tsv", "dat"]
        case .gpx: ["gpx"]
        case .svg: ["svg"]
        }
    }

    /// Other names accepted by `--from`/`--to`.
    public var aliases: [String] {
        switch self {
        case .geojsonSequence: ["geojsonseq", "geojson-seq"]
        case .geojsonLines: ["ndjson", "jsonl", "geojsonld"]
        default: []
        }
    }

    /// Whether MapBridge can read this format yet.
    public var isReadable: Bool {
        switch self {
        case .geojson, .geojsonSequence, .geojsonLines, .kml, .kmz, .csv, .gpx: true
        default: false
        }
    }

    /// Whether MapBridge can write this format yet.
    public var isWritable: Bool {
        switch self {
        case .geojson, .geojsonSequence, .geojsonLines, .kml, .kmz, .csv, .gpx: true
        case .svg: true
        }
    }

    /// Whether this is one of the GeoJSON layouts.
    public var isGeoJSON: Bool { self == .geojson || self == .geojsonSequence || self == .geojsonLines }

    /// The format named by `--from`/`--to` (case-insensitive), or `nil`.
    public init?(name: String) {
        let n = name.lowercased()
        guard let f = Format.allCases.first(where: { $0.rawValue == n || $0.aliases.contains(n) }) else { return nil }
        self = f
    }

    /// The format a path's extension names, or `nil` (also for `-`).
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        guard let f = Format.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
        self = f
    }

    /// The names `--from`/`--to` accept for formats that work today, for messages and help.
    public static var supportedNames: String {
        allCases.filter(\.isReadable).map(\.rawValue).joined(separator: ", ")
    }

    /// The names of the formats that can be written today.
    public static var writableNames: String {
        allCases.filter(\.isWritable).map(\.rawValue).joined(separator: ", ")
    }
}
