/// Names, descriptions and places to cluster around, for every data set of the corpus.
enum CorpusWords {
    static let categories = ["cafe", "restaurant", "museum", "park", "school", "station", "hotel",
                             "church", "hospital", "library", "viewpoint", "peak", "bridge", "mill"]
    static let prefixes = ["North", "South", "Old", "New", "Upper", "Lower", "Saint", "Great",
                           "Little", "East", "West", "Mount", "Lake", "River", "Fort", "Port"]
    // Non-ASCII names, so that every writer meets multi-byte UTF-8.
    static let roots = ["Oak", "Elm", "Birch", "Harbor", "Market", "Mill", "Kingsbridge",
                        "Zürich", "São Paulo", "Kraków", "Malmö", "Reykjavík", "Ñuñoa", "Dvůr",
                        "Ålesund", "İzmir", "Łódź", "Þórshöfn", "Bahnhof", "Grand Rue", "東京", "Αθήνα"]
    static let words = ("the of and a to in is was for on with as by at from it an be this that are "
        + "which or were has have not but all its been one more new first also after built century "
        + "station river bridge church square open public old main road north south east west town "
        + "village hall market park garden view lake hill").split(separator: " ").map(String.init)

    /// Forty cluster centres (longitude, latitude in degrees), the same for every data set.
    static let cities: [(lon: Double, lat: Double)] = {
        var rng = SplitMix64(seed: 7)
        return (0..<40).map { _ in (rng.uniform(-125, 150), rng.uniform(-40, 62)) }
    }()

    static func name(_ rng: inout SplitMix64) -> String {
        if rng.chance(0.5) { return rng.pick(prefixes) + " " + rng.pick(roots) }
        return rng.pick(roots) + " " + String(rng.int(in: 1...999))
    }

    /// 5 to 25 words; a few with quotes, `&` and `<`, or a second line, so that the writers'
    /// JSON and XML escapes are exercised.
    static func description(_ rng: inout SplitMix64) -> String {
        var s = ""
        for i in 0..<rng.int(in: 5...25) {
            let word = rng.pick(words)
            s += i == 0 ? word.prefix(1).uppercased() + word.dropFirst() : " " + word
        }
        s += "."
        let r = rng.unit()
        if r < 0.05 {
            s += " Known as \"the " + rng.pick(words) + "\"."
        } else if r < 0.08 {
            s += " Fish & chips < 5 EUR."
        } else if r < 0.10 {
            s += "\nSecond line of notes."
        }
        return s
    }

    /// A place: 70% near one of the cities, the rest anywhere between 60° S and 75° N.
    static func lonLat(_ rng: inout SplitMix64) -> (lon: Double, lat: Double) {
        guard rng.chance(0.7) else { return (rng.uniform(-180, 180), rng.uniform(-60, 75)) }
        let c = rng.pick(cities)
        return (min(179.9999999, max(-180, c.lon + 1.5 * rng.gaussian())), min(85, max(-85, c.lat + rng.gaussian())))
    }

    /// Colour `index` of a 16-colour palette (0xRRGGBB): a style per category, kind or land use,
    /// as real files have, rather than one per feature.
    static func color(_ index: Int) -> UInt32 { palette[index % palette.count] }

    static let palette: [UInt32] = [0xE6194B, 0x3CB44B, 0xFFE119, 0x4363D8, 0xF58231, 0x911EB4, 0x46F0F0, 0xF032E6,
                                    0xBCF60C, 0xFABEBE, 0x008080, 0xE6BEFF, 0x9A6324, 0xFFFAC8, 0x800000, 0xAAFFC3]
}
