import MapBridgeCore
import MapBridgeIO
import MapBridgeModel

/// Standard input for `validate -`, copied to a temporary file (the validators, the column
/// counter and `duplicate-place` each read it again).
struct ValidationStandardInput {
    /// The temporary file; the caller removes it with `removeTemporaryFile(_:)`.
    let path: String
    /// What it holds: `--from`, else sniffed from its first bytes.
    let kind: ValidationKind
    /// GeoJSON texts one after another (RS-prefixed, or one object a line).
    let isSequence: Bool

    /// Spools standard input (at most `maximumBytes`, `--max-spool`) and tells its format:
    /// `format` when given (`--from`), else `<` → KML, `PK` → KMZ, `RS` → a GeoJSON text
    /// sequence, an object followed on a later line by another → newline-delimited GeoJSON,
    /// anything else GeoJSON (whose validator says what is wrong with it).
    /// - Throws: `MapBridgeError` of kind `.usage` for a `format` validate does not check,
    ///   `.inputUnavailable` when standard input cannot be read or is too long,
    ///   `.outputUnavailable` when the temporary file cannot be written.
    init(format: Format?, maximumBytes: Int64) throws {
        if let format, !format.isGeoJSON && format != .kml && format != .kmz {
            throw MapBridgeError(.usage, "validate checks GeoJSON, KML and KMZ; --from \(format.rawValue) is not one of them (convert it to GeoJSON to check it)")
        }
        let path = try spoolStandardInput(suffix: "", maximumBytes: maximumBytes)
        do {
            switch format {
            case .kml?: (kind, isSequence) = (.kml, false)
            case .kmz?: (kind, isSequence) = (.kmz, false)
            case let format?: (kind, isSequence) = (.geoJSON, format != .geojson)
            case nil:
                kind = try validationKind(path, name: "-")
                isSequence = try kind == .geoJSON && (isGeoJSONSequence(path, name: "-") || isNewlineDelimited(path))
            }
        } catch {
            removeTemporaryFile(path)
            throw error
        }
        self.path = path
    }
}

/// Whether the file at `path` starts with a JSON object that ends on one line, with another
/// value (`{` or `[`) starting on a later line: newline-delimited GeoJSON. Reads up to the end
/// of the first value.
/// - Throws: `MapBridgeError` of kind `.inputUnavailable` when it cannot be read.
func isNewlineDelimited(_ path: String) throws -> Bool {
    let source = try ByteSource(path: path)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var depth = 0, inString = false, escaped = false, started = false, ended = false, newline = false
    while true {
        let n = try buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return try source.read(into: base, count: raw.count)
        }
        if n == 0 { return false }
        for b in buffer.prefix(n) {
            if ended {
                switch b {
                case 0x0A: newline = true
                case 0x20, 0x09, 0x0D: continue
                default: return newline && (b == UInt8(ascii: "{") || b == UInt8(ascii: "["))
                }
                continue
            }
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; started = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { ended = true }
            case 0x20, 0x09, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF: continue
            default: if !started { return false }   // a bare value: not an object a line
            }
        }
    }
}
