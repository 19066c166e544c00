import MapBridgeModel

/// Which columns hold the geometry: a WKT column, or latitude and longitude columns with an
/// optional altitude column. Found by common names (case-insensitive) or named in the options
/// by name or 1-based position.
///
///     let roles = try CSVColumnRoles(names: ["Name", "Latitude", "Longitude"], options: .init())
///     roles.latitude    // 1
struct CSVColumnRoles: Hashable, Sendable {
    var latitude: Int?
    var longitude: Int?
    var altitude: Int?
    var wkt: Int?

    static let latitudeNames = ["lat", "latitude", "y"]
    static let longitudeNames = ["lon", "lng", "long", "longitude", "x"]
    static let altitudeNames = ["alt", "altitude", "elevation", "ele", "z"]
    static let wktNames = ["wkt", "wkt_geom", "geometry", "geom", "the_geom"]

    /// Whether `name` is one the reader takes for a geometry column.
    static func isGeometryName(_ name: String) -> Bool {
        let n = CSVValueTyping.trimmingBlanks(name).lowercased()
        return latitudeNames.contains(n) || longitudeNames.contains(n) || wktNames.contains(n)
    }

    /// No geometry columns.
    init() {}

    /// Finds the roles among `names`.
    /// - Throws: `MapBridgeError` of kind `.usage` when a column named in the options is not
    ///   there, or only one of latitude and longitude is named.
    init(names: [String], options: CSVReader.Options) throws {
        func explicit(_ given: String?, _ what: String) throws -> Int? {
            guard let given else { return nil }
            guard let index = CSVColumnRoles.index(of: given, in: names) else {
                let list = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
                throw MapBridgeError(.usage, "there is no \(what) column '\(given)'; the columns are: \(list)")
            }
            return index
        }
        latitude = try explicit(options.latitudeColumn, "latitude")
        longitude = try explicit(options.longitudeColumn, "longitude")
        altitude = try explicit(options.altitudeColumn, "altitude")
        wkt = try explicit(options.wktColumn, "WKT")
        if (latitude == nil) != (longitude == nil) {
            throw MapBridgeError(.usage, "name both the latitude and the longitude column (\(Setting.csvLatitudeColumn.mention()) and \(Setting.csvLongitudeColumn.mention())), or neither")
        }
        let namedPoint = latitude != nil
        if wkt == nil && !namedPoint { wkt = CSVColumnRoles.find(CSVColumnRoles.wktNames, in: names) }
        if wkt == nil && !namedPoint {
            latitude = CSVColumnRoles.find(CSVColumnRoles.latitudeNames, in: names)
                ?? CSVColumnRoles.findLoosely("latitude", in: names)
            longitude = CSVColumnRoles.find(CSVColumnRoles.longitudeNames, in: names)
                ?? CSVColumnRoles.findLoosely("longitude", in: names)
            if latitude == nil || longitude == nil {  // half a point is none: both stay properties
                latitude = nil
                longitude = nil
            }
        }
        if altitude == nil && latitude != nil && longitude != nil && options.altitudeColumn == nil {
            altitude = CSVColumnRoles.find(CSVColumnRoles.altitudeNames, in: names)
        }
        if altitude != nil && !hasPoint {
            throw MapBridgeError(.usage, "an altitude column needs latitude and longitude columns; none were found or named")
        }
    }

    /// Whether both point columns are known.
    var hasPoint: Bool { latitude != nil && longitude != nil }

    /// Whether column `index` holds geometry (and so is not a property).
    func holdsGeometry(_ index: Int) -> Bool {
        index == latitude || index == longitude || index == altitude || index == wkt
    }

    /// The column named `name`: an exact match, else a case-insensitive one (blanks around
    /// names ignored), else a 1-based position.
    static func index(of name: String, in names: [String]) -> Int? {
        if let exact = names.firstIndex(of: name) { return exact }
        let wanted = CSVValueTyping.trimmingBlanks(name).lowercased()
        if let loose = names.firstIndex(where: { CSVValueTyping.trimmingBlanks($0).lowercased() == wanted }) { return loose }
        if let position = Int(wanted), position >= 1, position <= names.count { return position - 1 }
        return nil
    }

    /// The one column whose name starts or ends with `word` (`latitude_deg`,
    /// `Latitude (WGS84)`, `decimalLatitude`), case-insensitively; `nil` when none or several do.
    private static func findLoosely(_ word: String, in names: [String]) -> Int? {
        let matches = names.indices.filter { k in
            let n = CSVValueTyping.trimmingBlanks(names[k]).lowercased()
            return n.hasPrefix(word) || n.hasSuffix(word)
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The first of `candidates` (in order of preference) that names a column.
    private static func find(_ candidates: [String], in names: [String]) -> Int? {
        let lowered = names.map { CSVValueTyping.trimmingBlanks($0).lowercased() }
        for candidate in candidates {
            if let index = lowered.firstIndex(of: candidate) { return index }
        }
        return nil
    }
}
