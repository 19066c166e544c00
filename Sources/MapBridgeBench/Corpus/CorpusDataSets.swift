/// The corpus's data sets, each from its own seed so that one can be made without the others.
enum CorpusDataSet: String, CaseIterable, Sendable {
    /// Points with name, description, four typed properties and a marker style.
    case places
    /// Lines of 2 to 20 vertices, segments 500 m to 1,024 km (a third need densifying at 100 km),
    /// none crossing the antimeridian.
    case routes
    /// Polygons of about 100 vertices: an outer ring and 1 to 3 holes.
    case polygons
    /// GPS tracks, GPX only: one or two segments each, a point a second with elevation and time,
    /// about 1,000,000 points in all at scale 1.
    case tracks

    /// The files the data set is written as (extensions).
    var formats: [String] {
        switch self {
        case .places, .routes, .polygons: ["geojson", "kml"]
        case .tracks: ["gpx"]
        }
    }

    /// Features at scale 1 (for tracks, the tracks: each is one feature).
    var countAtScaleOne: Double {
        switch self {
        case .places: 1_000_000
        case .routes: 100_000
        case .polygons: 50_000
        case .tracks: 100
        }
    }

    var seed: UInt64 {
        switch self {
        case .places: 1
        case .routes: 2
        case .polygons: 3
        case .tracks: 4
        }
    }

    /// Features at `scale` (at least one).
    func count(scale: Double) -> Int { max(1, Int(countAtScaleOne * scale)) }

    /// Track points in all at scale 1.
    static let trackPointsAtScaleOne = 1_000_000.0

    /// Writes the data set's `count` features into `directory`, each file only once complete.
    func write(_ count: Int, scale: Double, in directory: String) throws {
        var rng = SplitMix64(seed: seed)
        switch self {
        case .places: try writePairs(count, in: directory, &rng, place)
        case .routes: try writePairs(count, in: directory, &rng, route)
        case .polygons: try writePairs(count, in: directory, &rng, polygon)
        case .tracks:
            let writer = try CorpusGPXWriter(directory: directory, name: rawValue)
            // Every track the same length, so the points in all are proportional to the scale.
            let points = max(2, Int(Self.trackPointsAtScaleOne * scale) / count)
            for _ in 0..<count { try writer.write(track(points: points, &rng)) }
            try writer.finish()
        }
    }

    private func writePairs(_ count: Int, in directory: String, _ rng: inout SplitMix64,
                            _ feature: (Int, inout SplitMix64) -> CorpusFeature) throws
    {
        let writer = try CorpusPairWriter(directory: directory, name: rawValue)
        for id in 0..<count { try writer.write(feature(id, &rng)) }
        try writer.finish()
    }

    private func place(_ id: Int, _ rng: inout SplitMix64) -> CorpusFeature {
        let (lon, lat) = CorpusWords.lonLat(&rng)
        let c = rng.int(in: 0...CorpusWords.categories.count - 1)
        let category = CorpusWords.categories[c]
        return CorpusFeature(
            id: id, name: CorpusWords.name(&rng), description: CorpusWords.description(&rng),
            properties: [
                ("category", .text(category)),
                ("population", rng.chance(0.6) ? .integer(rng.int(in: 0...2_000_000)) : nil),
                ("elevation", .fixed(units: rng.int(in: -500...40_000), decimals: 1)),
                ("visited", .boolean(rng.chance(0.3))),
            ],
            style: .marker(color: CorpusWords.color(c), size: rng.int(in: 0...2), symbol: category),
            shape: .point(CorpusPosition(lon: lon, lat: lat, decimals: 7), decimals: 7))
    }

    private func route(_ id: Int, _ rng: inout SplitMix64) -> CorpusFeature {
        let kinds = ["motorway", "trunk", "primary", "secondary", "tertiary", "ferry", "rail", "trail"]
        let surfaces = ["asphalt", "gravel", "paved", "unpaved"]
        let k = rng.int(in: 0...kinds.count - 1)
        let kind = kinds[k]
        var (lon, lat) = CorpusWords.lonLat(&rng)
        var bearing = rng.uniform(0, 360)
        var positions = [CorpusPosition(lon: lon, lat: lat, decimals: 6)]
        for _ in 1..<rng.int(in: 2...20) {
            bearing += 30 * rng.gaussian()
            // Roughly log-uniform: a doubling 500 m × 2^k, k in 0...10, then uniform within it.
            let metres = 500 * Double(1 << rng.int(in: 0...10)) * (1 + rng.unit())
            var next = CorpusGeometry.destination(lon: lon, lat: lat, bearing: bearing, metres: metres)
            if abs(next.lon - lon) > 180 {
                // Turn back rather than cross the antimeridian (RFC 7946 would have the line cut).
                bearing += 180
                next = CorpusGeometry.destination(lon: lon, lat: lat, bearing: bearing, metres: metres)
            }
            (lon, lat) = next
            positions.append(CorpusPosition(lon: lon, lat: lat, decimals: 6))
        }
        let ref = String(kind.prefix(1).uppercased()) + String(rng.int(in: 1...999))
        return CorpusFeature(
            id: id, name: CorpusWords.name(&rng) + " " + kind, description: CorpusWords.description(&rng),
            properties: [
                ("highway", .text(kind)),
                ("ref", .text(ref)),
                ("lanes", .integer(rng.int(in: 1...4))),
                ("maxspeed", .integer(rng.pick([30, 50, 80, 100, 130]))),
                ("surface", rng.chance(0.2) ? nil : .text(rng.pick(surfaces))),
                ("oneway", .boolean(rng.chance(0.2))),
            ],
            style: .line(color: CorpusWords.color(k), width: rng.int(in: 1...6), opacity: rng.int(in: 5...10) * 10),
            shape: .line(positions, decimals: 6))
    }

    private func polygon(_ id: Int, _ rng: inout SplitMix64) -> CorpusFeature {
        let landuse = ["forest", "farmland", "residential", "industrial", "meadow", "water", "park"]
        // Centres kept off the poles and the antimeridian, so that no ring crosses either.
        let (centreLon, centreLat) = CorpusWords.lonLat(&rng)
        let lon = min(179, max(-179, centreLon)), lat = min(80, max(-80, centreLat))
        // 200 m to 25.6 km, roughly log-uniform.
        let radius = 200 * Double(1 << rng.int(in: 0...6)) * (1 + rng.unit())
        let holes = rng.int(in: 1...3)
        var rings = [CorpusGeometry.ring(&rng, lon: lon, lat: lat, radius: radius, count: 100 - 10 * holes,
                                         ccw: true, decimals: 6)]
        for h in 0..<holes {
            // Hole centres 0.4 r out, at least 60° apart; hole radius 0.12 r: inside, apart.
            let c = CorpusGeometry.destination(lon: lon, lat: lat, bearing: 120 * Double(h) + rng.uniform(0, 60),
                                               metres: 0.4 * radius)
            rings.append(CorpusGeometry.ring(&rng, lon: c.lon, lat: c.lat, radius: 0.12 * radius, count: 10,
                                             ccw: false, decimals: 6))
        }
        let use = rng.int(in: 0...landuse.count - 1)
        // π r² in hectares, to 0.01 ha.
        let hundredthsOfHectare = Int((Double.pi * radius * radius / 100).rounded())
        return CorpusFeature(
            id: id, name: CorpusWords.name(&rng) + " area", description: CorpusWords.description(&rng),
            properties: [
                ("landuse", .text(landuse[use])),
                ("area_ha", .fixed(units: hundredthsOfHectare, decimals: 2)),
                ("source", .text("survey")),
                ("year", .integer(rng.int(in: 1950...2024))),
            ],
            style: .area(stroke: CorpusWords.color(use), fill: CorpusWords.color(use + 8), fillOpacity: rng.int(in: 2...8) * 10),
            shape: .polygon(rings, decimals: 6))
    }

    /// A track of `points` points a second apart, walking from a place in steps of about the
    /// activity's speed with the heading drifting; half the tracks pause once (a second segment
    /// 5 to 60 minutes later).
    private func track(points: Int, _ rng: inout SplitMix64) -> CorpusTrack {
        let activities: [(type: String, metresPerSecond: Double)] = [("hike", 1.3), ("run", 3), ("ride", 6), ("drive", 14)]
        let activity = rng.pick(activities)
        // Starts kept off the poles and the antimeridian, as for polygons; a track turns back
        // rather than cross the antimeridian.
        let (startLon, startLat) = CorpusWords.lonLat(&rng)
        var lon = min(179, max(-179, startLon)), lat = min(80, max(-80, startLat))
        var bearing = rng.uniform(0, 360)
        var decimetres = rng.int(in: 0...20_000)
        // A day in 2020 to 2024, starting between 06:00 and 10:00 UTC.
        var time = 1_577_836_800 + rng.int(in: 0...1826) * 86400 + rng.int(in: 6 * 3600...10 * 3600)
        let pause = rng.chance(0.5) ? rng.int(in: max(1, points / 4)...max(1, 3 * points / 4)) : points
        var segments: [[CorpusTrackPoint]] = []
        var segment: [CorpusTrackPoint] = []
        segment.reserveCapacity(points)
        for i in 0..<points {
            if i == pause {
                segments.append(segment)
                segment.removeAll(keepingCapacity: true)
                time += rng.int(in: 300...3600)
            }
            segment.append(CorpusTrackPoint(position: CorpusPosition(lon: lon, lat: lat, decimals: 7),
                                            decimetres: decimetres, seconds: time))
            bearing += 5 * rng.gaussian()
            let metres = activity.metresPerSecond * (0.7 + 0.6 * rng.unit())
            var next = CorpusGeometry.destination(lon: lon, lat: lat, bearing: bearing, metres: metres)
            if abs(next.lon - lon) > 180 {
                bearing += 180
                next = CorpusGeometry.destination(lon: lon, lat: lat, bearing: bearing, metres: metres)
            }
            (lon, lat) = next
            // About 0.4 m up or down a second, never below the Dead Sea's shore.
            decimetres = max(-4300, decimetres + Int((4 * rng.gaussian()).rounded()))
            time += 1
        }
        segments.append(segment)
        return CorpusTrack(name: CorpusWords.name(&rng) + " " + activity.type, type: activity.type, segments: segments)
    }
}
