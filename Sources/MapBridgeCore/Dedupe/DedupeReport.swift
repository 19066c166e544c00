import MapBridgeIO
import MapBridgeJSON
import MapBridgeModel

extension PlaceDeduplication.Result {
    /// The one-line summary: `N places, M clusters, K features merged`.
    public var summary: String {
        "\(places) place\(places == 1 ? "" : "s"), \(clusters.count) cluster\(clusters.count == 1 ? "" : "s"), "
            + "\(merged) feature\(merged == 1 ? "" : "s") merged"
    }

    /// The report as JSON:
    ///
    ///     {"input": "a.geojson", "within": 100, "features": 3, "places": 3, "clusters": 1, "merged": 1,
    ///      "clusterList": [{"name": "jfk", "survivor": 0, "spread": 35.2,
    ///        "members": [{"index": 0, "name": "JFK", "location": "a.geojson:3:5",
    ///                     "longitude": -73.78, "latitude": 40.64, "distance": 0}, …],
    ///        "added": [{"key": "iata", "value": "JFK", "from": 2}],
    ///        "conflicts": [{"key": "elevation", "kept": 13, "dropped": 12, "from": 2}],
    ///        "properties": {…}}]}
    ///
    /// Distances are metres; `index`, `survivor` and `from` are 0-based feature positions.
    public func writeJSON(to sink: ByteSink, input: String, within: Double) throws {
        let json = JSONEmitter(sink: sink, pretty: true)
        try json.beginObject()
        try json.key("input"); try json.string(input)
        try json.key("within"); try json.number(within)
        try json.key("features"); try json.number(features)
        try json.key("places"); try json.number(places)
        try json.key("clusters"); try json.number(clusters.count)
        try json.key("merged"); try json.number(merged)
        try json.key("clusterList")
        try json.beginArray()
        for c in clusters {
            try json.beginObject()
            try json.key("name"); try json.string(c.name)
            try json.key("survivor"); try json.number(c.survivor)
            try json.key("spread"); try json.number(c.spread, decimals: 1)
            try json.key("members")
            try json.beginArray()
            for m in c.members {
                try json.beginObject()
                try json.key("index"); try json.number(m.index)
                try json.key("name"); try json.string(m.title)
                if let l = m.location {
                    try json.key("location"); try json.string(l.description)
                }
                try json.key("longitude"); try json.number(m.coordinate.longitude)
                try json.key("latitude"); try json.number(m.coordinate.latitude)
                try json.key("distance"); try json.number(m.distance, decimals: 1)
                try json.endObject()
            }
            try json.endArray()
            try json.key("added")
            try json.beginArray()
            for a in c.added {
                try json.beginObject()
                try json.key("key"); try json.string(a.key)
                try json.key("value"); try json.value(a.value)
                try json.key("from"); try json.number(a.from)
                try json.endObject()
            }
            try json.endArray()
            try json.key("conflicts")
            try json.beginArray()
            for k in c.conflicts {
                try json.beginObject()
                try json.key("key"); try json.string(k.key)
                try json.key("kept"); try json.value(k.kept)
                try json.key("dropped"); try json.value(k.dropped)
                try json.key("from"); try json.number(k.from)
                try json.endObject()
            }
            try json.endArray()
            try json.key("properties"); try json.value(.object(c.properties))
            try json.endObject()
        }
        try json.endArray()
        try json.endObject()
        try sink.write("\n")
        try sink.flush()
    }

    /// One line per cluster for people, for the first `limit` clusters: the survivor, then
    /// the first `membersShown` merged members with their place and distance from the
    /// survivor, then how many more; conflicting keys likewise. Names longer than 80
    /// characters are cut (with `…`), so a line stays short whatever the cluster holds; the
    /// full lists belong in `writeJSON`.
    ///
    ///     cluster "jfk": kept #0 "JFK" (a.geojson:3:5); merged #2 "J.F.K." (a.geojson:9:5, 35.2 m)
    ///     cluster "x": kept #0 "X" (a:1:1); merged #1 "X" (a:2:1, 0.0 m), … and 1999995 more
    ///
    /// - Parameters:
    ///   - limit: the most clusters listed, ≥ 0.
    ///   - membersShown: the most merged members (and conflicting keys) named per cluster, ≥ 0.
    /// - Complexity: O(`limit` × `membersShown`) lines' worth of text, plus one pass over each
    ///   listed cluster's members.
    public func textLines(limit: Int = 20, membersShown: Int = 5) -> [String] {
        clusters.prefix(max(0, limit)).map { c in
            func place(_ m: PlaceDeduplication.Member) -> String { m.location.map { "\($0)" } ?? "#\(m.index)" }
            let kept = c.members.first { $0.index == c.survivor }
            var line = "cluster \"\(shortName(c.name))\": kept #\(c.survivor)"
            if let kept { line += " \"\(shortName(kept.title))\" (\(place(kept)))" }
            let others = c.members.lazy.filter { $0.index != c.survivor }
            let shown: [String] = others.prefix(max(0, membersShown)).map { m in
                "#\(m.index) \"\(shortName(m.title))\" (\(place(m)), \(formatMetres(m.distance)))"
            }
            line += "; merged " + shown.joined(separator: ", ") + more(others.count - shown.count)
            if !c.conflicts.isEmpty {
                var keys: [String] = [], seen = Set<String>()
                for k in c.conflicts where seen.insert(k.key).inserted { keys.append(k.key) }
                line += "; conflicting values kept: " + keys.prefix(max(0, membersShown)).map(shortName).joined(separator: ", ")
                    + more(keys.count - min(keys.count, max(0, membersShown)))
            }
            return line
        }
    }
}

/// `, … and N more` when `n` > 0, else nothing.
private func more(_ n: Int) -> String { n > 0 ? ", … and \(n) more" : "" }

/// `name`, cut to 80 characters with `…` when longer.
private func shortName(_ name: String) -> String {
    name.count > 80 ? String(name.prefix(79)) + "…" : name
}

/// `35.2 m` or `1.25 km`.
func formatMetres(_ metres: Double) -> String {
    metres < 1_000 ? "\(NumberFormatting.fixed(metres, decimals: 1)) m" : "\(NumberFormatting.fixed(metres / 1_000, decimals: 2)) km"
}
