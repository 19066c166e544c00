import MapBridgeGeodesy
import MapBridgeModel

/// Places from a places file keyed by their codes and names (normalised: trimmed, lower
/// case), read in one streaming pass. Either every key is kept (an index for a list of
/// pairs: thousands of airports fit easily) or only the keys asked for (memory stays flat
/// however large the file).
///
///     let table = try RoutePlaceTable(path: "airports.geojson", format: .geojson, report: { _ in })
///     table.place(named: "jfk")?.coordinate  // 40.6398 N, 73.7789 W
///
/// - Complexity: O(n) features read once; each lookup O(1).
public struct RoutePlaceTable: Sendable {
    struct Entry: Sendable {
        /// The key as the file wrote it (`JFK` when `jfk` was asked for).
        var text: String
        var title: String?
        var coordinate: Coordinate
        var rank: PlaceKeys.Rank
    }

    /// The file as the user named it, for messages.
    public let path: String
    /// Features read that are places (points or circles).
    public private(set) var placeCount = 0
    private var entries: [String: Entry] = [:]
    /// The normalised keys to keep, or `nil` for all.
    private let wanted: Set<String>?
    /// Near misses for each wanted key that no code matched, best first.
    private var suggestions: [String: PlaceSuggestions] = [:]

    /// Reads `path` and keeps every place under each of its keys.
    /// - Throws: `MapBridgeError` as the reader does (`.inputUnavailable`, `.data`, `.usage`).
    public init(path: String, format: Format, options: ConvertOptions = ConvertOptions(),
                report: @escaping DiagnosticHandler) throws
    {
        try self.init(path: path, format: format, options: options, wanted: nil, report: report)
    }

    /// Reads `path` and keeps only the places answering to `names` (case-insensitive), noting
    /// close matches for names that no code matches, for messages.
    public init(path: String, format: Format, options: ConvertOptions = ConvertOptions(), keeping names: [String],
                report: @escaping DiagnosticHandler) throws
    {
        try self.init(path: path, format: format, options: options,
                      wanted: Set(names.map(PlaceKeys.normalized)), report: report)
    }

    private init(path: String, format: Format, options: ConvertOptions, wanted: Set<String>?,
                 report: @escaping DiagnosticHandler) throws
    {
        guard format.isReadable else {
            throw MapBridgeError(.usage, "reading \(format.rawValue.uppercased()) is not supported yet; readable formats: \(Format.supportedNames)")
        }
        self.path = path
        self.wanted = wanted
        for key in wanted ?? [] { suggestions[key] = PlaceSuggestions(query: key) }
        var reader = try FeatureSources.reader(for: path, format: format, options: options, report: report)
        _ = try reader.open()
        while let feature = try reader.next() {
            guard let coordinate = PlaceKeys.coordinate(of: feature), Geodesic.isValidPosition(coordinate) else {
                continue
            }
            placeCount += 1
            PlaceKeys.forEachKey(of: feature) { text, rank in
                add(key: PlaceKeys.normalized(text), text: text, rank: rank, feature: feature, coordinate: coordinate)
            }
            if !suggestions.isEmpty, let city = PlaceKeys.city(of: feature),
               let label = PlaceKeys.label(of: feature)
            {
                suggestions[PlaceKeys.normalized(city)]?.consider(placeIn: city, label: label, title: feature.title)
            }
        }
    }

    private mutating func add(key: String, text: String, rank: PlaceKeys.Rank, feature: Feature,
                              coordinate: Coordinate)
    {
        if let wanted {
            if !suggestions.isEmpty {
                for (query, _) in suggestions where query != key {
                    suggestions[query]?.consider(key: key, text: text, title: feature.title)
                }
            }
            guard wanted.contains(key) else { return }
            if rank == .code { suggestions[key] = nil }
        }
        if let existing = entries[key], existing.rank <= rank { return }
        entries[key] = Entry(text: text.trimmingSpaces(), title: feature.title, coordinate: coordinate, rank: rank)
    }

    /// The place answering to `name` (case-insensitive), labelled with the key as the file
    /// writes it (`JFK` for `jfk`).
    public func place(named name: String) -> RoutePlace? {
        guard let entry = entries[PlaceKeys.normalized(name)] else { return nil }
        return RoutePlace(label: entry.text, title: entry.title, coordinate: entry.coordinate)
    }

    /// The place answering to `name`, or an error naming the file and the closest matches.
    /// - Throws: `MapBridgeError` of kind `.data`: "no place named 'JKF' in airports.geojson;
    ///   close matches: JFK (John F. Kennedy International)".
    public func requirePlace(named name: String) throws -> RoutePlace {
        if let place = place(named: name) { return place }
        var message = "no place named '\(name)' in \(path) (looked for ids and iata, icao, code, id, ident and name values among \(placeCount) places)"
        if let found = suggestions[PlaceKeys.normalized(name)] {
            if !found.inCity.isEmpty {
                message += "; places in the city '\(name)': " + found.inCity.joined(separator: ", ")
                if found.moreInCity > 0 { message += " and \(found.moreInCity) more" }
            }
            if !found.best.isEmpty { message += "; close matches: " + found.best.joined(separator: ", ") }
        }
        throw MapBridgeError(.data, message)
    }
}

/// The closest keys to a name that was not found, best first: one edit (a typo, two
/// neighbouring letters swapped) before two, and at one edit a key with the query's very
/// letters (`JFK` for `JKF`: a swap) before one with another letter (`JKG`); then keys that
/// contain the name or are contained in it. Apart from those, the places whose city is the
/// name (`Paris`: CDG, ORY, LBG), in file order.
struct PlaceSuggestions: Sendable {
    let query: String
    let limit = 5
    private var found: [(score: Int, shown: String)] = []
    /// Places in the city the query names, shown as `CDG (Charles de Gaulle International Airport)`.
    private(set) var inCity: [String] = []
    /// Places in that city beyond the first `limit`.
    private(set) var moreInCity = 0
    /// The query's characters, sorted: a key with the same is the query with letters swapped.
    private let letters: [Character]

    init(query: String) {
        self.query = query
        letters = query.sorted()
    }

    var best: [String] { found.map(\.shown) }

    mutating func consider(key: String, text: String, title: String?) {
        guard let score = score(key) else { return }
        let shown = Self.shown(text, title: title)
        guard !found.contains(where: { $0.shown == shown }) else { return }
        guard found.count < limit || score < (found.last?.score ?? .max) else { return }
        let index = found.firstIndex { $0.score > score } ?? found.count
        found.insert((score, shown), at: index)
        if found.count > limit { found.removeLast() }
    }

    /// Notes a place whose city is the query, labelled by its code.
    mutating func consider(placeIn city: String, label: String, title: String?) {
        guard inCity.count < limit else {
            moreInCity += 1
            return
        }
        let shown = Self.shown(label, title: title)
        if !inCity.contains(shown) { inCity.append(shown) }
    }

    private static func shown(_ text: String, title: String?) -> String {
        title.map { $0 == text ? text : "\(text) (\($0))" } ?? text
    }

    /// 1 for a swap of letters, 2 for another single edit, 3–4 for two edits, 5 for
    /// containment, `nil` for no likeness.
    private func score(_ key: String) -> Int? {
        let a = key.utf8.count, b = query.utf8.count
        if abs(a - b) <= 2 && b <= 40 {
            let allowed = b <= 4 ? 2 : max(2, b / 4)
            let d = editDistance(key, query)
            if d <= allowed {
                let sameLetters = a == b && key.sorted() == letters
                return 2 * min(d, 2) - (sameLetters ? 1 : 0)
            }
        }
        if b >= 3 && a >= 3 && (key.contains(query) || (a >= 4 && query.contains(key))) { return 5 }
        return nil
    }
}
