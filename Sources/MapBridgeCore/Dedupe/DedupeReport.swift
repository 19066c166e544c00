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

    /// One line per cluster for people: the survivor, then each merged member with its place
    /// and distance from the survivor.
    ///
    ///     cluster "jfk": kept #0 "JFK" (a.geojson:3:5); merged #2 "J.F.K." (a.geojson:9:5, 35.2 m)
    public func textLines() -> [String] {
        clusters.map { c in
            func place(_ m: PlaceDeduplication.Member) -> String { m.location.map { "\($0)" } ?? "#\(m.index)" }
            let kept = c.members.first { $0.index == c.survivor }
            var line = "cluster \"\(c.name)\": kept #\(c.survivor)"
            if let kept { line += " \"\(kept.title)\" (\(place(kept)))" }
            let others = c.members.filter { $0.index != c.survivor }.map { m in
                "#\(m.index) \"\(m.title)\" (\(place(m)), \(formatMetres(m.distance)))"
            }
            line += "; merged " + others.joined(separator: ", ")
            if !c.conflicts.isEmpty {
                line += "; conflicting values kept: " + c.conflicts.reduce(into: [String]()) { keys, k in
                    if !keys.contains(k.key) { keys.append(k.key) }
                }.joined(separator: ", ")
            }
            return line
        }
    }
}

/// `35.2 m` or `1.25 km`.
func formatMetres(_ metres: Double) -> String {
    metres < 1_000 ? "\(NumberFormatting.fixed(metres, decimals: 1)) m" : "\(NumberFormatting.fixed(metres / 1_000, decimals: 2)) km"
}
