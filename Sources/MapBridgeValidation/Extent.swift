/// The extent of the positions met so far inside one GeoJSON object, kept in a few numbers so
/// that a `bbox` member can be checked against it whether it comes before or after the data.
///
/// Besides the plain minima and maxima it keeps the smallest longitude ≥ 0 and the largest < 0,
/// which decide exactly whether the data fits a box that crosses the antimeridian (west > east,
/// RFC 7946 §5.2) with its west edge east of 0° and its east edge west of it, the usual case.
struct Extent: Hashable, Sendable {
    /// Positions counted.
    private(set) var count = 0
    private(set) var minLon = Double.infinity, maxLon = -Double.infinity
    private(set) var minLat = Double.infinity, maxLat = -Double.infinity
    /// Smallest longitude ≥ 0 and largest longitude < 0, in degrees (±infinity when none).
    private(set) var minEastern = Double.infinity, maxWestern = -Double.infinity
    /// Altitude range of the positions that have one, in metres (±infinity when none).
    private(set) var minAlt = Double.infinity, maxAlt = -Double.infinity

    var isEmpty: Bool { count == 0 }

    /// Adds one position (degrees; altitude in metres when it has one).
    mutating func add(longitude: Double, latitude: Double, altitude: Double?) {
        guard longitude.isFinite, latitude.isFinite else { return }
        count += 1
        minLon = min(minLon, longitude); maxLon = max(maxLon, longitude)
        minLat = min(minLat, latitude); maxLat = max(maxLat, latitude)
        if longitude >= 0 { minEastern = min(minEastern, longitude) } else { maxWestern = max(maxWestern, longitude) }
        if let altitude, altitude.isFinite { minAlt = min(minAlt, altitude); maxAlt = max(maxAlt, altitude) }
    }

    /// Adds every position of `other`.
    mutating func add(_ other: Extent) {
        guard other.count > 0 else { return }
        count += other.count
        minLon = min(minLon, other.minLon); maxLon = max(maxLon, other.maxLon)
        minLat = min(minLat, other.minLat); maxLat = max(maxLat, other.maxLat)
        minEastern = min(minEastern, other.minEastern); maxWestern = max(maxWestern, other.maxWestern)
        minAlt = min(minAlt, other.minAlt); maxAlt = max(maxAlt, other.maxAlt)
    }

    /// Slack for rounding in a writer's bbox, in degrees (or metres for altitudes).
    static let tolerance = 1e-9

    /// Why the box `box` (4 or 6 numbers: west, south[, low], east, north[, high]) does not
    /// contain these positions, or nil when it does — or when that cannot be decided from the
    /// summary (only for an antimeridian box with both edges on one side of 0°): never a false alarm.
    func violation(of box: [Double]) -> String? {
        guard count > 0, box.count == 4 || box.count == 6 else { return nil }
        let three = box.count == 6
        let west = box[0], south = box[1], east = box[three ? 3 : 2], north = box[three ? 4 : 3]
        let eps = Extent.tolerance
        if minLat < south - eps { return Messages.beyond("latitude", minLat, "south of", "south edge", south) }
        if maxLat > north + eps { return Messages.beyond("latitude", maxLat, "north of", "north edge", north) }
        if west <= east {
            if minLon < west - eps { return Messages.beyond("longitude", minLon, "west of", "west edge", west) }
            if maxLon > east + eps { return Messages.beyond("longitude", maxLon, "east of", "east edge", east) }
        } else {
            // The box crosses the antimeridian: it leaves out exactly the longitudes between its
            // east edge and its west edge. Test the four longitudes the summary keeps.
            for lon in [maxWestern, minEastern, minLon, maxLon] where lon.isFinite {
                if lon > east + eps && lon < west - eps { return Messages.antimeridianGap(lon, west: west, east: east) }
            }
        }
        if three && minAlt.isFinite {
            if minAlt < box[2] - eps { return Messages.beyond("altitude", minAlt, "below", "lowest altitude", box[2]) }
            if maxAlt > box[5] + eps { return Messages.beyond("altitude", maxAlt, "above", "highest altitude", box[5]) }
        }
        return nil
    }

    /// The messages of `bbox-mismatch`.
    enum Messages {
        static func beyond(_ what: String, _ value: Double, _ relation: String, _ edge: String, _ limit: Double) -> String {
            "\"bbox\" does not contain the data: a \(what) of \(value) lies \(relation) the box's \(edge) \(limit); "
                + "recompute the bbox from the coordinates"
        }
        static func antimeridianGap(_ lon: Double, west: Double, east: Double) -> String {
            "\"bbox\" does not contain the data: it crosses the antimeridian (west \(west) > east \(east)), so it leaves "
                + "out longitudes between \(east) and \(west), yet the data has \(lon); recompute the bbox from the coordinates"
        }
    }
}
